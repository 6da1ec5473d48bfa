import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  AdAccount,
  AdAuthorizeAnswer,
  AdBatch,
  AdBatchAd,
  AdReportRow,
  AdSyncAnswer,
} from '@rx/contracts';
import { body, useTestApp } from '../../../../test/index.ts';
import { setParty } from '../../../../test/stand-ins/index.ts';
import {
  reportFigures,
  startOceanEngine,
  startTencent,
  type OceanStandIn,
} from '../../../../test/stand-ins/ad-media.ts';
import { outsideTokens } from '../../../db/outside.ts';
import { OCEAN_BASE } from './oceanengine.ts';
import { TENCENT_BASE } from './tencent.ts';

// The real Ocean Engine and Tencent v3 adapters against local stand-ins of their APIs.

let ocean: OceanStandIn;
let tencent: Awaited<ReturnType<typeof startTencent>>;
beforeAll(async () => {
  ocean = await startOceanEngine();
  tencent = await startTencent();
});
afterAll(async () => {
  await ocean.close();
  await tencent.close();
});
const t = useTestApp({
  app: () => ({ outsideEndpoints: { [OCEAN_BASE]: `${ocean.url}/open_api`, [TENCENT_BASE]: tencent.url } }),
});
const admin = t.admin;
const PAGE = 'https://console.example/main/newrxlaunch/jrtt/account-manage';

beforeAll(async () => {
  await setParty(admin, 'ad_jrtt', {
    mode: 'real',
    settings: { app_id: ocean.appId, redirect_uri: PAGE },
    credentials: { app_secret: ocean.secret },
  });
  await setParty(admin, 'ad_tencent', {
    mode: 'real',
    settings: { app_id: tencent.appId, redirect_uri: PAGE.replace('jrtt', 'tencent') },
    credentials: { app_secret: tencent.secret },
  });
});

const authorize = async (media: string, code: string) => {
  const start = body<AdAuthorizeAnswer>(
    await admin.post(`/api/v1/ad-accounts/authorize?media=${media}`),
  ).data;
  return {
    start,
    res: await admin.post(`/api/v1/ad-accounts/authorize/callback?media=${media}`, {
      code,
      state: start.state,
    }),
  };
};
const list = async (media: string) =>
  body<{ list: AdAccount[] }>(await admin.get(`/api/v1/ad-accounts?media=${media}`)).data.list;
const expireIn = (party: string, ms: number) =>
  t.database.db
    .update(outsideTokens)
    .set({ expiresAt: new Date(Date.now() + ms) })
    .where(eq(outsideTokens.party, party));

/** Pulls days through the API's job and answers the medium's rows of them. */
const pullReports = async (media: string, from: string, to: string) => {
  const res = await admin.post(`/api/v1/ad-reports/pull?media=${media}`, { from, to });
  expect(res.statusCode, res.body).toBe(202);
  const id = body<{ job_id: number }>(res).data.job_id;
  await t.app.jobs.runJob(id);
  expect(body<{ status: string }>(await admin.get(`/api/v1/jobs/${id}`)).data.status).toBe('succeeded');
  return body<{ list: AdReportRow[]; total: number }>(
    await admin.get(`/api/v1/ad-reports?media=${media}&from=${from}&to=${to}&page_size=100&sort=day`),
  ).data;
};
const reportDay = async (media: string, account: string, day: string) =>
  body<{ list: AdReportRow[] }>(
    await admin.get(`/api/v1/ad-reports?media=${media}&from=${day}&to=${day}`),
  ).data.list.find((r) => r.account_id === account);

describe('Ocean Engine (real adapter)', () => {
  it('authorises on its page, exchanges the code, and reads the agent, its advertisers and funds', async () => {
    const refused = await authorize('jrtt', 'wrong-code');
    expect(body(refused.res)).toMatchObject({ code: 422001, data: { kind: 'refused' } });
    expect(body<{ msg: string }>(refused.res).msg).toContain('auth_code is invalid');

    const { start, res } = await authorize('jrtt', 'good-code');
    const page = new URL(start.url);
    expect(`${page.origin}${page.pathname}`).toBe('https://ad.oceanengine.com/openapi/audit/oauth.html');
    expect(page.searchParams.get('app_id')).toBe(ocean.appId);
    expect(page.searchParams.get('redirect_uri')).toBe(PAGE);
    expect(start.simulated).toBe(false);
    expect(body<AdSyncAnswer>(res).data).toEqual({ created: 3, updated: 0, failed: 0 });

    const rows = await list('jrtt');
    const agent = rows.find((r) => r.account_id === '1700000001')!;
    expect(agent).toMatchObject({ role: 'agent', simulated: false });
    const children = rows.filter((r) => r.parent_id === agent.id);
    expect(children.map((c) => c.account_id).sort()).toEqual(['1700000011', '1700000012']);
    expect(children[0]).toMatchObject({
      balance: 123456,
      media_status: 'STATUS_ENABLE',
      status: 'authorized',
    });
    const exchange = ocean.received.findLast((r) => r.path === '/open_api/oauth2/access_token/')!;
    expect(JSON.parse(exchange.body)).toMatchObject({ grant_type: 'auth_code', auth_code: 'good-code' });
    expect(
      ocean.received.filter((r) => r.path.endsWith('/fund/get/')).every((r) => r.headers['access-token']),
    ).toBe(true);
  });

  it('renews ahead of expiry with the rotated refresh token, retries a rate limit, renews a revoked token once', async () => {
    await expireIn('ad_jrtt', 3600_000);
    expect(body<AdSyncAnswer>(await admin.post('/api/v1/ad-accounts/sync?media=jrtt')).data.failed).toBe(0);
    expect(ocean.refreshes).toBe(1);

    ocean.plan(40100);
    expect(body<AdSyncAnswer>(await admin.post('/api/v1/ad-accounts/sync?media=jrtt')).data.failed).toBe(0);

    ocean.revokeAll();
    expect(body<AdSyncAnswer>(await admin.post('/api/v1/ad-accounts/sync?media=jrtt')).data.failed).toBe(0);
    expect(ocean.refreshes).toBe(2);
    const calls = body<{ list: { operation: string; status: string }[] }>(
      await admin.get('/api/v1/outside-calls?party=ad_jrtt&page_size=100'),
    ).data.list;
    expect(calls.some((c) => c.status === 'rate_limited')).toBe(true);
    expect(calls.some((c) => c.status === 'token_expired')).toBe(true);
    expect(JSON.stringify(calls)).not.toContain(ocean.secret);
  });

  it("pulls each advertiser's daily report, yuan to cents; a restated day replaces the old", async () => {
    const rows = await pullReports('jrtt', '2026-06-01', '2026-08-29');
    // Two advertisers × 90 days (the report answers 100 days a page: one page each here).
    expect(rows.total).toBe(180);
    const day = await reportDay('jrtt', '1700000011', '2026-07-04');
    const f = reportFigures('1700000011', '2026-07-04', 0);
    expect(day).toMatchObject({
      cost: f.costCents,
      impressions: f.impressions,
      clicks: f.clicks,
      conversions: f.conversions,
    });
    const asked = ocean.received.filter((r) => r.path === '/open_api/2/report/advertiser/get/');
    expect(asked.every((r) => r.headers['access-token'])).toBe(true);
    expect(asked[0]!.query.get('time_granularity')).toBe('STAT_TIME_GRANULARITY_DAILY');

    ocean.restate('2026-08-28');
    const again = await pullReports('jrtt', '2026-08-23', '2026-08-29');
    const restated = reportFigures('1700000012', '2026-08-28', 1);
    expect(await reportDay('jrtt', '1700000012', '2026-08-28')).toMatchObject({
      cost: restated.costCents,
      impressions: restated.impressions,
    });
    expect(again.total).toBe(14);
  });
});

describe('Ocean Engine ad creation (real adapter)', () => {
  it('makes campaign, ad and creative per item; a lost answer is found by name, not made twice', async () => {
    const accounts = (await list('jrtt')).filter((a) => a.role === 'advertiser');
    expect(accounts.map((a) => a.account_id).sort()).toEqual(['1700000011', '1700000012']);
    // The first campaign is made but its answer is lost: the kit's second attempt finds it.
    ocean.loseAnswers(1);
    const res = await admin.post('/api/v1/ad-batches?media=jrtt', {
      name: 'real batch',
      ad_account_ids: accounts.map((a) => a.id),
      titles: ['开服大吉送好礼'],
      budget: 50_000,
      bid: 150,
    });
    expect(res.statusCode, res.body).toBe(200);
    const batch = body<AdBatch>(res).data;
    await t.app.jobs.runJob(batch.job_id!);
    expect(body<AdBatch>(await admin.get(`/api/v1/ad-batches/${batch.id}?media=jrtt`)).data).toMatchObject({
      status: 'succeeded',
      ok: 2,
    });
    const ads = body<{ list: AdBatchAd[] }>(await admin.get(`/api/v1/ad-batches/${batch.id}/ads?media=jrtt`))
      .data.list;
    for (const kind of ['campaign', 'ad', 'creative'] as const)
      expect(ocean.made.filter((m) => m.kind === kind)).toHaveLength(2);
    for (const ad of ads) {
      const campaign = ocean.made.find((m) => String(m.id) === ad.campaign_id)!;
      expect(campaign.name).toContain(ad.request_id);
      expect(String(campaign.advertiser)).toBe(ad.account_id);
      expect(ocean.made.find((m) => String(m.id) === ad.adgroup_id)!.parent).toBe(campaign.id);
      expect(ocean.made.find((m) => String(m.id) === ad.creative_id)!.parent).toBe(Number(ad.adgroup_id));
    }
    const created = ocean.received.find((r) => r.path === '/open_api/2/ad/create/')!;
    expect(JSON.parse(created.body)).toMatchObject({ budget: 500, bid: 1.5, budget_mode: 'BUDGET_MODE_DAY' });
  });
});

describe('Tencent Marketing API v3 (real adapter)', () => {
  it('authorises, reads the advertiser and sums its funds, each call with a fresh timestamp and nonce', async () => {
    const { start, res } = await authorize('tencent', 'good-code');
    const page = new URL(start.url);
    expect(`${page.origin}${page.pathname}`).toBe('https://developers.e.qq.com/oauth/authorize');
    expect(page.searchParams.get('client_id')).toBe(tencent.appId);
    expect(body<AdSyncAnswer>(res).data).toEqual({ created: 1, updated: 0, failed: 0 });
    const [row] = await list('tencent');
    expect(row).toMatchObject({
      account_id: '2000001',
      name: 'Corp 2000001',
      role: 'advertiser',
      balance: 501000,
      media_status: 'CUSTOMER_STATUS_NORMAL',
    });
    const v3 = tencent.received.filter((r) => r.path.startsWith('/v3.0/'));
    expect(v3.length).toBeGreaterThan(1);
    expect(new Set(v3.map((r) => r.query.get('nonce'))).size).toBe(v3.length);

    await expireIn('ad_tencent', 3600_000);
    expect(body<AdSyncAnswer>(await admin.post('/api/v1/ad-accounts/sync?media=tencent')).data.failed).toBe(
      0,
    );
    expect(tencent.refreshes).toBe(1);
    const [token] = await t.database.db
      .select()
      .from(outsideTokens)
      .where(and(eq(outsideTokens.party, 'ad_tencent'), eq(outsideTokens.account, '2000001')));
    expect(token!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 20 * 3600_000);
  });

  it('pulls daily_reports at the advertiser level grouped by date, in cents', async () => {
    const rows = await pullReports('tencent', '2026-05-01', '2026-05-25');
    expect(rows.total).toBe(25);
    const f = reportFigures('2000001', '2026-05-20', 0);
    expect(await reportDay('tencent', '2000001', '2026-05-20')).toMatchObject({
      cost: f.costCents,
      impressions: f.impressions,
      clicks: f.clicks,
      conversions: f.conversions,
    });
    const asked = tencent.received.filter((r) => r.path === '/v3.0/daily_reports/get');
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(asked[0]!.query.get('date_range')!)).toEqual({
      start_date: '2026-05-01',
      end_date: '2026-05-25',
    });
  });
});
