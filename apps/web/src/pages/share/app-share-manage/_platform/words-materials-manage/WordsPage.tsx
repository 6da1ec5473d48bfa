import { useMemo } from 'react';
import { Form, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  MAX_SHARE_HASHTAGS,
  SHARE_SCENES,
  shareWordsCreateBody,
  shareWordsResource,
} from '@rx/contracts/share';
import type { ShareWords, ShareWordsCreate } from '@rx/contracts/share';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { ConstraintsNote } from '../platform.tsx';
import { usePlatformResource } from '../usePlatformResource.tsx';

const NEW_WORDS: ShareWordsCreate = {
  ...crud.schemaDefaults<ShareWordsCreate>(shareWordsCreateBody),
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
      {
        title: t('words.hashtags'),
        dataIndex: 'hashtags',
        width: 220,
        render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{`#${tag}`}</Tag>),
      },
      crud.enumColumn<ShareWords>(
        t,
        { title: t('scene'), dataIndex: 'scene', width: 110, sorter: true },
        'scenes',
      ),
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
        search={[...listProps.search, crud.enumSearch(t, 'scene', t('scene'), SHARE_SCENES, 'scenes')]}
        resource={shareWordsResource}
        columns={columns}
        newItem={NEW_WORDS}
        formTitle={{ create: t('words.createTitle'), edit: t('words.editTitle') }}
        form={() => (
          <>
            <Form.Item
              name="text"
              label={t('words.text')}
              required
              extra={t('words.hint', { max: titleMax })}
            >
              <Input.TextArea maxLength={titleMax} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
            <Form.Item
              name="hashtags"
              label={t('words.hashtags')}
              extra={t('words.hashtagsHint', { max: MAX_SHARE_HASHTAGS })}
            >
              <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ', '#']} />
            </Form.Item>
            <Form.Item name="scene" label={t('scene')} required>
              <Select options={crud.enumOptions(t, SHARE_SCENES, 'scenes')} />
            </Form.Item>
            <crud.StatusField />
          </>
        )}
      />
    </>
  );
}
