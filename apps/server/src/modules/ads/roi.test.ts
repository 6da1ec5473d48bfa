import { describe, expect, it } from 'vitest';
import type { AdReportRow, AdReportSummary } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { roiFixture } from './roi-test-kit.ts';

// ROI in the reports through the channel mapping: the revenue of players whose sub-channel maps to
// an advertiser account, per report day in the medium's calendar (Beijing time), refunded orders and
// other currencies left out, a sub-channel counted for one account only, unmapped spend shown apart.

const t = useTestApp();
const admin = t.admin;
type List = { list: AdReportRow[]; total: number };

async function seed() {
  const f = await roiFixture(t, {
    prefix: 'roi',
    label: 'ROI',
    subs: ['a', 'b', 'c', 'd'],
    accounts: ['x', 'y', 'z'],
  });
  // a → X; b → Y; c → X for one campaign and Y for the whole account (Y counts); d → Z disabled.
  await f.map([
    ['a', 'x'],
    ['b', 'y'],
    ['c', 'x', { campaignId: '9001' }],
    ['c', 'y'],
    ['d', 'z', { enabled: false }],
  ]);
  await f.days([
    ['x', '2025-03-01', 10_000],
    ['x', '2025-03-02', 5_000],
    ['y', '2025-03-01', 20_000],
    ['z', '2025-03-01', 7_000],
  ]);
  for (const [openid, sub] of [
    ['roi-p1', 'a'],
    ['roi-p2', 'a'],
    ['roi-p3', 'b'],
    ['roi-p4', 'c'],
    ['roi-p5', 'd'],
    ['roi-p6', ''],
  ] as const)
    await f.player(openid, sub);
  await f.orders([
    // Beijing 2025-03-01 10:00, 01:00 (UTC the day before) and 23:30: account X's 1 March.
    ['roi-p1', 3_000, 'CNY', 'paid', '2025-03-01T02:00:00Z'],
    ['roi-p1', 1_000, 'CNY', 'delivered', '2025-02-28T17:00:00Z'],
    ['roi-p2', 2_500, 'CNY', 'paid', '2025-03-01T15:30:00Z'],
    // Refunded, and in another currency than the report's: no revenue.
    ['roi-p2', 9_999, 'CNY', 'refunded', '2025-03-01T03:00:00Z'],
    ['roi-p2', 500, 'USD', 'paid', '2025-03-01T03:00:00Z'],
    // Beijing 2 March 00:30: X's 2 March.
    ['roi-p1', 2_000, 'CNY', 'paid', '2025-03-01T16:30:00Z'],
    ['roi-p3', 4_000, 'CNY', 'paid', '2025-03-01T04:00:00Z'],
    ['roi-p4', 6_000, 'CNY', 'paid', '2025-03-01T05:00:00Z'],
    // A disabled mapping's player and one of no sub-channel.
    ['roi-p5', 8_000, 'CNY', 'paid', '2025-03-01T05:00:00Z'],
    ['roi-p6', 1_234, 'CNY', 'paid', '2025-03-01T05:00:00Z'],
  ]);
  return { x: f.account('x'), y: f.account('y'), z: f.account('z') };
}

describe('ROI through the channel mapping', () => {
  it('attributes mapped players’ payments to each account’s day, totals them and shows unmapped spend', async () => {
    const ids = await seed();
    const list = body<List>(
      await admin.get('/api/v1/ad-reports?media=jrtt&from=2025-03-01&to=2025-03-02&page_size=100&sort=id'),
    ).data;
    const figures = list.list.map((r) => [
      r.account_id,
      r.day,
      r.cost,
      r.revenue,
      r.paying_users,
      r.roi,
      r.mapped,
    ]);
    expect(figures).toEqual([
      ['roi-adv-x', '2025-03-01', 10_000, 6_500, 2, 0.65, true],
      ['roi-adv-x', '2025-03-02', 5_000, 2_000, 1, 0.4, true],
      ['roi-adv-y', '2025-03-01', 20_000, 10_000, 2, 0.5, true],
      ['roi-adv-z', '2025-03-01', 7_000, 0, 0, 0, false],
    ]);

    const summary = body<AdReportSummary>(
      await admin.get('/api/v1/ad-reports/summary?media=jrtt&from=2025-03-01&to=2025-03-02'),
    ).data;
    // p1 paid on both days: one paying player in the totals.
    expect(summary.totals).toMatchObject({ cost: 42_000, revenue: 18_500, paying_users: 4, roi: 0.4405 });
    expect(summary.unmapped_cost).toBe(7_000);
    expect(summary.days.map((d) => [d.day, d.cost, d.revenue, d.paying_users, d.roi])).toEqual([
      ['2025-03-01', 37_000, 16_500, 4, 0.4459],
      ['2025-03-02', 5_000, 2_000, 1, 0.4],
    ]);
    const one = body<AdReportSummary>(
      await admin.get(`/api/v1/ad-reports/summary?media=jrtt&ad_account_id=${ids.x}&from=2025-03-01`),
    ).data;
    expect(one.totals).toMatchObject({ cost: 15_000, revenue: 8_500, paying_users: 2, roi: 0.5667 });
    expect(one.unmapped_cost).toBe(0);
    // A day range leaves the other day's payments out.
    const first = body<AdReportSummary>(
      await admin.get('/api/v1/ad-reports/summary?media=jrtt&from=2025-03-02&to=2025-03-02'),
    ).data;
    expect(first.totals).toMatchObject({ cost: 5_000, revenue: 2_000, paying_users: 1, roi: 0.4 });

    const csv = await admin.get(
      '/api/v1/ad-reports/export?media=jrtt&format=csv&from=2025-03-01&to=2025-03-01',
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/,revenue,paying_users,roi,mapped$/);
    const row = (account: string) => lines.find((l) => l.includes(account))!;
    expect(row('roi-adv-x')).toMatch(/,65,2,0\.65,yes$/);
    expect(row('roi-adv-z')).toMatch(/,0,0,0,no$/);
  });
});
