import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webActivitiesResource, type WebActivity } from '@rx/contracts';
import { describeResource } from '../../../test/describe-resource.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { adminOf, body, logsOf, signIn, staffWith, type Client } from '../../../test/api.ts';
import { products, users } from '../../db/schema.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { grantTopUpRewards } from './index.ts';
import { webActivities } from './tables.ts';

// Web top-up activities (/api/v1/web-activities): the shared resource behaviour on two overseas
// games of the admin's CP, then what is specific: tiers, the lifecycle, stats, overlaps, the region.

const DAY = 86_400_000;
const tag = Date.now().toString(36);
const name = (zh: string) => ({ zh, en: zh, ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' });

/** Two overseas games in the CP of `user`, each with an active gift package; answers the gifts' ids. */
async function overseasGames(t: TestContext, user: string, codes: string[]): Promise<Record<string, number>> {
  const { db } = t.database;
  const [owner] = await db.select({ cpId: users.cpId }).from(users).where(eq(users.username, user));
  const gifts: Record<string, number> = {};
  for (const code of codes) {
    const [product] = await db
      .insert(products)
      .values({ cpId: owner!.cpId, code, name: code, region: 'hw', platforms: ['web'] })
      .returning();
    const [gift] = await db
      .insert(giftPackages)
      .values({ cpId: owner!.cpId, productId: product!.id, name: name(`gift ${code}`), contents: [] })
      .returning();
    gifts[code] = gift!.id;
  }
  return gifts;
}

let sharedGift = 0;
describeResource(webActivitiesResource, {
  as: { user: 'admin', product: `wa${tag}` },
  elsewhere: `wb${tag}`,
  setup: async (t) => {
    sharedGift = (await overseasGames(t, 'admin', [`wa${tag}`, `wb${tag}`]))[`wa${tag}`]!;
  },
  sample: (n) => ({
    name: name(`累充 ${n}`),
    kind: 'cumulative',
    currency: 'USD',
    tiers: [
      { threshold: 1000, gift_package_id: sharedGift },
      { threshold: 5000, gift_package_id: sharedGift },
    ],
    starts_at: new Date(Date.now() - DAY).toISOString(),
    ends_at: new Date(Date.now() + 7 * DAY).toISOString(),
  }),
  change: { name: name('累充 改') },
  invalid: {
    body: {
      name: name('x'),
      kind: 'cumulative',
      currency: 'USD',
      tiers: [
        { threshold: 5000, gift_package_id: 1 },
        { threshold: 1000, gift_package_id: 1 },
      ],
      starts_at: new Date().toISOString(),
      ends_at: new Date(Date.now() + DAY).toISOString(),
    },
    field: 'tiers.1.threshold',
  },
});

describe('web activities (specific)', () => {
  let t: TestContext;
  let api: Client;
  let gift: number;
  let productId: number;
  const code = `wc${tag}`;
  const starts = new Date(Date.now() - DAY).toISOString();
  const ends = new Date(Date.now() + 7 * DAY).toISOString();
  const first = (extra: Record<string, unknown> = {}) => ({
    name: name('首充'),
    kind: 'first',
    tiers: [{ threshold: 0, gift_package_id: gift }],
    starts_at: starts,
    ends_at: ends,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    gift = (await overseasGames(t, 'admin', [code]))[code]!;
    api = await signIn(t, 'admin', code);
    const [row] = await t.database.db.select().from(products).where(eq(products.code, code));
    productId = row!.id;
  });
  afterAll(() => t.app.close());

  it('needs the approve permission to publish (403001)', async () => {
    const a = body<WebActivity>(await api.post('/api/v1/web-activities', first())).data;
    const { permissions: p } = webActivitiesResource;
    const editor = await signIn(t, await staffWith(t, [p.see, p.edit]), code);
    expect(
      body(await editor.post(`/api/v1/web-activities/${a.id}/publish`, { version: a.version })).code,
    ).toBe(403001);
    const approver = await signIn(t, await staffWith(t, [p.see, p.approve]), code);
    expect(
      body(await approver.post(`/api/v1/web-activities/${a.id}/publish`, { version: a.version })).code,
    ).toBe(0);
  });

  it('refuses bad tiers and references with 400001, writing nothing', async () => {
    const before = body<{ total: number }>(await api.get('/api/v1/web-activities')).data.total;
    const cases: [Record<string, unknown>, string][] = [
      [first({ tiers: [{ threshold: 100, gift_package_id: gift }] }), 'tiers.0.threshold'],
      [first({ currency: 'USD' }), 'currency'],
      [first({ kind: 'cumulative', tiers: [{ threshold: 100, gift_package_id: gift }] }), 'currency'],
      [
        first({
          kind: 'cumulative',
          currency: 'USD',
          tiers: [
            { threshold: 100, gift_package_id: gift },
            { threshold: 100, gift_package_id: gift },
          ],
        }),
        'tiers.1.threshold',
      ],
      [first({ ends_at: starts }), 'ends_at'],
      [first({ tiers: [{ threshold: 0, gift_package_id: 999_999 }] }), 'tiers.0.gift_package_id'],
      [
        first({ kind: 'cumulative', currency: 'usd', tiers: [{ threshold: 1, gift_package_id: gift }] }),
        'currency',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await api.post('/api/v1/web-activities', payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(body<{ fields: Record<string, string> }>(res).data.fields).toHaveProperty(field);
    }
    expect(body<{ total: number }>(await api.get('/api/v1/web-activities')).data.total).toBe(before);
  });

  it('publishes, warns on overlapping live activities of the same kind, counts players per tier, ends', async () => {
    const a = body<WebActivity>(await api.post('/api/v1/web-activities', first())).data;
    const b = body<WebActivity>(
      await api.post('/api/v1/web-activities', first({ name: name('首充 2') })),
    ).data;
    expect(a.status).toBe('draft');
    const liveA = await api.post(`/api/v1/web-activities/${a.id}/publish`, { version: a.version });
    expect(body<WebActivity>(liveA).data.status).toBe('live');
    const liveB = body<WebActivity>(
      await api.post(`/api/v1/web-activities/${b.id}/publish`, { version: b.version }),
    ).data;
    expect(liveB.overlaps).toContain(a.id);
    // A stale version: 409001; a move the state does not allow: 422001.
    expect(body(await api.post(`/api/v1/web-activities/${b.id}/end`, { version: b.version })).code).toBe(
      409001,
    );
    expect(
      body(await api.post(`/api/v1/web-activities/${b.id}/publish`, { version: liveB.version })).code,
    ).toBe(422001);
    // Past the draft, only the name and the end change.
    const tiersChange = await api.put(`/api/v1/web-activities/${b.id}`, {
      starts_at: new Date().toISOString(),
      version: liveB.version,
    });
    expect(body(tiersChange).code).toBe(422001);
    const renamed = await api.put(`/api/v1/web-activities/${b.id}`, {
      name: name('首充 改'),
      version: liveB.version,
    });
    expect(body<WebActivity>(renamed).data.name.zh).toBe('首充 改');

    const [cp] = await t.database.db.select().from(products).where(eq(products.id, productId));
    await t.database.db.transaction((tx) =>
      grantTopUpRewards(tx, {
        cpId: cp!.cpId,
        productId,
        openid: `o${tag}`,
        orderNo: `N${tag}`,
        currency: 'USD',
        amountMinor: 100,
        paidAt: new Date(),
      }),
    );
    const got = body<WebActivity>(await api.get(`/api/v1/web-activities/${a.id}`)).data;
    expect(got.stats).toEqual([{ tier: 0, players: 1 }]);
    // It granted gifts: delete ends it instead (422001), and the gift it hands out is not deleted.
    const del = await api.del(`/api/v1/web-activities/${a.id}`);
    expect(body(del).code).toBe(422001);
    expect(body<WebActivity>(await api.get(`/api/v1/web-activities/${a.id}`)).data.status).toBe('ended');
    const giftDel = await api.del(`/api/v1/gift-packages/${gift}`);
    expect(body(giftDel).code).toBe(422001);
    expect((await logsOf(t, 'web_activity', a.id)).map((l) => l.action)).toEqual(
      expect.arrayContaining(['create', 'publish']),
    );
  });

  it('ends a live activity once its end has passed (the scheduler, every five minutes), logged as the scheduler', async () => {
    // A gift of its own (the earlier test's was disabled when its deletion was refused).
    const [row] = await t.database.db.select().from(products).where(eq(products.id, productId));
    const [own] = await t.database.db
      .insert(giftPackages)
      .values({ cpId: row!.cpId, productId, name: name('到期礼包'), contents: [] })
      .returning();
    const a = body<WebActivity>(
      await api.post(
        '/api/v1/web-activities',
        first({ name: name('到期'), tiers: [{ threshold: 0, gift_package_id: own!.id }] }),
      ),
    ).data;
    const live = body<WebActivity>(
      await api.post(`/api/v1/web-activities/${a.id}/publish`, { version: a.version }),
    ).data;
    // Still running: the sweep leaves it live.
    await t.app.jobs.runNow('web_activities:end');
    expect(body<WebActivity>(await api.get(`/api/v1/web-activities/${a.id}`)).data.status).toBe('live');
    // Its end passes (as if the clock had moved on).
    await t.database.db
      .update(webActivities)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(webActivities.id, a.id));
    await t.app.jobs.runNow('web_activities:end');
    const ended = body<WebActivity>(await api.get(`/api/v1/web-activities/${a.id}`)).data;
    expect(ended.status).toBe('ended');
    expect(ended.version).toBe(live.version + 1);
    const logs = await logsOf(t, 'web_activity', a.id);
    expect(logs.find((l) => l.action === 'end')).toMatchObject({ username: 'scheduler' });
  });

  it('serves overseas products only (422001 for a domestic game)', async () => {
    const domestic = await signIn(t, 'admin', 'xianxia');
    const res = await domestic.get('/api/v1/web-activities');
    expect(body(res).code).toBe(422001);
    expect(body(await domestic.post('/api/v1/web-activities', first())).code).toBe(422001);
    // The overseas CP's own game works.
    const hw = await signIn(t, await adminOf(t, 'ops_hw'), 'dawn');
    expect(body(await hw.get('/api/v1/web-activities')).code).toBe(0);
  });
});

describe('web activities edited past the draft', () => {
  let t: TestContext;
  let api: Client;
  const code = `wd${tag}`;
  beforeAll(async () => {
    t = await createTestApp();
    const gift = (await overseasGames(t, 'admin', [code]))[code]!;
    api = await signIn(t, 'admin', code);
    const created = body<WebActivity>(
      await api.post('/api/v1/web-activities', {
        name: name('累充'),
        kind: 'cumulative',
        currency: 'USD',
        tiers: [{ threshold: 100, gift_package_id: gift }],
        starts_at: new Date(Date.now() - DAY).toISOString(),
        ends_at: new Date(Date.now() + DAY).toISOString(),
      }),
    ).data;
    await api.post(`/api/v1/web-activities/${created.id}/publish`, { version: created.version });
  });
  afterAll(() => t.app.close());

  it('takes the whole form back (times without milliseconds, in another offset) when only the name changed', async () => {
    const [live] = body<{ list: WebActivity[] }>(await api.get('/api/v1/web-activities')).data.list;
    const inTokyo = (iso: string) => {
      const at = new Date(Math.floor(Date.parse(iso) / 1000) * 1000 + 9 * 3_600_000);
      return `${at.toISOString().slice(0, 19)}+09:00`;
    };
    const res = await api.put(`/api/v1/web-activities/${live!.id}`, {
      name: name('累充 改'),
      kind: live!.kind,
      currency: live!.currency,
      tiers: live!.tiers,
      starts_at: inTokyo(live!.starts_at),
      ends_at: inTokyo(live!.ends_at),
      version: live!.version,
    });
    expect(body(res).code, res.body).toBe(0);
  });
});
