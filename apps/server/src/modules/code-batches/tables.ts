import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { CodeBatchKind, CodeBatchStatus } from '@rx/contracts';
import { at, bigSerialId, createdAt, createdBy, editStamps, gameRow } from '../../db/schema.ts';
import { giftPackages } from '../gift-packages/tables.ts';

/**
 * An exchange-code batch: many unique random codes, or one shared keyword, handing out a gift
 * package within a window and limits. `generated` and `redeemed` are kept by the generation job
 * and by redemptions (a conditional update keeps `redeemed` within `total_limit`).
 */
export const codeBatches = pgTable(
  'code_batches',
  {
    ...gameRow(),
    name: text('name').notNull(),
    kind: text('kind').$type<CodeBatchKind>().notNull(),
    keyword: text('keyword').notNull().default(''),
    prefix: text('prefix').notNull().default(''),
    length: integer('length').notNull(),
    quantity: integer('quantity').notNull(),
    giftPackageId: integer('gift_package_id')
      .notNull()
      .references(() => giftPackages.id),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    totalLimit: integer('total_limit').notNull().default(0),
    perCodeLimit: integer('per_code_limit').notNull().default(1),
    perPlayerLimit: integer('per_player_limit').notNull().default(1),
    groupKey: text('group_key').notNull().default(''),
    note: text('note').notNull().default(''),
    status: text('status').$type<CodeBatchStatus>().notNull().default('draft'),
    generated: integer('generated').notNull().default(0),
    redeemed: integer('redeemed').notNull().default(0),
    jobId: integer('job_id'),
    createdBy: createdBy(),
    ...editStamps(),
  },
  (t) => [
    index('code_batches_product').on(t.productId),
    index('code_batches_cp').on(t.cpId),
    index('code_batches_gift').on(t.giftPackageId),
  ],
);

/**
 * The codes of batches, unique within a product (the primary key: a generated code colliding with
 * any code of the product is dropped and drawn again). `chunk` is the generation job's item that
 * made it, so a resumed item knows how many it still owes.
 */
export const codes = pgTable(
  'codes',
  {
    productId: integer('product_id').notNull(),
    code: text('code').notNull(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => codeBatches.id, { onDelete: 'cascade' }),
    chunk: integer('chunk').notNull().default(0),
    redeemed: integer('redeemed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.code] }), index('codes_batch_chunk').on(t.batchId, t.chunk)],
);

/** One redemption: who (openid, role) redeemed which code of which batch, when. */
export const codeRedemptions = pgTable(
  'code_redemptions',
  {
    id: bigSerialId(),
    productId: integer('product_id').notNull(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => codeBatches.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    openid: text('openid').notNull(),
    roleId: text('role_id').notNull().default(''),
    groupKey: text('group_key').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('code_redemptions_code').on(t.productId, t.code),
    index('code_redemptions_player').on(t.productId, t.openid, t.batchId),
    index('code_redemptions_group').on(t.productId, t.groupKey, t.openid),
    // The home cockpit's redemptions of a game today and in the last 30 days.
    index('code_redemptions_product_time').on(t.productId, t.createdAt),
  ],
);
