import { z } from 'zod';
import {
  i18nText,
  idField,
  int32,
  isoTime,
  keyword,
  queryInt,
  recordStatus,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';
import type { RefundState } from './refunds.ts';

/**
 * The overseas web recharge site's goods and orders (region `hw` products only).
 *
 * - Goods `/api/v1/web-goods` (page `/newrxlaunch/payment-hw/goods-management`): web-only SKUs with
 *   a price per country, a reward (a gift package and/or a game-currency amount), a bonus, limits and
 *   a sale window.
 * - Orders `/api/v1/web-orders` (page `/newrxlaunch/payment-hw/order-management`): the site creates
 *   them through the signed game API (`POST /api/game/v1/web-orders`), the payment provider notifies
 *   `POST /api/pay/v1/notify/:provider` (HMAC-signed), the game adapter delivers them.
 *   created → paid → delivered / delivery_failed → refunded; staff redeliver (from delivery_failed
 *   only, same order number) and refund (two-person approval above a threshold).
 */
export const WEB_GOODS_PAGE = '/newrxlaunch/payment-hw/goods-management';
export const WEB_ORDERS_PAGE = '/newrxlaunch/payment-hw/order-management';

const text = (max = 64) => safeText().trim().max(max);

/** ISO 3166-1 alpha-2 country, ISO 4217 currency, amount in the currency's minor units. */
export const webPrice = z.object({
  country: safeText().regex(/^[A-Z]{2}$/),
  currency: safeText().regex(/^[A-Z]{3}$/),
  amount: int32(1, 1_000_000_000),
});
export type WebPrice = z.infer<typeof webPrice>;

export const WEB_BONUS_KINDS = ['none', 'percent', 'gift'] as const;
export type WebBonusKind = (typeof WEB_BONUS_KINDS)[number];

const goodFields = z.object({
  /** The SKU the site sells; never changes once created. */
  sku: safeText()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
  name: i18nText(64),
  /** The reward: a gift package of the product, and/or an amount of a game currency. */
  gift_package_id: idField.nullable(),
  currency_code: text(32).regex(/^[a-z0-9_]*$/),
  currency_amount: int32(0, 2_000_000_000),
  /** One price per country. */
  prices: z
    .array(webPrice)
    .min(1)
    .max(250)
    .refine((list) => new Set(list.map((p) => p.country)).size === list.length, {
      params: { key: 'duplicate_item' },
    }),
  /** Extra: a percentage of the currency amount, or a gift package. */
  bonus_kind: z.enum(WEB_BONUS_KINDS),
  bonus_percent: int32(0, 1000),
  bonus_gift_id: idField.nullable(),
  /** Purchases per player per day (UTC) and in total; 0 is unlimited. */
  limit_daily: int32(0, 1_000_000),
  limit_total: int32(0, 1_000_000),
  sale_start: isoTime.nullable(),
  sale_end: isoTime.nullable(),
  sort_order: int32(0, 1_000_000),
  status: recordStatus,
});

type GoodShape = Partial<z.infer<typeof goodFields>>;

/** Cross-field rules the schema can say itself (the server re-checks them across partial edits). */
function goodRules(body: GoodShape, ctx: z.RefinementCtx) {
  if (body.sale_start && body.sale_end && Date.parse(body.sale_end) <= Date.parse(body.sale_start))
    ctx.addIssue({ code: 'custom', path: ['sale_end'], params: { key: 'end_before_start' } });
  if (body.currency_amount && !body.currency_code)
    ctx.addIssue({ code: 'custom', path: ['currency_code'], params: { key: 'required' } });
  if (body.bonus_kind === 'gift' && !body.bonus_gift_id)
    ctx.addIssue({ code: 'custom', path: ['bonus_gift_id'], params: { key: 'required' } });
  if (body.bonus_kind === 'percent' && !body.bonus_percent)
    ctx.addIssue({ code: 'custom', path: ['bonus_percent'], params: { key: 'required' } });
}

export const webGoodCreateBody = goodFields
  .extend({
    gift_package_id: goodFields.shape.gift_package_id.default(null),
    currency_code: goodFields.shape.currency_code.default(''),
    currency_amount: goodFields.shape.currency_amount.default(0),
    bonus_kind: goodFields.shape.bonus_kind.default('none'),
    bonus_percent: goodFields.shape.bonus_percent.default(0),
    bonus_gift_id: goodFields.shape.bonus_gift_id.default(null),
    limit_daily: goodFields.shape.limit_daily.default(0),
    limit_total: goodFields.shape.limit_total.default(0),
    sale_start: goodFields.shape.sale_start.default(null),
    sale_end: goodFields.shape.sale_end.default(null),
    sort_order: goodFields.shape.sort_order.default(0),
    status: recordStatus.default('active'),
  })
  .superRefine((body, ctx) => {
    goodRules(body, ctx);
    if (!body.gift_package_id && !body.currency_amount)
      ctx.addIssue({ code: 'custom', path: ['gift_package_id'], params: { key: 'required' } });
  });
export type WebGoodCreate = z.input<typeof webGoodCreateBody>;

export const webGoodUpdateBody = goodFields
  .partial()
  .extend({ version: versionField })
  .superRefine(goodRules);
export type WebGoodUpdate = z.input<typeof webGoodUpdateBody>;

export const webGoodItem = goodFields.extend({ ...rowMeta, product_id: idField });
export type WebGood = z.infer<typeof webGoodItem>;

export const WEB_GOOD_SORTS = ['sort_order', 'id', 'sku', 'status', 'sale_start', 'updated_at'] as const;
export const webGoodFilters = {
  q: keyword,
  status: recordStatus.optional(),
  country: safeText()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  gift_package_id: queryInt(1).optional(),
};
export const webGoodListQuery = listQuery(WEB_GOOD_SORTS, webGoodFilters);
export const webGoodExportQuery = exportQuery(webGoodFilters);
export const webGoodListAnswer = listAnswer(webGoodItem);

export const webGoodsResource = defineResource({
  name: 'web-goods',
  page: WEB_GOODS_PAGE,
  scope: 'product',
  logTarget: 'web_good',
  namespace: 'webShop',
  item: webGoodItem,
  create: webGoodCreateBody,
  update: webGoodUpdateBody,
  list: webGoodListQuery,
  export: webGoodExportQuery,
  filters: ['q', 'status', 'country', 'gift_package_id'],
  sorts: WEB_GOOD_SORTS,
  remove: 'delete',
  /** Keyed by SKU; prices as `US:USD:499|JP:JPY:800`, gift packages by id. */
  sheet: {
    key: 'sku',
    columns: [
      'name',
      'gift_package_id',
      'currency_code',
      'currency_amount',
      'prices',
      'bonus_kind',
      'bonus_percent',
      'bonus_gift_id',
      'limit_daily',
      'limit_total',
      'sale_start',
      'sale_end',
      'sort_order',
      'status',
    ],
  },
});

// ---------------------------------------------------------------- orders

export const WEB_ORDER_STATES = ['created', 'paid', 'delivered', 'delivery_failed', 'refunded'] as const;
export type WebOrderState = (typeof WEB_ORDER_STATES)[number];
/** States a refund may start from. */
export const WEB_REFUNDABLE: readonly WebOrderState[] = ['paid', 'delivered', 'delivery_failed'];

export const WEB_PAYMENT_METHODS = ['card', 'paypal', 'apple_pay', 'google_pay', 'local_wallet'] as const;
export type WebPaymentMethod = (typeof WEB_PAYMENT_METHODS)[number];

export const WEB_ORDER_EVENT_KINDS = [
  'created',
  'payment_created',
  'paid',
  'notice_duplicate',
  'delivery_attempt',
  'delivered',
  'delivery_failed',
  'delivery_retry_queued',
  'redeliver',
  'refund_asked',
  'refund_rejected',
  'refunded',
  'refund_failed',
  'activity_reward',
] as const;
export type WebOrderEventKind = (typeof WEB_ORDER_EVENT_KINDS)[number];

/** What is delivered for an order: items (props) and game currencies. */
export const webRewardLine = z.object({ prop_id: z.number().int(), quantity: z.number().int() });
export const webCurrencyLine = z.object({ currency: z.string(), amount: z.number().int() });
/** A reward a top-up activity adds to the order (web-activities' grantTopUpRewards). */
export const webActivityReward = z.object({
  activityId: z.number().int(),
  kind: z.enum(['first', 'cumulative']),
  tier: z.number().int().optional(),
  giftPackageId: z.number().int(),
});
export type WebActivityReward = z.infer<typeof webActivityReward>;

export const webOrderItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  openid: z.string(),
  role_id: z.string(),
  server: z.string(),
  sku: z.string(),
  good_id: z.number().int().nullable(),
  good_name: z.string(),
  country: z.string(),
  currency: z.string(),
  /** Minor units. */
  amount: z.number().int(),
  payment_method: z.enum(WEB_PAYMENT_METHODS),
  provider: z.string(),
  payment_ref: z.string(),
  state: z.enum(WEB_ORDER_STATES),
  items: z.array(webRewardLine),
  currencies: z.array(webCurrencyLine),
  activity_rewards: z.array(webActivityReward),
  delivery_attempts: z.number().int(),
  /** A refund waiting for a second person. */
  approval_id: z.number().int().nullable(),
  retry_job_id: z.number().int().nullable(),
  refund_reason: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type WebOrder = z.infer<typeof webOrderItem>;

export interface WebOrderEvent {
  kind: WebOrderEventKind;
  at: string;
  by: { id: number | null; username: string } | null;
  reason: string;
  detail: Record<string, unknown>;
}
export interface WebDeliveryAttempt {
  seq: number;
  at: string;
  /** ok, duplicate (the game had applied it already), timeout, rate_limited, failed. */
  outcome: string;
  detail: string;
}
export interface WebOrderDetail {
  order: WebOrder;
  timeline: WebOrderEvent[];
  attempts: WebDeliveryAttempt[];
  /** The refunds row of a refunded order (its id and claw-back state), else null. */
  refund: { id: number; state: RefundState } | null;
}

const day = safeText()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();
export const WEB_ORDER_SORTS = ['created_at', 'amount', 'paid_at', 'id'] as const;
export const WEB_ORDER_FILTERS = [
  'order_no',
  'openid',
  'state',
  'sku',
  'country',
  'payment_method',
  'from',
  'to',
] as const;
export const webOrderFilters = {
  order_no: text(64).optional(),
  openid: text(64).optional(),
  state: z.enum(WEB_ORDER_STATES).optional(),
  sku: text(64).optional(),
  country: safeText()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  payment_method: z.enum(WEB_PAYMENT_METHODS).optional(),
  /** Created on or after this UTC day, up to and including `to`. */
  from: day,
  to: day,
};
export const webOrderListQuery = listQuery(WEB_ORDER_SORTS, webOrderFilters);
export type WebOrderListQuery = z.infer<typeof webOrderListQuery>;
export const webOrderExportQuery = exportQuery(webOrderFilters);
export const webOrderListAnswer = listAnswer(webOrderItem);

export const webOrderTotalsQuery = z.object({ from: day, to: day });
/** Paid orders (not refunded since) per UTC day and currency. */
export interface WebOrderTotalRow {
  day: string;
  currency: string;
  count: number;
  amount: number;
}

export const webOrderParam = z.object({ id: queryInt(1, Number.MAX_SAFE_INTEGER) });
export const webOrderRedeliverBody = z.object({ version: int32(1) });
export const webOrderRefundBody = z.object({
  reason: safeText().trim().min(1).max(500),
  version: int32(1),
});
export type WebOrderRefundBody = z.infer<typeof webOrderRefundBody>;

/** The site's order (signed game API): the price is the good's for the country. */
export const webOrderCreateBody = z.object({
  openid: text(64).min(1),
  role_id: text(64).min(1),
  server: text(64).min(1),
  sku: text(64).min(1),
  country: safeText().regex(/^[A-Z]{2}$/),
  payment_method: z.enum(WEB_PAYMENT_METHODS),
  /** A repeat with the same key answers the same order. */
  idempotency_key: safeText()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]+$/),
});
export type WebOrderCreateBody = z.infer<typeof webOrderCreateBody>;
export interface WebOrderCreated {
  order_no: string;
  state: WebOrderState;
  currency: string;
  amount: number;
  payment_ref: string;
  /** Where the site sends the player to pay. */
  pay_url: string;
  /** True when this answered an earlier request with the same idempotency key. */
  repeated: boolean;
}
/** Why the site's order is refused (`422001` with this reason in `data.reason`). */
export const WEB_ORDER_REFUSALS = [
  'unknown_sku',
  'not_on_sale',
  'no_price',
  'daily_limit',
  'total_limit',
  'payment_unavailable',
] as const;
export type WebOrderRefusal = (typeof WEB_ORDER_REFUSALS)[number];

/** The provider's notice (`POST /api/pay/v1/notify/:provider`, body signed: `x-pay-signature`). */
export const WEB_PAY_SIGNATURE_HEADER = 'x-pay-signature';
export const webPayNotice = z.object({
  notice_id: text(64).min(1),
  order_no: text(64).min(1),
  payment_ref: text(128).min(1),
  status: z.enum(['paid', 'failed']),
  amount: int32(0),
  currency: safeText().regex(/^[A-Z]{3}$/),
  paid_at: isoTime,
});
export type WebPayNotice = z.infer<typeof webPayNotice>;

export const webOrdersResource = defineResource({
  name: 'web-orders',
  page: WEB_ORDERS_PAGE,
  scope: 'product',
  logTarget: 'web_order',
  namespace: 'webShop',
  item: webOrderItem,
  create: z.object({}),
  update: z.object({}),
  list: webOrderListQuery,
  export: webOrderExportQuery,
  filters: WEB_ORDER_FILTERS,
  sorts: WEB_ORDER_SORTS,
  remove: 'none',
});
