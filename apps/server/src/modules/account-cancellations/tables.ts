import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CancellationState, ErasureReceipt } from '@rx/contracts';
import { at, editStamps, gameRow } from '../../db/schema.ts';

/**
 * Players' account cancellation requests of a game. Once erased, the row is the receipt: it keeps
 * the openid and what was erased, the one place the openid stays (the erasure skips this table).
 */
export const accountCancellations = pgTable(
  'account_cancellations',
  {
    ...gameRow(),
    openid: text('openid').notNull(),
    status: text('status').$type<CancellationState>().notNull().default('cooling_off'),
    source: text('source').$type<'game' | 'staff'>().notNull(),
    requestedAt: at('requested_at').notNull().defaultNow(),
    eraseAt: at('erase_at').notNull(),
    withdrawnAt: at('withdrawn_at'),
    legalHold: boolean('legal_hold').notNull().default(false),
    holdReason: text('hold_reason').notNull().default(''),
    note: text('note').notNull().default(''),
    receipt: jsonb('receipt').$type<ErasureReceipt>(),
    /** The erasure's job (`jobs.id`), once it started. */
    jobId: integer('job_id'),
    ...editStamps(),
  },
  (t) => [
    // One request cooling off per player at a time.
    uniqueIndex('account_cancellations_open')
      .on(t.productId, t.openid)
      .where(sql`${t.status} = 'cooling_off'`),
    index('account_cancellations_due')
      .on(t.eraseAt)
      .where(sql`${t.status} = 'cooling_off'`),
    index('account_cancellations_openid').on(t.productId, t.openid),
  ],
);
