import { z } from 'zod';
import { int32, isoTime, queryInt, safeText } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Refunds: store refund (voided purchase) notices, matched to the player's order and the items
 * delivered for it, clawed back through the game adapter (a debt when the balance is short),
 * optionally penalised (a sanction) or waived (two-person approval). Console API `/api/v1/refunds`
 * (page `/useraccount/refund`, detail `/useraccount/refund/detail/:orderNo?`); games report notices
 * through the signed game API (`POST /api/game/v1/refund-notices`); a store adapter is polled too.
 */
export const REFUNDS_PAGE = '/useraccount/refund';

/**
 * detected → matched (or unmatched: no such order) → clawback_pending → clawed_back / debt (the
 * balance was short) → penalised / waived. A waiver waits for a second person (`approval_id`).
 */
export const REFUND_STATES = [
  'detected',
  'matched',
  'unmatched',
  'clawback_pending',
  'clawed_back',
  'debt',
  'penalised',
  'waived',
] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** The reasons of Google Play's voided purchases API, by its codes 0–7. */
export const REFUND_REASONS = [
  'other',
  'remorse',
  'not_received',
  'defective',
  'accidental_purchase',
  'fraud',
  'friendly_fraud',
  'chargeback',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/** Who voided it: the user (a refund request), the developer, or the store itself. */
export const REFUND_SOURCES = ['user', 'developer', 'google'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];
/**
 * A refunded web-shop order is a refund too (issue 27): its `store` is `web_shop`, its notice id
 * `web:<order_no>` and its source `console` (refunded from the console, through approval when asked).
 */
export const WEB_SHOP_STORE = 'web_shop';
export const webRefundNoticeId = (orderNo: string): string => `web:${orderNo}`;
/** Every source a refund row may carry: a store notice's, or the console's for a web-shop order. */
export const REFUND_ROW_SOURCES = [...REFUND_SOURCES, 'console'] as const;
export type RefundRowSource = (typeof REFUND_ROW_SOURCES)[number];

export const REFUND_NOTICES_MAX = 100;

const shortText = (max = 64) => safeText().trim().max(max);

/** One notice as a game (or a store relay) reports it; `notice_id` makes a repeat harmless. */
export const refundNotice = z.object({
  notice_id: shortText(64).min(1),
  order_no: shortText(64).min(1),
  store: shortText(32).min(1),
  /** A reason name, or Google's numeric code 0–7. */
  reason: z.union([z.enum(REFUND_REASONS), z.number().int().min(0).max(7)]).default('other'),
  source: z.enum(REFUND_SOURCES).default('user'),
  quantity: int32(1, 1000).default(1),
  voided_at: isoTime,
});
export type RefundNotice = z.infer<typeof refundNotice>;

export const refundNoticesBody = z.object({
  notices: z.array(z.unknown()).min(1).max(REFUND_NOTICES_MAX),
});
export interface RefundNoticeResult {
  notice_id: string;
  status: 'stored' | 'duplicate' | 'error';
  state?: RefundState;
  message?: string;
}

/** A line of the claw-back ledger: an item (prop) or a currency to take back. */
export const ledgerLine = z.object({
  kind: z.enum(['item', 'currency']),
  /** The prop id, or the currency code. */
  code: z.string(),
  name: z.string(),
  wanted: z.number().int(),
  taken: z.number().int(),
});
export type LedgerLine = z.infer<typeof ledgerLine>;

export const refundItem = z.object({
  id: z.number().int(),
  notice_id: z.string(),
  order_no: z.string(),
  openid: z.string(),
  store: z.string(),
  sku: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.enum(REFUND_REASONS),
  source: z.enum(REFUND_ROW_SOURCES),
  quantity: z.number().int(),
  voided_at: z.string(),
  state: z.enum(REFUND_STATES),
  /** Still owed after claw-back (the sum of wanted − taken over the ledger). */
  owed: z.number().int(),
  ledger: z.array(ledgerLine),
  /** A waiver waiting for a second person. */
  approval_id: z.number().int().nullable(),
  /** The job retrying a claw-back that did not reach the game. */
  retry_job_id: z.number().int().nullable(),
  sanction_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type RefundItem = z.infer<typeof refundItem>;

export const REFUND_EVENT_KINDS = [
  'paid',
  'delivered',
  'notice',
  'matched',
  'unmatched',
  'clawback',
  'clawback_failed',
  'penalised',
  'waive_asked',
  'waive_rejected',
  'waived',
] as const;
export type RefundEventKind = (typeof REFUND_EVENT_KINDS)[number];
export interface RefundTimelineEvent {
  kind: RefundEventKind;
  at: string;
  by: { id: number | null; username: string } | null;
  reason: string;
  detail: Record<string, unknown>;
}
export interface RefundDetail {
  refund: RefundItem;
  order: {
    order_no: string;
    sku: string;
    amount: number;
    currency: string;
    status: string;
    paid_at: string | null;
    delivered_at: string | null;
    refunded_at: string | null;
  } | null;
  /** What was delivered for the order: the billing point's reward gift contents × quantity. */
  delivered: { prop_id: number; name: string; quantity: number }[];
  timeline: RefundTimelineEvent[];
}

export const REFUND_SORTS = ['voided_at', 'amount', 'id'] as const;
export const REFUND_FILTERS = ['state', 'store', 'from', 'to', 'openid', 'order_no'] as const;
const day = safeText()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();
const refundFilters = {
  state: z.enum(REFUND_STATES).optional(),
  store: shortText(32).optional(),
  from: day,
  to: day,
  openid: shortText(64).optional(),
  order_no: shortText(64).optional(),
};
export const refundListQuery = listQuery(REFUND_SORTS, refundFilters);
export type RefundListQuery = z.infer<typeof refundListQuery>;
export const refundExportQuery = exportQuery(refundFilters);
/** The export's columns: a refund as accounting reads it (the ledger as what is still owed). */
export const REFUND_EXPORT_COLUMNS = [
  'id',
  'notice_id',
  'order_no',
  'openid',
  'store',
  'sku',
  'quantity',
  'amount',
  'currency',
  'reason',
  'source',
  'state',
  'owed',
  'voided_at',
  'sanction_id',
  'updated_at',
] as const;
export const refundListAnswer = listAnswer(refundItem);

export const refundTotalsQuery = z.object({ from: day, to: day });
export interface RefundTotalRow {
  day: string;
  store: string;
  currency: string;
  count: number;
  amount: number;
}

export const refundParam = z.object({ id: queryInt(1, Number.MAX_SAFE_INTEGER) });
export const refundOrderParam = z.object({ order_no: shortText(64).min(1) });
export const refundReasonBody = z.object({
  reason: safeText().trim().min(1).max(500),
  version: int32(1),
});
export type RefundReasonBody = z.infer<typeof refundReasonBody>;
export const refundPenaliseBody = refundReasonBody.extend({
  /** `payment`: a payment feature ban; `account`: an account ban. */
  kind: z.enum(['payment', 'account']),
  /** Days; absent: permanent. */
  days: int32(1, 3650).optional(),
});
export type RefundPenaliseBody = z.infer<typeof refundPenaliseBody>;
export const refundBulkBody = z.object({ ids: z.array(int32(1)).min(1).max(500) });
export type RefundBulkBody = z.infer<typeof refundBulkBody>;
export interface RefundPollAnswer {
  stored: number;
  duplicate: number;
  failed: number;
  cursor: string | null;
  retry_after: number | null;
}

export const refundsResource = defineResource({
  name: 'refunds',
  page: REFUNDS_PAGE,
  scope: 'product',
  logTarget: 'refund',
  namespace: 'refunds',
  item: refundItem,
  create: z.object({}),
  update: z.object({}),
  list: refundListQuery,
  export: refundExportQuery,
  filters: REFUND_FILTERS,
  sorts: REFUND_SORTS,
  remove: 'none',
});
