import { z } from 'zod';
import { idField, int32, keyword, queryFlag, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { resourceLifecycle } from './lifecycle.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Billing points of a product (`X-Product-Id`): `/api/v1/billing-points`, the purchasable SKUs per
 * channel and store. (store, store SKU) is unique among current rows. A live SKU's reward changes
 * only through a new version: the edit retires the row and answers a new current row.
 */

export const STORES = [
  'app_store',
  'google_play',
  'huawei',
  'xiaomi',
  'oppo',
  'vivo',
  'honor',
  'wechat_pay',
  'alipay',
  'samsung',
  'web',
] as const;
export type Store = (typeof STORES)[number];

export const BILLING_KINDS = ['consumable', 'monthly_card', 'subscription'] as const;
export type BillingKind = (typeof BILLING_KINDS)[number];

/** `retired` rows are old versions, kept for the orders that name them. */
export const BILLING_STATUSES = ['draft', 'live', 'disabled', 'retired'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];
/**
 * Billing points on the shared lifecycle: a draft goes live (publish), a live SKU is recalled to
 * draft or ended (disabled); an ended SKU stays ended (a new SKU replaces it), and retired rows are
 * old versions, ended for good. Staff move them by editing `status` (no actions of their own).
 */
export const BILLING_LIFECYCLE = resourceLifecycle<BillingStatus, never>({
  states: { draft: 'draft', live: 'live', disabled: 'ended', retired: 'ended' },
  enters: { ended: 'disabled' },
  actions: {},
});
/** What an edit may set; `retired` is the server's. */
export const EDITABLE_BILLING_STATUSES = ['draft', 'live', 'disabled'] as const;

export const priceTier = z.object({
  currency: safeText().regex(/^[A-Z]{3}$/),
  /** In the currency's major unit, at most two decimals (a rule forms can read and name). */
  amount: z.number().min(0).max(100_000_000).multipleOf(0.01),
});
export type PriceTier = z.infer<typeof priceTier>;

const billingFields = z.object({
  channel_id: idField,
  store: z.enum(STORES),
  store_sku: safeText()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_.-]+$/),
  name: safeText().trim().min(1).max(64),
  /** One price per currency. */
  prices: z
    .array(priceTier)
    .min(1)
    .max(40)
    .refine((list) => new Set(list.map((p) => p.currency)).size === list.length, {
      params: { key: 'duplicate_item' },
    }),
  reward_gift_id: idField,
  /** Given in addition to the reward on a player's first purchase of this SKU. */
  bonus_gift_id: idField.nullable(),
  /** Purchases per player in all; 0 is unlimited. */
  limit_per_player: int32(0, 1_000_000),
  /** Purchases per player per day; 0 is unlimited. */
  limit_daily: int32(0, 1_000_000),
  kind: z.enum(BILLING_KINDS),
  sandbox: z.boolean(),
  status: z.enum(EDITABLE_BILLING_STATUSES),
});

export const billingCreateBody = billingFields.extend({
  bonus_gift_id: billingFields.shape.bonus_gift_id.default(null),
  limit_per_player: billingFields.shape.limit_per_player.default(0),
  limit_daily: billingFields.shape.limit_daily.default(0),
  kind: billingFields.shape.kind.default('consumable'),
  sandbox: z.boolean().default(false),
  status: billingFields.shape.status.default('draft'),
});
export type BillingCreate = z.input<typeof billingCreateBody>;
export const billingUpdateBody = billingFields.partial().extend({ version: versionField });
export type BillingUpdate = z.input<typeof billingUpdateBody>;

export const billingItem = billingFields.extend({
  ...rowMeta,
  product_id: idField,
  status: z.enum(BILLING_STATUSES),
  /** 1 for the first version of a SKU, +1 for each new version. */
  sku_version: z.number().int(),
  previous_id: z.number().int().nullable(),
  current: z.boolean(),
});
export type BillingPoint = z.infer<typeof billingItem>;

export const BILLING_SORTS = [
  'id',
  'store',
  'store_sku',
  'name',
  'kind',
  'status',
  'created_at',
  'updated_at',
] as const;
export const billingFilters = {
  q: keyword,
  store: z.enum(STORES).optional(),
  channel_id: queryInt(1).optional(),
  kind: z.enum(BILLING_KINDS).optional(),
  status: z.enum(BILLING_STATUSES).optional(),
  sandbox: queryFlag,
  /** 1: old versions too (only current rows otherwise). */
  history: queryFlag,
};
export const billingListQuery = listQuery(BILLING_SORTS, billingFilters);
export const billingExportQuery = exportQuery(billingFilters);
export const billingListAnswer = listAnswer(billingItem);

/**
 * Billing points: keyed in sheets by id (an empty id is a new one), the channel named by its code.
 * The list shows current rows (history=1: old versions too); versions is a route of its own.
 */
export const billingResource = defineResource({
  name: 'billing-points',
  page: '/commercialbasic/shop-billing-config',
  scope: 'product',
  logTarget: 'billing_point',
  namespace: 'billing',
  item: billingItem,
  create: billingCreateBody,
  update: billingUpdateBody,
  list: billingListQuery,
  export: billingExportQuery,
  filters: ['q', 'channel_id', 'store', 'kind', 'status', 'sandbox', 'history'],
  sorts: BILLING_SORTS,
  remove: 'delete',
  sheet: {
    key: 'id',
    columns: [
      'channel_id',
      'store',
      'store_sku',
      'name',
      'prices',
      'reward_gift_id',
      'bonus_gift_id',
      'limit_per_player',
      'limit_daily',
      'kind',
      'sandbox',
      'status',
    ],
  },
});
