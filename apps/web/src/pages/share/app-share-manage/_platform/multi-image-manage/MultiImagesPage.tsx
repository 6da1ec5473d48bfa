import { useMemo } from 'react';
import { Avatar, Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { shareMultiImagesResource } from '@rx/contracts/share';
import type { ShareMultiImage, ShareMultiImageCreate } from '@rx/contracts/share';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import { UploadField } from '@/shared/upload/index.ts';
import { ConstraintsNote } from '../platform.tsx';
import { usePlatformResource } from '../usePlatformResource.tsx';

const NEW_POST: Partial<ShareMultiImageCreate> = {
  name: '',
  images: [{ url: '' }, { url: '' }],
};
const nameOf = (row: ShareMultiImage) => row.name;

/**
 * A platform's multi-image posts (`multi-image-manage`, TikTok's photo mode): images in order, as
 * many as one share takes (the registry's `maxImages`), each checked against the platform's ratio
 * and size by the server; never mixed with video.
 */
export function MultiImagesPage() {
  const { t, platform, listProps, imageHint } = usePlatformResource<ShareMultiImage>(
    'page.shareMultiImages',
    nameOf,
  );
  const { maxImages, descriptionMax } = platform.constraints;
  const columns = useMemo<ColumnsType<ShareMultiImage>>(
    () => [
      { title: t('name'), dataIndex: 'name', width: 180, sorter: true },
      {
        title: t('multiImages.images'),
        dataIndex: 'images',
        width: 240,
        render: (images: ShareMultiImage['images'], row) => (
          <Avatar.Group max={{ count: 4 }}>
            {images.map((image, i) => (
              <Avatar key={i} shape="square" src={image.url} alt={`${row.name} ${i + 1}`} />
            ))}
          </Avatar.Group>
        ),
      },
      {
        title: t('multiImages.count'),
        key: 'count',
        width: 90,
        render: (_, row) => row.images.length,
      },
      crud.statusColumn<ShareMultiImage>(t),
      crud.updatedAtColumn<ShareMultiImage>(t),
    ],
    [t],
  );
  return (
    <>
      <ConstraintsNote constraints={platform.constraints} />
      <ResourceListPage<ShareMultiImage>
        {...listProps}
        resource={shareMultiImagesResource}
        columns={columns}
        newFields={NEW_POST}
        formTitle={{ create: t('multiImages.createTitle'), edit: t('multiImages.editTitle') }}
        form={() => (
          <>
            <Form.Item name="name" label={t('name')} required>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="caption" label={t('multiImages.caption')}>
              <Input.TextArea maxLength={descriptionMax} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
            <Form.Item
              label={t('multiImages.images')}
              required
              extra={`${t('multiImages.hint', { max: maxImages })} ${imageHint}`}
            >
              <RowsField
                name="images"
                max={maxImages}
                testId="share-multi-images"
                newRow={{ url: '' }}
                addLabel={t('multiImages.add')}
                removeLabel={(i) => t('multiImages.remove', { n: i + 1 })}
                row={(field, i) => (
                  <Form.Item
                    name={[field.name, 'url']}
                    label={t('multiImages.nth', { n: i + 1 })}
                    style={{ flex: '1 1 240px', marginBlockEnd: 0 }}
                  >
                    <UploadField use="image" testId={`share-multi-image-${i}`} />
                  </Form.Item>
                )}
              />
            </Form.Item>
            <crud.StatusField />
          </>
        )}
      />
    </>
  );
}
