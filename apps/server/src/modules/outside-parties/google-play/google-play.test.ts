import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { OutsideCallItem, RefundItem, RefundPollAnswer } from '@rx/contracts';
import { body, useTestApp } from '../../../../test/index.ts';
import { setParty, startGoogle, type GoogleStandIn } from '../../../../test/stand-ins/index.ts';
import { refundPolls } from '../../refunds/tables.ts';
import { ANDROID_PUBLISHER } from './real.ts';

// Google Play's voided purchases with a service account, against local stand-ins of Google's token
// endpoint (JWT bearer grant, checked with the key's public half) and the Play Developer API's pages.

let google: GoogleStandIn;
beforeAll(async () => {
  google = await startGoogle();
});
afterAll(() => google.close());
const t = useTestApp({ app: () => ({ outsideEndpoints: { [ANDROID_PUBLISHER]: google.url } }) });
const admin = t.admin;
const tag = Date.now().toString(36);
const PACKAGE = `com.example.gp${tag}`;
let seq = 0;

/** A purchase Google voided `minutesAgo` minutes ago. */
function voided(minutesAgo: number) {
  const n = ++seq;
  const now = Date.now();
  const purchase = {
    orderId: `GPA.${tag}-${n}`,
    purchaseToken: `token-${tag}-${n}`,
    purchaseTimeMillis: String(now - 86_400_000),
    voidedTimeMillis: String(now - minutesAgo * 60_000),
    voidedSource: 1,
    voidedReason: 5,
    voidedQuantity: 1,
  };
  google.voided.set(PACKAGE, [...(google.voided.get(PACKAGE) ?? []), purchase]);
  return purchase;
}
const poll = async () => {
  const res = await admin.post('/api/v1/refunds/poll');
  expect(res.statusCode, res.body).toBe(200);
  return body<RefundPollAnswer>(res).data;
};
const calls = async (query: string) =>
  body<{ list: OutsideCallItem[] }>(await admin.get(`/api/v1/outside-calls?party=google_play&${query}`)).data
    .list;
const listRequests = () => google.received.filter((r) => r.path.endsWith('/voidedpurchases'));

beforeAll(async () => {
  await setParty(admin, 'google_play', {
    mode: 'real',
    settings: { package_name: PACKAGE },
    credentials: { service_account: google.serviceAccount },
  });
});

describe('Google Play voided purchases', () => {
  it('gets a token once, reads every page, and starts the next poll where the last one ended', async () => {
    const [a, b, c] = [voided(30), voided(20), voided(10)];
    expect(await poll()).toMatchObject({ stored: 3, failed: 0, retry_after: null });
    expect(google.tokens).toHaveLength(1);
    const requests = listRequests();
    expect(requests.map((r) => r.query.get('token'))).toEqual([null, '2']);
    expect(requests.every((r) => r.headers.authorization === `Bearer ${google.tokens[0]}`)).toBe(true);
    const refunds = body<{ list: RefundItem[] }>(await admin.get('/api/v1/refunds?store=google_play')).data
      .list;
    expect(refunds.map((r) => r.order_no).sort()).toEqual([a.orderId, b.orderId, c.orderId].sort());
    expect(refunds[0]).toMatchObject({ reason: 'fraud', source: 'developer' });

    // The token is kept (no second grant); the poll asks from the latest voided time on.
    const d = voided(1);
    expect(await poll()).toMatchObject({ stored: 1, duplicate: 1 });
    expect(google.tokens).toHaveLength(1);
    expect(listRequests().at(-1)!.query.get('startTime')).toBe(c.voidedTimeMillis);
    expect(
      body<{ list: RefundItem[] }>(await admin.get(`/api/v1/refunds?order_no=${d.orderId}`)).data.list,
    ).toHaveLength(1);
  });

  it('gets a new token once when Google no longer accepts the one held', async () => {
    google.revoke(google.tokens.at(-1)!);
    voided(0);
    expect(await poll()).toMatchObject({ stored: 1 });
    expect(google.tokens).toHaveLength(2);
    const log = await calls('');
    expect(log.slice(0, 3).map((c) => [c.operation, c.status])).toEqual([
      ['voided_purchases', 'ok'],
      ['token', 'ok'],
      ['voided_purchases', 'token_expired'],
    ]);
    // Neither the key nor a token shows in the log.
    const text = JSON.stringify(await calls('page_size=100'));
    for (const secret of [...google.tokens, JSON.parse(google.serviceAccount).private_key as string])
      expect(text).not.toContain(secret);
  });

  it('stops at a 429 and does not ask again before its Retry-After', async () => {
    google.plan('rate_limit');
    const before = listRequests().length;
    expect(await poll()).toMatchObject({ stored: 0, retry_after: 60 });
    const early = await poll();
    expect(early.retry_after).toBeGreaterThan(0);
    expect(listRequests()).toHaveLength(before + 1);
    const [state] = await t.database.db
      .select()
      .from(refundPolls)
      .where(and(eq(refundPolls.productId, t.productId), eq(refundPolls.store, 'google_play')));
    expect(state!.notBefore!.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});
