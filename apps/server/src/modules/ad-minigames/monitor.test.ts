import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adMinigameAlertsResource,
  type AdAccount,
  type AdAuthorizeAnswer,
  type AdMinigameAlert,
  type AdMinigameRow,
  type AdMinigameSummary,
} from '@rx/contracts';
import { body, describeResource, signIn, useTestApp, type Client } from '../../../test/index.ts';
import { setParty } from '../../../test/stand-ins/index.ts';
import { minigameFigures, reportFigures, startTencent } from '../../../test/stand-ins/ad-media.ts';
import { fakeMedia, fakeMinigameDay, TENCENT_BASE } from '../ads/index.ts';

// Tencent's mini-game monitor: days pulled through the adapter (the fake here, the real one against
// a stand-in of the Marketing API below), ROI worked out per day, thresholds flagging the days that
// break them, the page's permissions and CPs apart; and the alerts' shared resource behaviour.

let tencentAccount = 0;
describeResource(adMinigameAlertsResource, {
  setup: async (ctx) => {
    const as = await signIn(ctx, 'admin', 'xianxia');
    tencentAccount = (await authoriseTencent(as, 'fake-agent-5'))[0]!.id;
  },
  sample: (n) => ({
    name: `Spend over ${n}`,
    metric: 'cost',
    op: 'gt',
    value: 100 * n,
    ad_account_id: n % 2 ? tencentAccount : null,
  }),
  change: { name: 'ROI under 10%', metric: 'roi_d1', op: 'lt', value: 10 },
  invalid: { body: { name: 'Bad', metric: 'ltv', op: 'lt', value: 1 }, field: 'metric' },
  roundTrip: { column: 'name', value: 'Renamed in a sheet' },
});

async function authoriseTencent(api: Client, code: string): Promise<AdAccount[]> {
  const start = body<AdAuthorizeAnswer>(await api.post('/api/v1/ad-accounts/authorize?media=tencent')).data;
  const res = await api.post('/api/v1/ad-accounts/authorize/callback?media=tencent', {
    code,
    state: start.state,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ list: AdAccount[] }>(
    await api.get('/api/v1/ad-accounts?media=tencent&page_size=100'),
  ).data.list.filter((a) => a.role === 'advertiser');
}

type List<T> = { list: T[]; total: number };

describe('mini-game monitor (fake Tencent)', () => {
  const t = useTestApp();
  const admin = t.admin;

  const pull = async (from: string, to: string) => {
    const res = await admin.post('/api/v1/ad-minigame-reports/pull', { from, to });
    expect(res.statusCode, res.body).toBe(202);
    const id = body<{ job_id: number }>(res).data.job_id;
    await t.app.jobs.runJob(id);
    expect(body<{ status: string }>(await admin.get(`/api/v1/jobs/${id}`)).data.status).toBe('succeeded');
  };

  it('pulls each advertiser’s mini-game days, works out ROI, and flags the days breaking a threshold', async () => {
    const accounts = await authoriseTencent(admin, 'fake-agent-31');
    expect(accounts.length).toBeGreaterThan(0);
    await pull('2026-06-01', '2026-06-07');
    const rows = body<List<AdMinigameRow>>(
      await admin.get('/api/v1/ad-minigame-reports?from=2026-06-01&to=2026-06-07&page_size=100&sort=day'),
    ).data;
    expect(rows.total).toBe(accounts.length * 7);
    const a = accounts[0]!;
    const row = rows.list.find((r) => r.ad_account_id === a.id && r.day === '2026-06-03')!;
    const want = fakeMinigameDay(fakeMedia().figuresOf(a.account_id, '2026-06-03'));
    expect(row).toMatchObject({
      mini_game_id: want.miniGameId,
      cost: want.cost,
      registrations: want.registrations,
      pay_amount_d1: want.payAmountD1,
      pay_amount_d7: want.payAmountD7,
      roi_d1: want.cost ? Math.round((want.payAmountD1 * 10_000) / want.cost) / 100 : null,
      alerts: [],
    });
    // Pulling again replaces the days, never adds.
    await pull('2026-06-03', '2026-06-03');
    expect(
      body<List<AdMinigameRow>>(await admin.get('/api/v1/ad-minigame-reports?from=2026-06-01&to=2026-06-07'))
        .data.total,
    ).toBe(accounts.length * 7);

    // A threshold on one account's spend: exactly its days over the value are flagged.
    const limit = row.cost;
    const alert = body<AdMinigameAlert>(
      await admin.post('/api/v1/ad-minigame-alerts', {
        name: 'Spend over',
        metric: 'cost',
        op: 'gt',
        value: limit,
        ad_account_id: a.id,
      }),
    ).data;
    const over = rows.list.filter((r) => r.ad_account_id === a.id && r.cost > limit);
    const flagged = body<List<AdMinigameRow>>(
      await admin.get('/api/v1/ad-minigame-reports?from=2026-06-01&to=2026-06-07&alerting=1&page_size=100'),
    ).data;
    expect(flagged.list.map((r) => r.id).sort()).toEqual(over.map((r) => r.id).sort());
    for (const r of flagged.list) expect(r.alerts).toEqual([{ id: alert.id, name: 'Spend over' }]);
    const summary = body<AdMinigameSummary>(
      await admin.get('/api/v1/ad-minigame-reports/summary?from=2026-06-01&to=2026-06-07'),
    ).data;
    expect(summary.alerting_days).toBe(over.length);
    expect(summary.totals.cost).toBe(rows.list.reduce((s, r) => s + r.cost, 0));
    expect(summary.mini_games).toContain(want.miniGameId);
    // Pulling again rings the bell of whoever pulled (and authorised): the threshold, how many days.
    await pull('2026-06-01', '2026-06-07');
    const bell = body<{ list: { title: string; link: string }[] }>(
      await admin.get('/api/v1/notifications?page_size=50'),
    ).data.list;
    expect(bell.map((n) => n.title).join('\n')).toContain('Spend over');
    // Disabled, it flags nothing.
    await admin.put(`/api/v1/ad-minigame-alerts/${alert.id}`, { enabled: false, version: alert.version });
    expect(
      body<List<AdMinigameRow>>(await admin.get('/api/v1/ad-minigame-reports?alerting=1')).data.total,
    ).toBe(0);

    const csv = await admin.get(
      '/api/v1/ad-minigame-reports/export?format=csv&from=2026-06-03&to=2026-06-03',
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(want.miniGameId);
  });

  it('refuses bad input with nothing changed, needs the page’s permissions, and keeps CPs apart', async () => {
    const before = body<List<AdMinigameAlert>>(await admin.get('/api/v1/ad-minigame-alerts')).data.total;
    const jrtt = body<{ list: AdAccount[] }>(await admin.get('/api/v1/ad-accounts?media=jrtt')).data.list[0];
    if (jrtt) {
      const wrong = await admin.post('/api/v1/ad-minigame-alerts', {
        name: 'x',
        metric: 'cost',
        op: 'gt',
        value: 1,
        ad_account_id: jrtt.id,
      });
      expect(body(wrong)).toMatchObject({
        code: 400001,
        data: { fields: { ad_account_id: expect.any(String) } },
      });
    }
    const negative = await admin.post('/api/v1/ad-minigame-alerts', {
      name: 'x',
      metric: 'cost',
      op: 'gt',
      value: -1,
    });
    expect(body(negative)).toMatchObject({ code: 400001, data: { fields: { value: expect.any(String) } } });
    expect(body<List<AdMinigameAlert>>(await admin.get('/api/v1/ad-minigame-alerts')).data.total).toBe(
      before,
    );
    const backwards = await admin.post('/api/v1/ad-minigame-reports/pull', {
      from: '2026-06-07',
      to: '2026-06-01',
    });
    expect(body(backwards)).toMatchObject({ code: 400001, data: { fields: { to: expect.any(String) } } });

    const viewer = await t.staff(['launch/see/gdt_minigame_monitor']);
    expect(body(await viewer.get('/api/v1/ad-minigame-reports')).code).toBe(0);
    expect(
      body(await viewer.post('/api/v1/ad-minigame-reports/pull', { from: '2026-06-01', to: '2026-06-01' }))
        .code,
    ).toBe(403001);
    expect(
      body(await viewer.post('/api/v1/ad-minigame-alerts', { name: 'x', metric: 'cost', op: 'gt', value: 1 }))
        .code,
    ).toBe(403001);
    const nobody = await t.staff([]);
    expect(body(await nobody.get('/api/v1/ad-minigame-reports')).code).toBe(403001);
    const hw = await t.signIn('ops_hw', 'dawn');
    const theirs = body<List<AdMinigameRow>>(await hw.get('/api/v1/ad-minigame-reports?page_size=100')).data;
    expect(theirs?.list ?? []).toEqual([]);
  });
});

describe('mini-game monitor (real Tencent adapter against a stand-in)', () => {
  let tencent: Awaited<ReturnType<typeof startTencent>>;
  beforeAll(async () => {
    tencent = await startTencent();
  });
  afterAll(async () => {
    await tencent.close();
  });
  const t = useTestApp({ app: () => ({ outsideEndpoints: { [TENCENT_BASE]: tencent.url } }) });
  const admin = t.admin;

  it('asks daily_reports at the promoted-object level by date and mini-game, keeping WeChat mini-games only', async () => {
    await setParty(admin, 'ad_tencent', {
      mode: 'real',
      settings: { app_id: tencent.appId, redirect_uri: 'https://console.example/main/x' },
      credentials: { app_secret: tencent.secret },
    });
    const [account] = await authoriseTencent(admin, 'good-code');
    expect(account!.account_id).toBe('2000001');
    const res = await admin.post('/api/v1/ad-minigame-reports/pull', {
      from: '2026-05-01',
      to: '2026-05-31',
    });
    const id = body<{ job_id: number }>(res).data.job_id;
    await t.app.jobs.runJob(id);
    const rows = body<List<AdMinigameRow>>(
      await admin.get('/api/v1/ad-minigame-reports?from=2026-05-01&to=2026-05-31&page_size=100'),
    ).data;
    // 31 days; the app that is not a mini-game is left out (one page of 62 rows).
    expect(rows.total).toBe(31);
    expect(new Set(rows.list.map((r) => r.mini_game_id))).toEqual(new Set(['wx00000000000000aa']));
    const f = minigameFigures(reportFigures('2000001', '2026-05-20', 0));
    expect(rows.list.find((r) => r.day === '2026-05-20')).toMatchObject({
      cost: f.cost,
      impressions: f.view_count,
      registrations: f.mini_game_register_users,
      pay_amount_d1: f.mini_game_paying_amount_d1,
      pay_amount: f.mini_game_paying_amount,
    });
    const asked = tencent.received.filter(
      (r) => r.path === '/v3.0/daily_reports/get' && r.query.get('level') === 'REPORT_LEVEL_PROMOTED_OBJECT',
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]!.query.get('group_by')).toBe('["date","promoted_object_id"]');
    expect(JSON.parse(asked[0]!.query.get('fields')!)).toContain('mini_game_paying_amount_d1');
    expect(asked[0]!.query.get('nonce')).toBeTruthy();
  });
});
