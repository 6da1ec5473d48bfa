import { describe, expect, it } from 'vitest';
import type { AdReportRow, AdReportSummary } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { roiFixture } from './roi-test-kit.ts';

// Day-1/3/7 cohort ROI: the players registered on a report day (Beijing time) through a sub-channel
// mapped to the account, their payments within 1, 3 and 7 days of registering ÷ the day's spend —
// a player registered the evening before, a payment on day 8, a refund and another currency left out.

const t = useTestApp();
const admin = t.admin;

async function seed() {
  const f = await roiFixture(t, { prefix: 'co', label: 'Cohort', subs: ['a', 'b'], accounts: ['x', 'y'] });
  const [x, y] = [f.account('x'), f.account('y')];
  await f.map([
    ['a', 'x'],
    ['b', 'y'],
  ]);
  await f.days([
    ['x', '2025-05-01', 10_000],
    ['x', '2025-05-02', 4_000],
    ['y', '2025-05-01', 20_000],
  ]);
  for (const [openid, sub, createdAt] of [
    // Beijing 1 May 09:00 and 01:00 (UTC 30 April): X's 1 May cohort.
    ['co-p1', 'a', '2025-05-01T01:00:00Z'],
    ['co-p2', 'a', '2025-04-30T17:00:00Z'],
    // Beijing 30 April 23:00: not of 1 May.
    ['co-p3', 'a', '2025-04-30T15:00:00Z'],
    // Beijing 2 May 02:00: X's 2 May cohort.
    ['co-p4', 'a', '2025-05-01T18:00:00Z'],
    // Y's 1 May cohort.
    ['co-p5', 'b', '2025-05-01T02:00:00Z'],
  ] as const)
    await f.player(openid, sub, createdAt);
  await f.orders([
    ['co-p1', 1_000, 'CNY', 'paid', '2025-05-01T03:00:00Z'], // day 1
    ['co-p1', 500, 'CNY', 'refunded', '2025-05-01T04:00:00Z'], // refunded
    ['co-p1', 300, 'USD', 'paid', '2025-05-01T04:00:00Z'], // another currency
    ['co-p1', 2_000, 'CNY', 'paid', '2025-05-02T20:00:00Z'], // Beijing 3 May 04:00: day 3
    ['co-p1', 4_000, 'CNY', 'paid', '2025-05-06T10:00:00Z'], // Beijing 6 May: day 6
    ['co-p1', 8_000, 'CNY', 'paid', '2025-05-08T10:00:00Z'], // Beijing 8 May: day 8, out
    ['co-p2', 1_500, 'CNY', 'paid', '2025-04-30T18:00:00Z'], // Beijing 1 May 02:00: day 1
    ['co-p3', 9_000, 'CNY', 'paid', '2025-05-01T03:00:00Z'], // registered the day before
    ['co-p4', 600, 'CNY', 'paid', '2025-05-03T15:59:00Z'], // Beijing 3 May 23:59: its day 2
    ['co-p5', 5_000, 'CNY', 'paid', '2025-05-01T05:00:00Z'],
  ]);
  return { x, y };
}

describe('cohort ROI through the channel mapping', () => {
  it('sums each registration day’s payments within 1, 3 and 7 days, per row, per day and in total', async () => {
    const { x, y } = await seed();
    const rows = body<{ list: AdReportRow[] }>(
      await admin.get('/api/v1/ad-reports?media=jrtt&from=2025-05-01&to=2025-05-02&page_size=100&sort=id'),
    ).data.list;
    const row = (account: number, day: string) =>
      rows.find((r) => r.ad_account_id === account && r.day === day)!;
    expect(row(x, '2025-05-01')).toMatchObject({
      cohort_revenue_d1: 2_500,
      cohort_revenue_d3: 4_500,
      cohort_revenue_d7: 8_500,
      roi_d1: 0.25,
      roi_d3: 0.45,
      roi_d7: 0.85,
    });
    expect(row(x, '2025-05-02')).toMatchObject({
      cohort_revenue_d1: 0,
      cohort_revenue_d3: 600,
      cohort_revenue_d7: 600,
      roi_d1: 0,
      roi_d3: 0.15,
      roi_d7: 0.15,
    });
    expect(row(y, '2025-05-01')).toMatchObject({
      cohort_revenue_d1: 5_000,
      cohort_revenue_d7: 5_000,
      roi_d1: 0.25,
      roi_d7: 0.25,
    });

    const summary = body<AdReportSummary>(
      await admin.get('/api/v1/ad-reports/summary?media=jrtt&from=2025-05-01&to=2025-05-02'),
    ).data;
    expect(summary.totals).toMatchObject({
      cost: 34_000,
      cohort_revenue_d1: 7_500,
      cohort_revenue_d3: 10_100,
      cohort_revenue_d7: 14_100,
      roi_d1: 0.2206,
      roi_d3: 0.2971,
      roi_d7: 0.4147,
    });
    expect(summary.days).toEqual([
      expect.objectContaining({ day: '2025-05-01', cohort_revenue_d7: 13_500, roi_d7: 0.45 }),
      expect.objectContaining({ day: '2025-05-02', cohort_revenue_d3: 600, roi_d1: 0, roi_d3: 0.15 }),
    ]);
    // One account's rows only.
    const one = body<AdReportSummary>(
      await admin.get(`/api/v1/ad-reports/summary?media=jrtt&ad_account_id=${y}`),
    ).data;
    expect(one.totals).toMatchObject({ cohort_revenue_d7: 5_000, roi_d7: 0.25 });
  });
});
