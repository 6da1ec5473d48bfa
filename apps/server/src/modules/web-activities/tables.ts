import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { I18nText } from '@rx/contracts';
import { at, createdAt, editStamps, gameRow, serialId, updatedAt } from '../../db/schema.ts';

/** One tier of a top-up activity: reaching `threshold` (minor units) grants the gift package. */
export interface WebActivityTierRow {
  threshold: number;
  gift_package_id: number;
}

/**
 * A web recharge site's top-up activity: `first` grants its gift on a player's first paid web
 * order within the window; `cumulative` grants each tier the player's running total reaches.
 */
export const webActivities = pgTable(
  'web_activities',
  {
    ...gameRow(),
    name: jsonb('name').$type<I18nText>().notNull(),
    kind: text('kind').$type<'first' | 'cumulative'>().notNull(),
    /** The currency a cumulative activity counts ('' for first top-up: any currency). */
    currency: text('currency').notNull().default(''),
    tiers: jsonb('tiers').$type<WebActivityTierRow[]>().notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    status: text('status').$type<'draft' | 'live' | 'ended'>().notNull().default('draft'),
    ...editStamps(),
  },
  (t) => [index('web_activities_product').on(t.productId, t.status), index('web_activities_cp').on(t.cpId)],
);

/** Which paid orders an activity has counted: (activity, order) once, so a retried payment counts once. */
export const webActivityOrders = pgTable(
  'web_activity_orders',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => webActivities.id, { onDelete: 'cascade' }),
    orderNo: text('order_no').notNull(),
    openid: text('openid').notNull(),
    /** What the order added to the running total (0 when its currency is not the activity's). */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.orderNo] }),
    index('web_activity_orders_openid').on(t.activityId, t.openid),
  ],
);

/** A player's running total within a cumulative activity. */
export const webActivityProgress = pgTable(
  'web_activity_progress',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => webActivities.id, { onDelete: 'cascade' }),
    openid: text('openid').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.openid] })],
);

/** A gift granted by an activity: each tier (0 = the first top-up gift) once per player. */
export const webActivityGrants = pgTable(
  'web_activity_grants',
  {
    id: serialId(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => webActivities.id, { onDelete: 'cascade' }),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    openid: text('openid').notNull(),
    tier: integer('tier').notNull(),
    giftPackageId: integer('gift_package_id').notNull(),
    orderNo: text('order_no').notNull(),
    grantedAt: at('granted_at').notNull(),
  },
  (t) => [
    uniqueIndex('web_activity_grants_player_tier').on(t.activityId, t.openid, t.tier),
    index('web_activity_grants_order').on(t.productId, t.orderNo),
  ],
);
