import { useMemo } from 'react';
import { Avatar, Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { shareImageCreateBody, shareImagesResource } from '@rx/contracts/share';
import type { ShareImage, ShareImageCreate } from '@rx/contracts/share';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { UploadField } from '@/shared/upload/index.ts';
import { ConstraintsNote, ratioText, usePlatformPage } from '../platform.tsx';

const NEW_IMAGE: ShareImageCreate = {
  ...crud.schemaDefaults<ShareImageCreate>(shareImageCreateBody),
  name: '',
  image_url: '',
};

/** A platform's share images (`share/see/<platform>_image`), checked against its ratio and size. */
export function ImagesPage() {
  const { t } = useTranslation('share');
  const platform = usePlatformPage();
  const { image } = platform.constraints;
  const columns = useMemo<ColumnsType<ShareImage>>(
    () => [
      {
        title: t('image'),
        dataIndex: 'image_url',
        width: 80,
        render: (url: string, row) => <Avatar shape="square" size={48} src={url} alt={row.name} />,
      },
      { title: t('name'), dataIndex: 'name', width: 200, sorter: true },
      {
        title: t('size'),
        key: 'size',
        width: 120,
        render: (_, row) => `${row.width}×${row.height}`,
      },
      crud.statusColumn<ShareImage>(t),
      crud.updatedAtColumn<ShareImage>(t),
    ],
    [t],
  );
  return (
    <>
      <ConstraintsNote constraints={platform.constraints} />
      <ResourceListPage<ShareImage>
        resource={shareImagesResource}
        query={platform.query}
        title={`${t(`menu:${platform.titleKey}`)} · ${t('menu:page.shareImages')}`}
        columns={columns}
        actionsWidth={120}
        defaultSort="-id"
        search={[{ name: 'q', label: t('crud:field.keyword') }, crud.statusSearch(t)]}
        newItem={NEW_IMAGE}
        nameOf={(row) => row.name}
        formTitle={{ create: t('images.createTitle'), edit: t('images.editTitle') }}
        form={() => (
          <>
            <Form.Item name="name" label={t('name')} required>
              <Input maxLength={64} />
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
              <UploadField use="image" testId="share-image" />
            </Form.Item>
            <crud.StatusField />
          </>
        )}
      />
    </>
  );
}
