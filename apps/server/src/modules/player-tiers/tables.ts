import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, bigSerialId, cpRef, products, updatedBy } from '../../db/schema.ts';

/**
 * A product's payment-tier thresholds (`/commercialactivity/user-hierarchy-Query`), in minor units
 * of the players' paid total (all currencies together, like `players.paid_total`): paid ≥ whale_min
 * is a whale, ≥ mid_min mid, ≥ small_min (and > 0) small, else a non-payer. `basis` says which
 * total: the last 30 days' orders, or the lifetime total. A product without a row uses the defaults.
 */
export const playerTierSettings = pgTable('player_tier_settings', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id),
  cpId: cpRef(),
  basis: text('basis').$type<'days30' | 'lifetime'>().notNull().default('days30'),
  smallMin: bigint('small_min', { mode: 'number' }).notNull(),
  midMin: bigint('mid_min', { mode: 'number' }).notNull(),
  whaleMin: bigint('whale_min', { mode: 'number' }).notNull(),
  /** The daily job's time zone (the day a snapshot belongs to). */
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  version: integer('version').notNull().default(1),
  updatedBy: updatedBy(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Each player's current tiers, as the last run of the tier job computed them. No foreign key to
 * players: the job rewrites 200,000 rows set-based, and players are never deleted.
 */
export const playerTiers = pgTable(
  'player_tiers',
  {
    productId: integer('product_id').notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    payTier: text('pay_tier').notNull(),
    activityTier: text('activity_tier').notNull(),
    /** The paid amount the payment tier was decided on (minor units, the product's basis). */
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    /** When either tier last changed. */
    since: at('since').notNull().defaultNow(),
    computedAt: at('computed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.playerId] }),
    index('player_tiers_pay').on(t.productId, t.payTier),
    index('player_tiers_activity').on(t.productId, t.activityTier),
  ],
);

/**
 * A player's tier changes: one row per player per run in which a tier changed (the first run
 * records every player's starting tiers). Bounded: rows older than `TIER_HISTORY_DAYS` are swept.
 */
export const playerTierHistory = pgTable(
  'player_tier_history',
  {
    id: bigSerialId(),
    productId: integer('product_id').notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    payTier: text('pay_tier').notNull(),
    activityTier: text('activity_tier').notNull(),
    previousPayTier: text('previous_pay_tier'),
    previousActivityTier: text('previous_activity_tier'),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    index('player_tier_history_player').on(t.productId, t.playerId, t.at),
    index('player_tier_history_time').on(t.at),
  ],
);

/** The distribution each day (one row per product, day, dimension and tier), for the trend chart. */
export const playerTierDaily = pgTable(
  'player_tier_daily',
  {
    productId: integer('product_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** `pay` or `activity`. */
    dimension: text('dimension').$type<'pay' | 'activity'>().notNull(),
    tier: text('tier').notNull(),
    players: integer('players').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day, t.dimension, t.tier] })],
);
