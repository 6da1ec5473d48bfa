import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  LANGUAGES,
  type I18nText,
  type GameApiKeyCreated,
  type OutsideCallItem,
  type RefundItem,
  type RefundNoticeResult,
  type SanctionItem,
  type WebOrder,
  type WebOrderCreated,
} from '@rx/contracts';
import { body, type Client, useTestApp } from '../../../../test/index.ts';
import { setParty, startGameServer, type GameStandIn } from '../../../../test/stand-ins/index.ts';
import { billingPoints, channels, giftPackages, props } from '../../../db/tables.ts';
import { setPartyPolicy } from '../../../lib/outside/index.ts';
import { fakePayProvider } from '../index.ts';

// The game's own server over the signed callback protocol (docs/game-server-protocol.md), against a
// local game server built from that document: kicks, claw-backs and web-order deliveries keep their
// flows (pending and retried as job items, debts, lost answers, 429s) with the real adapter.

const t = useTestApp();
const admin = t.admin;
const secret = randomBytes(24).toString('base64url');
const tag = Date.now().toString(36);
let game: GameStandIn;
let key: GameApiKeyCreated;

/** A player of the demo game, as its sign-in reported by the game makes one. */
async function player(name: string): Promise<string> {
  const openid = `g${name}${tag}`;
  const res = await t.signedCall(key, 'POST', '/api/game/v1/players/events', {
    events: [{ type: 'login', event_id: `${openid}-login`, openid, at: new Date().toISOString() }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return openid;
}

const calls = async (api: Client, query: string) =>
  body<{ list: OutsideCallItem[] }>(await api.get(`/api/v1/outside-calls?party=game_server&${query}`)).data
    .list;

beforeAll(async () => {
  game = await startGameServer(secret);
  await setParty(admin, 'game_server', {
    mode: 'real',
    settings: { endpoint_url: `${game.url}/console-callbacks` },
    credentials: { signing_secret: secret },
  });
  key = await t.gameKey(admin, 'game-server');
  // A game that does not answer is given up on after this long (each hang below costs it once).
  setPartyPolicy('game_server', '*', { timeoutMs: 1500 });
});
afterAll(() => game.close());

describe('kick', () => {
  it('reaches the game signed; an unreachable game leaves it pending and the job retries it with the same key', async () => {
    const openid = await player('kick');
    const kick = async (reason: string) => {
      const res = await admin.post(`/api/v1/players/${openid}/sanctions`, { kind: 'kick', reason });
      expect(res.statusCode, res.body).toBe(200);
      return body<SanctionItem>(res).data;
    };
    expect(await kick('stuck')).toMatchObject({ delivery: 'ok' });
    const first = game.received.at(-1)!;
    expect(first.path).toBe('/console-callbacks');
    expect(JSON.parse(first.body)).toMatchObject({
      type: 'kick',
      product_id: t.productId,
      data: { openid, reason: 'stuck' },
    });

    game.plan('fail');
    const late = await kick('again');
    expect(late.delivery).toBe('pending');
    await t.app.jobs.runJob(late.retry_job_id!);
    const list = body<SanctionItem[]>(await admin.get(`/api/v1/players/${openid}/sanctions`)).data;
    expect(list.find((s) => s.id === late.id)!.delivery).toBe('ok');
    const keys = game.received.slice(-2).map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([`kick:${late.id}`, `kick:${late.id}`]);
    expect(game.kicked).toEqual([openid, openid]);

    const log = await calls(admin, 'operation=kick');
    expect(log.slice(0, 3).map((c) => [c.status, c.http_status, c.mode])).toEqual([
      ['ok', 200, 'real'],
      ['unavailable', 503, 'real'],
      ['ok', 200, 'real'],
    ]);
  });
});

describe('claw-back', () => {
  const sku = `gs.pack.${tag}`;
  let orderSeq = 0;
  let gem = '';
  let swordId = 0;
  const named = (text: string) => Object.fromEntries(LANGUAGES.map((lang) => [lang, text])) as I18nText;

  beforeAll(async () => {
    // What the SKU gives: 100 gems (a currency) and 2 swords.
    const { db } = t.database;
    const [owner] = await db
      .select({ cpId: channels.cpId, id: channels.id })
      .from(channels)
      .where(eq(channels.productId, t.productId));
    const base = { cpId: owner!.cpId, productId: t.productId, rarity: 'common' as const };
    gem = `gsgem${tag}`;
    await db.insert(props).values({ ...base, code: gem, name: named(gem), type: 'currency' });
    const [sword] = await db
      .insert(props)
      .values({ ...base, code: `gssword${tag}`, name: named('sword'), type: 'equipment' })
      .returning();
    swordId = sword!.id;
    const [gemProp] = await db.select().from(props).where(eq(props.code, gem));
    const [gift] = await db
      .insert(giftPackages)
      .values({
        cpId: base.cpId,
        productId: t.productId,
        name: named('pack'),
        contents: [
          { prop_id: gemProp!.id, quantity: 100 },
          { prop_id: swordId, quantity: 2 },
        ],
      })
      .returning();
    await db.insert(billingPoints).values({
      cpId: base.cpId,
      productId: t.productId,
      channelId: owner!.id,
      store: 'google_play',
      storeSku: sku,
      name: 'pack',
      prices: [],
      rewardGiftId: gift!.id,
      status: 'live',
    });
  });

  /** A refund of a fresh delivered order, matched to what the SKU gave; the player holds `held` of it in the game. */
  async function refundOf(held: { gems: number; swords: number }): Promise<RefundItem> {
    const n = ++orderSeq;
    const openid = `gc${tag}_${n}`;
    const orderNo = `GPA.gs${tag}-${n}`;
    const paid = await t.signedCall(key, 'POST', '/api/game/v1/players/events', {
      events: [
        {
          type: 'payment',
          event_id: `gs${tag}-pay-${n}`,
          openid,
          at: new Date(Date.now() - 3_600_000).toISOString(),
          order_no: orderNo,
          store: 'google_play',
          sku,
          amount: 499,
          currency: 'USD',
          status: 'delivered',
        },
      ],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    game.balances.set(
      openid,
      new Map([
        [`currency:${gem}`, held.gems],
        [`item:${swordId}`, held.swords],
      ]),
    );
    const noticed = await t.signedCall(key, 'POST', '/api/game/v1/refund-notices', {
      notices: [
        {
          notice_id: `gs${tag}-n${n}`,
          order_no: orderNo,
          store: 'google_play',
          voided_at: new Date().toISOString(),
        },
      ],
    });
    expect(body<{ results: RefundNoticeResult[] }>(noticed).data.results[0]!.state).toBe('matched');
    const list = body<{ list: RefundItem[] }>(await admin.get(`/api/v1/refunds?order_no=${orderNo}`)).data
      .list;
    return list[0]!;
  }
  const clawBack = async (refund: RefundItem) =>
    body<RefundItem>(await admin.post(`/api/v1/refunds/${refund.id}/claw-back`, { version: refund.version }))
      .data;

  it('takes what the player holds, records the rest as a debt, and asks only for the debt next time', async () => {
    const refund = await refundOf({ gems: 30, swords: 2 });
    const debt = await clawBack(refund);
    expect(debt).toMatchObject({ state: 'debt', owed: 70 });
    game.balances.get(refund.openid)!.set(`currency:${gem}`, 500);
    const done = await clawBack(debt);
    expect(done).toMatchObject({ state: 'clawed_back', owed: 0 });
    const asked = JSON.parse(game.received.at(-1)!.body) as {
      data: { currencies: unknown[]; items: unknown[] };
    };
    expect(asked.data).toMatchObject({ currencies: [{ currency: gem, amount: 70 }], items: [] });
    expect(game.balances.get(refund.openid)!.get(`currency:${gem}`)).toBe(430);
  });

  it('takes once when the answer was lost: the job retries with the same key and the game answers what it took', async () => {
    const refund = await refundOf({ gems: 100, swords: 2 });
    game.plan('lost_answer');
    const pending = await clawBack(refund);
    expect(pending.state).toBe('clawback_pending');
    await t.app.jobs.runJob(pending.retry_job_id!);
    const list = body<{ list: RefundItem[] }>(await admin.get(`/api/v1/refunds?order_no=${refund.order_no}`))
      .data.list;
    expect(list[0]).toMatchObject({ state: 'clawed_back', owed: 0 });
    const mine = game.received.filter((r) => r.headers['idempotency-key'] === `refund:${refund.id}:1`);
    expect(mine).toHaveLength(2);
    expect(game.balances.get(refund.openid)).toEqual(
      new Map([
        [`currency:${gem}`, 0],
        [`item:${swordId}`, 0],
      ]),
    );
    expect((await calls(admin, 'operation=clawback&status=timeout')).length).toBeGreaterThanOrEqual(1);
  });
});

describe('web-order delivery', () => {
  let ops: Client;
  let hwKey: GameApiKeyCreated;
  let seq = 0;

  beforeAll(async () => {
    // The demo's overseas game and its seeded goods (web.gems.60: 60 gems).
    ops = await t.signIn('ops_hw', 'dawn');
    await setParty(ops, 'game_server', {
      mode: 'real',
      settings: { endpoint_url: `${game.url}/dawn` },
      credentials: { signing_secret: secret },
    });
    hwKey = await t.gameKey(ops, 'delivery');
  });

  /** A paid order of a new player: created through the site's API, paid by the fake provider's notice. */
  async function paidOrder(): Promise<WebOrderCreated> {
    const n = ++seq;
    const order = await t.signedCall(hwKey, 'POST', '/api/game/v1/web-orders', {
      openid: `gd${tag}_${n}`,
      role_id: `role${n}`,
      server: 'na-1',
      sku: 'web.gems.60',
      country: 'US',
      payment_method: 'card',
      idempotency_key: `gd-${tag}-${n}`,
    });
    expect(order.statusCode, order.body).toBe(200);
    const created = body<WebOrderCreated>(order).data;
    const notice = fakePayProvider().notice({
      notice_id: `gd-${tag}-${n}`,
      order_no: created.order_no,
      payment_ref: created.payment_ref,
      amount: created.amount,
      currency: created.currency,
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/pay/v1/notify/fakepay',
      headers: { 'content-type': 'application/json', 'x-pay-signature': notice.signature },
      payload: notice.body,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return created;
  }
  const orderOf = async (orderNo: string) =>
    body<{ list: WebOrder[] }>(await ops.get(`/api/v1/web-orders?order_no=${orderNo}`)).data.list[0]!;

  it('delivers a paid order once, with its order number as the key', async () => {
    const order = await paidOrder();
    expect(await orderOf(order.order_no)).toMatchObject({ state: 'delivered', delivery_attempts: 1 });
    expect(game.delivered.has(order.order_no)).toBe(true);
    const call = JSON.parse(game.received.at(-1)!.body) as { data: { currencies: unknown } };
    expect(call.data.currencies).toEqual([{ currency: 'gem', amount: expect.any(Number) }]);
    expect(game.received.at(-1)!.headers['idempotency-key']).toBe(`deliver:${order.order_no}`);
  });

  it("waits out the game's 429 and delivers when its answer was lost, exactly once", async () => {
    game.plan('rate_limit', 'lost_answer');
    const order = await paidOrder();
    // The first attempt met the 429; the retry job (already running, or run here) goes on.
    const queued = await orderOf(order.order_no);
    await t.app.jobs.runJob(queued.retry_job_id!);
    expect((await orderOf(order.order_no)).state).toBe('delivered');
    const mine = game.received.filter((r) => r.headers['idempotency-key'] === `deliver:${order.order_no}`);
    expect(mine).toHaveLength(3);
    expect([...game.applied.keys()].filter((k) => k === `deliver:${order.order_no}`)).toHaveLength(1);
    const outcomes = (await calls(ops, 'operation=deliver')).slice(0, 3).map((c) => c.status);
    expect(outcomes).toEqual(['ok', 'timeout', 'rate_limited']);
  });
});

describe('a game that does not share the secret', () => {
  it('refuses the call (401): the kick stays pending, and the log never shows either secret', async () => {
    const other = randomBytes(24).toString('base64url');
    await setParty(admin, 'game_server', {
      mode: 'real',
      settings: { endpoint_url: game.url },
      credentials: { signing_secret: other },
    });
    try {
      const openid = await player('refused');
      const res = await admin.post(`/api/v1/players/${openid}/sanctions`, {
        kind: 'kick',
        reason: 'wrong secret',
      });
      const kick = body<SanctionItem>(res).data;
      expect(kick.delivery).toBe('pending');
      // The kick and its job's retries, all refused, all with the sanction's key.
      await t.app.jobs.runJob(kick.retry_job_id!);
      const keys = game.refused.map(
        (r) => (JSON.parse(r.body) as { idempotency_key: string }).idempotency_key,
      );
      expect(keys.length).toBeGreaterThanOrEqual(2);
      expect(new Set(keys)).toEqual(new Set([`kick:${kick.id}`]));
      const [refused] = await calls(admin, 'status=refused');
      expect(refused).toMatchObject({ operation: 'kick', http_status: 401 });
      const log = JSON.stringify(await calls(admin, 'page_size=100'));
      expect(log).not.toContain(other);
      expect(log).not.toContain(secret);
    } finally {
      await setParty(admin, 'game_server', {
        mode: 'real',
        settings: { endpoint_url: `${game.url}/console-callbacks` },
        credentials: { signing_secret: secret },
      });
    }
  });
});
