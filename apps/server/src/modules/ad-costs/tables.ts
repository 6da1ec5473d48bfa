import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AdCostBatchStatus } from '@rx/contracts';
import { at, editStamps, gameOwner, gameRow } from '../../db/schema.ts';

/** An uploaded file of media costs of a game: numbered per game, rolled back whole. */
export const adCostBatches = pgTable(
  'ad_cost_batches',
  {
    ...gameRow(),
    number: integer('number').notNull(),
    fileName: text('file_name').notNull().default(''),
    rows: integer('rows').notNull(),
    /** Cents per currency. */
    totals: jsonb('totals').$type<Record<string, number>>().notNull(),
    status: text('status').$type<AdCostBatchStatus>().notNull().default('active'),
    createdBy: text('created_by').notNull().default(''),
    rolledBackBy: text('rolled_back_by').notNull().default(''),
    rolledBackAt: at('rolled_back_at'),
    ...editStamps(),
  },
  (t) => [uniqueIndex('ad_cost_batches_product_number').on(t.productId, t.number)],
);

/**
 * A day's cost of an advertiser account on a medium, as a batch uploaded it. `current` marks the
 * row in force for its day, medium and account: the newest active batch's.
 */
export const adCostRows = pgTable(
  'ad_cost_rows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...gameOwner(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => adCostBatches.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    media: text('media').notNull(),
    accountId: text('account_id').notNull(),
    campaign: text('campaign').notNull().default(''),
    /** Cents of `currency`. */
    cost: bigint('cost', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    current: boolean('current').notNull().default(false),
  },
  (t) => [
    index('ad_cost_rows_key').on(t.productId, t.day, t.media, t.accountId),
    index('ad_cost_rows_batch').on(t.batchId),
    index('ad_cost_rows_current').on(t.productId, t.current, t.day),
  ],
);
