import { describe, expect, it } from 'vitest';
import type { AdPromotion, AdReportCampaigns } from '@rx/contracts';
import { adReportsResource } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { adObjects, adReportCampaignDays, adReportDays } from './tables.ts';
import { roiFixture } from './roi-test-kit.ts';

// ROI per campaign: each campaign's days summed over the range, revenue only where a channel mapping
// names the campaign (a whole-account mapping's payments are the account's, never split over its
// campaigns); promotion plans that name campaigns roll up those campaigns' days only.

const t = useTestApp();
const admin = t.admin;

async function seed() {
  const f = await roiFixture(t, { prefix: 'cr', label: 'Campaign', subs: ['a', 'b'], accounts: [''] });
  const { db, owner } = f;
  const account = f.account('');
  // a → campaign 501 of the account; b → the whole account.
  await f.map([
    ['a', '', { campaignId: '501' }],
    ['b', ''],
  ]);
  await db
    .insert(adReportDays)
    .values([f.day('', '2025-04-01', 9_000, 5), f.day('', '2025-04-02', 2_000, 0)]);
  const campaign = (id: string, d: string, cost: number, conversions: number, name = `Campaign ${id}`) => ({
    ...f.day('', d, cost, conversions),
    campaignId: id,
    campaignName: name,
  });
  await db
    .insert(adReportCampaignDays)
    .values([
      campaign('501', '2025-04-01', 4_000, 2, 'Old name'),
      campaign('501', '2025-04-02', 2_000, 0),
      campaign('502', '2025-04-01', 5_000, 3),
    ]);
  await db.insert(adObjects).values(
    ['501', '502'].map((id) => ({
      ...owner,
      media: 'jrtt',
      adAccountId: account,
      level: 'campaign' as const,
      objectId: id,
      name: `Campaign ${id}`,
      status: 'active' as const,
      token: '1',
      syncedAt: new Date(),
    })),
  );
  await f.player('cr-p1', 'a');
  await f.player('cr-p2', 'b');
  await f.orders([
    // Beijing 1 April and 2 April: campaign 501's days.
    ['cr-p1', 3_000, 'CNY', 'paid', '2025-04-01T02:00:00Z'],
    ['cr-p1', 1_000, 'CNY', 'paid', '2025-04-02T02:00:00Z'],
    // The whole-account sub-channel: the account's revenue, no campaign's.
    ['cr-p2', 5_000, 'CNY', 'paid', '2025-04-01T03:00:00Z'],
  ]);
  return { id: account };
}

describe('ROI per campaign', () => {
  it('sums each campaign over the days, with revenue and ROI only where a mapping names it; plans narrow to their campaigns', async () => {
    const account = await seed();
    const res = await admin.get('/api/v1/ad-reports/campaigns?media=jrtt&from=2025-04-01&to=2025-04-02');
    expect(res.statusCode, res.body).toBe(200);
    const { list, total } = body<AdReportCampaigns>(res).data;
    expect(total).toBe(2);
    expect(list).toEqual([
      {
        ad_account_id: account.id,
        account_id: 'cr-adv',
        account_name: 'Campaign advertiser',
        campaign_id: '501',
        campaign_name: 'Campaign 501',
        days: 2,
        cost: 6_000,
        impressions: 2_000,
        clicks: 20,
        conversions: 2,
        cpa: 3_000,
        ctr: 0.01,
        currency: 'CNY',
        mapped: true,
        revenue: 4_000,
        paying_users: 1,
        roi: 0.6667,
      },
      expect.objectContaining({
        campaign_id: '502',
        cost: 5_000,
        conversions: 3,
        cpa: 1_667,
        mapped: false,
        revenue: null,
        paying_users: null,
        roi: null,
      }),
    ]);
    // The account's own figures keep the whole-account sub-channel's payments (3,000 + 5,000 on 1 April).
    const days = body<{ list: { day: string; revenue: number }[] }>(
      await admin.get('/api/v1/ad-reports?media=jrtt&from=2025-04-01&to=2025-04-01'),
    ).data.list;
    expect(days.map((d) => d.revenue)).toEqual([8_000]);

    // One day, sorted by conversions, a page of one.
    const first = body<AdReportCampaigns>(
      await admin.get(
        '/api/v1/ad-reports/campaigns?media=jrtt&from=2025-04-01&to=2025-04-01&sort=-conversions&page_size=1',
      ),
    ).data;
    expect(first.total).toBe(2);
    expect(first.list.map((c) => [c.campaign_id, c.cost, c.revenue, c.roi])).toEqual([
      ['502', 5_000, null, null],
    ]);
    const second = body<AdReportCampaigns>(
      await admin.get('/api/v1/ad-reports/campaigns?media=jrtt&from=2025-04-02&to=2025-04-02'),
    ).data;
    expect(second.list.map((c) => [c.campaign_id, c.cost, c.revenue, c.roi, c.cpa])).toEqual([
      ['501', 2_000, 1_000, 0.5, null],
    ]);

    // A promotion plan that names campaigns rolls up those campaigns' days only.
    const plan = async (name: string, campaign_ids: string[]) => {
      const res = await admin.post('/api/v1/ad-promotions', {
        name,
        media: ['jrtt'],
        start_day: '2025-04-01',
        end_day: '2025-04-02',
        ad_account_ids: [account.id],
        campaign_ids,
      });
      expect(res.statusCode, res.body).toBe(200);
      return body<AdPromotion>(res).data.rollup;
    };
    expect(await plan('Whole account', [])).toMatchObject({ cost: 11_000, conversions: 5 });
    expect(await plan('Campaign 501', ['501'])).toMatchObject({ cost: 6_000, conversions: 2, cpa: 3_000 });
    expect(await plan('Both campaigns', ['501', '502'])).toMatchObject({ cost: 11_000, conversions: 5 });
  });

  it('keeps to the caller’s game and permission, and refuses a bad range', async () => {
    const viewer = await t.staff([adReportsResource.permissions.see]);
    expect(body(await viewer.get('/api/v1/ad-reports/campaigns?media=jrtt')).code).toBe(0);
    const none = await t.staff(['launch/see/jrtt_batch_ad']);
    expect(body(await none.get('/api/v1/ad-reports/campaigns?media=jrtt')).code).toBe(403001);
    const other = await t.staff([adReportsResource.permissions.see], 'dawn', 'ops_hw');
    // Another CP's staff (another area: no such page there) never see this game's campaigns.
    const theirs = await other.get('/api/v1/ad-reports/campaigns?media=jrtt');
    expect(theirs.body).not.toContain('cr-adv');
    expect(body(await admin.get('/api/v1/ad-reports/campaigns?media=jrtt&from=2025-13-01')).code).toBe(
      400001,
    );
  });
});
