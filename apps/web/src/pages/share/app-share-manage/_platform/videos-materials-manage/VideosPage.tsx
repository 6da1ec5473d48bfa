import { useMemo } from 'react';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { VIDEO_LIMITS } from '@rx/contracts/files';
import { shareVideosResource } from '@rx/contracts/share';
import type { ShareVideo, ShareVideoCreate } from '@rx/contracts/share';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { UploadField } from '@/shared/upload/index.ts';
import { ConstraintsNote } from '../platform.tsx';
import { usePlatformResource } from '../usePlatformResource.tsx';
import { WordsFields, sceneSearch, wordsColumns } from '../share-words.tsx';

const NEW_VIDEO: Partial<ShareVideoCreate> = {
  name: '',
  video_url: '',
  title: '',
};
const nameOf = (row: ShareVideo) => row.name;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * A platform's share videos (`videos-materials-manage`, Douyin's video materials): an uploaded MP4
 * (its length read from the file), a cover fitting the platform, and the words and hashtags.
 */
export function VideosPage() {
  const { t, platform, imageColumn, listProps, imageHint } = usePlatformResource<ShareVideo>(
    'page.shareVideos',
    nameOf,
  );
  const { titleMax } = platform.constraints;
  const columns = useMemo<ColumnsType<ShareVideo>>(
    () => [
      { ...imageColumn, title: t('videos.cover'), dataIndex: 'cover_url' },
      { title: t('name'), dataIndex: 'name', width: 180, sorter: true },
      {
        title: t('videos.length'),
        key: 'length',
        width: 150,
        render: (_, row) => `${seconds(row.duration_ms)} · ${row.width}×${row.height}`,
      },
      { title: t('words.text'), dataIndex: 'title', width: 220, ellipsis: true },
      ...wordsColumns<ShareVideo>(t, 180),
      crud.statusColumn<ShareVideo>(t),
      crud.updatedAtColumn<ShareVideo>(t),
    ],
    [t, imageColumn],
  );
  return (
    <>
      <ConstraintsNote constraints={platform.constraints} />
      <ResourceListPage<ShareVideo>
        {...listProps}
        search={[...listProps.search, sceneSearch(t)]}
        resource={shareVideosResource}
        columns={columns}
        newFields={NEW_VIDEO}
        formTitle={{ create: t('videos.createTitle'), edit: t('videos.editTitle') }}
        form={() => (
          <>
            <Form.Item name="name" label={t('name')} required>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item
              name="video_url"
              label={t('videos.video')}
              required
              extra={t('videos.hint', { min: VIDEO_LIMITS.minSeconds, max: VIDEO_LIMITS.maxSeconds })}
            >
              <UploadField use="video" testId="share-video" />
            </Form.Item>
            <Form.Item name="cover_url" label={t('videos.cover')} extra={imageHint}>
              <UploadField use="image" testId="share-video-cover" />
            </Form.Item>
            <WordsFields t={t} name="title" titleMax={titleMax} />
            <crud.StatusField />
          </>
        )}
      />
    </>
  );
}
