import { useMemo } from 'react';
import { Avatar, Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { shareCardCreateBody, shareCardsResource } from '@rx/contracts/share';
import type { ShareCard, ShareCardCreate } from '@rx/contracts/share';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { UploadField } from '@/shared/upload/index.ts';
import { ConstraintsNote, ratioText, usePlatformPage } from '../platform.tsx';

const NEW_CARD: ShareCardCreate = {
  ...crud.schemaDefaults<ShareCardCreate>(shareCardCreateBody),
  title: '',
  image_url: '',
};

/** A platform's mini-program and message cards (`share/see/<platform>_card`). */
export function CardsPage() {
  const { t } = useTranslation('share');
  const platform = usePlatformPage();
  const { image, titleMax, descriptionMax } = platform.constraints;
  const columns = useMemo<ColumnsType<ShareCard>>(
    () => [
      {
        title: t('image'),
        dataIndex: 'image_url',
        width: 80,
        render: (url: string, row) => <Avatar shape="square" size={48} src={url} alt={row.title} />,
      },
      { title: t('title'), dataIndex: 'title', width: 200, sorter: true },
      { title: t('cards.path'), dataIndex: 'path', width: 200, ellipsis: true },
      crud.statusColumn<ShareCard>(t),
      crud.updatedAtColumn<ShareCard>(t),
    ],
    [t],
  );
  return (
    <>
      <ConstraintsNote constraints={platform.constraints} />
      <ResourceListPage<ShareCard>
        resource={shareCardsResource}
        query={platform.query}
        title={`${t(`menu:${platform.titleKey}`)} · ${t('menu:page.shareCards')}`}
        columns={columns}
        actionsWidth={120}
        defaultSort="-id"
        search={[{ name: 'q', label: t('crud:field.keyword') }, crud.statusSearch(t)]}
        newItem={NEW_CARD}
        nameOf={(row) => row.title}
        formTitle={{ create: t('cards.createTitle'), edit: t('cards.editTitle') }}
        form={() => (
          <>
            <Form.Item name="title" label={t('title')} required>
              <Input maxLength={titleMax} showCount />
            </Form.Item>
            <Form.Item name="description" label={t('description')}>
              <Input.TextArea maxLength={descriptionMax} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
            <Form.Item
              name="image_url"
              label={t('image')}
              required
              extra={t('images.hint', {
                ratio: ratioText(image.ratio),
                width: image.minWidth,
                height: image.minHeight,
              })}
            >
              <UploadField use="image" testId="share-card-image" />
            </Form.Item>
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
