import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { I18nText, WebActivityReward, WebBonusKind, WebPrice } from '@rx/contracts';
import { at, editStamps, gameRow, playerRecord, timelineTable } from '../../db/schema.ts';

/** A web-only SKU of an overseas (hw) product: price per country, reward, bonus, limits. */
export const webGoods = pgTable(
  'web_goods',
  {
    ...gameRow(),
    sku: text('sku').notNull(),
    name: jsonb('name').$type<I18nText>().notNull(),
    giftPackageId: integer('gift_package_id'),
    currencyCode: text('currency_code').notNull().default(''),
    currencyAmount: integer('currency_amount').notNull().default(0),
    prices: jsonb('prices').$type<WebPrice[]>().notNull(),
    bonusKind: text('bonus_kind').$type<WebBonusKind>().notNull().default('none'),
    bonusPercent: integer('bonus_percent').notNull().default(0),
    bonusGiftId: integer('bonus_gift_id'),
    limitDaily: integer('limit_daily').notNull().default(0),
    limitTotal: integer('limit_total').notNull().default(0),
    saleStart: at('sale_start'),
    saleEnd: at('sale_end'),
    sortOrder: integer('sort_order').notNull().default(0),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('web_goods_product_sku').on(t.productId, t.sku),
    index('web_goods_gift').on(t.giftPackageId),
  ],
);

/**
 * A web recharge order. `state` moves created → paid → delivered / delivery_failed → refunded, each
 * move a conditional update (`where state = …`), so two concurrent requests never both move it.
 * `order_no` is what the game dedupes a delivery by; `idempotency_key` makes the site's repeat answer
 * the same order.
 */
export const webOrders = pgTable(
  'web_orders',
  {
    ...playerRecord(),
    orderNo: text('order_no').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    openid: text('openid').notNull(),
    roleId: text('role_id').notNull(),
    server: text('server').notNull(),
    goodId: integer('good_id'),
    sku: text('sku').notNull(),
    goodName: text('good_name').notNull().default(''),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    provider: text('provider').notNull(),
    paymentRef: text('payment_ref').notNull().default(''),
    /** Where the player pays (Stripe Checkout's page): a repeated order answers it again. */
    payUrl: text('pay_url').notNull().default(''),
    state: text('state').notNull(),
    /** What delivery hands out: [{prop_id, quantity}] and [{currency, amount}] (fixed at creation). */
    items: jsonb('items').$type<{ prop_id: number; quantity: number }[]>().notNull().default([]),
    currencies: jsonb('currencies').$type<{ currency: string; amount: number }[]>().notNull().default([]),
    /** Extra rewards of top-up activities, added at payment and delivered with the order. */
    activityRewards: jsonb('activity_rewards').$type<WebActivityReward[]>().notNull().default([]),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    approvalId: integer('approval_id'),
    retryJobId: integer('retry_job_id'),
    refundReason: text('refund_reason').notNull().default(''),
    paidAt: at('paid_at'),
    deliveredAt: at('delivered_at'),
    refundedAt: at('refunded_at'),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('web_orders_order_no').on(t.orderNo),
    uniqueIndex('web_orders_product_idem').on(t.productId, t.idempotencyKey),
    index('web_orders_product_created').on(t.productId, t.createdAt),
    index('web_orders_product_player').on(t.productId, t.openid, t.sku),
    index('web_orders_product_state').on(t.productId, t.state),
    // The service desk's order query looks a player's orders up by role id (cs/desk-orders.ts).
    index('web_orders_product_role').on(t.productId, t.roleId),
  ],
);

/** An order's timeline: creation, payment, every delivery attempt, redelivery, refund — who, when, why. */
export const webOrderEvents = timelineTable('web_order_events', {
  key: 'orderId',
  column: 'order_id',
  references: () => webOrders.id,
});

/** Provider notices already handled, once per (provider, notice id): a replay is acknowledged, not applied. */
export const webPayNotices = pgTable(
  'web_pay_notices',
  {
    provider: text('provider').notNull(),
    noticeId: text('notice_id').notNull(),
    orderNo: text('order_no').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.noticeId] })],
);
