import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LedgerLine } from '@rx/contracts';
import { at, editStamps, playerRecord, timelineTable } from '../../db/schema.ts';

/**
 * Store refund notices of a game's orders, one per (product, notice id): a repeat changes nothing.
 * `state` moves detected → matched / unmatched → clawback_pending → clawed_back / debt → penalised
 * / waived; `ledger` holds what is to be taken back and what was (items and currency).
 */
export const refunds = pgTable(
  'refunds',
  {
    ...playerRecord(),
    noticeId: text('notice_id').notNull(),
    orderNo: text('order_no').notNull(),
    /** From the order once matched. */
    playerId: bigint('player_id', { mode: 'number' }),
    openid: text('openid').notNull().default(''),
    store: text('store').notNull(),
    sku: text('sku').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default(''),
    reason: text('reason').notNull(),
    source: text('source').notNull(),
    quantity: integer('quantity').notNull().default(1),
    voidedAt: at('voided_at').notNull(),
    state: text('state').notNull(),
    ledger: jsonb('ledger').$type<LedgerLine[]>().notNull().default([]),
    approvalId: integer('approval_id'),
    retryJobId: integer('retry_job_id'),
    sanctionId: bigint('sanction_id', { mode: 'number' }),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('refunds_product_notice').on(t.productId, t.noticeId),
    index('refunds_product_voided').on(t.productId, t.voidedAt),
    index('refunds_product_order').on(t.productId, t.orderNo),
    index('refunds_product_state').on(t.productId, t.state),
    index('refunds_product_openid').on(t.productId, t.openid),
  ],
);

/** A refund's timeline: notice, match, claw-back attempts, penalty, waiver — who, when, why. */
export const refundEvents = timelineTable('refund_events', {
  key: 'refundId',
  column: 'refund_id',
  references: () => refunds.id,
});

/** Where the store adapter's poll of a product's voided purchases got to, and when it may ask again. */
export const refundPolls = pgTable(
  'refund_polls',
  {
    productId: integer('product_id').notNull(),
    store: text('store').notNull(),
    cursor: text('cursor'),
    lastPolledAt: at('last_polled_at'),
    /** A 429's retry-after: no poll before this. */
    notBefore: at('not_before'),
    lastResult: jsonb('last_result').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.productId, t.store] })],
);
