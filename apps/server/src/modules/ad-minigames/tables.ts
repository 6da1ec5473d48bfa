import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AdMinigameMetric } from '@rx/contracts';
import { at, editStamps, gameRow } from '../../db/schema.ts';
import { adAccounts } from '../ads/index.ts';

/**
 * A promoted WeChat mini-game's figures of a day under a Tencent advertiser account, as the medium
 * reports them (cents); replaced whenever the day is pulled again.
 */
export const adMinigameDays = pgTable(
  'ad_minigame_days',
  {
    ...gameRow(),
    adAccountId: integer('ad_account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    miniGameId: text('mini_game_id').notNull(),
    day: text('day').notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    activations: bigint('activations', { mode: 'number' }).notNull().default(0),
    registrations: bigint('registrations', { mode: 'number' }).notNull().default(0),
    payUsersD1: bigint('pay_users_d1', { mode: 'number' }).notNull().default(0),
    payAmountD1: bigint('pay_amount_d1', { mode: 'number' }).notNull().default(0),
    payAmountD3: bigint('pay_amount_d3', { mode: 'number' }).notNull().default(0),
    payAmountD7: bigint('pay_amount_d7', { mode: 'number' }).notNull().default(0),
    payUsers: bigint('pay_users', { mode: 'number' }).notNull().default(0),
    payAmount: bigint('pay_amount', { mode: 'number' }).notNull().default(0),
    pulledAt: at('pulled_at').notNull(),
  },
  (t) => [
    uniqueIndex('ad_minigame_days_account_game_day').on(t.adAccountId, t.miniGameId, t.day),
    index('ad_minigame_days_product_day').on(t.productId, t.day),
  ],
);

/** Thresholds staff set on the mini-game figures (for every account of the game, or one). */
export const adMinigameAlerts = pgTable(
  'ad_minigame_alerts',
  {
    ...gameRow(),
    name: text('name').notNull(),
    metric: text('metric').$type<AdMinigameMetric>().notNull(),
    op: text('op').$type<'lt' | 'gt'>().notNull(),
    value: integer('value').notNull(),
    adAccountId: integer('ad_account_id').references(() => adAccounts.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    ...editStamps(),
  },
  (t) => [index('ad_minigame_alerts_product').on(t.productId)],
);
