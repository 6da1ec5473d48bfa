import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { ErrorCode, shareAdSlotsResource, validationMessage, type ShareAdSlot } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains } from '../../lib/list.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { shareAdSlots } from './tables.ts';
import { disableByStatus, statusStamps } from '../../lib/share/rows.ts';

type Row = typeof shareAdSlots.$inferSelect;

/**
 * Refuses a slot that overlaps an active slot of the same placement on a platform it shares (`all`
 * shares every platform). Two writes of one placement wait for each other (a transaction lock on
 * the game and placement), so two overlapping slots saved at once cannot both pass.
 */
async function checkConflicts(db: Db, scope: Scope, input: Partial<ShareAdSlot>, before?: Row) {
  const productId = scope.productId!;
  const placement = input.placement ?? before?.placement;
  const platform = input.platform ?? before?.platform ?? 'all';
  const startsAt = input.starts_at ? new Date(input.starts_at) : before?.startsAt;
  const endsAt = input.ends_at ? new Date(input.ends_at) : before?.endsAt;
  const status = input.status ?? before?.status ?? 'active';
  if (!placement || !startsAt || !endsAt) return;
  if (endsAt <= startsAt) {
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { ends_at: validationMessage('end_before_start', scope.lang) },
    });
  }
  if (status !== 'active') return;
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`share_ad_slots:${productId}:${placement}`}, 0))`,
  );
  const [other] = await db
    .select()
    .from(shareAdSlots)
    .where(
      and(
        eq(shareAdSlots.productId, productId),
        eq(shareAdSlots.placement, placement),
        eq(shareAdSlots.status, 'active'),
        platform === 'all' ? undefined : inArray(shareAdSlots.platform, ['all', platform]),
        lt(shareAdSlots.startsAt, endsAt),
        gt(shareAdSlots.endsAt, startsAt),
        before ? ne(shareAdSlots.id, before.id) : undefined,
      ),
    )
    .orderBy(shareAdSlots.startsAt)
    .limit(1);
  if (other) {
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: {
        starts_at: validationMessage('slot_conflict', scope.lang, {
          name: other.name,
          from: other.startsAt.toISOString().slice(0, 16).replace('T', ' '),
          to: other.endsAt.toISOString().slice(0, 16).replace('T', ' '),
        }),
      },
      conflict: { id: other.id, name: other.name },
    });
  }
}

const impl: ResourceImpl<typeof shareAdSlotsResource, typeof shareAdSlots, ShareAdSlot, null> = {
  table: shareAdSlots,
  toItem: (row: Row): ShareAdSlot => ({
    id: row.id,
    product_id: row.productId,
    name: row.name,
    placement: row.placement,
    platform: row.platform as ShareAdSlot['platform'],
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    image_url: row.imageUrl,
    link_url: row.linkUrl,
    ...statusStamps(row),
  }),
  nameOf: (row) => row.name,
  where: (f) => [
    f.q ? contains(shareAdSlots.name, f.q) : undefined,
    f.placement ? eq(shareAdSlots.placement, f.placement) : undefined,
    f.platform ? eq(shareAdSlots.platform, f.platform) : undefined,
    f.from ? gt(shareAdSlots.endsAt, new Date(f.from)) : undefined,
    f.to ? lt(shareAdSlots.startsAt, new Date(f.to)) : undefined,
    f.status ? eq(shareAdSlots.status, f.status) : undefined,
  ],
  check: (db, scope, input, before) => checkConflicts(db, scope, input as Partial<ShareAdSlot>, before),
  columns: (input) => ({
    name: input.name,
    placement: input.placement,
    platform: input.platform,
    startsAt: input.starts_at === undefined ? undefined : new Date(input.starts_at),
    endsAt: input.ends_at === undefined ? undefined : new Date(input.ends_at),
    imageUrl: input.image_url,
    linkUrl: input.link_url,
    status: input.status,
  }),
  disable: disableByStatus,
  sheet: autoSheet<ShareAdSlot>(shareAdSlotsResource),
};

export const shareAdSlotService = resourceService(shareAdSlotsResource, impl);

/** `/share-ad-slots`: the game's share ad calendar. */
export async function shareAdSlotRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  resourceRoutes(fastify, options.db, shareAdSlotsResource, shareAdSlotService, impl);
}
