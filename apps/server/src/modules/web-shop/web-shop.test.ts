import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  WEB_SHOP_STORE,
  webGoodsResource,
  type RefundDetail,
  type RefundItem,
  webOrdersResource,
  type GameApiKeyCreated,
  type WebGood,
  type WebOrder,
  type WebOrderCreated,
  type WebOrderDetail,
} from '@rx/contracts';
import { describeResource } from '../../../test/describe-resource.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { adminOf, body, productIdOf, signIn, staffWith, type Client } from '../../../test/api.ts';
import { newNonce, signGameRequest } from '../../../test/game.ts';
import { products, users } from '../../db/schema.ts';
import { queryRows } from '../../lib/rows.ts';
import {
  deliveryGame,
  paymentProvider,
  setDeliveryRetry,
  setWebShopTimeout,
  type FakeDeliveryGame,
  type FakePayProvider,
} from './index.ts';
import { webActivities } from '../web-activities/tables.ts';
import { clawbackGame } from '../refunds/index.ts';
import { webOrders } from './tables.ts';

// The web recharge site: goods (a resource) and orders — the site's signed order, the provider's
// signed notice, delivery through the (fake) game with retries, redelivery and refunds.

const tag = Date.now().toString(36);
const HW_A = `wshopa${tag}`;
const HW_B = `wshopb${tag}`;
const NAME = {
  zh: '钻石',
  en: 'Gems',
  ja: 'ジェム',
  th: 'เพชร',
  vi: 'Kim cương',
  tl: 'Hiyas',
  id: 'Permata',
  ar: 'جواهر',
  tc: '鑽石',
};

/** Two overseas games of the domestic demo CP (its admin works in them; the demo's hw games are another CP's). */
async function addOverseasGames(t: TestContext): Promise<void> {
  const [admin] = await t.database.db
    .select({ cpId: users.cpId })
    .from(users)
    .where(eq(users.username, 'admin'));
  for (const code of [HW_A, HW_B]) {
    const [exists] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.code, code));
    if (!exists)
      await t.database.db
        .insert(products)
        .values({ cpId: admin!.cpId, code, name: code, region: 'hw', platforms: ['web'] });
  }
}

const sample = (n: number) => ({
  sku: `gems_${n}_${tag}`,
  name: NAME,
  currency_code: 'gem',
  currency_amount: 100 * n,
  prices: [
    { country: 'US', currency: 'USD', amount: 499 },
    { country: 'JP', currency: 'JPY', amount: 800 },
  ],
});

describeResource(webGoodsResource, {
  sample,
  change: { sort_order: 7, prices: [{ country: 'GB', currency: 'GBP', amount: 399 }] },
  invalid: {
    body: {
      ...sample(999),
      prices: [
        { country: 'US', currency: 'USD', amount: 499 },
        { country: 'US', currency: 'USD', amount: 599 },
      ],
    },
    field: 'prices',
  },
  roundTrip: { column: 'sort_order', value: '42' },
  as: { user: 'admin', product: HW_A },
  elsewhere: HW_B,
  setup: addOverseasGames,
});

let t: TestContext;
let admin: Client;
let key: GameApiKeyCreated;
let productId: number;
let giftId = 0;
let gemId = 0;
let good: WebGood;
const game = deliveryGame() as FakeDeliveryGame;
const pay = paymentProvider('fakepay') as FakePayProvider;
const perms = webOrdersResource.permissions;
let seq = 0;
let noticeSeq = 0;

function signed(url: string, payload: unknown, k = key) {
  const text = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url,
    headers: signGameRequest(k, { method: 'POST', url, body: text, nonce: newNonce() }),
    payload: text,
  });
}
function orderBody(extra: object = {}) {
  const n = ++seq;
  return {
    openid: `p${tag}_${n}`,
    role_id: `r${n}`,
    server: 's1',
    sku: good.sku,
    country: 'US',
    payment_method: 'card',
    idempotency_key: `idem-${tag}-${n}`,
    ...extra,
  };
}
async function created(extra: object = {}): Promise<WebOrderCreated> {
  const res = await signed('/api/game/v1/web-orders', orderBody(extra));
  expect(res.statusCode, res.body).toBe(200);
  return body<WebOrderCreated>(res).data;
}
function notify(order: WebOrderCreated, extra: object = {}, signature?: string) {
  const notice = pay.notice({
    notice_id: `n-${tag}-${++noticeSeq}`,
    order_no: order.order_no,
    payment_ref: order.payment_ref,
    amount: order.amount,
    currency: order.currency,
    ...extra,
  });
  return {
    notice,
    send: (sig = signature ?? notice.signature) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pay/v1/notify/fakepay',
        headers: { 'content-type': 'application/json', 'x-pay-signature': sig },
        payload: notice.body,
      }),
  };
}
async function orderOf(orderNo: string, api = admin): Promise<WebOrder> {
  const res = await api.get(`/api/v1/web-orders?order_no=${orderNo}`);
  expect(res.statusCode, res.body).toBe(200);
  const list = body<{ list: WebOrder[] }>(res).data.list;
  expect(list).toHaveLength(1);
  return list[0]!;
}
async function detailOf(id: number): Promise<WebOrderDetail> {
  return body<WebOrderDetail>(await admin.get(`/api/v1/web-orders/${id}`)).data;
}
/** A paid order (the notice sent), with the game in `mode` while it is paid. */
async function paidOrder(extra: object = {}): Promise<WebOrder> {
  const order = await created(extra);
  const res = await notify(order).send();
  expect(res.statusCode, res.body).toBe(200);
  return orderOf(order.order_no);
}
/** Runs the order's retry job (the runner may have started it already) and answers the order once it left paid. */
async function runRetry(order: WebOrder): Promise<WebOrder> {
  let current = await orderOf(order.order_no);
  expect(current.retry_job_id).toBeGreaterThan(0);
  await t.app.jobs.runJob(current.retry_job_id!);
  for (let i = 0; i < 400 && current.state === 'paid'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    current = await orderOf(order.order_no);
  }
  return current;
}

describe('web orders', () => {
  beforeAll(async () => {
    t = await createTestApp();
    await addOverseasGames(t);
    admin = await signIn(t, 'admin', HW_A);
    productId = await productIdOf(t, HW_A);
    key = body<GameApiKeyCreated>(await admin.post('/api/v1/game-api-keys', { note: 'web shop' })).data;
    const { db } = t.database;
    const [p] = await queryRows<{ cp_id: number }>(
      db,
      sql`select cp_id from products where id = ${productId}`,
    );
    const [prop] = await queryRows<{ id: number }>(
      db,
      sql`insert into props (cp_id, product_id, code, name, type, rarity)
        values (${p!.cp_id}, ${productId}, ${`sword${tag}`}, ${JSON.stringify({ zh: 'sword' })}::jsonb, 'equipment', 'common')
        returning id`,
    );
    gemId = Number(prop!.id);
    const gift = await admin.post('/api/v1/gift-packages', {
      name: { zh: '礼包', en: 'Pack' },
      contents: [{ prop_id: gemId, quantity: 2 }],
    });
    expect(gift.statusCode, gift.body).toBe(200);
    giftId = body<{ id: number }>(gift).data.id;
    const res = await admin.post('/api/v1/web-goods', {
      sku: `pack_${tag}`,
      name: NAME,
      gift_package_id: giftId,
      currency_code: 'gem',
      currency_amount: 100,
      bonus_kind: 'percent',
      bonus_percent: 10,
      prices: [
        { country: 'US', currency: 'USD', amount: 499 },
        { country: 'JP', currency: 'JPY', amount: 800 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    good = body<WebGood>(res).data;
    setWebShopTimeout(50);
    setDeliveryRetry({ attempts: 3, backoffMs: 1, maxWaitMs: 5 });
  });
  afterAll(() => t.app.close());
  beforeEach(() => {
    game.reset();
    pay.reset();
  });

  it('creates an order at the price of the country, answers a repeated key with the same order, and lists the good as a gift user', async () => {
    const first = orderBody({ country: 'JP' });
    const a = body<WebOrderCreated>(await signed('/api/game/v1/web-orders', first)).data;
    expect(a).toMatchObject({ state: 'created', currency: 'JPY', amount: 800, repeated: false });
    expect(a.payment_ref).toMatch(/^fp_/);
    const b = body<WebOrderCreated>(await signed('/api/game/v1/web-orders', first)).data;
    expect(b).toMatchObject({ order_no: a.order_no, repeated: true });
    expect(pay.calls.filter((c) => c.kind === 'create')).toHaveLength(1);
    const order = await orderOf(a.order_no);
    expect(order.items).toEqual([{ prop_id: gemId, quantity: 2 }]);
    expect(order.currencies).toEqual([{ currency: 'gem', amount: 110 }]);
    // A country without a price, an unknown SKU: refused with the reason.
    const noPrice = await signed('/api/game/v1/web-orders', orderBody({ country: 'FR' }));
    expect(body<{ reason: string }>(noPrice).data).toMatchObject({ reason: 'no_price' });
    expect(body(noPrice).code).toBe(422001);
    expect(
      body<{ reason: string }>(await signed('/api/game/v1/web-orders', orderBody({ sku: 'nope' }))).data,
    ).toMatchObject({ reason: 'unknown_sku' });
    const usedBy = body<{ type: string; id: number }[]>(
      await admin.get(`/api/v1/gift-packages/${giftId}/used-by`),
    ).data;
    expect(usedBy).toContainEqual(expect.objectContaining({ type: 'web_good', id: good.id }));
  });

  it("seeds the demo overseas game's goods and an order in every state", async () => {
    const ops = await signIn(t, 'ops_hw', 'dawn');
    const goods = body<{ total: number }>(await ops.get('/api/v1/web-goods')).data;
    expect(goods.total).toBeGreaterThanOrEqual(2);
    const orders = body<{ list: WebOrder[] }>(await ops.get('/api/v1/web-orders?page_size=50')).data.list;
    expect(new Set(orders.map((o) => o.state))).toEqual(
      new Set(['created', 'paid', 'delivered', 'delivery_failed', 'refunded']),
    );
  });

  it('refuses bad input with 400001 and creates nothing', async () => {
    const before = await t.database.db.$count(webOrders);
    for (const bad of [
      orderBody({ country: 'usa' }),
      orderBody({ payment_method: 'cash' }),
      orderBody({ idempotency_key: 'x' }),
      { ...orderBody(), openid: '' },
    ]) {
      const res = await signed('/api/game/v1/web-orders', bad);
      expect(body(res).code, res.body).toBe(400001);
    }
    expect(await t.database.db.$count(webOrders)).toBe(before);
    expect(body(await admin.get('/api/v1/web-orders?state=lost')).code).toBe(400001);
  });

  it('pays on the signed notice and delivers once; a replayed notice is acknowledged and changes nothing; a bad signature is refused', async () => {
    const order = await created();
    const notice = notify(order);
    const forged = await notice.send('0'.repeat(64));
    expect(forged.statusCode).toBe(401);
    expect((await orderOf(order.order_no)).state).toBe('created');
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/pay/v1/notify/fakepay',
      headers: { 'content-type': 'application/json', 'x-pay-signature': notice.notice.signature },
      payload: notice.notice.body.replace(`"amount":${order.amount}`, `"amount":1`),
    });
    expect(tampered.statusCode).toBe(401);
    const res = await notice.send();
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ received: true, duplicate: false });
    const again = await notice.send();
    expect(body(again).data).toEqual({ received: true, duplicate: true });
    // Another notice of the same payment: acknowledged, nothing moves.
    expect(body(await notify(order).send()).data).toEqual({ received: true, duplicate: true });
    const done = await orderOf(order.order_no);
    expect(done).toMatchObject({ state: 'delivered', delivery_attempts: 1 });
    expect(game.calls).toHaveLength(1);
    expect(game.ledger.get(order.order_no)).toMatchObject({ items: [{ prop_id: gemId, quantity: 2 }] });
    const detail = await detailOf(done.id);
    expect(detail.timeline.map((e) => e.kind)).toEqual([
      'created',
      'payment_created',
      'paid',
      'delivery_attempt',
      'delivered',
      'notice_duplicate',
      'notice_duplicate',
    ]);
    expect(detail.attempts).toEqual([expect.objectContaining({ seq: 1, outcome: 'ok' })]);
  });

  it('retries a delivery the game applied but never answered: delivered exactly once', async () => {
    game.failNext('timeout_after_apply');
    const paid = await paidOrder();
    expect(paid.retry_job_id).toBeGreaterThan(0);
    expect(game.applications(paid.order_no)).toBe(1);
    const done = await runRetry(paid);
    expect(done.state).toBe('delivered');
    expect(game.calls.map((c) => c.outcome)).toEqual(['timeout_after_apply', 'ok']);
    expect(game.ledger.size).toBe(1);
    const attempts = (await detailOf(done.id)).attempts.map((a) => a.outcome);
    expect(attempts).toEqual(['timeout', 'duplicate']);
  });

  it("waits out the game's rate limit and delivers", async () => {
    game.failNext('rate_limit', 'rate_limit');
    const paid = await paidOrder();
    const done = await runRetry(paid);
    expect(done.state).toBe('delivered');
    expect((await detailOf(done.id)).attempts.map((a) => a.outcome)).toEqual([
      'rate_limited',
      'rate_limited',
      'ok',
    ]);
  });

  it('ends delivery failed after the retries; staff redeliver with the same order number, once even when asked twice at once', async () => {
    game.mode = 'fail';
    const paid = await paidOrder();
    const failed = await runRetry(paid);
    expect(failed).toMatchObject({ state: 'delivery_failed', delivery_attempts: 4 });
    // Redelivery that fails again stays delivery failed.
    const again = body<WebOrder>(
      await admin.post(`/api/v1/web-orders/${failed.id}/redeliver`, { version: failed.version }),
    ).data;
    expect(again.state).toBe('delivery_failed');
    game.mode = 'ok';
    const [one, two] = await Promise.all([
      admin.post(`/api/v1/web-orders/${failed.id}/redeliver`, { version: again.version }),
      admin.post(`/api/v1/web-orders/${failed.id}/redeliver`, { version: again.version }),
    ]);
    const codes = [body(one).code, body(two).code].sort();
    expect(codes).toEqual([0, 409001]);
    const done = await orderOf(paid.order_no);
    expect(done.state).toBe('delivered');
    expect(game.calls.filter((c) => c.outcome === 'ok')).toHaveLength(1);
    expect(game.applications(paid.order_no)).toBe(1);
    // Not from delivered.
    expect(
      body(await admin.post(`/api/v1/web-orders/${done.id}/redeliver`, { version: done.version })).code,
    ).toBe(422001);
    const kinds = (await detailOf(done.id)).timeline.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'redeliver')).toHaveLength(2);
    expect(kinds.at(-1)).toBe('delivered');
  });

  it('refunds with a reason through the provider, once; above the policy threshold a second person approves', async () => {
    const order = await paidOrder();
    expect(
      body(await admin.post(`/api/v1/web-orders/${order.id}/refund`, { version: order.version })).code,
    ).toBe(400001);
    const res = await admin.post(`/api/v1/web-orders/${order.id}/refund`, {
      reason: 'charged twice',
      version: order.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<WebOrder>(res).data).toMatchObject({ state: 'refunded', refund_reason: 'charged twice' });
    expect(pay.calls.filter((c) => c.kind === 'refund')).toHaveLength(1);
    const refunded = await orderOf(order.order_no);
    expect(
      body(
        await admin.post(`/api/v1/web-orders/${order.id}/refund`, { reason: 'x', version: refunded.version }),
      ).code,
    ).toBe(422001);
    // The provider does not answer: refused, nothing moves.
    const other = await paidOrder();
    pay.failNext('timeout');
    expect(
      body(await admin.post(`/api/v1/web-orders/${other.id}/refund`, { reason: 'x', version: other.version }))
        .code,
    ).toBe(422001);
    expect((await orderOf(other.order_no)).state).toBe('delivered');
    // Two-person approval above 400 minor units.
    expect(
      (
        await admin.put('/api/v1/approval-policies', {
          policies: [{ action: perms.approve, threshold: 400 }],
        })
      ).statusCode,
    ).toBe(200);
    const checker = await signIn(t, await staffWith(t, [perms.see, perms.approve]), HW_A);
    const asked = await admin.post(`/api/v1/web-orders/${other.id}/refund`, {
      reason: 'goodwill',
      version: other.version,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = body<{ approval: { id: number; amount: number } }>(asked).data;
    expect(approval.amount).toBe(499);
    expect((await orderOf(other.order_no)).state).toBe('delivered');
    expect(body(await checker.post(`/api/v1/approvals/${approval.id}/approve`, { comment: 'ok' })).code).toBe(
      0,
    );
    expect((await orderOf(other.order_no)).state).toBe('refunded');
    const kinds = (await detailOf(other.id)).timeline.map((e) => e.kind);
    expect(kinds.slice(-2)).toEqual(['refund_asked', 'refunded']);
    await admin.put('/api/v1/approval-policies', { policies: [] });
    const logs = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from operation_logs where target_type = 'web_order' and target_id = ${String(order.id)}`,
    );
    expect(logs.map((l) => l.action)).toContain('update');
  });

  it("delivers a top-up activity's reward with the order that earns it (web-activities' grantTopUpRewards)", async () => {
    // In the other overseas game, so the other tests' orders earn nothing.
    const other = await signIn(t, 'admin', HW_B);
    const otherId = await productIdOf(t, HW_B);
    const otherKey = body<GameApiKeyCreated>(await other.post('/api/v1/game-api-keys', { note: 'b' })).data;
    const [p] = await queryRows<{ cp_id: number }>(
      t.database.db,
      sql`select cp_id from products where id = ${otherId}`,
    );
    const [prop] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into props (cp_id, product_id, code, name, type, rarity)
        values (${p!.cp_id}, ${otherId}, ${`shield${tag}`}, ${JSON.stringify({ zh: 'shield' })}::jsonb, 'equipment', 'common')
        returning id`,
    );
    const shieldId = Number(prop!.id);
    const gift = body<{ id: number }>(
      await other.post('/api/v1/gift-packages', {
        name: { zh: '首充礼', en: 'First top-up' },
        contents: [{ prop_id: shieldId, quantity: 5 }],
      }),
    ).data.id;
    const first = body<WebGood>(await other.post('/api/v1/web-goods', sample(77))).data;
    const [activity] = await t.database.db
      .insert(webActivities)
      .values({
        cpId: p!.cp_id,
        productId: otherId,
        name: { ...NAME },
        kind: 'first',
        currency: '',
        tiers: [{ threshold: 0, gift_package_id: gift }] as never,
        startsAt: new Date(Date.now() - 3_600_000),
        endsAt: new Date(Date.now() + 3_600_000),
        status: 'live',
      })
      .returning();
    const made = body<WebOrderCreated>(
      await signed('/api/game/v1/web-orders', orderBody({ sku: first.sku }), otherKey),
    ).data;
    expect(body(await notify(made).send()).code).toBe(0);
    const res = await other.get(`/api/v1/web-orders?order_no=${made.order_no}`);
    const order = body<{ list: WebOrder[] }>(res).data.list[0]!;
    expect(order.state).toBe('delivered');
    expect(order.activity_rewards).toEqual([
      { activityId: activity!.id, kind: 'first', giftPackageId: gift },
    ]);
    expect(game.ledger.get(made.order_no)?.items).toEqual([{ prop_id: shieldId, quantity: 5 }]);
    const detail = body<WebOrderDetail>(await other.get(`/api/v1/web-orders/${order.id}`)).data;
    expect(detail.timeline.map((e) => e.kind)).toContain('activity_reward');
  });

  it('checks the per-player limits', async () => {
    const limited = body<WebGood>(
      await admin.post('/api/v1/web-goods', {
        ...sample(50),
        sku: `limited_${tag}`,
        limit_total: 1,
      }),
    ).data;
    const who = { openid: `lim${tag}`, sku: limited.sku };
    await paidOrder(who);
    const res = await signed('/api/game/v1/web-orders', orderBody(who));
    expect(body<{ reason: string }>(res).data).toMatchObject({ reason: 'total_limit' });
  });

  it('needs the permission of each action (403001)', async () => {
    const failedOrder = await (async () => {
      game.mode = 'fail';
      const paid = await paidOrder();
      return runRetry(paid);
    })();
    game.mode = 'ok';
    const nobody = await signIn(t, await staffWith(t, []), HW_A);
    expect(body(await nobody.get('/api/v1/web-orders')).code).toBe(403001);
    const viewer = await signIn(t, await staffWith(t, [perms.see]), HW_A);
    expect(body(await viewer.get('/api/v1/web-orders')).code).toBe(0);
    expect(body(await viewer.get(`/api/v1/web-orders/${failedOrder.id}`)).code).toBe(0);
    expect(
      body(
        await viewer.post(`/api/v1/web-orders/${failedOrder.id}/redeliver`, { version: failedOrder.version }),
      ).code,
    ).toBe(403001);
    expect(
      body(
        await viewer.post(`/api/v1/web-orders/${failedOrder.id}/refund`, {
          reason: 'x',
          version: failedOrder.version,
        }),
      ).code,
    ).toBe(403001);
    expect(body(await viewer.get('/api/v1/web-orders/export?format=csv')).code).toBe(403001);
    expect((await orderOf(failedOrder.order_no)).state).toBe('delivery_failed');
    const exporter = await signIn(t, await staffWith(t, [perms.see, perms.export]), HW_A);
    const csv = await exporter.get(`/api/v1/web-orders/export?format=csv&order_no=${failedOrder.order_no}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(failedOrder.order_no);
    const editor = await signIn(t, await staffWith(t, [perms.see, perms.edit]), HW_A);
    expect(
      body(
        await editor.post(`/api/v1/web-orders/${failedOrder.id}/redeliver`, { version: failedOrder.version }),
      ).code,
    ).toBe(0);
  });

  it('lists a web order refunded from the console once on the refunds page, matched with what was delivered, for its CP only', async () => {
    const order = await paidOrder();
    expect(order.state).toBe('delivered');
    // Before the refund: no refund row, and the order's detail has none.
    expect((await detailOf(order.id)).refund).toBeNull();
    const res = await admin.post(`/api/v1/web-orders/${order.id}/refund`, {
      reason: 'charged twice',
      version: order.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const refunded = await orderOf(order.order_no);
    const listed = async (api: Client, query: string) =>
      body<{ list: RefundItem[]; total: number }>(await api.get(`/api/v1/refunds?${query}`)).data;
    const mine = await listed(admin, `store=${WEB_SHOP_STORE}&order_no=${order.order_no}`);
    expect(mine.total).toBe(1);
    const refund = mine.list[0]!;
    expect(refund).toMatchObject({
      notice_id: `web:${order.order_no}`,
      order_no: order.order_no,
      store: WEB_SHOP_STORE,
      source: 'console',
      openid: order.openid,
      sku: order.sku,
      amount: 499,
      currency: 'USD',
      quantity: 1,
      state: 'matched',
      voided_at: refunded.refunded_at,
      // The web shop's refund took nothing back: the whole delivery is still owed.
      owed: 112,
      ledger: [
        { kind: 'item', code: String(gemId), name: 'sword', wanted: 2, taken: 0 },
        { kind: 'currency', code: 'gem', name: 'gem', wanted: 110, taken: 0 },
      ],
    });
    // Another store's filter leaves it out; the order's detail names its refund (both ways).
    expect((await listed(admin, `store=google_play&order_no=${order.order_no}`)).total).toBe(0);
    expect((await detailOf(order.id)).refund).toEqual({ id: refund.id, state: 'matched' });
    const detail = body<RefundDetail>(await admin.get(`/api/v1/refunds/${refund.id}`)).data;
    expect(detail.timeline.map((e) => e.kind)).toEqual(['notice', 'matched']);
    expect(detail.timeline[0]).toMatchObject({ reason: 'charged twice', by: { username: 'admin' } });
    // Refunding again is refused and adds nothing.
    expect(
      body(
        await admin.post(`/api/v1/web-orders/${order.id}/refund`, { reason: 'x', version: refunded.version }),
      ).code,
    ).toBe(422001);
    expect((await listed(admin, `order_no=${order.order_no}`)).total).toBe(1);
    // Another CP's admin does not see it, in their own game or by asking for this one.
    const other = await signIn(t, await adminOf(t, 'ops_hw'), 'dawn');
    expect((await listed(other, `order_no=${order.order_no}`)).total).toBe(0);
    expect(body(await other.get(`/api/v1/refunds/${refund.id}`)).code).toBe(404001);
    // The refunds page claws back what was delivered, through the game, once.
    const claw = clawbackGame();
    claw.reset();
    const clawed = await admin.post(`/api/v1/refunds/${refund.id}/claw-back`, { version: refund.version });
    expect(clawed.statusCode, clawed.body).toBe(200);
    expect(body<RefundItem>(clawed).data).toMatchObject({ state: 'clawed_back', owed: 0 });
    expect(claw.calls).toHaveLength(1);
    expect(claw.calls[0]).toMatchObject({
      openid: order.openid,
      items: [{ prop_id: gemId, quantity: 2 }],
      currencies: [{ currency: 'gem', amount: 110 }],
    });
    expect((await detailOf(order.id)).refund).toEqual({ id: refund.id, state: 'clawed_back' });
  });

  it("puts the demo's refunded web order on its refunds page", async () => {
    const ops = await signIn(t, 'ops_hw', 'dawn');
    const orders = body<{ list: WebOrder[] }>(await ops.get('/api/v1/web-orders?state=refunded')).data.list;
    expect(orders.length).toBeGreaterThanOrEqual(1);
    const refunds = body<{ list: RefundItem[] }>(
      await ops.get(`/api/v1/refunds?store=${WEB_SHOP_STORE}&order_no=${orders[0]!.order_no}`),
    ).data.list;
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ source: 'console', state: 'matched' });
  });

  it("keeps to its CP, its product and overseas games: another CP's admin cannot see an order; a domestic game is refused", async () => {
    const order = await paidOrder();
    const other = await signIn(t, await adminOf(t, 'ops_hw'), 'dawn');
    expect(body(await other.get(`/api/v1/web-orders/${order.id}`)).code).toBe(404001);
    expect(
      body<{ list: WebOrder[] }>(await other.get('/api/v1/web-orders')).data.list.map((o) => o.id),
    ).not.toContain(order.id);
    const elsewhere = await signIn(t, 'admin', HW_B);
    expect(body(await elsewhere.get(`/api/v1/web-orders/${order.id}`)).code).toBe(404001);
    const domestic = await signIn(t, 'admin', 'xianxia');
    const refused = await domestic.get('/api/v1/web-orders');
    expect(body(refused).code).toBe(422001);
    expect(body(await domestic.get('/api/v1/web-goods')).code).toBe(422001);
    const gnKey = body<GameApiKeyCreated>(await domestic.post('/api/v1/game-api-keys', { note: 'gn' })).data;
    expect(body(await signed('/api/game/v1/web-orders', orderBody(), gnKey)).code).toBe(422001);
    // The totals of the day count the paid (not refunded) orders per currency.
    const totals = body<{ day: string; currency: string; count: number }[]>(
      await admin.get('/api/v1/web-orders/totals'),
    ).data;
    expect(totals.find((r) => r.currency === 'USD')?.count).toBeGreaterThan(0);
  });
});
