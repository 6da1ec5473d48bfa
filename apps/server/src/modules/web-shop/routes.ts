import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ErrorCode,
  WEB_REFUNDABLE,
  WEB_PAY_SIGNATURE_HEADER,
  queryInt,
  safeText,
  webGoodsResource,
  webOrderCreateBody,
  webOrderParam,
  webOrderRedeliverBody,
  webOrderRefundBody,
  webOrderTotalsQuery,
  webOrdersResource,
  type WebOrderState,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope, Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { EventBus } from '../../lib/events.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import type { ModuleWork } from '../../lib/server-module.ts';
import { ok, requestLanguage } from '../../lib/request.ts';
import { queryRoutes, resourceRoutes } from '../../lib/resource-routes.ts';
import { GAME, PUBLIC, can, scopeOf } from '../../lib/route-access.ts';
import { inScope } from '../../lib/scope.ts';
import { answerPendingWith202, registerApprovalAction, submitChange } from '../approvals/index.ts';
import { registerGiftUser } from '../gift-packages/index.ts';
import { storeWebRefund } from '../refunds/index.ts';
import type { Outside } from '../../lib/outside/index.ts';
import { readStripeWebhook, sameSignature, signBody, stripePayments } from '../outside-parties/index.ts';
import { deliveryRetry } from './fakes.ts';
import { isProductIn, overseasOnly, overseasProductsOnly } from '../../lib/region.ts';
import { goodsImpl, goodsService, refuse } from './goods.ts';
import {
  addEvent,
  applyNotice,
  attemptDelivery,
  createOrder,
  listOrders,
  lockOrder,
  logOrder,
  markFailed,
  orderBatch,
  orderById,
  orderDetail,
  orderTotals,
  toOrder,
  type OrderRow,
} from './orders.ts';
import { webGoods, webOrders } from './tables.ts';

export const DELIVER_JOB = 'web_shop.deliver';

const actor = (scope: Scope) => ({ userId: scope.userId, username: scope.username });

interface RefundPayload {
  id: number;
  version: number;
  reason: string;
}

/**
 * Delivers a just-paid order once at once; when the game did not take it (timeout, 429, error) a
 * `web_shop.deliver` job retries it as a job item (several attempts with backoff), ending delivered
 * or delivery failed.
 */
export async function deliverAfterPayment(
  outside: Outside,
  db: Db,
  runner: JobRunner,
  paid: OrderRow,
): Promise<void> {
  const result = await db.transaction(async (tx) => {
    const current = await lockOrder(tx, paid, paid.id);
    if (current.state !== 'paid') return { row: current, error: '' };
    return attemptDelivery(outside, tx, current, null, 1);
  });
  if (result.row) return;
  const jobId = await runner.create(
    DELIVER_JOB,
    { cpId: paid.cpId, productId: paid.productId, userId: null, username: 'system' },
    { items: [{ id: paid.id }], params: { order_no: paid.orderNo } },
  );
  await db.transaction(async (tx) => {
    await tx.update(webOrders).set({ retryJobId: jobId }).where(eq(webOrders.id, paid.id));
    await addEvent(tx, paid.id, 'delivery_retry_queued', null, '', { job_id: jobId, error: result.error });
  });
}

const EXPORT_HEADERS = [
  'id',
  'order_no',
  'openid',
  'role_id',
  'server',
  'sku',
  'country',
  'currency',
  'amount',
  'payment_method',
  'state',
  'delivery_attempts',
  'created_at',
  'paid_at',
  'delivered_at',
  'refunded_at',
] as const;

/** Delivery as a job item: a retry of a paid order the game did not take yet. */
export const webShopWork = ({ outside }: { outside: Outside }): ModuleWork => ({
  jobs: {
    [DELIVER_JOB]: {
      async item(tx, input, { job }) {
        const id = Number((input as { id: number }).id);
        const row = await lockOrder(tx, { productId: job.productId ?? -1 }, id);
        if (row.state !== 'paid') return { result: 'skipped', state: row.state };
        const by = job.userId ? { userId: job.userId, username: job.username } : null;
        const { attempts } = deliveryRetry();
        const done = await attemptDelivery(outside, tx, row, by, attempts);
        if (done.row) return { result: 'delivered', order_no: row.orderNo };
        await markFailed(tx, row, by, done.error);
        return { result: 'delivery_failed', order_no: row.orderNo, error: done.error };
      },
    },
  },
});

/**
 * The web recharge site's console API: goods (`/web-goods`, a resource) and orders (`/web-orders`:
 * list, totals, export, detail, redeliver, refund), only for overseas (hw) products; the delivery
 * retry job and the refund's approval.
 */
export async function webShopRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const events: EventBus = fastify.events;
  const tags = ['web-shop'];
  const resource = webOrdersResource;
  const path = `/${resource.name}`;

  // Every route here serves an overseas product only (the access check has set the scope by now).
  overseasProductsOnly(fastify, db);
  answerPendingWith202(fastify);

  registerGiftUser(webGoodsResource.logTarget, async (db, scope, giftId) =>
    (
      await db
        .select({ id: webGoods.id, name: webGoods.sku, status: webGoods.status })
        .from(webGoods)
        .where(
          and(
            inScope(webGoods, scope),
            or(eq(webGoods.giftPackageId, giftId), eq(webGoods.bonusGiftId, giftId)),
          ),
        )
    ).map((r) => ({ ...r, live: r.status === 'active' })),
  );
  resourceRoutes(fastify, db, webGoodsResource, goodsService, goodsImpl);

  async function refundNow(tx: Db, maker: ProductScope, payload: RefundPayload): Promise<OrderRow> {
    const current = await lockOrder(tx, maker, payload.id);
    if (!WEB_REFUNDABLE.includes(current.state as WebOrderState)) throw refuse(maker.lang, 'state');
    let refundRef: string;
    try {
      // Through the provider the order was paid with, whatever the game uses now.
      const provider = await fastify.outside.open(tx, stripePayments, current.productId, {
        mode: current.provider === stripePayments.contract.name ? 'real' : 'fake',
      });
      refundRef = (
        await provider.refund({
          paymentRef: current.paymentRef,
          orderNo: current.orderNo,
          amount: Number(current.amount),
          currency: current.currency,
          reason: payload.reason,
        })
      ).refundRef;
    } catch {
      throw refuse(maker.lang, 'provider');
    }
    const [next] = await tx
      .update(webOrders)
      .set({
        state: 'refunded',
        refundedAt: new Date(),
        refundReason: payload.reason,
        approvalId: null,
        version: sql`${webOrders.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(webOrders.id, current.id), eq(webOrders.state, current.state)))
      .returning();
    if (!next) throw refuse(maker.lang, 'state');
    await addEvent(tx, current.id, 'refunded', actor(maker), payload.reason, {
      refund_ref: refundRef,
      from: current.state,
      amount: Number(current.amount),
      currency: current.currency,
    });
    await logOrder(tx, maker, current, next, payload.reason);
    // The refunds page lists it with the store refunds; claw-back of what was delivered is decided there.
    await storeWebRefund(tx, next, actor(maker));
    return next;
  }

  registerApprovalAction<RefundPayload>('web_orders.refund', {
    apply: (tx, maker, payload) => refundNow(tx, maker as ProductScope, payload),
    settle: async (tx, maker, payload) => {
      const [row] = await tx.select().from(webOrders).where(eq(webOrders.id, payload.id)).for('update');
      if (!row || row.approvalId === null) return;
      await tx
        .update(webOrders)
        .set({ approvalId: null, version: sql`${webOrders.version} + 1`, updatedAt: new Date() })
        .where(eq(webOrders.id, row.id));
      await addEvent(tx, row.id, 'refund_rejected', actor(maker), '', { approval_id: row.approvalId });
    },
  });

  queryRoutes(
    fastify,
    db,
    resource,
    {
      list: listOrders,
      batch: orderBatch,
    },
    {
      summary: 'Web recharge orders, filtered, sorted and paged',
      exporter: { headers: EXPORT_HEADERS },
    },
  );
  app.get(
    `${path}/totals`,
    {
      schema: {
        tags,
        summary: 'Paid orders per day (UTC) and currency: count and amount in minor units',
        querystring: webOrderTotalsQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) => ok(await orderTotals(db, scopeOf(request) as ProductScope, request.query)),
  );
  app.get(
    `${path}/:id`,
    {
      schema: { tags, summary: 'An order with its timeline and delivery attempts', params: webOrderParam },
      config: can(resource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      return ok(await orderDetail(db, await orderById(db, scope, request.params.id)));
    },
  );

  app.post(
    `${path}/:id/redeliver`,
    {
      schema: {
        tags,
        summary:
          'Deliver a delivery-failed order again, with the same order number (the game never applies it twice)',
        params: webOrderParam,
        body: webOrderRedeliverBody,
      },
      config: can(resource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      const row = await db.transaction(async (tx) => {
        const current = await lockOrder(tx, scope, request.params.id);
        if (current.version !== request.body.version) throw new ApiError(ErrorCode.CONFLICT);
        if (current.state !== 'delivery_failed') throw refuse(scope.lang, 'state');
        const [moved] = await tx
          .update(webOrders)
          .set({ state: 'paid', version: sql`${webOrders.version} + 1`, updatedAt: new Date() })
          .where(and(eq(webOrders.id, current.id), eq(webOrders.state, 'delivery_failed')))
          .returning();
        if (!moved) throw refuse(scope.lang, 'state');
        await addEvent(tx, current.id, 'redeliver', actor(scope));
        const done = await attemptDelivery(fastify.outside, tx, moved, actor(scope), 1);
        const next = done.row ?? (await markFailed(tx, moved, actor(scope), done.error)) ?? moved;
        await logOrder(tx, scope, current, next);
        return next;
      });
      return ok(toOrder(row));
    },
  );

  app.post(
    `${path}/:id/refund`,
    {
      schema: {
        tags,
        summary:
          'Refund the order through the payment provider (paid, delivered or delivery failed), with a reason; above the policy threshold it waits for a second person',
        params: webOrderParam,
        body: webOrderRefundBody,
      },
      config: can(resource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      const body = request.body;
      const current = await orderById(db, scope, request.params.id);
      if (current.version !== body.version) throw new ApiError(ErrorCode.CONFLICT);
      if (!WEB_REFUNDABLE.includes(current.state as WebOrderState) || current.approvalId !== null)
        throw refuse(scope.lang, 'state');
      const outcome = await submitChange<RefundPayload>(db, events, scope, {
        kind: 'web_orders.refund',
        amount: Number(current.amount),
        reason: body.reason,
        target: { type: resource.logTarget, id: current.id, name: `${current.orderNo} · ${current.openid}` },
        before: { state: current.state },
        after: { state: 'refunded' },
        payload: { id: current.id, version: current.version, reason: body.reason },
      });
      if (outcome.applied) return ok(toOrder(outcome.result as OrderRow));
      const row = await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, scope, current.id);
        const [next] = await tx
          .update(webOrders)
          .set({
            approvalId: outcome.request.id,
            version: sql`${webOrders.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(webOrders.id, locked.id))
          .returning();
        await addEvent(tx, locked.id, 'refund_asked', actor(scope), body.reason, {
          approval_id: outcome.request.id,
        });
        return next!;
      });
      return ok({ approval: outcome.request, order: toOrder(row) });
    },
  );
}

/**
 * `POST /api/game/v1/web-orders` (and `GET …/:order_no`) on the game API's signed plugin: the web
 * recharge site creates an order for a player and reads its state.
 */
export function webShopGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['game-api'];
  app.post(
    '/web-orders',
    {
      schema: {
        tags,
        summary:
          "The web recharge site's order: price from the good for the country, limits checked, a payment created; a repeat idempotency key answers the same order",
        body: webOrderCreateBody,
      },
      config: GAME,
    },
    async (request) => {
      const caller = request.gameCaller!;
      if (!(await isProductIn(db, caller.productId, 'hw'))) throw overseasOnly(requestLanguage(request));
      return ok(await createOrder(request.server.outside, db, caller, request.body));
    },
  );
  app.get(
    '/web-orders/:order_no',
    {
      schema: {
        tags,
        summary: "An order's state as the site shows it to the player",
        params: z.object({ order_no: safeText().trim().min(1).max(64) }),
      },
      config: GAME,
    },
    async (request) => {
      const caller = request.gameCaller!;
      const [row] = await db
        .select()
        .from(webOrders)
        .where(
          and(eq(webOrders.productId, caller.productId), eq(webOrders.orderNo, request.params.order_no)),
        );
      if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
      const o = toOrder(row);
      return ok({
        order_no: o.order_no,
        state: o.state,
        sku: o.sku,
        amount: o.amount,
        currency: o.currency,
        paid_at: o.paid_at,
        delivered_at: o.delivered_at,
      });
    },
  );
}

/**
 * The payment providers' notices, acknowledged once (a replay changes nothing); a paid one moves
 * the order to paid and delivers it (a job retries what the game refused):
 * - `POST /api/pay/v1/notify/fakepay`: the fake provider's, HMAC-SHA256 over the raw body
 *   (`x-pay-signature`, compared in constant time) with this server's fake-provider secret;
 * - `POST /api/pay/v1/notify/stripe/:product_id`: Stripe's webhook of a game, checked with the
 *   game's webhook secret (`stripe.webhooks.constructEvent`); events not about one of its orders'
 *   payments are acknowledged and ignored.
 */
export async function webPayRoutes(
  fastify: FastifyInstance,
  options: { db: Db; fakePaySecret: string },
): Promise<void> {
  const { db } = options;
  const runner: JobRunner = fastify.jobs;
  const raw = new WeakMap<FastifyRequest, Buffer>();
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 64 * 1024 },
    (request, body, done) => {
      raw.set(request, body as Buffer);
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')) as unknown);
      } catch {
        done(new ApiError(ErrorCode.INVALID_INPUT), undefined);
      }
    },
  );
  const apply = async (provider: string, notice: unknown) => {
    const outcome = await applyNotice(db, provider, notice);
    if (outcome.paid) await deliverAfterPayment(fastify.outside, db, runner, outcome.paid);
    return { received: true, duplicate: outcome.duplicate };
  };
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['web-shop'];
  app.post(
    '/notify/fakepay',
    {
      schema: { tags, summary: "The fake payment provider's notice (signed with this server's secret)" },
      config: PUBLIC,
    },
    async (request) => {
      const signature = request.headers[WEB_PAY_SIGNATURE_HEADER];
      const body = raw.get(request);
      if (
        typeof signature !== 'string' ||
        !body ||
        !sameSignature(signBody(options.fakePaySecret, body), signature)
      )
        throw new ApiError(ErrorCode.GAME_SIGNATURE_INVALID);
      return ok(await apply('fakepay', request.body));
    },
  );
  app.post(
    '/notify/stripe/:product_id',
    {
      schema: {
        tags,
        summary: "Stripe's webhook for a game (Stripe-Signature checked with the game's webhook secret)",
        params: z.object({ product_id: queryInt(1) }),
      },
      config: PUBLIC,
    },
    async (request) => {
      const body = raw.get(request);
      const signature = request.headers['stripe-signature'];
      const read = await readStripeWebhook(
        fastify.outside,
        db,
        request.params.product_id,
        body ?? Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
      if ('refused' in read) throw new ApiError(ErrorCode.GAME_SIGNATURE_INVALID);
      if (!read.notice) return ok({ received: true, duplicate: false, ignored: true });
      try {
        return ok(await apply(stripePayments.contract.name, read.notice));
      } catch (error) {
        // A Checkout Session of the same Stripe account that is not one of our orders.
        if (error instanceof ApiError && error.code === ErrorCode.NOT_FOUND)
          return ok({ received: true, duplicate: false, ignored: true });
        throw error;
      }
    },
  );
}
