import { z } from 'zod';
import { announcementsResource } from './announcements.ts';
import { billingResource } from './billing-points.ts';
import { codeBatchResource } from './code-batches.ts';
import { errorCodesResource } from './error-codes.ts';
import { idField, int32, queryFlag, safeText } from './fields.ts';
import { listAnswer, listQuery } from './lists.ts';
import { mailsResource } from './mails.ts';
import { ADMIN_ROLE } from './pages.ts';
import { pushTasksResource } from './push.ts';
import { refundsResource } from './refunds.ts';
import { appReleasesResource } from './releases.ts';
import { sanctionsResource } from './sanctions.ts';
import { webOrdersResource } from './web-shop.ts';

/**
 * Two-person approval (maker–checker): `/api/v1/approvals` and `/api/v1/approval-policies`.
 * A policy names an action by the approve permission of its page (`basic/approve/error_code`);
 * when enabled, a change of that action (at or above its threshold, when it has one) is stored as a
 * pending request and applied only when another staff member who may decide approves it.
 */

/** What can wait for approval: each kind's policy action (the page's approve permission) and the number it carries. */
export const APPROVAL_KINDS = {
  /** Publishing the error-code working copy; the number: codes that differ from the live release. */
  'error_codes.publish': { action: errorCodesResource.permissions.approve, number: 'changed_codes' },
  /** Making an old release's content live again; the number: codes that differ from the live release. */
  'error_codes.rollback': { action: errorCodesResource.permissions.approve, number: 'changed_codes' },
  /** Changing a live billing point; the number: its highest price after the change. */
  'billing_points.update': { action: billingResource.permissions.approve, number: 'price' },
  /** Making an exchange-code batch active; the number: how many codes it holds. */
  'code_batches.activate': { action: codeBatchResource.permissions.approve, number: 'codes' },
  /** Publishing an announcement to players; the number: the languages it is written in. */
  'announcements.publish': { action: announcementsResource.permissions.approve, number: 'languages' },
  /** Sanctioning players in bulk from an openid file; the number: the players in the file. */
  'sanctions.bulk': { action: sanctionsResource.permissions.approve, number: 'players' },
  /**
   * Sanctioning one player: counts toward the same policy as bulk sanctions (the number: 1), so
   * sixty single bans in a row are no way around a fifty-player threshold.
   */
  'sanctions.single': { action: sanctionsResource.permissions.approve, number: 'players' },
  /**
   * Sending a system mail; the number: the players it goes to (estimated when asked); the value:
   * what its attachments are worth in all (props' unit value × quantity × players).
   */
  'mails.send': {
    action: mailsResource.permissions.approve,
    number: 'recipients',
    value: 'attachment_value',
  },
  /** Sending an app push; the number: the devices it goes to (counted when asked). */
  'push_tasks.send': { action: pushTasksResource.permissions.approve, number: 'devices' },
  /** Waiving a refund's claw-back; the number: the refunded amount in minor units. */
  'refunds.waive': { action: refundsResource.permissions.approve, number: 'refunded_amount' },
  /** Refunding a web recharge order; the number: its amount in minor units. */
  'web_orders.refund': { action: webOrdersResource.permissions.approve, number: 'order_amount' },
  /** Making an earlier publish of an app version live again; the number: the publishes it goes back. */
  'app_releases.rollback': { action: appReleasesResource.permissions.approve, number: 'publishes_back' },
  /**
   * Changing the approval policies themselves: always decided by a second admin of the CP when it
   * has one (no policy names it; its action is the admin role).
   */
  'approval_policies.update': { action: ADMIN_ROLE, number: 'policies' },
} as const;
export type ApprovalKind = keyof typeof APPROVAL_KINDS;

/** The actions whose changes also carry a value a policy's value threshold can compare. */
export const VALUED_APPROVAL_ACTIONS: readonly string[] = [
  ...new Set(
    Object.values(APPROVAL_KINDS)
      .filter((k) => 'value' in k)
      .map((k) => k.action),
  ),
];
export const APPROVAL_KIND_NAMES = Object.keys(APPROVAL_KINDS) as ApprovalKind[];

/**
 * A policy counts what the same staff member, and what the same audience (the same players), got
 * through it in this many hours: ten batches of 999 codes are 9,990 codes against a 1,000 threshold.
 */
export const APPROVAL_WINDOW_HOURS = 24;

/** The actions a policy can name (distinct, in order): not the policies' own, always a second admin's. */
export const APPROVAL_ACTIONS: readonly string[] = [
  ...new Set(Object.values(APPROVAL_KINDS).map((k) => k.action as string)),
].filter((action) => action !== ADMIN_ROLE);

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'failed'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

const staffRef = z.object({ id: z.number().int(), username: z.string() });

export const approvalRequestItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** The policy's action: the approve permission of the page. */
  action: z.string(),
  product_id: z.number().int().nullable(),
  target_type: z.string(),
  target_id: z.string(),
  target_name: z.string(),
  /** The number the policy's threshold was compared with (null: the action carries none). */
  amount: z.number().nullable(),
  /** The value the policy's value threshold was compared with (null: the change carries none). */
  value: z.number().nullable(),
  reason: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  maker: staffRef,
  checker: staffRef.nullable(),
  comment: z.string(),
  /** Why applying an approved request failed (status `failed`). */
  error: z.string(),
  /** Whether the caller may approve or reject it now. */
  can_decide: z.boolean(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestItem>;

/**
 * One line of what a request is about, as staff know the object (issue 27): its label is
 * `subject.<key>` of the console's approvals strings; its value one of text (data, in the reader's
 * language where the object has one), a number, an amount of money (minor units; no currency: the
 * game's own unit value), a time, or a list.
 */
export const approvalSubjectField = z.object({
  key: z.string(),
  text: z.string().optional(),
  number: z.number().optional(),
  money: z.object({ amount: z.number(), currency: z.string() }).optional(),
  time: z.string().nullable().optional(),
  list: z.array(z.string()).optional(),
});
export type ApprovalSubjectField = z.infer<typeof approvalSubjectField>;
/** The object a request changes, described by its module (the approval handler's `describe`). */
export const approvalSubject = z.object({
  /** The console page that shows it (a path under /main), or null. */
  link: z.string().nullable(),
  fields: z.array(approvalSubjectField),
});
export type ApprovalSubject = z.infer<typeof approvalSubject>;

/** One request with the change it makes. */
export const approvalRequestDetail = approvalRequestItem.extend({
  before: z.unknown(),
  after: z.unknown(),
  /** The object as staff know it, when its module describes it (and it still exists). */
  subject: approvalSubject.nullable().optional(),
});
export type ApprovalRequestDetail = z.infer<typeof approvalRequestDetail>;

export const APPROVAL_SORTS = ['created_at', 'id', 'status', 'decided_at'] as const;
export const approvalListQuery = listQuery(APPROVAL_SORTS, {
  /** `pending` without `mine`: the requests the caller may decide. */
  status: z.enum(APPROVAL_STATUSES).optional(),
  /** The requests the caller made. */
  mine: queryFlag,
  kind: z.enum(APPROVAL_KIND_NAMES as [ApprovalKind, ...ApprovalKind[]]).optional(),
});
export const approvalListAnswer = listAnswer(approvalRequestItem);

export const approvalDecisionBody = z.object({
  comment: safeText().trim().min(1).max(500),
});

/** A change that waits for approval is answered with HTTP 202 and this. */
export const approvalPendingAnswer = z.object({
  approval: approvalRequestItem,
});
export type ApprovalPending = z.infer<typeof approvalPendingAnswer>;

export const approvalPolicyFields = z.object({
  action: z.enum(APPROVAL_ACTIONS as [string, ...string[]]),
  /** Only this product's changes (null: every product of the CP). */
  product_id: idField.nullable().default(null),
  /** Approval is asked when the action's number is at least this (null: always). */
  threshold: int32(0).nullable().default(null),
  /**
   * Approval is (also) asked when the change's value is at least this (null: value does not
   * count). Only for actions whose changes carry a value ({@link VALUED_APPROVAL_ACTIONS}).
   */
  value_threshold: int32(0).nullable().default(null),
  reason_required: z.boolean().default(false),
  /** Who may decide: a permission string or a role identifier (empty: the action's own permission). */
  approver: safeText().trim().max(128).default(''),
  enabled: z.boolean().default(true),
});
export const approvalPolicyItem = approvalPolicyFields.extend({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  threshold: z.number().int().nullable(),
  value_threshold: z.number().int().nullable(),
  reason_required: z.boolean(),
  approver: z.string(),
  enabled: z.boolean(),
  updated_at: z.string(),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicyItem>;
export type ApprovalPolicyInput = z.input<typeof approvalPolicyFields>;

/** The CP's policies, replaced as a whole. */
export const approvalPoliciesBody = z.object({
  policies: z.array(approvalPolicyFields).max(100),
  /**
   * The list's `version` when it was read: if anyone has saved the policies since, the save is
   * refused (409001) instead of silently undoing their change. The console always sends it.
   */
  version: z.string().max(64).optional(),
});
export const approvalPoliciesAnswer = z.object({
  list: z.array(approvalPolicyItem),
  /** The actions a policy can name. */
  actions: z.array(z.string()),
  /** Those whose changes carry a value (a value threshold applies). */
  valued_actions: z.array(z.string()),
  /** Changes whenever the list is saved: sent back with a save (`approvalPoliciesBody.version`). */
  version: z.string(),
});
export type ApprovalPolicies = z.infer<typeof approvalPoliciesAnswer>;
