import { boolean, index, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import type { ApprovalStatus } from '@rx/contracts';
import { at, cpRef, createdAt, products, serialId, updatedAt, users } from '../../db/schema.ts';

/**
 * When a CP's change of an action needs a second person: one row per (action, product or every
 * product). `action` is the approve permission of the page (`basic/approve/error_code`).
 */
export const approvalPolicies = pgTable(
  'approval_policies',
  {
    id: serialId(),
    cpId: cpRef(),
    action: text('action').notNull(),
    /** Only this product's changes; null: every product of the CP. */
    productId: integer('product_id').references(() => products.id),
    /** Approval is asked when the action's number is at least this; null: always. */
    threshold: integer('threshold'),
    /** Approval is (also) asked when the change's value is at least this; null: value does not count. */
    valueThreshold: integer('value_threshold'),
    reasonRequired: boolean('reason_required').notNull().default(false),
    /** Who may decide: a permission string or a role identifier; empty: the action's own permission. */
    approver: text('approver').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('approval_policies_cp_action').on(t.cpId, t.action)],
);

/** A change waiting for (or decided by) a second person, with what applying it needs. */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: serialId(),
    cpId: cpRef(),
    productId: integer('product_id').references(() => products.id),
    /** The registered kind that applies it (modules/approvals/registry.ts). */
    kind: text('kind').notNull(),
    /** The policy's action when it was asked. */
    action: text('action').notNull(),
    /** Who may decide, copied from the policy when it was asked. */
    approver: text('approver').notNull().default(''),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull().default(''),
    targetName: text('target_name').notNull().default(''),
    amount: real('amount'),
    /** The value compared with the policy's value threshold (kinds that carry one). */
    value: real('value'),
    reason: text('reason').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    /** What the kind's `apply` needs (the request body, the row version read). */
    payload: jsonb('payload').notNull(),
    status: text('status').$type<ApprovalStatus>().notNull().default('pending'),
    makerId: integer('maker_id')
      .notNull()
      .references(() => users.id),
    makerName: text('maker_name').notNull(),
    makerIp: text('maker_ip').notNull().default(''),
    makerLang: text('maker_lang').notNull().default('zh'),
    checkerId: integer('checker_id').references(() => users.id),
    checkerName: text('checker_name'),
    comment: text('comment').notNull().default(''),
    /** Why applying the approved change failed (status `failed`). */
    error: text('error').notNull().default(''),
    /** The result of applying it (the new row). */
    result: jsonb('result'),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('approval_requests_cp_status').on(t.cpId, t.status, t.createdAt),
    index('approval_requests_maker').on(t.makerId, t.createdAt),
  ],
);

/**
 * Changes applied without a second person, kept for the policy window (APPROVAL_WINDOW_HOURS): a
 * policy compares the sum of what one maker, or one audience, got through it with its threshold,
 * so a change split in pieces under the threshold still waits for approval.
 */
export const approvalTallies = pgTable(
  'approval_tallies',
  {
    id: serialId(),
    cpId: cpRef(),
    productId: integer('product_id').references(() => products.id),
    /** The policy action (the page's approve permission). */
    action: text('action').notNull(),
    makerId: integer('maker_id')
      .notNull()
      .references(() => users.id),
    /** A fingerprint of who the change reached (the same players), or empty. */
    audience: text('audience').notNull().default(''),
    amount: real('amount'),
    value: real('value'),
    createdAt: createdAt(),
  },
  (t) => [
    index('approval_tallies_maker').on(t.cpId, t.action, t.makerId, t.createdAt),
    index('approval_tallies_audience').on(t.cpId, t.action, t.audience, t.createdAt),
  ],
);
