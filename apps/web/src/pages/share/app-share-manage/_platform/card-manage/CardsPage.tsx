import { useMemo } from 'react';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { shareCardsResource } from '@rx/contracts/share';
import type { ShareCard, ShareCardCreate } from '@rx/contracts/share';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { UploadField } from '@/shared/upload/index.ts';
import { CropField } from '../CropField.tsx';
import { ConstraintsNote } from '../platform.tsx';
import { usePlatformResource } from '../usePlatformResource.tsx';

const NEW_CARD: Partial<ShareCardCreate> = {
  title: '',
  image_url: '',
};

const nameOf = (row: ShareCard) => row.title;

/** A platform's mini-program and message cards (`share/see/<platform>_card`). */
export function CardsPage() {
  const { t, platform, imageColumn, listProps, imageHint } = usePlatformResource<ShareCard>(
    'page.shareCards',
    nameOf,
  );
  const { titleMax, descriptionMax } = platform.constraints;
  const columns = useMemo<ColumnsType<ShareCard>>(
    () => [
      imageColumn,
      { title: t('title'), dataIndex: 'title', width: 200, sorter: true },
      { title: t('cards.path'), dataIndex: 'path', width: 200, ellipsis: true },
      crud.statusColumn<ShareCard>(t),
      crud.updatedAtColumn<ShareCard>(t),
    ],
    [t, imageColumn],
  );
  return (
    <>
      <ConstraintsNote constraints={platform.constraints} />
      <ResourceListPage<ShareCard>
        {...listProps}
        resource={shareCardsResource}
        columns={columns}
        newFields={NEW_CARD}
        formTitle={{ create: t('cards.createTitle'), edit: t('cards.editTitle') }}
        form={() => (
          <>
            <Form.Item name="title" label={t('title')} required>
              <Input maxLength={titleMax} showCount />
            </Form.Item>
            <Form.Item name="description" label={t('description')}>
              <Input.TextArea maxLength={descriptionMax} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
            <Form.Item name="image_url" label={t('image')} required extra={imageHint}>
              <UploadField use="image" testId="share-card-image" />
            </Form.Item>
            <CropField resource="share-cards" />
            <Form.Item name="path" label={t('cards.path')} extra={t('cards.pathHint')}>
              <Input maxLength={256} />
            </Form.Item>
            <crud.StatusField />
          </>
        )}
      />
    </>
  );
}
