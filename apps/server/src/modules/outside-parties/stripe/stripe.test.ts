import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GameApiKeyCreated,
  OutsideCallItem,
  OutsidePartyItem,
  WebOrder,
  WebOrderCreated,
} from '@rx/contracts';
import { body, type Client, useTestApp } from '../../../../test/index.ts';
import { setParty, startStripe, type StripeStandIn } from '../../../../test/stand-ins/index.ts';
import { gameServerFakes } from '../index.ts';
import { STRIPE_API } from './real.ts';

// Stripe Checkout through the official `stripe` package, against a local stand-in of Stripe's API
// and its signed webhooks: a web order's payment is a Checkout Session, Stripe's
// `checkout.session.completed` pays it, a refund refunds the session's PaymentIntent.

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripe();
});
afterAll(() => stripe.close());
const t = useTestApp({ app: () => ({ outsideEndpoints: { [STRIPE_API]: stripe.url } }) });
const tag = Date.now().toString(36);
let ops: Client;
let key: GameApiKeyCreated;
let productId = 0;
let seq = 0;

beforeAll(async () => {
  // The demo's overseas game and its seeded goods (web.gems.60, priced in USD in the US).
  productId = await t.productIdOf('dawn');
  ops = await t.signIn('ops_hw', 'dawn');
  await setParty(ops, 'stripe', {
    mode: 'real',
    settings: {
      success_url: 'https://shop.example/paid?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.example/cancelled',
    },
    credentials: { secret_key: stripe.secretKey, webhook_secret: stripe.webhookSecret },
  });
  key = await t.gameKey(ops, 'stripe');
});

const orderBody = () => {
  const n = ++seq;
  return {
    openid: `st${tag}_${n}`,
    role_id: `role${n}`,
    server: 'na-1',
    sku: 'web.gems.60',
    country: 'US',
    payment_method: 'card',
    idempotency_key: `st-${tag}-${n}`,
  };
};
async function order(payload = orderBody()): Promise<WebOrderCreated> {
  const res = await t.signedCall(key, 'POST', '/api/game/v1/web-orders', payload);
  expect(res.statusCode, res.body).toBe(200);
  return body<WebOrderCreated>(res).data;
}
const webhook = (payload: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/pay/v1/notify/stripe/${productId}`,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
const orderOf = async (orderNo: string) =>
  body<{ list: WebOrder[] }>(await ops.get(`/api/v1/web-orders?order_no=${orderNo}`)).data.list[0]!;
const calls = async (query: string) =>
  body<{ list: OutsideCallItem[] }>(await ops.get(`/api/v1/outside-calls?party=stripe&${query}`)).data.list;

describe('Stripe Checkout', () => {
  it('keeps the keys sealed: the console reads only that they are set', async () => {
    const res = await ops.get('/api/v1/outside-parties');
    const item = body<OutsidePartyItem[]>(res).data.find((p) => p.party === 'stripe')!;
    expect(item).toMatchObject({ mode: 'real', credentials: { secret_key: true, webhook_secret: true } });
    expect(res.body).not.toContain(stripe.secretKey);
    expect(res.body).not.toContain(stripe.webhookSecret);
  });

  it('pays an order through a Checkout Session, once per order even when the site asks twice', async () => {
    const payload = orderBody();
    const created = await order(payload);
    const session = stripe.sessions.get(created.payment_ref)!;
    expect(session).toMatchObject({
      client_reference_id: created.order_no,
      amount_total: created.amount,
      currency: 'usd',
      success_url: 'https://shop.example/paid?session={CHECKOUT_SESSION_ID}',
      allowed_payment_method_types: ['card'],
    });
    expect(created).toMatchObject({ pay_url: session.url, currency: 'USD', repeated: false });
    const request = stripe.received.at(-1)!;
    expect(request.headers['idempotency-key']).toBe(`checkout:${created.order_no}`);
    // The site asks again with its key: the same order and address, no second session.
    expect(await order(payload)).toMatchObject({
      order_no: created.order_no,
      pay_url: session.url,
      repeated: true,
    });
    expect(
      [...stripe.sessions.values()].filter((s) => s.client_reference_id === created.order_no),
    ).toHaveLength(1);

    // Stripe's signed event pays the order; the (fake) game receives it; a replay changes nothing.
    const paid = stripe.pay(session.id);
    const res = await webhook(paid.payload, paid.signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ received: true, duplicate: false });
    expect(await orderOf(created.order_no)).toMatchObject({ state: 'delivered', provider: 'stripe' });
    expect(gameServerFakes().deliver.applications(created.order_no)).toBe(1);
    expect(body(await webhook(paid.payload, paid.signature)).data).toEqual({
      received: true,
      duplicate: true,
    });
    expect((await calls('operation=webhook'))[0]).toMatchObject({ status: 'ok', mode: 'real' });
  });

  it("waits out Stripe's 429 and sends the same idempotency key again", async () => {
    stripe.plan('rate_limit');
    const created = await order();
    const attempts = stripe.received.filter((r) => r.path === '/v1/checkout/sessions');
    expect(attempts.slice(-2).map((r) => r.headers['idempotency-key'])).toEqual([
      `checkout:${created.order_no}`,
      `checkout:${created.order_no}`,
    ]);
    const log = await calls('operation=checkout_create');
    expect(log.slice(0, 2).map((c) => [c.status, c.http_status, c.attempt])).toEqual([
      ['ok', 200, 2],
      ['rate_limited', 429, 1],
    ]);
    expect(log[0]!.request_id).toMatch(/^req_/);
  });

  it('refuses a webhook not signed with the game’s secret, and acknowledges events about other things', async () => {
    const created = await order();
    const paid = stripe.pay(created.payment_ref);
    const forged = await webhook(paid.payload, stripe.sign(paid.payload, 'whsec_not_the_secret'));
    expect(forged.statusCode).toBe(401);
    expect((await orderOf(created.order_no)).state).toBe('created');
    expect((await calls('operation=webhook&status=refused'))[0]!.error).toMatch(/signature/i);
    const other = JSON.stringify({
      id: `evt_${tag}`,
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: {} },
    });
    expect(body(await webhook(other, stripe.sign(other))).data).toEqual({
      received: true,
      duplicate: false,
      ignored: true,
    });
  });

  it('refunds the PaymentIntent of the order’s session', async () => {
    const created = await order();
    const paid = stripe.pay(created.payment_ref);
    await webhook(paid.payload, paid.signature);
    const delivered = await orderOf(created.order_no);
    const res = await ops.post(`/api/v1/web-orders/${delivered.id}/refund`, {
      reason: 'asked by the player',
      version: delivered.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<WebOrder>(res).data.state).toBe('refunded');
    const intent = stripe.sessions.get(created.payment_ref)!.payment_intent;
    expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: intent, amount: created.amount });
    expect(stripe.received.at(-1)!.headers['idempotency-key']).toBe(`refund:${created.order_no}`);
  });
});
