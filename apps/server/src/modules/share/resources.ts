import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import {
  ErrorCode,
  SHARE_LINK_PREFIX,
  idParam,
  shareLinkStatsQuery,
  shareCardsResource,
  shareImagesResource,
  shareLinksResource,
  shareStrategiesResource,
  validationMessage,
  type ShareCard,
  type ShareImage,
  type ShareLink,
  type ShareStrategy,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains } from '../../lib/list.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { inScope } from '../../lib/scope.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { ok } from '../../lib/request.ts';
import { shareLinkStats } from './stats.ts';
import { exportedShareRoutes } from './exported.ts';
import { sharePlatformRoutes } from './platforms.ts';
import { shareMultiImageRoutes } from './multi-images.ts';
import { shareWordsRoutes } from './words.ts';
import { shareTrackingRoutes } from './tracking-console.ts';
import { shareVideoRoutes } from './videos.ts';
import { shareMaterialRoutes } from './materials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { FileStorage } from '../files/index.ts';
import { shareClicksSettled } from './click-log.ts';
import { shareImageCropRoutes } from './crop.ts';
import { checkedImage, checkTexts } from './checks.ts';
import { shareCards, shareImages, shareLinks, shareStrategies } from './tables.ts';
import { disableByStatus, statusStamps } from '../../lib/share/rows.ts';

// ——— Images ———

/** The sides `check` read, for `columns` of the same write. */
const sides = new WeakMap<object, { width: number; height: number }>();

const imageImpl: ResourceImpl<typeof shareImagesResource, typeof shareImages, ShareImage, null> = {
  table: shareImages,
  toItem: (row) => ({
    id: row.id,
    product_id: row.productId,
    platform: row.platform,
    name: row.name,
    image_url: row.imageUrl,
    width: row.width,
    height: row.height,
    ...statusStamps(row),
  }),
  nameOf: (row) => row.name,
  where: (f) => [
    f.q ? contains(shareImages.name, f.q) : undefined,
    f.status ? eq(shareImages.status, f.status) : undefined,
  ],
  async check(db, scope, input) {
    if (input.image_url !== undefined)
      sides.set(input, await checkedImage(db, scope, 'image_url', input.image_url));
  },
  columns: (input) => ({
    name: input.name,
    imageUrl: input.image_url,
    width: sides.get(input)?.width,
    height: sides.get(input)?.height,
    status: input.status,
  }),
  disable: disableByStatus,
};
export const shareImageService = resourceService(shareImagesResource, imageImpl);

// ——— Cards ———

const cardImpl: ResourceImpl<typeof shareCardsResource, typeof shareCards, ShareCard, null> = {
  table: shareCards,
  toItem: (row) => ({
    id: row.id,
    product_id: row.productId,
    platform: row.platform,
    title: row.title,
    description: row.description,
    image_url: row.imageUrl,
    path: row.path,
    ...statusStamps(row),
  }),
  nameOf: (row) => row.title,
  where: (f) => [
    f.q ? contains(shareCards.title, f.q) : undefined,
    f.status ? eq(shareCards.status, f.status) : undefined,
  ],
  async check(db, scope, input) {
    checkTexts(scope, [
      { field: 'title', value: input.title, max: 'title' },
      { field: 'description', value: input.description, max: 'description' },
    ]);
    if (input.image_url !== undefined) await checkedImage(db, scope, 'image_url', input.image_url);
  },
  columns: (input) => ({
    title: input.title,
    description: input.description,
    imageUrl: input.image_url,
    path: input.path,
    status: input.status,
  }),
  disable: disableByStatus,
};
export const shareCardService = resourceService(shareCardsResource, cardImpl);

// ——— Strategies ———

/** Ids among `ids` that are not rows of the scope (its product and platform) in `table`. */
async function missingIds(
  db: Db,
  scope: Scope,
  table: typeof shareCards | typeof shareLinks,
  ids: number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inScope(table, scope), inArray(table.id, ids)));
  const have = new Set(found.map((r) => r.id));
  return new Set(ids.filter((id) => !have.has(id)));
}

const strategyImpl: ResourceImpl<
  typeof shareStrategiesResource,
  typeof shareStrategies,
  ShareStrategy,
  null
> = {
  table: shareStrategies,
  toItem: (row) => ({
    id: row.id,
    product_id: row.productId,
    platform: row.platform,
    name: row.name,
    scene: row.scene,
    variants: row.variants,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    ...statusStamps(row),
  }),
  nameOf: (row) => row.name,
  where: (f) => [
    f.q ? contains(shareStrategies.name, f.q) : undefined,
    f.scene ? eq(shareStrategies.scene, f.scene) : undefined,
    f.status ? eq(shareStrategies.status, f.status) : undefined,
  ],
  async check(db, scope, input, before) {
    const startsAt =
      input.starts_at === undefined ? before?.startsAt : input.starts_at && new Date(input.starts_at);
    const endsAt = input.ends_at === undefined ? before?.endsAt : input.ends_at && new Date(input.ends_at);
    if (startsAt && endsAt && endsAt <= startsAt) {
      throw new ApiError(ErrorCode.INVALID_INPUT, {
        fields: { ends_at: validationMessage('end_before_start', scope.lang) },
      });
    }
    const variants = input.variants;
    if (!variants) return;
    checkTexts(
      scope,
      variants.flatMap((v, i) => [
        { field: `variants.${i}.title`, value: v.title, max: 'title' as const },
        { field: `variants.${i}.description`, value: v.description, max: 'description' as const },
      ]),
    );
    const cards = await missingIds(
      db,
      scope,
      shareCards,
      variants.flatMap((v) => (v.card_id ? [v.card_id] : [])),
    );
    const links = await missingIds(
      db,
      scope,
      shareLinks,
      variants.flatMap((v) => (v.link_id ? [v.link_id] : [])),
    );
    const fields: Record<string, string> = {};
    variants.forEach((v, i) => {
      if (v.card_id && cards.has(v.card_id))
        fields[`variants.${i}.card_id`] = validationMessage('unknown_ref', scope.lang);
      if (v.link_id && links.has(v.link_id))
        fields[`variants.${i}.link_id`] = validationMessage('unknown_ref', scope.lang);
    });
    if (Object.keys(fields).length) throw new ApiError(ErrorCode.INVALID_INPUT, { fields });
    for (const [i, v] of variants.entries()) {
      if (v.image_url) await checkedImage(db, scope, `variants.${i}.image_url`, v.image_url);
    }
  },
  columns: (input) => ({
    name: input.name,
    scene: input.scene,
    variants: input.variants,
    startsAt: input.starts_at === undefined ? undefined : input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at === undefined ? undefined : input.ends_at ? new Date(input.ends_at) : null,
    status: input.status,
  }),
  disable: disableByStatus,
};
export const shareStrategyService = resourceService(shareStrategiesResource, strategyImpl);

// ——— Links ———

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A new short code: 8 characters of base62 from random bytes (the rejected bytes keep it unbiased). */
export function newShareCode(): string {
  let code = '';
  while (code.length < 8) {
    for (const byte of randomBytes(16)) {
      if (byte < 248 && code.length < 8) code += BASE62[byte % 62];
    }
  }
  return code;
}

const linkImpl: ResourceImpl<typeof shareLinksResource, typeof shareLinks, ShareLink, null> = {
  table: shareLinks,
  toItem: (row) => ({
    id: row.id,
    product_id: row.productId,
    platform: row.platform,
    name: row.name,
    code: row.code,
    target_url: row.targetUrl,
    deep_link: row.deepLink,
    fallback_url: row.fallbackUrl,
    channel: row.channel,
    campaign: row.campaign,
    scene: row.scene,
    clicks: row.clicks,
    registers: row.registers,
    ...statusStamps(row),
  }),
  nameOf: (row) => `${row.name} (${SHARE_LINK_PREFIX}${row.code})`,
  where: (f) => [
    f.q ? contains(shareLinks.name, f.q) : undefined,
    f.scene ? eq(shareLinks.scene, f.scene) : undefined,
    f.status ? eq(shareLinks.status, f.status) : undefined,
  ],
  columns: (input, before) => ({
    ...(before ? {} : { code: newShareCode() }),
    name: input.name,
    targetUrl: input.target_url,
    deepLink: input.deep_link,
    fallbackUrl: input.fallback_url,
    channel: input.channel,
    campaign: input.campaign,
    scene: input.scene,
    status: input.status,
  }),
  disable: disableByStatus,
};
export const shareLinkService = resourceService(shareLinksResource, linkImpl);

/** The console's reads that show clicks: links (their counters, stats, export) and the funnel. */
const CLICK_READERS = /^\/api\/v1\/share-(links|tracking)(\/|$)/;

/**
 * `/share-images` (and `/share-images/crop`), `/share-cards`, `/share-strategies`, `/share-links`, each `?platform=`, with
 * exports; `/share-links/:id/stats` (clicks by device, registers and pays per day, top sharers).
 */
export async function shareRoutes(
  fastify: FastifyInstance,
  options: { db: Db; secrets: SecretBox; storage: FileStorage },
): Promise<void> {
  const { db } = options;
  // Clicks are written in batches (click-log.ts): the links' counters and the figures read here
  // count every click so far.
  fastify.addHook('preHandler', async (request) => {
    if (request.method === 'GET' && CLICK_READERS.test(request.routeOptions.url ?? '')) {
      await shareClicksSettled(db);
    }
  });
  shareImageCropRoutes(fastify, db, options.storage);
  sharePlatformRoutes(fastify, db, options.secrets);
  shareMultiImageRoutes(fastify, db);
  shareWordsRoutes(fastify, db);
  shareTrackingRoutes(fastify, db);
  shareVideoRoutes(fastify, db);
  shareMaterialRoutes(fastify, db);
  exportedShareRoutes(fastify, db, shareImagesResource, shareImageService, imageImpl, [
    'platform',
    'name',
    'image_url',
    'width',
    'height',
    'status',
  ]);
  exportedShareRoutes(fastify, db, shareCardsResource, shareCardService, cardImpl, [
    'platform',
    'title',
    'description',
    'image_url',
    'path',
    'status',
  ]);
  exportedShareRoutes(
    fastify,
    db,
    shareStrategiesResource,
    shareStrategyService,
    strategyImpl,
    ['platform', 'name', 'scene', 'variants', 'starts_at', 'ends_at', 'status'],
    (i) => ({
      ...i,
      // One cell: each variant as `key×weight: title`, separated by `|`.
      variants: i.variants.map((v) => `${v.key}×${v.weight}: ${v.title}`).join(' | '),
    }),
  );
  exportedShareRoutes(fastify, db, shareLinksResource, shareLinkService, linkImpl, [
    'platform',
    'name',
    'code',
    'target_url',
    'deep_link',
    'fallback_url',
    'channel',
    'campaign',
    'scene',
    'clicks',
    'registers',
    'status',
  ]);
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/share-links/:id/stats',
    {
      schema: {
        tags: ['share'],
        summary: "A share link's clicks by device, registers and pays per day (UTC), and its top sharers",
        params: idParam,
        querystring: shareLinkStatsQuery,
      },
      config: can(shareLinksResource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const link = await shareLinkService.get(db, scope, request.params.id);
      return ok(await shareLinkStats(db, scope, link.id, request.query));
    },
  );
}
