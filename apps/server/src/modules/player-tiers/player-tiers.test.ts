import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Distribution, TierHistory, TierPlayer, TierSettings } from '@rx/contracts';
import { useTestApp } from '../../../test/index.ts';
import { body, signIn, staffWith, type Client } from '../../../test/api.ts';
import { playerLogins, playerOrders, players } from '../players/tables.ts';

// The daily tier job: payment and activity tiers at their boundaries, history rows on change,
// thresholds, permissions and products kept apart.

const t = useTestApp();
const admin = t.admin;
let productId: number;
const tag = Date.now().toString(36);
const channel = `tier_${tag}`;
const DAY = 86_400_000;
const ago = (days: number, minutes = 0) => new Date(Date.now() - days * DAY - minutes * 60_000);

/** Runs the job through the API and waits for it. */
async function recompute(api: Client): Promise<void> {
  const res = await api.post('/api/v1/player-tiers/recompute');
  expect(res.statusCode, res.body).toBe(202);
  const id = body<{ job_id: number }>(res).data.job_id;
  await t.app.jobs.runJob(id);
  const job = body<{ status: string; summary: unknown }>(await api.get(`/api/v1/jobs/${id}`)).data;
  expect(job.status, JSON.stringify(job)).toBe('succeeded');
}

async function addPlayer(
  openid: string,
  created: Date,
  lastLogin: Date | null,
  orders: { amount: number; at: Date; status?: 'paid' | 'delivered' | 'refunded' }[] = [],
  logins: Date[] = [],
) {
  const { db } = t.database;
  const [row] = await db
    .insert(players)
    .values({ productId, openid, channel, createdAt: created, lastLoginAt: lastLogin })
    .returning({ id: players.id });
  const playerId = row!.id;
  if (orders.length) {
    await db.insert(playerOrders).values(
      orders.map((o, i) => ({
        productId,
        orderNo: `${openid}-${i}`,
        playerId,
        store: 'google_play',
        sku: 'sku',
        amount: o.amount,
        currency: 'CNY',
        status: o.status ?? 'delivered',
        paidAt: o.at,
      })),
    );
  }
  const allLogins = [...logins, ...(lastLogin ? [lastLogin] : [])];
  if (allLogins.length)
    await db.insert(playerLogins).values(allLogins.map((at) => ({ productId, playerId, at })));
  return playerId;
}

const history = async (api: Client, openid: string) => {
  const res = await api.get(`/api/v1/player-tiers/history/${openid}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<TierHistory>(res).data;
};
const id = (n: string) => `${tag}_${n}`;

beforeAll(async () => {
  productId = t.productId;
  // Thresholds: small from 1, mid from 1,000, whale from 10,000 (minor units), last 30 days.
  const saved = await admin.put('/api/v1/player-tiers/settings', {
    basis: 'days30',
    small_min: 1,
    mid_min: 1000,
    whale_min: 10_000,
    time_zone: 'Asia/Shanghai',
    version: 0,
  });
  expect(saved.statusCode, saved.body).toBe(200);

  // returning + small (999): signed in a day ago, before that only 30 days ago.
  await addPlayer(id('ret'), ago(100), ago(1), [{ amount: 999, at: ago(2) }], [ago(30)]);
  // active + mid exactly at the threshold: signed in a day ago and 10 days ago (no 14-day gap).
  await addPlayer(id('act'), ago(100), ago(1), [{ amount: 1000, at: ago(29, 0) }], [ago(10)]);
  // new: created 7 days minus a minute ago; no payment.
  await addPlayer(id('new'), ago(7, -1), ago(0, 5));
  // lapsing + whale at the threshold: last sign-in 7 days and a minute ago.
  await addPlayer(id('lap'), ago(60), ago(7, 1), [{ amount: 10_000, at: ago(3) }]);
  // dormant + non-payer: last sign-in 14 days and a minute ago; paid long ago, a refund in the window.
  await addPlayer(
    id('dor'),
    ago(200),
    ago(14, 1),
    [
      { amount: 50_000, at: ago(40) },
      { amount: 20_000, at: ago(5), status: 'refunded' },
    ],
    [ago(20)],
  );
  // mid one below whale; created 8 days ago, never signed in → dormant.
  await addPlayer(id('mid'), ago(8), null, [{ amount: 9_999, at: ago(1) }]);
});

describe('the tier job', () => {
  it('assigns payment and activity tiers at their boundaries, and records where each player started', async () => {
    await recompute(admin);
    const expected: Record<string, [string, string]> = {
      ret: ['small', 'returning'],
      act: ['mid', 'active'],
      new: ['non_payer', 'new'],
      lap: ['whale', 'lapsing'],
      dor: ['non_payer', 'dormant'],
      mid: ['mid', 'dormant'],
    };
    for (const [n, [pay, activity]] of Object.entries(expected)) {
      const h = await history(admin, id(n));
      expect([h.current?.pay_tier, h.current?.activity_tier], n).toEqual([pay, activity]);
      expect(h.history, n).toHaveLength(1);
      expect(h.history[0]).toMatchObject({ pay_tier: pay, activity_tier: activity, previous_pay_tier: null });
    }
    const dist = body<Distribution>(
      await admin.get(`/api/v1/player-tiers/distribution?channel=${channel}`),
    ).data;
    const count = (dimension: string, tier: string) =>
      dist.rows
        .filter((r) => r.dimension === dimension && r.tier === tier)
        .reduce((s, r) => s + r.players, 0);
    expect(count('pay', 'mid')).toBe(2);
    expect(count('pay', 'non_payer')).toBe(2);
    expect(count('activity', 'dormant')).toBe(2);
    expect(dist.computed_at).not.toBeNull();
    const byChannel = body<Distribution>(
      await admin.get('/api/v1/player-tiers/distribution?by=channel'),
    ).data;
    expect(byChannel.rows.filter((r) => r.group === channel).reduce((s, r) => s + r.players, 0)).toBe(12);

    const whales = body<{ list: TierPlayer[]; total: number }>(
      await admin.get(`/api/v1/player-tiers/players?pay_tier=whale&channel=${channel}`),
    ).data;
    expect(whales.list.map((p) => p.openid)).toEqual([id('lap')]);
    const trend = body<{ rows: { tier: string; players: number }[] }>(
      await admin.get('/api/v1/player-tiers/trend?days=7'),
    ).data;
    expect(trend.rows.length).toBeGreaterThan(0);
  });

  it('writes a history row only for a player whose tier changed', async () => {
    await t.database.db
      .update(players)
      .set({ lastLoginAt: ago(0, 1) })
      .where(eq(players.openid, id('lap')));
    await recompute(admin);
    const lap = await history(admin, id('lap'));
    expect(lap.current?.activity_tier).toBe('active');
    expect(lap.history).toHaveLength(2);
    expect(lap.history[0]).toMatchObject({ activity_tier: 'active', previous_activity_tier: 'lapsing' });
    expect((await history(admin, id('act'))).history).toHaveLength(1);
  });

  it('checks thresholds (rising, versioned) and the time zone', async () => {
    const current = body<TierSettings>(await admin.get('/api/v1/player-tiers/settings')).data;
    expect(current).toMatchObject({ small_min: 1, mid_min: 1000, version: 1 });
    const falling = await admin.put('/api/v1/player-tiers/settings', { ...current, mid_min: 1, version: 1 });
    expect(falling.statusCode).toBe(400);
    expect(body<{ fields: Record<string, string> }>(falling).data.fields).toHaveProperty('mid_min');
    const zone = await admin.put('/api/v1/player-tiers/settings', { ...current, time_zone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    const stale = await admin.put('/api/v1/player-tiers/settings', { ...current, version: 0 });
    expect(stale.statusCode).toBe(409);
    const after = body<TierSettings>(await admin.get('/api/v1/player-tiers/settings')).data;
    expect(after.version).toBe(1);
  });

  it('needs the page: 403 without it, read-only with see, no recompute without approve', async () => {
    const none = await signIn(t, await staffWith(t, []), 'xianxia');
    expect((await none.get('/api/v1/player-tiers/distribution')).statusCode).toBe(403);
    const reader = await signIn(t, await staffWith(t, ['commercialization/see/user_hierarchy']), 'xianxia');
    expect((await reader.get('/api/v1/player-tiers/distribution')).statusCode).toBe(200);
    expect((await reader.post('/api/v1/player-tiers/recompute')).statusCode).toBe(403);
    const settings = body<TierSettings>(await reader.get('/api/v1/player-tiers/settings')).data;
    expect((await reader.put('/api/v1/player-tiers/settings', settings)).statusCode).toBe(403);
  });

  it('keeps products apart: another game sees neither the players nor their tiers', async () => {
    const tank = await signIn(t, 'admin', 'tankwar');
    expect((await tank.get(`/api/v1/player-tiers/history/${id('ret')}`)).statusCode).toBe(404);
    const dist = body<Distribution>(
      await tank.get(`/api/v1/player-tiers/distribution?channel=${channel}`),
    ).data;
    expect(dist.rows).toEqual([]);
    const overseas = await signIn(t, 'ops_hw', 'dawn');
    expect((await overseas.get(`/api/v1/player-tiers/history/${id('ret')}`)).statusCode).toBe(404);
  });
});
