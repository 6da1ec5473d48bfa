import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { shareWordsResource } from '@rx/contracts/share';
import type { ShareWords, ShareWordsCreate } from '@rx/contracts/share';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { ConstraintsNote } from '../platform.tsx';
import { usePlatformResource } from '../usePlatformResource.tsx';
import { WordsFields, sceneSearch, wordsColumns } from '../share-words.tsx';

const NEW_WORDS: Partial<ShareWordsCreate> = {
  text: '',
};
const nameOf = (row: ShareWords) => row.text;

/**
 * A platform's share words (`words-materials-manage`, Douyin's words materials): the text and
 * hashtags a share carries per scene, together within the platform's title limit.
 */
export function WordsPage() {
  const { t, platform, listProps } = usePlatformResource<ShareWords>('page.shareWords', nameOf);
  const { titleMax } = platform.constraints;
  const columns = useMemo<ColumnsType<ShareWords>>(
    () => [
      { title: t('words.text'), dataIndex: 'text', width: 260, ellipsis: true },
      ...wordsColumns<ShareWords>(t, 220),
      crud.statusColumn<ShareWords>(t),
      crud.updatedAtColumn<ShareWords>(t),
    ],
    [t],
  );
  return (
    <>
      <ConstraintsNote constraints={platform.constraints} />
      <ResourceListPage<ShareWords>
        {...listProps}
        search={[...listProps.search, sceneSearch(t)]}
        resource={shareWordsResource}
        columns={columns}
        newFields={NEW_WORDS}
        formTitle={{ create: t('words.createTitle'), edit: t('words.editTitle') }}
        form={() => (
          <>
            <WordsFields t={t} name="text" titleMax={titleMax} />
            <crud.StatusField />
          </>
        )}
      />
    </>
  );
}
