import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { validationMessage, type AdAccount, type AdReportRow, type AdReportSummary } from '@rx/contracts';
import { authorizeMedia, body, useTestApp } from '../../../test/index.ts';
import { fakeMedia } from './media/fake.ts';
import { REPORT_PULL_JOB, addDays, startDailyPulls } from './reports.ts';
import { adReportDays } from './tables.ts';

// Reports through the built-in fake medium: the pull job (by hand and daily), restated days,
// filters, sorting, totals and the chart's sums, export, permissions and bad input.

const t = useTestApp();
const admin = t.admin;
type List = { list: AdReportRow[]; total: number };
type Job = { status: string; summary: Record<string, unknown> };
type Items = { list: { status: string; message: string; input: { account_id: string } }[] };

const authorize = async (media: string, code: string) => {
  const { res } = await authorizeMedia(admin, media, code);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ list: AdAccount[] }>(await admin.get(`/api/v1/ad-accounts?media=${media}&page_size=100`)).data
    .list;
};
const pull = async (media: string, payload: Record<string, unknown>) => {
  const res = await admin.post(`/api/v1/ad-reports/pull?media=${media}`, payload);
  expect(res.statusCode, res.body).toBe(202);
  const id = body<{ job_id: number }>(res).data.job_id;
  await t.app.jobs.runJob(id);
  return {
    id,
    job: body<Job>(await admin.get(`/api/v1/jobs/${id}`)).data,
    items: body<Items>(await admin.get(`/api/v1/jobs/${id}/items?page_size=100`)).data.list,
  };
};
const reports = async (media: string, query = '') =>
  body<List>(await admin.get(`/api/v1/ad-reports?media=${media}${query ? `&${query}` : ''}`)).data;
const summary = async (media: string, query = '') =>
  body<AdReportSummary>(
    await admin.get(`/api/v1/ad-reports/summary?media=${media}${query ? `&${query}` : ''}`),
  ).data;

describe('ad reports (fake medium)', () => {
  it('pulls each advertiser’s days as a job, lists, sorts, filters and totals them', async () => {
    const accounts = await authorize('jrtt', 'fake-agent-31');
    const advertisers = accounts.filter(
      (a) => a.role === 'advertiser' && a.grant_account === 'jrtt-agent-31',
    );
    expect(advertisers).toHaveLength(3);
    const { job, items } = await pull('jrtt', { from: '2026-10-01', to: '2026-10-10' });
    expect(job.status).toBe('succeeded');
    expect(
      items
        .filter((i) => i.status === 'ok')
        .map((i) => i.input.account_id)
        .sort(),
    ).toEqual(expect.arrayContaining(advertisers.map((a) => a.account_id).sort()));

    const one = advertisers[0]!;
    const rows = await reports('jrtt', `ad_account_id=${one.id}&page_size=100&sort=day`);
    expect(rows.total).toBe(10);
    expect(rows.list.map((r) => r.day)).toEqual(
      Array.from({ length: 10 }, (_, i) => addDays('2026-10-01', i)),
    );
    const expected = fakeMedia().figuresOf(one.account_id, '2026-10-03');
    const day3 = rows.list.find((r) => r.day === '2026-10-03')!;
    expect(day3).toMatchObject({
      account_id: one.account_id,
      account_name: one.name,
      cost: expected.cost,
      impressions: expected.impressions,
      clicks: expected.clicks,
      conversions: expected.conversions,
      currency: 'CNY',
    });
    expect(day3.cpa).toBe(expected.conversions ? Math.round(expected.cost / expected.conversions) : null);

    // Sorted by cost, highest first; a range of days.
    const byCost = await reports('jrtt', `ad_account_id=${one.id}&sort=-cost&page_size=100`);
    const costs = byCost.list.map((r) => r.cost);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    const range = await reports('jrtt', `ad_account_id=${one.id}&from=2026-10-04&to=2026-10-05`);
    expect(range.list.map((r) => r.day).sort()).toEqual(['2026-10-04', '2026-10-05']);

    // Totals and the chart's sums agree with the rows.
    const sums = await summary('jrtt', `ad_account_id=${one.id}`);
    expect(sums.totals.cost).toBe(rows.list.reduce((s, r) => s + r.cost, 0));
    expect(sums.totals.clicks).toBe(rows.list.reduce((s, r) => s + r.clicks, 0));
    expect(sums.days.map((d) => d.day)).toEqual(rows.list.map((r) => r.day));
    const all = await summary('jrtt', 'from=2026-10-03&to=2026-10-03');
    expect(all.days).toHaveLength(1);
    expect(all.days[0]!.impressions).toBe(all.totals.impressions);
    expect(all.totals.impressions).toBeGreaterThanOrEqual(day3.impressions);
  });

  it('replaces restated days when the days are pulled again, and keeps the others', async () => {
    const accounts = await authorize('tencent', 'fake-adv-restate');
    const account = accounts.find((a) => a.role === 'advertiser')!;
    await pull('tencent', { from: '2026-09-01', to: '2026-09-07', ad_account_id: account.id });
    const before = await reports('tencent', `ad_account_id=${account.id}&page_size=100`);
    expect(before.total).toBe(7);
    fakeMedia().restate(account.account_id, '2026-09-05');
    const restated = fakeMedia().figuresOf(account.account_id, '2026-09-05');
    await pull('tencent', { from: '2026-09-04', to: '2026-09-07', ad_account_id: account.id });
    const after = await reports('tencent', `ad_account_id=${account.id}&page_size=100`);
    expect(after.total).toBe(7);
    const day = (list: AdReportRow[], d: string) => list.find((r) => r.day === d)!;
    expect(day(after.list, '2026-09-05')).toMatchObject({
      cost: restated.cost,
      impressions: restated.impressions,
      clicks: restated.clicks,
    });
    expect(day(after.list, '2026-09-05').impressions).not.toBe(day(before.list, '2026-09-05').impressions);
    expect(day(after.list, '2026-09-02')).toEqual(day(before.list, '2026-09-02'));
    // One row per account and day, whatever the pulls.
    const stored = await t.database.db
      .select()
      .from(adReportDays)
      .where(eq(adReportDays.adAccountId, account.id));
    expect(stored).toHaveLength(7);
  });

  it('records a failing account with the medium’s reason; retry pulls it again', async () => {
    const accounts = await authorize('kuaishou', 'fake-agent-32');
    const mine = accounts.filter((a) => a.grant_account === 'kuaishou-agent-32' && a.role === 'advertiser');
    // The first report call fails (after the kit's retries), the others answer.
    fakeMedia().script.plan('fail', 'fail');
    const first = await pull('kuaishou', { from: '2026-08-01', to: '2026-08-02' });
    expect(first.job.status).toBe('failed');
    const failed = first.items.filter((i) => i.status === 'error');
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed[0]!.message).toContain('503');
    expect(first.items.filter((i) => i.status === 'ok').length).toBeGreaterThanOrEqual(mine.length - 1);
    expect(body(await admin.post(`/api/v1/jobs/${first.id}/retry`)).code).toBe(0);
    await t.app.jobs.runJob(first.id);
    expect(body<Job>(await admin.get(`/api/v1/jobs/${first.id}`)).data.status).toBe('succeeded');
    for (const account of mine)
      expect((await reports('kuaishou', `ad_account_id=${account.id}`)).total).toBe(2);
  });

  it('starts the daily pull of the last seven complete days for every game with accounts', async () => {
    await authorize('jrtt', 'fake-adv-daily');
    const ids = await startDailyPulls(t.database.db, t.app.jobs, new Date('2026-11-20T03:00:00Z'));
    expect(ids.length).toBeGreaterThanOrEqual(1);
    const job = body<Job & { kind: string; params?: unknown }>(
      await admin.get(`/api/v1/jobs/${ids[0]}`),
    ).data;
    expect(job.kind).toBe(REPORT_PULL_JOB);
    await t.app.jobs.runJob(ids[0]!);
    const days = await reports('jrtt', 'from=2026-11-13&to=2026-11-19&page_size=1&sort=day');
    expect(days.list[0]?.day).toBe('2026-11-13');
    expect((await reports('jrtt', 'from=2026-11-20&to=2026-11-20')).total).toBe(0);
    expect((await reports('jrtt', 'from=2026-11-12&to=2026-11-12')).total).toBe(0);
  });

  it('exports the filtered days', async () => {
    const res = await admin.get(
      '/api/v1/ad-reports/export?media=jrtt&format=csv&from=2026-10-01&to=2026-10-02',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('day,account_id,account_name,cost');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.startsWith('2026-10-0'))).toBe(true);
  });

  it('refuses bad input, other media and missing permissions, starting nothing', async () => {
    const before = await t.rowCount(adReportDays);
    const bad = async (payload: unknown, media = 'jrtt') =>
      body<{ fields: Record<string, string> }>(
        await admin.post(`/api/v1/ad-reports/pull?media=${media}`, payload),
      );
    expect(await bad({ from: '2026-10-05', to: '2026-10-01' })).toMatchObject({
      code: 400001,
      data: { fields: { to: expect.any(String) } },
    });
    expect((await bad({ from: '2026-01-01', to: '2026-06-01' })).data.fields.to).toBe(
      validationMessage('range_too_long', 'zh'),
    );
    expect((await bad({ from: '2026-02-30', to: '2026-03-01' })).data.fields.from).toBeTruthy();
    expect((await bad({ from: '2026-10\u0000', to: '2026-10-01' })).code).toBe(400001);
    // OPPO has no report page; an account of another medium is not this one's.
    expect((await bad({ from: '2026-10-01', to: '2026-10-01' }, 'oppo')).code).toBe(400001);
    const tencent = body<{ list: AdAccount[] }>(await admin.get('/api/v1/ad-accounts?media=tencent')).data
      .list[0];
    if (tencent)
      expect(
        (await bad({ from: '2026-10-01', to: '2026-10-01', ad_account_id: tencent.id })).data.fields
          .ad_account_id,
      ).toBeTruthy();
    expect(body(await admin.get('/api/v1/ad-reports?media=jrtt&from=yesterday')).code).toBe(400001);
    expect(await t.rowCount(adReportDays)).toBe(before);

    const viewer = await t.staff(['launch/see/jrtt_data_report']);
    expect(body(await viewer.get('/api/v1/ad-reports?media=jrtt')).code).toBe(0);
    const choices = body<{ list: { id: number; account_id: string }[] }>(
      await viewer.get('/api/v1/ad-reports/accounts?media=jrtt'),
    ).data.list;
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.every((c) => c.account_id.startsWith('jrtt-'))).toBe(true);
    expect(choices.some((c) => c.account_id.endsWith('agent-31'))).toBe(false);
    expect(body(await viewer.get('/api/v1/ad-reports?media=tencent')).code).toBe(403001);
    expect(
      body(await viewer.post('/api/v1/ad-reports/pull?media=jrtt', { from: '2026-10-01', to: '2026-10-01' }))
        .code,
    ).toBe(403001);
    const hw = await t.signIn('ops_hw', 'dawn');
    const foreign = body<List | null>(await hw.get('/api/v1/ad-reports?media=jrtt'));
    expect(foreign.code === 0 ? foreign.data!.total : 0).toBe(0);
  });
});
