import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  AdAccount,
  AdBatch,
  AdBatchAd,
  AdReportCampaigns,
  AdReportRow,
  AdSyncAnswer,
  FileItem,
} from '@rx/contracts';
import { authorizeMedia, body, useTestApp } from '../../../../test/index.ts';
import { png } from '../../../../test/images.ts';
import { fileBody } from '../../../../test/multipart.ts';
import { setParty } from '../../../../test/stand-ins/index.ts';
import {
  campaignFigures,
  reportFigures,
  startOceanEngine,
  startTencent,
  OCEAN_WECHAT_GAMES,
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

const authorize = (media: string, code: string) => authorizeMedia(admin, media, code);
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
/** The medium's campaigns of one day, by campaign id: [cost, impressions, clicks, conversions]. */
const campaignDay = async (media: string, day: string) =>
  Object.fromEntries(
    body<AdReportCampaigns>(
      await admin.get(`/api/v1/ad-reports/campaigns?media=${media}&from=${day}&to=${day}&page_size=100`),
    ).data.list.map((c) => [c.campaign_id, [c.cost, c.impressions, c.clicks, c.conversions]]),
  );
/** The stand-in's campaigns of an account's day, in the same shape. */
const expectedCampaigns = (account: string, day: string, restated: number) =>
  Object.fromEntries(
    campaignFigures(account, day, restated).map((c) => [
      c.campaignId,
      [c.costCents, c.impressions, c.clicks, c.conversions],
    ]),
  );

const reportDay = async (media: string, account: string, day: string) =>
  body<{ list: AdReportRow[] }>(
    await admin.get(`/api/v1/ad-reports?media=${media}&from=${day}&to=${day}`),
  ).data.list.find((r) => r.account_id === account);

/** A window of the game on a medium, with a cover (one upload: the library keeps a file once). */
let cover: number | undefined;
const windowOf = async (payload: Record<string, unknown>) => {
  if (cover === undefined) {
    const { payload: file, contentType } = fileBody('cover.png', png(1280, 720), 'image/png');
    const up = await admin.upload('/api/v1/files?use=image', file, contentType);
    cover = body<{ id: number }>(
      await admin.post('/api/v1/ad-materials', { file_id: body<FileItem>(up).data.id, name: 'cover' }),
    ).data.id;
  }
  const res = await admin.post('/api/v1/ad-windows', { ...payload, material_id: cover });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: number }>(res).data;
};

/** Makes a batch on a medium and runs its job: the batch and its ads as the API shows them. */
const runBatch = async (media: string, payload: Record<string, unknown>) => {
  const res = await admin.post(`/api/v1/ad-batches?media=${media}`, { budget: 50_000, bid: 150, ...payload });
  expect(res.statusCode, res.body).toBe(200);
  const made = body<AdBatch>(res).data;
  await t.app.jobs.runJob(made.job_id!);
  return {
    batch: body<AdBatch>(await admin.get(`/api/v1/ad-batches/${made.id}?media=${media}`)).data,
    ads: body<{ list: AdBatchAd[] }>(await admin.get(`/api/v1/ad-batches/${made.id}/ads?media=${media}`)).data
      .list,
  };
};

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
    // Its campaigns' days came with it (deleted campaigns asked for too) and add up to it.
    const campaigns = await campaignDay('jrtt', '2026-07-04');
    expect(campaigns).toEqual({
      ...expectedCampaigns('1700000011', '2026-07-04', 0),
      ...expectedCampaigns('1700000012', '2026-07-04', 0),
    });
    const ofAccount = Object.entries(expectedCampaigns('1700000011', '2026-07-04', 0));
    expect(ofAccount.reduce((sum, [, c]) => sum + c[0]!, 0)).toBe(f.costCents);
    const byCampaign = ocean.received.find((r) => r.path === '/open_api/2/report/campaign/get/')!;
    expect(JSON.parse(byCampaign.query.get('filtering')!)).toEqual({ status: 'CAMPAIGN_STATUS_ALL' });
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
    // The restated day's campaigns were replaced with it.
    expect(await campaignDay('jrtt', '2026-08-28')).toEqual({
      ...expectedCampaigns('1700000011', '2026-08-28', 1),
      ...expectedCampaigns('1700000012', '2026-08-28', 1),
    });
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

  it("sends a window's H5 address as the campaign's LINK purpose and the ad's external_url", async () => {
    const window = await windowOf({
      name: 'H5 landing',
      media: 'jrtt',
      kind: 'h5',
      url: 'https://xianxia.example.com/landing',
    });
    const [account] = (await list('jrtt')).filter((a) => a.role === 'advertiser');
    const before = ocean.received.length;
    await runBatch('jrtt', {
      name: 'h5 batch',
      ad_account_ids: [account!.id],
      titles: ['官网预约送好礼'],
      window_id: window.id,
    });
    const sent = ocean.received.slice(before);
    const campaign = JSON.parse(sent.find((r) => r.path === '/open_api/2/campaign/create/')!.body);
    expect(campaign.landing_type).toBe('LINK');
    const ad = JSON.parse(sent.find((r) => r.path === '/open_api/2/ad/create/')!.body);
    expect(ad.external_url).toBe('https://xianxia.example.com/landing');
  });
});

describe('Ocean Engine mini-game ads (real adapter, v3 project and promotion)', () => {
  it('lands a WeChat mini-game window through a v3 project with its asset id; a lost answer is found, not made twice', async () => {
    const window = await windowOf({
      name: '仙侠小游戏 (Ocean Engine)',
      media: 'jrtt',
      kind: 'mini_program',
      mini_program_id: OCEAN_WECHAT_GAMES[0]!.user_name,
    });
    const [account] = (await list('jrtt')).filter((a) => a.role === 'advertiser');
    const before = ocean.received.length;
    // The project is made but its answer is lost: the second attempt finds it by name.
    ocean.loseAnswers(1);
    const { batch, ads } = await runBatch('jrtt', {
      name: 'mini-game batch',
      ad_account_ids: [account!.id],
      titles: ['仙侠小游戏开服'],
      window_id: window.id,
    });
    expect(batch).toMatchObject({ status: 'succeeded', ok: 1 });
    const sent = ocean.received.slice(before);
    expect(sent.filter((r) => r.path.startsWith('/open_api/2/') && r.method === 'POST')).toHaveLength(0);
    const ofRequest = (kind: string) =>
      ocean.made.filter((m) => m.kind === kind && m.name.includes(ads[0]!.request_id));
    expect(ofRequest('project')).toHaveLength(1);
    expect(ofRequest('promotion')).toHaveLength(1);
    const [project] = ofRequest('project');
    expect(project!.body).toMatchObject({
      advertiser_id: Number(account!.account_id),
      landing_type: 'MICRO_GAME',
      micro_promotion_type: 'WECHAT_GAME',
      micro_app_instance_id: OCEAN_WECHAT_GAMES[0]!.instance_id,
      delivery_setting: { budget_mode: 'BUDGET_MODE_DAY', budget: 500, cpa_bid: 1.5 },
    });
    expect(project!.body).not.toHaveProperty('micro_app_id');
    expect(project!.body).not.toHaveProperty('start_path');
    const [promotion] = ofRequest('promotion');
    expect(promotion!.parent).toBe(project!.id);
    expect(promotion!.body).not.toHaveProperty('promotion_materials.mini_program_info');
    expect(ads[0]).toMatchObject({ campaign_id: String(project!.id), adgroup_id: String(promotion!.id) });
  });

  it('refuses on its item a window naming no approved mini-game asset of the account, making nothing', async () => {
    const [account] = (await list('jrtt')).filter((a) => a.role === 'advertiser');
    for (const [id, reason] of [
      ['wx0123456789abcdef', 'is not a WeChat mini-game asset'],
      [OCEAN_WECHAT_GAMES[1]!.user_name, 'is not approved'],
    ] as const) {
      const window = await windowOf({
        name: `window ${id}`,
        media: 'jrtt',
        kind: 'mini_program',
        mini_program_id: id,
      });
      const before = ocean.received.length;
      const { batch, ads } = await runBatch('jrtt', {
        name: `refused ${id}`,
        ad_account_ids: [account!.id],
        titles: ['没有资产的小游戏'],
        window_id: window.id,
      });
      expect(batch).toMatchObject({ status: 'failed', ok: 0, failed: 1 });
      expect(ads[0]!.message).toContain(reason);
      expect(ocean.received.slice(before).filter((r) => r.method === 'POST')).toHaveLength(0);
    }
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
    // Its ad groups' days (v3's campaigns) came with it.
    expect(await campaignDay('tencent', '2026-05-20')).toEqual(expectedCampaigns('2000001', '2026-05-20', 0));
    const asked = tencent.received.filter(
      (r) => r.path === '/v3.0/daily_reports/get' && r.query.get('level') === 'REPORT_LEVEL_ADVERTISER',
    );
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(asked[0]!.query.get('date_range')!)).toEqual({
      start_date: '2026-05-01',
      end_date: '2026-05-25',
    });
  });
});

describe('Tencent batch ads (real adapter)', () => {
  it('refuses an ad without a landing window on its item, sending nothing', async () => {
    const [account] = await list('tencent');
    const before = tencent.received.length;
    const { batch, ads } = await runBatch('tencent', {
      name: 'no window',
      ad_account_ids: [account!.id],
      titles: ['无落地页'],
    });
    expect(batch).toMatchObject({ status: 'failed', ok: 0, failed: 1 });
    expect(ads[0]!.message).toContain('needs a landing window');
    expect(tencent.received.slice(before).filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('makes an ad group and a dynamic creative landing on the mini-game; a lost answer is found, not made twice', async () => {
    const window = await windowOf({
      name: '仙侠小游戏',
      media: 'tencent',
      kind: 'mini_program',
      mini_program_id: 'wx0123456789abcdef',
      path: 'pages/index/index',
    });
    const [account] = await list('tencent');
    tencent.loseAnswers(1);
    const { batch, ads } = await runBatch('tencent', {
      name: 'gdt batch',
      ad_account_ids: [account!.id],
      titles: ['仙侠开服', '仙侠福利'],
      window_id: window.id,
    });
    expect(batch).toMatchObject({ status: 'succeeded', ok: 2, failed: 0 });
    // Two ads: two ad groups and two creatives, though the first ad group's answer was lost.
    expect(tencent.made.filter((m) => m.kind === 'adgroup')).toHaveLength(2);
    expect(tencent.made.filter((m) => m.kind === 'creative')).toHaveLength(2);
    for (const ad of ads) {
      const group = tencent.made.find((m) => m.kind === 'adgroup' && String(m.id) === ad.adgroup_id)!;
      expect(group.name).toContain(ad.request_id);
      expect(ad.campaign_id).toBe(ad.adgroup_id);
      expect(group.body).toMatchObject({
        account_id: 2000001,
        marketing_goal: 'MARKETING_GOAL_USER_GROWTH',
        marketing_carrier_type: 'MARKETING_CARRIER_TYPE_WECHAT_MINI_GAME',
        marketing_carrier_detail: { marketing_carrier_id: 'wx0123456789abcdef' },
        daily_budget: 50_000,
        bid_amount: 150,
      });
      const creative = tencent.made.find((m) => m.kind === 'creative' && String(m.id) === ad.creative_id)!;
      expect(creative.parent).toBe(group.id);
      expect(creative.body).toMatchObject({
        creative_components: {
          title: [{ value: { content: ad.title } }],
          main_jump_info: [
            {
              value: {
                page_type: 'PAGE_TYPE_WECHAT_MINI_GAME',
                page_spec: { wechat_mini_game_spec: { mini_game_id: 'wx0123456789abcdef' } },
              },
            },
          ],
        },
      });
    }
    // Every write carried its own timestamp and nonce.
    const writes = tencent.received.filter((r) => r.method === 'POST');
    expect(new Set(writes.map((r) => r.query.get('nonce'))).size).toBe(writes.length);
  });

  it("shows the medium's refusal on the item; retry makes only the failed ad", async () => {
    const window = await windowOf({
      name: 'GDT H5',
      media: 'tencent',
      kind: 'h5',
      url: 'https://xianxia.example.com/gdt',
    });
    const [account] = await list('tencent');
    // The medium refuses the ad group (on every attempt the job makes).
    tencent.refuseCreates(100);
    const { batch, ads } = await runBatch('tencent', {
      name: 'refused once',
      ad_account_ids: [account!.id],
      titles: ['官网福利'],
      window_id: window.id,
    });
    expect(batch).toMatchObject({ status: 'failed', failed: 1 });
    expect(ads[0]!.message).toContain('11012: marketing_carrier_detail is not allowed');
    expect(tencent.made.filter((m) => m.name.includes(ads[0]!.request_id))).toHaveLength(0);

    tencent.refuseCreates(0);
    const retried = await admin.post(`/api/v1/ad-batches/${batch.id}/retry?media=tencent`);
    expect(retried.statusCode, retried.body).toBe(200);
    await t.app.jobs.runJob(batch.job_id!);
    const again = body<{ list: AdBatchAd[] }>(
      await admin.get(`/api/v1/ad-batches/${batch.id}/ads?media=tencent`),
    ).data.list;
    expect(again[0]).toMatchObject({ status: 'ok', message: '' });
    const made = tencent.made.filter((m) => m.name.includes(ads[0]!.request_id));
    expect(made.map((m) => m.kind)).toEqual(['adgroup', 'creative']);
    expect(made[0]!.body).toMatchObject({
      marketing_carrier_type: 'MARKETING_CARRIER_TYPE_JUMP_PAGE',
      optimization_goal: 'OPTIMIZATIONGOAL_APP_REGISTER',
    });
    expect(made[1]!.body).toMatchObject({
      creative_components: {
        main_jump_info: [
          {
            value: {
              page_type: 'PAGE_TYPE_H5',
              page_spec: { h5_spec: { page_url: 'https://xianxia.example.com/gdt' } },
            },
          },
        ],
      },
    });
  });
});
