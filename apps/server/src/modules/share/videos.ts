import { and, eq } from 'drizzle-orm';
import { ErrorCode, shareVideosResource, validationMessage, type ShareVideo } from '@rx/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains } from '../../lib/list.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { files } from '../files/tables.ts';
import { checkShareWords, checkedImage } from './checks.ts';
import { shareVideos } from './tables.ts';
import { exportedShareRoutes, hashtagsCell } from './exported.ts';
import { disableByStatus, statusStamps } from '../../lib/share/rows.ts';

type Row = typeof shareVideos.$inferSelect;
type Probed = { durationMs: number; width: number; height: number };

/**
 * A video uploaded by the caller's CP (files module, `use=video`: its container read when it was
 * uploaded, its length within the limits); its length and sides. Anything else is refused.
 */
export async function checkedVideo(db: Db, scope: Scope, field: string, url: string): Promise<Probed> {
  const id = /\/([A-Za-z0-9_-]{16,64})$/.exec(url)?.[1];
  const [file] = id
    ? await db
        .select({ durationMs: files.durationMs, width: files.width, height: files.height })
        .from(files)
        .where(and(eq(files.id, id), eq(files.cpId, scope.cpId), eq(files.use, 'video')))
    : [];
  if (!file?.durationMs) {
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { [field]: validationMessage('not_uploaded', scope.lang) },
    });
  }
  return { durationMs: file.durationMs, width: file.width ?? 0, height: file.height ?? 0 };
}

/** What `check` read of the video, for `columns` of the same write. */
const probed = new WeakMap<object, Probed>();

const impl: ResourceImpl<typeof shareVideosResource, typeof shareVideos, ShareVideo, null> = {
  table: shareVideos,
  toItem: (row: Row) => ({
    id: row.id,
    product_id: row.productId,
    platform: row.platform,
    name: row.name,
    video_url: row.videoUrl,
    duration_ms: row.durationMs,
    width: row.width,
    height: row.height,
    cover_url: row.coverUrl,
    title: row.title,
    hashtags: row.hashtags,
    scene: row.scene,
    ...statusStamps(row),
  }),
  nameOf: (row) => row.name,
  where: (f) => [
    f.q ? contains(shareVideos.name, f.q) : undefined,
    f.scene ? eq(shareVideos.scene, f.scene) : undefined,
    f.status ? eq(shareVideos.status, f.status) : undefined,
  ],
  /** The words with their hashtags within the platform's title limit; the video an upload; the cover fits the platform. */
  async check(db, scope, input, before) {
    if (input.title !== undefined || input.hashtags !== undefined) {
      checkShareWords(
        scope,
        'title',
        input.title ?? before?.title ?? '',
        input.hashtags ?? before?.hashtags ?? [],
      );
    }
    if (input.video_url !== undefined)
      probed.set(input, await checkedVideo(db, scope, 'video_url', input.video_url));
    if (input.cover_url) await checkedImage(db, scope, 'cover_url', input.cover_url);
  },
  columns: (input) => ({
    name: input.name,
    videoUrl: input.video_url,
    durationMs: probed.get(input)?.durationMs,
    width: probed.get(input)?.width,
    height: probed.get(input)?.height,
    coverUrl: input.cover_url,
    title: input.title,
    hashtags: input.hashtags,
    scene: input.scene,
    status: input.status,
  }),
  disable: disableByStatus,
};
export const shareVideoService = resourceService(shareVideosResource, impl);

/** `/share-videos?platform=`: the platform's share videos, with an export. */
export function shareVideoRoutes(fastify: FastifyInstance, db: Db): void {
  exportedShareRoutes(
    fastify,
    db,
    shareVideosResource,
    shareVideoService,
    impl,
    [
      'platform',
      'name',
      'video_url',
      'duration_ms',
      'width',
      'height',
      'cover_url',
      'title',
      'hashtags',
      'scene',
      'status',
    ],
    (item: ShareVideo) => ({ ...item, hashtags: hashtagsCell(item.hashtags) }),
  );
}
