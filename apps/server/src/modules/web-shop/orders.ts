import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  webOrdersResource,
  ErrorCode,
  webPayNotice,
  type WebActivityReward,
  type WebDeliveryAttempt,
  type WebOrder,
  type WebOrderCreateBody,
  type WebOrderCreated,
  type WebOrderDetail,
  type WebOrderEventKind,
  type WebOrderRefusal,
  type WebOrderState,
  type WebOrderTotalRow,
  type WebPaymentMethod,
  textFor,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { dayRange } from '../../lib/list.ts';
import { resourceReads } from '../../lib/resource-routes.ts';
import { logChange } from '../../lib/operation-log.ts';
import { queryRows } from '../../lib/rows.ts';
import { emitCallback } from '../callbacks/index.ts';
import { grantTopUpRewards } from '../web-activities/index.ts';
import { webOrderRefund } from '../refunds/index.ts';
import { isOutsideError, type Outside } from '../../lib/outside/index.ts';
import { gameServer, stripePayments } from '../outside-parties/index.ts';
import { deliveryRetry } from './fakes.ts';
import { webGoods, webOrderEvents, webOrders, webPayNotices } from './tables.ts';

export type OrderRow = typeof webOrders.$inferSelect;
export type Actor = { userId: number | null; username: string } | null;
type Line = { prop_id: number; quantity: number };

export function toOrder(row: OrderRow): WebOrder {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id,
    order_no: row.orderNo,
    openid: row.openid,
    role_id: row.roleId,
    server: row.server,
    sku: row.sku,
    good_id: row.goodId,
    good_name: row.goodName,
    country: row.country,
    currency: row.currency,
    amount: Number(row.amount),
    payment_method: row.paymentMethod as WebPaymentMethod,
    provider: row.provider,
    payment_ref: row.paymentRef,
    state: row.state as WebOrderState,
    items: row.items,
    currencies: row.currencies,
    activity_rewards: row.activityRewards,
    delivery_attempts: row.deliveryAttempts,
    approval_id: row.approvalId,
    retry_job_id: row.retryJobId,
    refund_reason: row.refundReason,
    created_at: row.createdAt.toISOString(),
    paid_at: iso(row.paidAt),
    delivered_at: iso(row.deliveredAt),
    refunded_at: iso(row.refundedAt),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export async function addEvent(
  tx: Db,
  orderId: number,
  kind: WebOrderEventKind,
  by: Actor,
  reason = '',
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(webOrderEvents).values({
    orderId,
    kind,
    byId: by?.userId ?? null,
    byName: by?.username ?? '',
    reason,
    detail,
  });
}

/** `WS` + UTC date + 12 random hex digits: unique, and what the game dedupes a delivery by. */
export function newOrderNo(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `WS${day}${randomBytes(6).toString('hex').toUpperCase()}`;
}

/** Adds up lines of the same prop. */
function merge(lines: Line[]): Line[] {
  const by = new Map<number, number>();
  for (const l of lines) by.set(l.prop_id, (by.get(l.prop_id) ?? 0) + l.quantity);
  return [...by].map(([prop_id, quantity]) => ({ prop_id, quantity }));
}

async function giftContents(tx: Db, productId: number, ids: number[]): Promise<Line[]> {
  if (!ids.length) return [];
  const rows = await queryRows<{ id: number; contents: Line[] }>(
    tx,
    sql`select id, contents from gift_packages where product_id = ${productId}
        and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  // A gift named twice (reward and bonus) counts twice.
  return ids.flatMap((id) => rows.find((r) => Number(r.id) === id)?.contents ?? []);
}

class Refusal extends Error {
  constructor(readonly reason: WebOrderRefusal) {
    super(reason);
  }
}

/**
 * The site's order: the good of the SKU for sale now, its price for the country, the player's limits
 * (paid orders, and created ones of the last half hour, per UTC day and in total) checked under a
 * per-player lock; a payment asked of the game's payment provider (Stripe or the fake). A repeat
 * idempotency key answers the same order. A refusal answers 422001 with `data.reason`.
 */
export async function createOrder(
  outside: Outside,
  db: Db,
  caller: { cpId: number; productId: number },
  body: WebOrderCreateBody,
  now = new Date(),
): Promise<WebOrderCreated> {
  const { productId } = caller;
  const answer = (row: OrderRow, repeated: boolean): WebOrderCreated => ({
    order_no: row.orderNo,
    state: row.state as WebOrderState,
    currency: row.currency,
    amount: Number(row.amount),
    payment_ref: row.paymentRef,
    pay_url: row.payUrl,
    repeated,
  });
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`web-orders:${productId}:${body.openid}`}))`,
      );
      const [existing] = await tx
        .select()
        .from(webOrders)
        .where(and(eq(webOrders.productId, productId), eq(webOrders.idempotencyKey, body.idempotency_key)));
      if (existing) return answer(existing, true);
      const [good] = await tx
        .select()
        .from(webGoods)
        .where(and(eq(webGoods.productId, productId), eq(webGoods.sku, body.sku)));
      if (!good) throw new Refusal('unknown_sku');
      if (
        good.status !== 'active' ||
        (good.saleStart && good.saleStart > now) ||
        (good.saleEnd && good.saleEnd <= now)
      )
        throw new Refusal('not_on_sale');
      const price = good.prices.find((p) => p.country === body.country);
      if (!price) throw new Refusal('no_price');
      if (good.limitDaily || good.limitTotal) {
        const dayStart = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
        const recent = new Date(now.getTime() - 30 * 60_000);
        const [counts] = await queryRows<{ total: number; today: number }>(
          tx,
          sql`select count(*)::int as total, count(*) filter (where created_at >= ${dayStart})::int as today
              from web_orders
              where product_id = ${productId} and openid = ${body.openid} and good_id = ${good.id}
                and (state in ('paid', 'delivered', 'delivery_failed')
                  or (state = 'created' and created_at >= ${recent}))`,
        );
        if (good.limitDaily && Number(counts!.today) >= good.limitDaily) throw new Refusal('daily_limit');
        if (good.limitTotal && Number(counts!.total) >= good.limitTotal) throw new Refusal('total_limit');
      }
      const gifts = [good.giftPackageId, good.bonusKind === 'gift' ? good.bonusGiftId : null].filter(
        (id): id is number => !!id,
      );
      const items = merge(await giftContents(tx, productId, gifts));
      const bonus =
        good.bonusKind === 'percent' ? Math.floor((good.currencyAmount * good.bonusPercent) / 100) : 0;
      const currencies = good.currencyAmount
        ? [{ currency: good.currencyCode, amount: good.currencyAmount + bonus }]
        : [];
      const orderNo = newOrderNo(now);
      let provider;
      let payment;
      try {
        provider = await outside.open(tx, stripePayments, productId);
        payment = await provider.createPayment({
          orderNo,
          amount: price.amount,
          currency: price.currency,
          country: body.country,
          method: body.payment_method,
          description: good.name.en || textFor(good.name),
        });
      } catch {
        throw new Refusal('payment_unavailable');
      }
      const [row] = await tx
        .insert(webOrders)
        .values({
          cpId: caller.cpId,
          productId,
          orderNo,
          idempotencyKey: body.idempotency_key,
          openid: body.openid,
          roleId: body.role_id,
          server: body.server,
          goodId: good.id,
          sku: good.sku,
          goodName: good.name.en || textFor(good.name),
          country: body.country,
          currency: price.currency,
          amount: price.amount,
          paymentMethod: body.payment_method,
          provider: provider.name,
          paymentRef: payment.paymentRef,
          payUrl: payment.payUrl,
          state: 'created',
          items,
          currencies,
          createdAt: now,
        })
        .returning();
      await addEvent(tx, row!.id, 'created', null, '', {
        sku: good.sku,
        country: body.country,
        amount: price.amount,
        currency: price.currency,
        payment_method: body.payment_method,
      });
      await addEvent(tx, row!.id, 'payment_created', null, '', {
        provider: provider.name,
        payment_ref: payment.paymentRef,
      });
      return answer(row!, false);
    });
  } catch (error) {
    if (error instanceof Refusal)
      throw new ApiError(ErrorCode.BUSINESS_RULE, { reason: error.reason }, error.reason);
    throw error;
  }
}

export interface NoticeOutcome {
  /** The order to deliver now (just paid), if any. */
  paid: OrderRow | null;
  duplicate: boolean;
}

/**
 * A provider's notice, its signature already checked: stored once per (provider, notice id) — a
 * replay is acknowledged and changes nothing. `paid` moves the order created → paid (a conditional
 * update: a second notice of the same payment finds it paid) and asks the top-up activities for the
 * rewards it earns, delivered with it.
 */
export async function applyNotice(db: Db, provider: string, raw: unknown): Promise<NoticeOutcome> {
  const parsed = webPayNotice.safeParse(raw);
  if (!parsed.success) throw new ApiError(ErrorCode.INVALID_INPUT);
  const notice = parsed.data;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(webOrders)
      .where(and(eq(webOrders.orderNo, notice.order_no), eq(webOrders.provider, provider)))
      .for('update');
    if (!order) throw new ApiError(ErrorCode.NOT_FOUND);
    const [stored] = await tx
      .insert(webPayNotices)
      .values({ provider, noticeId: notice.notice_id, orderNo: notice.order_no })
      .onConflictDoNothing()
      .returning();
    if (!stored) {
      await addEvent(tx, order.id, 'notice_duplicate', null, '', { notice_id: notice.notice_id });
      return { paid: null, duplicate: true };
    }
    if (
      notice.payment_ref !== order.paymentRef ||
      notice.amount !== Number(order.amount) ||
      notice.currency !== order.currency
    )
      throw new ApiError(ErrorCode.BUSINESS_RULE, null, 'notice does not match the order');
    if (notice.status !== 'paid' || order.state !== 'created') {
      await addEvent(tx, order.id, 'notice_duplicate', null, '', {
        notice_id: notice.notice_id,
        status: notice.status,
      });
      return { paid: null, duplicate: order.state !== 'created' };
    }
    const paidAt = new Date(notice.paid_at);
    const rewards: WebActivityReward[] = await grantTopUpRewards(tx, {
      cpId: order.cpId,
      productId: order.productId,
      openid: order.openid,
      orderNo: order.orderNo,
      currency: order.currency,
      amountMinor: Number(order.amount),
      paidAt,
    });
    const extra = await giftContents(
      tx,
      order.productId,
      rewards.map((r) => r.giftPackageId),
    );
    const [paid] = await tx
      .update(webOrders)
      .set({
        state: 'paid',
        paidAt,
        activityRewards: rewards,
        items: merge([...order.items, ...extra]),
        version: sql`${webOrders.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(webOrders.id, order.id), eq(webOrders.state, 'created')))
      .returning();
    if (!paid) return { paid: null, duplicate: true };
    await addEvent(tx, order.id, 'paid', null, '', {
      notice_id: notice.notice_id,
      amount: notice.amount,
      currency: notice.currency,
    });
    // Callbacks subscribed to payments hear of it once this transaction commits (issue 33).
    await emitCallback(tx, {
      cpId: paid.cpId,
      productId: paid.productId,
      event: 'order.paid',
      data: {
        order_no: paid.orderNo,
        openid: paid.openid,
        amount: Number(paid.amount),
        currency: paid.currency,
        paid_at: paidAt.toISOString(),
      },
    });
    for (const r of rewards)
      await addEvent(tx, order.id, 'activity_reward', null, '', {
        activity_id: r.activityId,
        kind: r.kind,
        tier: r.tier ?? null,
        gift_package_id: r.giftPackageId,
      });
    return { paid, duplicate: false };
  });
}

/**
 * Delivers a paid order through the game's server, inside the caller's transaction (the row locked):
 * up to `attempts` calls with the same order number, each recorded on the timeline; a 429 waits its
 * retry-after (capped), another failure the backoff. Answers the delivered row, or null when every
 * attempt failed (the row stays paid; the caller decides what follows).
 */
export async function attemptDelivery(
  outside: Outside,
  tx: Db,
  row: OrderRow,
  by: Actor,
  attempts: number,
): Promise<{ row: OrderRow | null; error: string }> {
  const policy = deliveryRetry();
  let error = '';
  let seq = row.deliveryAttempts;
  for (let i = 0; i < attempts; i++) {
    seq += 1;
    let outcome: string;
    let wait = 0;
    try {
      const game = await outside.open(tx, gameServer, row.productId);
      const answer = await game.deliver({
        openid: row.openid,
        roleId: row.roleId,
        orderNo: row.orderNo,
        items: row.items,
        currencies: row.currencies,
      });
      outcome = answer.applied ? 'ok' : 'duplicate';
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      if (isOutsideError(e, 'rate_limited')) {
        outcome = 'rate_limited';
        wait = Math.min((e.retryAfter ?? 1) * 1000, policy.maxWaitMs);
      } else {
        outcome = isOutsideError(e, 'timeout') ? 'timeout' : 'failed';
        wait = Math.min(policy.backoffMs * 2 ** i, policy.maxWaitMs);
      }
    }
    await addEvent(tx, row.id, 'delivery_attempt', by, '', {
      seq,
      outcome,
      ...(outcome === 'ok' || outcome === 'duplicate' ? {} : { error }),
    });
    await tx.update(webOrders).set({ deliveryAttempts: seq }).where(eq(webOrders.id, row.id));
    if (outcome === 'ok' || outcome === 'duplicate') {
      const [delivered] = await tx
        .update(webOrders)
        .set({
          state: 'delivered',
          deliveredAt: new Date(),
          version: sql`${webOrders.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(webOrders.id, row.id), eq(webOrders.state, 'paid')))
        .returning();
      await addEvent(tx, row.id, 'delivered', by, '', { attempts: seq });
      return { row: delivered ?? null, error: '' };
    }
    if (i + 1 < attempts && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return { row: null, error };
}

/** Paid → delivery failed, on the timeline. */
export async function markFailed(tx: Db, row: OrderRow, by: Actor, error: string): Promise<OrderRow | null> {
  const [failed] = await tx
    .update(webOrders)
    .set({ state: 'delivery_failed', version: sql`${webOrders.version} + 1`, updatedAt: new Date() })
    .where(and(eq(webOrders.id, row.id), eq(webOrders.state, 'paid')))
    .returning();
  if (failed) await addEvent(tx, row.id, 'delivery_failed', by, '', { error });
  return failed ?? null;
}

export async function lockOrder(tx: Db, scope: { productId: number }, id: number): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(webOrders)
    .where(and(eq(webOrders.id, id), eq(webOrders.productId, scope.productId)))
    .for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

export async function orderById(db: Db, scope: { productId: number }, id: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(webOrders)
    .where(and(eq(webOrders.id, id), eq(webOrders.productId, scope.productId)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

export async function logOrder(tx: Db, scope: ProductScope, before: OrderRow, after: OrderRow, reason = '') {
  await logChange(tx, scope, {
    action: 'update',
    targetType: 'web_order',
    targetId: after.id,
    targetName: `${after.orderNo} · ${after.state}`,
    before: { state: before.state },
    after: { state: after.state, ...(reason ? { reason } : {}) },
  });
}

/** The list and the export's batches (the filters within the game; newest first). */
export const { list: listOrders, batch: orderBatch } = resourceReads(webOrdersResource, {
  table: webOrders,
  items: (_db, rows) => rows.map(toOrder),
  where: (f) => [
    f.order_no ? eq(webOrders.orderNo, f.order_no) : undefined,
    f.openid ? eq(webOrders.openid, f.openid) : undefined,
    f.state ? eq(webOrders.state, f.state) : undefined,
    f.sku ? eq(webOrders.sku, f.sku) : undefined,
    f.country ? eq(webOrders.country, f.country) : undefined,
    f.payment_method ? eq(webOrders.paymentMethod, f.payment_method) : undefined,
    ...dayRange(webOrders.createdAt, f.from, f.to),
  ],
  defaultSort: '-created_at',
});

/** Paid orders per UTC day (of payment) and currency; refunded ones are left out. */
export async function orderTotals(
  db: Db,
  scope: ProductScope,
  range: { from?: string; to?: string },
): Promise<WebOrderTotalRow[]> {
  const to = range.to
    ? new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000)
    : new Date(Date.now() + 86_400_000);
  const from = range.from ? new Date(`${range.from}T00:00:00Z`) : new Date(to.getTime() - 31 * 86_400_000);
  const rows = await queryRows<WebOrderTotalRow>(
    db,
    sql`select to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as day, currency,
          count(*)::int as count, coalesce(sum(amount), 0)::bigint as amount
        from web_orders
        where product_id = ${scope.productId} and paid_at >= ${from} and paid_at < ${to}
          and state in ('paid', 'delivered', 'delivery_failed')
        group by 1, 2 order by 1 desc, 2`,
  );
  return rows.map((r) => ({ ...r, count: Number(r.count), amount: Number(r.amount) }));
}

export async function orderDetail(db: Db, row: OrderRow): Promise<WebOrderDetail> {
  const events = await db
    .select()
    .from(webOrderEvents)
    .where(eq(webOrderEvents.orderId, row.id))
    .orderBy(asc(webOrderEvents.at), asc(webOrderEvents.id));
  const attempts: WebDeliveryAttempt[] = events
    .filter((e) => e.kind === 'delivery_attempt')
    .map((e) => ({
      seq: Number(e.detail.seq ?? 0),
      at: e.at.toISOString(),
      outcome: String(e.detail.outcome ?? ''),
      detail: String(e.detail.error ?? ''),
    }));
  return {
    order: toOrder(row),
    timeline: events.map((e) => ({
      kind: e.kind as WebOrderEventKind,
      at: e.at.toISOString(),
      by: e.byName ? { id: e.byId, username: e.byName } : null,
      reason: e.reason,
      detail: e.detail,
    })),
    attempts,
    refund: await webOrderRefund(db, row.productId, row.orderNo),
  };
}
