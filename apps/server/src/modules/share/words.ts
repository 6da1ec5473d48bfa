import { eq } from 'drizzle-orm';
import { shareWordsResource, type ShareWords } from '@rx/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { contains } from '../../lib/list.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { checkShareWords } from './checks.ts';
import { shareWords } from './tables.ts';
import { exportedShareRoutes, hashtagsCell } from './exported.ts';
import { disableByStatus, statusStamps } from '../../lib/share/rows.ts';

type Row = typeof shareWords.$inferSelect;

const impl: ResourceImpl<typeof shareWordsResource, typeof shareWords, ShareWords, null> = {
  table: shareWords,
  toItem: (row: Row) => ({
    id: row.id,
    product_id: row.productId,
    platform: row.platform,
    text: row.text,
    hashtags: row.hashtags,
    scene: row.scene,
    ...statusStamps(row),
  }),
  nameOf: (row) => row.text.slice(0, 40),
  where: (f) => [
    f.q ? contains(shareWords.text, f.q) : undefined,
    f.scene ? eq(shareWords.scene, f.scene) : undefined,
    f.status ? eq(shareWords.status, f.status) : undefined,
  ],
  /** The words with their hashtags (`#tag`, a space each) within the platform's title limit. */
  async check(_db, scope, input, before) {
    if (input.text === undefined && input.hashtags === undefined) return;
    checkShareWords(
      scope,
      'text',
      input.text ?? before?.text ?? '',
      input.hashtags ?? before?.hashtags ?? [],
    );
  },
  columns: (input) => ({
    text: input.text,
    hashtags: input.hashtags,
    scene: input.scene,
    status: input.status,
  }),
  disable: disableByStatus,
};
export const shareWordsService = resourceService(shareWordsResource, impl);

/** `/share-words?platform=`: the platform's share words, with an export. */
export function shareWordsRoutes(fastify: FastifyInstance, db: Db): void {
  exportedShareRoutes(
    fastify,
    db,
    shareWordsResource,
    shareWordsService,
    impl,
    ['platform', 'text', 'hashtags', 'scene', 'status'],
    (item: ShareWords) => ({ ...item, hashtags: hashtagsCell(item.hashtags) }),
  );
}
