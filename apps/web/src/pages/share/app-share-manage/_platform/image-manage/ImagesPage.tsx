import { useMemo } from 'react';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { shareImagesResource } from '@rx/contracts/share';
import type { ShareImage, ShareImageCreate } from '@rx/contracts/share';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { UploadField } from '@/shared/upload/index.ts';
import { ConstraintsNote } from '../platform.tsx';
import { usePlatformResource } from '../usePlatformResource.tsx';
import { CropField } from '../CropField.tsx';

const NEW_IMAGE: Partial<ShareImageCreate> = {
  name: '',
  image_url: '',
};

const nameOf = (row: ShareImage) => row.name;

/** A platform's share images (`share/see/<platform>_image`), checked against its ratio and size. */
export function ImagesPage() {
  const { t, platform, imageColumn, listProps, imageHint } = usePlatformResource<ShareImage>(
    'page.shareImages',
    nameOf,
  );
  const columns = useMemo<ColumnsType<ShareImage>>(
    () => [
      imageColumn,
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
    [t, imageColumn],
  );
  return (
    <>
      <ConstraintsNote constraints={platform.constraints} />
      <ResourceListPage<ShareImage>
        {...listProps}
        resource={shareImagesResource}
        columns={columns}
        newFields={NEW_IMAGE}
        formTitle={{ create: t('images.createTitle'), edit: t('images.editTitle') }}
        form={() => (
          <>
            <Form.Item name="name" label={t('name')} required>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="image_url" label={t('image')} required extra={imageHint}>
              <UploadField use="image" testId="share-image" />
            </Form.Item>
            <CropField />
            <crud.StatusField />
          </>
        )}
      />
    </>
  );
}
