import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  refundsResource,
  type GamePlayerStatus,
  type RefundDetail,
  type RefundItem,
  type RefundNoticeResult,
  type RefundPollAnswer,
  type RefundTotalRow,
} from '@rx/contracts';
import { body, signGameRequest, useTestApp } from '../../../test/index.ts';
import { jobItems } from '../../db/jobs.ts';
import { queryRows } from '../../lib/rows.ts';
import type { FakeClawbackGame, FakeStore } from './index.ts';
import { clawbackGame, setRefundTimeout, storeAdapter } from './index.ts';
import { refundPolls, refunds } from './tables.ts';

// Refunds: a store's refund notice reaches the console through the signed game API (or the store
// poll), is matched to its order and the items delivered for it, and is clawed back through the game.

const t = useTestApp({ gameKey: 'refunds', tankwar: true });
const admin = t.admin;
const game = clawbackGame() as FakeClawbackGame;
const store = storeAdapter() as FakeStore;
const tag = Date.now().toString(36);
const STORE = `gp${tag}`;
const SKU = `sku-${tag}`;
const perms = refundsResource.permissions;
let orderSeq = 0;
let noticeSeq = 0;
let gemId = 0;
let swordId = 0;

/** A delivered order of a new player (through the players' game events); answers the order number and openid. */
async function order(amount = 600): Promise<{ orderNo: string; openid: string }> {
  const n = ++orderSeq;
  const openid = `r${tag}_${n}`;
  const orderNo = `GPA.${tag}-${n}`;
  const res = await t.signedCall(t.key, 'POST', '/api/game/v1/players/events', {
    events: [
      {
        type: 'payment',
        event_id: `${tag}-pay-${n}`,
        openid,
        at: new Date(Date.now() - 3_600_000).toISOString(),
        order_no: orderNo,
        store: STORE,
        sku: SKU,
        amount,
        currency: 'USD',
        status: 'delivered',
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(body<{ results: { status: string }[] }>(res).data.results[0]!.status).toBe('ok');
  return { orderNo, openid };
}
async function notify(notices: object[], k = t.key) {
  return t.signedCall(k, 'POST', '/api/game/v1/refund-notices', { notices });
}
function notice(orderNo: string, extra: object = {}) {
  return {
    notice_id: `${tag}-n${++noticeSeq}`,
    order_no: orderNo,
    store: STORE,
    reason: 1,
    source: 'user',
    quantity: 1,
    voided_at: new Date().toISOString(),
    ...extra,
  };
}
async function refundOf(orderNo: string, api = admin): Promise<RefundItem> {
  const res = await api.get(`/api/v1/refunds?order_no=${encodeURIComponent(orderNo)}`);
  expect(res.statusCode, res.body).toBe(200);
  const items = body<{ list: RefundItem[] }>(res).data.list;
  expect(items).toHaveLength(1);
  return items[0]!;
}
/** A matched refund of a fresh order. */
async function matched(amount = 600): Promise<RefundItem & { openid: string }> {
  const { orderNo } = await order(amount);
  const res = await notify([notice(orderNo)]);
  expect(body<{ results: RefundNoticeResult[] }>(res).data.results[0]!.state).toBe('matched');
  return refundOf(orderNo);
}
async function clawBack(refund: RefundItem, api = admin) {
  return api.post(`/api/v1/refunds/${refund.id}/claw-back`, { version: refund.version });
}
async function paidTotal(openid: string): Promise<number> {
  const [row] = await queryRows<{ paid_total: number }>(
    t.database.db,
    sql`select paid_total from players where product_id = ${t.productId} and openid = ${openid}`,
  );
  return Number(row!.paid_total);
}

beforeAll(async () => {
  // What the SKU delivers: 100 gems (a currency prop) and 2 swords.
  const { db } = t.database;
  const [cp] = await queryRows<{ cp_id: number }>(
    db,
    sql`select cp_id from products where id = ${t.productId}`,
  );
  const cpId = Number(cp!.cp_id);
  const prop = async (code: string, type: string) =>
    Number(
      (
        await queryRows<{ id: number }>(
          db,
          sql`insert into props (cp_id, product_id, code, name, type, rarity)
            values (${cpId}, ${t.productId}, ${code}, ${JSON.stringify({ zh: code, en: code })}::jsonb, ${type}, 'common') returning id`,
        )
      )[0]!.id,
    );
  gemId = await prop(`gem${tag}`, 'currency');
  swordId = await prop(`sword${tag}`, 'equipment');
  const [gift] = await queryRows<{ id: number }>(
    db,
    sql`insert into gift_packages (cp_id, product_id, name, contents)
      values (${cpId}, ${t.productId}, ${JSON.stringify({ zh: 'pack', en: 'pack' })}::jsonb,
        ${JSON.stringify([
          { prop_id: gemId, quantity: 100 },
          { prop_id: swordId, quantity: 2 },
        ])}::jsonb) returning id`,
  );
  const [channel] = await queryRows<{ id: number }>(
    db,
    sql`select id from channels where product_id = ${t.productId} limit 1`,
  );
  await db.execute(sql`insert into billing_points (cp_id, product_id, channel_id, store, store_sku, name, prices, reward_gift_id, status)
    values (${cpId}, ${t.productId}, ${channel!.id}, 'google_play', ${SKU}, 'pack', '[]'::jsonb, ${gift!.id}, 'live')`);
  setRefundTimeout(50);
});
beforeEach(() => {
  game.reset();
  store.reset();
});

describe('refund notices through the game API', () => {
  it('stores a notice once, matches it to the order and its delivered items, and marks the order refunded', async () => {
    const { orderNo, openid } = await order(600);
    expect(await paidTotal(openid)).toBe(600);
    const first = notice(orderNo, { reason: 7, source: 'google', quantity: 1 });
    const res = await notify([first]);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ results: RefundNoticeResult[] }>(res).data.results).toEqual([
      { notice_id: first.notice_id, status: 'stored', state: 'matched' },
    ]);
    const again = body<{ results: RefundNoticeResult[] }>(await notify([first])).data.results[0]!;
    expect(again.status).toBe('duplicate');
    const refund = await refundOf(orderNo);
    expect(refund).toMatchObject({
      state: 'matched',
      openid,
      amount: 600,
      currency: 'USD',
      reason: 'chargeback',
      source: 'google',
      owed: 102,
    });
    expect(refund.ledger).toEqual([
      { kind: 'currency', code: `gem${tag}`, name: `gem${tag}`, wanted: 100, taken: 0 },
      { kind: 'item', code: String(swordId), name: `sword${tag}`, wanted: 2, taken: 0 },
    ]);
    // The players module's refund: the order reads refunded and the paid total drops.
    expect(await paidTotal(openid)).toBe(0);
    const detail = body<RefundDetail>(
      await admin.get(`/api/v1/refunds/by-order/${encodeURIComponent(orderNo)}`),
    ).data;
    expect(detail.order).toMatchObject({ status: 'refunded', amount: 600 });
    expect(detail.delivered.map((d) => d.quantity)).toEqual([100, 2]);
    expect(detail.timeline.map((e) => e.kind)).toEqual(['paid', 'delivered', 'notice', 'matched']);
  });

  it('keeps a notice without an order as unmatched; a bad notice answers its reason and changes nothing', async () => {
    const lost = notice(`nope-${tag}`);
    const bad = { ...notice('x'), quantity: 0 };
    const results = body<{ results: RefundNoticeResult[] }>(await notify([lost, bad])).data.results;
    expect(results[0]).toMatchObject({ status: 'stored', state: 'unmatched' });
    expect(results[1]).toMatchObject({ notice_id: bad.notice_id, status: 'error' });
    expect((await refundOf(`nope-${tag}`)).state).toBe('unmatched');
    const none = await t.database.db.select().from(refunds).where(eq(refunds.noticeId, bad.notice_id));
    expect(none).toHaveLength(0);
    // More than 100 at once, or no list: 400001.
    const many = Array.from({ length: 101 }, () => notice('x'));
    expect(body(await notify(many)).code).toBe(400001);
    expect(
      body(await t.signedCall(t.key, 'POST', '/api/game/v1/refund-notices', { notices: 'x' })).code,
    ).toBe(400001);
  });

  it("matches only the caller's product: another game's key cannot reach this order", async () => {
    const { orderNo } = await order();
    const results = body<{ results: RefundNoticeResult[] }>(await notify([notice(orderNo)], t.tankKey)).data
      .results;
    expect(results[0]!.state).toBe('unmatched');
    const own = await refundOf(orderNo, t.tank);
    expect(
      body<{ list: RefundItem[] }>(await admin.get(`/api/v1/refunds?order_no=${orderNo}`)).data.list,
    ).toHaveLength(0);
    expect(body(await admin.get(`/api/v1/refunds/${own.id}`)).code).toBe(404001);
    expect(body(await admin.post(`/api/v1/refunds/${own.id}/claw-back`, { version: own.version })).code).toBe(
      404001,
    );
  });
});

describe('claw-back through the game adapter', () => {
  it('takes everything back when the balance suffices', async () => {
    const refund = await matched();
    const res = await clawBack(refund);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<RefundItem>(res).data).toMatchObject({ state: 'clawed_back', owed: 0 });
    expect(game.calls).toHaveLength(1);
    expect(game.calls[0]).toMatchObject({
      openid: refund.openid,
      items: [{ prop_id: swordId, quantity: 2 }],
      currencies: [{ currency: `gem${tag}`, amount: 100 }],
    });
    // Not twice.
    expect(body(await clawBack(body<RefundItem>(res).data)).code).toBe(422001);
  });

  it('records a debt with the remainder when the balance is short, and asks only for what is owed next time', async () => {
    const refund = await matched();
    game.mode = 'partial';
    const debt = body<RefundItem>(await clawBack(refund)).data;
    expect(debt.state).toBe('debt');
    expect(debt.owed).toBe(51);
    expect(debt.ledger.map((l) => l.taken)).toEqual([50, 1]);
    game.mode = 'ok';
    const done = body<RefundItem>(await clawBack(debt)).data;
    expect(done).toMatchObject({ state: 'clawed_back', owed: 0 });
    expect(game.calls[1]).toMatchObject({ items: [{ quantity: 1 }], currencies: [{ amount: 50 }] });
    const detail = body<RefundDetail>(await admin.get(`/api/v1/refunds/${refund.id}`)).data;
    expect(detail.timeline.filter((e) => e.kind === 'clawback')).toHaveLength(2);
    expect(detail.timeline.at(-1)!.by?.username).toBe('admin');
  });

  it('waits in clawback_pending when the game does not answer, and a job item retries it', async () => {
    const refund = await matched();
    game.failNext(1, 'timeout');
    const pending = body<RefundItem>(await clawBack(refund)).data;
    expect(pending.state).toBe('clawback_pending');
    expect(pending.retry_job_id).toBeGreaterThan(0);
    await t.app.jobs.runJob(pending.retry_job_id!);
    expect((await refundOf(refund.order_no)).state).toBe('clawed_back');
    const items = await t.database.db
      .select()
      .from(jobItems)
      .where(eq(jobItems.jobId, pending.retry_job_id!));
    expect(items.map((i) => i.status)).toEqual(['ok']);
  });

  it('takes once when the game applied a claw-back but its answer was lost: the retry sends the same key', async () => {
    const refund = await matched();
    game.failNext(1, 'lost_answer');
    const pending = body<RefundItem>(await clawBack(refund)).data;
    expect(pending.state).toBe('clawback_pending');
    await t.app.jobs.runJob(pending.retry_job_id!);
    expect((await refundOf(refund.order_no)).state).toBe('clawed_back');
    const mine = game.calls.filter((c) => c.key.startsWith(`refund:${refund.id}:`));
    expect(mine.map((c) => c.key)).toEqual([`refund:${refund.id}:1`, `refund:${refund.id}:1`]);
    expect([...game.applied.keys()].filter((k) => k.startsWith(`refund:${refund.id}:`))).toHaveLength(1);
  });

  it('claws back selected refunds as a job with per-item results', async () => {
    const a = await matched();
    const b = await matched();
    const done = await matched();
    await clawBack(done);
    game.mode = 'fail';
    const res = await admin.post('/api/v1/refunds/claw-back', { ids: [a.id, b.id, done.id] });
    expect(res.statusCode, res.body).toBe(202);
    const { job_id } = body<{ job_id: number }>(res).data;
    await t.app.jobs.runJob(job_id);
    const results = () =>
      t.database.db.select().from(jobItems).where(eq(jobItems.jobId, job_id)).orderBy(jobItems.seq);
    let items = await results();
    expect(items.map((i) => i.status)).toEqual(['error', 'error', 'ok']);
    expect((items[2]!.output as { result: string }).result).toBe('skipped');
    expect((await refundOf(a.order_no)).state).toBe('matched');
    // The game is back: retrying the failed items claws them back.
    game.mode = 'ok';
    expect(await t.app.jobs.retry(job_id)).toBe(true);
    await t.app.jobs.runJob(job_id);
    items = await results();
    expect(items.map((i) => i.status)).toEqual(['ok', 'ok', 'ok']);
    expect((await refundOf(a.order_no)).state).toBe('clawed_back');
    expect((await refundOf(b.order_no)).state).toBe('clawed_back');
    // Someone else's id: nothing started.
    expect(body(await admin.post('/api/v1/refunds/claw-back', { ids: [a.id, 999_999_999] })).code).toBe(
      404001,
    );
  });
});

describe('penalty and waiver', () => {
  it('penalises with a payment ban the game status API shows; a bad body changes nothing', async () => {
    const refund = await matched();
    const clawed = body<RefundItem>(await clawBack(refund)).data;
    expect(
      body(
        await admin.post(`/api/v1/refunds/${refund.id}/penalise`, {
          kind: 'payment',
          reason: '',
          version: clawed.version,
        }),
      ).code,
    ).toBe(400001);
    expect((await refundOf(refund.order_no)).state).toBe('clawed_back');
    const res = await admin.post(`/api/v1/refunds/${refund.id}/penalise`, {
      kind: 'payment',
      reason: 'chargeback abuse',
      days: 30,
      version: clawed.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<RefundItem>(res).data).toMatchObject({ state: 'penalised' });
    expect(body<RefundItem>(res).data.sanction_id).toBeGreaterThan(0);
    const url = `/api/game/v1/players/${refund.openid}/status`;
    const status = await t.app.inject({ method: 'GET', url, headers: signGameRequest(t.key, { url }) });
    expect(body<GamePlayerStatus>(status).data.bans).toEqual([
      expect.objectContaining({ kind: 'feature', feature: 'payment', reason: 'chargeback abuse' }),
    ]);
  });

  it('waives only with a second person: the maker cannot approve, a rejection leaves it as it was', async () => {
    const refund = await matched();
    game.mode = 'partial';
    const debt = body<RefundItem>(await clawBack(refund)).data;
    // No approval policy for refunds: a waiver is refused.
    expect(
      body(
        await admin.post(`/api/v1/refunds/${refund.id}/waive`, { reason: 'goodwill', version: debt.version }),
      ).code,
    ).toBe(422001);
    expect(
      (await admin.put('/api/v1/approval-policies', { policies: [{ action: perms.approve }] })).statusCode,
    ).toBe(200);
    const maker = await t.staff([perms.see, perms.edit, perms.approve]);
    const checker = await t.staff([perms.see, perms.approve]);
    const asked = await maker.post(`/api/v1/refunds/${refund.id}/waive`, {
      reason: 'goodwill',
      version: debt.version,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval, refund: waiting } = body<{
      approval: { id: number; amount: number };
      refund: RefundItem;
    }>(asked).data;
    expect(approval.amount).toBe(600);
    expect(waiting).toMatchObject({ state: 'debt', approval_id: approval.id });
    expect(body(await maker.post(`/api/v1/approvals/${approval.id}/approve`, { comment: 'me' })).code).toBe(
      403001,
    );
    expect(body(await checker.post(`/api/v1/approvals/${approval.id}/reject`, { comment: 'no' })).code).toBe(
      0,
    );
    const back = await refundOf(refund.order_no);
    expect(back).toMatchObject({ state: 'debt', approval_id: null });
    const second = body<{ approval: { id: number } }>(
      await maker.post(`/api/v1/refunds/${refund.id}/waive`, {
        reason: 'loyal player',
        version: back.version,
      }),
    ).data.approval;
    expect(body(await checker.post(`/api/v1/approvals/${second.id}/approve`, { comment: 'ok' })).code).toBe(
      0,
    );
    expect((await refundOf(refund.order_no)).state).toBe('waived');
    const detail = body<RefundDetail>(await admin.get(`/api/v1/refunds/${refund.id}`)).data;
    expect(detail.timeline.map((e) => e.kind).slice(-4)).toEqual([
      'waive_asked',
      'waive_rejected',
      'waive_asked',
      'waived',
    ]);
    expect(detail.timeline.at(-1)).toMatchObject({ reason: 'loyal player' });
    await admin.put('/api/v1/approval-policies', { policies: [] });
  });
});

describe('store adapter poll', () => {
  it("respects a 429's retry-after, keeps the pages before a failure, and skips what it cannot read", async () => {
    const orders = [await order(), await order(), await order()];
    for (const [i, o] of orders.entries())
      store.add(t.productId, { orderId: o.orderNo, voidedReason: i + 1, voidedSource: 2 });
    store.malformed(t.productId);
    store.failNext('rate_limit');
    const limited = body<RefundPollAnswer>(await admin.post('/api/v1/refunds/poll')).data;
    expect(limited).toMatchObject({ stored: 0, retry_after: 30 });
    // Asked again at once: the store is not called.
    const early = body<RefundPollAnswer>(await admin.post('/api/v1/refunds/poll')).data;
    expect(early.retry_after).toBeGreaterThan(0);
    expect(store.calls).toHaveLength(1);
    // The wait is over (as if 30 s passed); the second page fails: the first is kept.
    await t.database.db
      .update(refundPolls)
      .set({ notBefore: null })
      .where(eq(refundPolls.productId, t.productId));
    store.failNext('ok', 'fail');
    const partial = body<RefundPollAnswer>(await admin.post('/api/v1/refunds/poll')).data;
    expect(partial).toMatchObject({ stored: 2, failed: 0, cursor: '2' });
    const rest = body<RefundPollAnswer>(await admin.post('/api/v1/refunds/poll')).data;
    expect(rest).toMatchObject({ stored: 1, failed: 1, cursor: '4' });
    expect(store.calls.at(-1)!.cursor).toBe('2');
    const refund = await refundOf(orders[0]!.orderNo);
    expect(refund).toMatchObject({
      state: 'matched',
      reason: 'remorse',
      source: 'google',
      store: 'google_play',
    });
    // A timeout: nothing stored, the cursor stays.
    store.add(t.productId, { orderId: orders[0]!.orderNo, purchaseToken: 'again' });
    store.failNext('timeout');
    expect(body<RefundPollAnswer>(await admin.post('/api/v1/refunds/poll')).data).toMatchObject({
      stored: 0,
      cursor: '4',
    });
  });
});

describe('totals, permissions', () => {
  it('sums refunds per day and store', async () => {
    await matched(300);
    // From yesterday to tomorrow (UTC): the refunds just made fall inside even across midnight.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const res = await admin.get(`/api/v1/refunds/totals?from=${day(-1)}&to=${day(1)}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = body<RefundTotalRow[]>(res).data.filter((r) => r.store === STORE && r.currency === 'USD');
    const expected = await queryRows<{ day: string; n: number; s: number }>(
      t.database.db,
      sql`select to_char(voided_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n,
            sum(amount)::bigint as s
          from refunds where product_id = ${t.productId} and store = ${STORE} and currency = 'USD'
          group by 1 order by 1`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(rows).toEqual(
      expected.map((row) => ({
        day: row.day,
        store: STORE,
        currency: 'USD',
        count: Number(row.n),
        amount: Number(row.s),
      })),
    );
    expect(body(await admin.get('/api/v1/refunds/totals?from=yesterday')).code).toBe(400001);
  });

  it('exports the refunds the filters find, with what is still owed, to those who may export', async () => {
    const refund = await matched(450);
    const viewer = await t.staff([perms.see]);
    expect(body(await viewer.get('/api/v1/refunds/export?format=csv')).code).toBe(403001);
    const exporter = await t.staff([perms.see, perms.export]);
    const res = await exporter.get(`/api/v1/refunds/export?format=csv&order_no=${refund.order_no}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'id,notice_id,order_no,openid,store,sku,quantity,amount,currency,reason,source,state,owed,voided_at,sanction_id,updated_at',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${refund.order_no},${refund.openid},`);
    expect(lines[1]).toContain(',450,USD,');
    expect(body(await exporter.get('/api/v1/refunds/export?format=csv&state=nonsense')).code).toBe(400001);
  });

  it('answers 403001 without the page permissions; only admins poll the store now', async () => {
    const refund = await matched();
    const viewer = await t.staff([perms.see]);
    const nobody = await t.staff([]);
    const editor = await t.staff([perms.see, perms.edit]);
    expect(body(await nobody.get('/api/v1/refunds')).code).toBe(403001);
    expect(body(await viewer.get('/api/v1/refunds')).code).toBe(0);
    expect(
      body(await viewer.post(`/api/v1/refunds/${refund.id}/claw-back`, { version: refund.version })).code,
    ).toBe(403001);
    expect(body(await editor.post('/api/v1/refunds/poll')).code).toBe(403001);
    expect((await refundOf(refund.order_no)).state).toBe('matched');
    expect(game.calls).toHaveLength(0);
  });
});
