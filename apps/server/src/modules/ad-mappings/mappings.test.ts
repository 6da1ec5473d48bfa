import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adMappingsResource, type AdMapping, type AdMappingChoices } from '@rx/contracts';
import { adAccounts, channels, products, subChannels } from '../../db/tables.ts';
import {
  authoriseFakeAgent,
  body,
  describeResource,
  useTestApp,
  type TestContext,
} from '../../../test/index.ts';

// Channel mapping: a sub-channel/campaign pair maps once; the account is an advertiser of the game
// (never another CP's), the campaign one of its mirrored campaigns; the choices keep to the game;
// each route asks its permission.

/** A channel with sub-channels and an advertiser in the domestic demo game, straight into the tables. */
async function seedGame(t: TestContext, tag: string, subs: number) {
  const db = t.database.db;
  const [product] = await db.select().from(products).where(eq(products.code, 'xianxia'));
  const owner = { cpId: product!.cpId, productId: product!.id };
  const [channel] = await db
    .insert(channels)
    .values({ ...owner, code: `map-${tag}`, name: `Mapping ${tag}`, kind: 'store' })
    .returning();
  const rows = await db
    .insert(subChannels)
    .values(
      Array.from({ length: subs }, (_, i) => ({
        ...owner,
        channelId: channel!.id,
        code: `map-${tag}-${i + 1}`,
        name: `Sub ${tag} ${i + 1}`,
      })),
    )
    .returning();
  const [account] = await db
    .insert(adAccounts)
    .values({
      ...owner,
      media: 'jrtt',
      accountId: `map-adv-${tag}`,
      name: `Advertiser ${tag}`,
      role: 'advertiser',
      grantAccount: `map-adv-${tag}`,
    })
    .returning();
  return { subIds: rows.map((r) => r.id).sort((a, b) => a - b), accountId: account!.id };
}

let seeded: { subIds: number[]; accountId: number } = { subIds: [], accountId: 0 };
describeResource(adMappingsResource, {
  setup: async (t) => {
    seeded = await seedGame(t, 'shared', 40);
  },
  sample: (n) => ({ sub_channel_id: seeded.subIds[n - 1], media: 'jrtt', ad_account_id: seeded.accountId }),
  change: { note: 'Spring campaign', enabled: false },
  invalid: {
    body: { sub_channel_id: 1, media: 'jrtt', ad_account_id: 1, campaign_id: 'bad id!' },
    field: 'campaign_id',
  },
  roundTrip: { column: 'note', value: 'From the sheet' },
});

const t = useTestApp();
const admin = t.admin;

describe('ad mappings', () => {
  it('maps a sub-channel/campaign pair once, to an advertiser and campaign of the game', async () => {
    const { subIds } = await seedGame(t, 'own', 2);
    const [advertiser] = await authoriseFakeAgent(admin, 'fake-agent-71');
    const campaign = `${advertiser!.account_id}-c1`;
    const map = (body: Record<string, unknown>) =>
      admin.post('/api/v1/ad-mappings', { sub_channel_id: subIds[0], media: 'jrtt', ...body });

    const whole = await map({ ad_account_id: advertiser!.id });
    expect(whole.statusCode, whole.body).toBe(200);
    const again = await map({ ad_account_id: advertiser!.id });
    expect(body(again)).toMatchObject({
      code: 400001,
      data: { fields: { campaign_id: expect.any(String) } },
    });

    const one = body<AdMapping>(await map({ ad_account_id: advertiser!.id, campaign_id: campaign })).data;
    expect(one).toMatchObject({
      campaign_id: campaign,
      account_id: advertiser!.account_id,
      sub_channel_code: 'map-own-1',
      campaign_name: expect.stringContaining('campaign 1'),
    });
    expect(body(await map({ ad_account_id: advertiser!.id, campaign_id: campaign })).code).toBe(400001);
    // Another sub-channel may map the same campaign.
    const other = await admin.post('/api/v1/ad-mappings', {
      sub_channel_id: subIds[1],
      media: 'jrtt',
      ad_account_id: advertiser!.id,
      campaign_id: campaign,
    });
    expect(other.statusCode, other.body).toBe(200);

    // A campaign the account does not have, or an account of another medium, is refused.
    const unknownCampaign = await admin.put(`/api/v1/ad-mappings/${one.id}`, {
      campaign_id: 'no-such-campaign',
      version: one.version,
    });
    expect(body(unknownCampaign)).toMatchObject({
      code: 400001,
      data: { fields: { campaign_id: expect.any(String) } },
    });
    const wrongMedium = await map({ media: 'tencent', ad_account_id: advertiser!.id, campaign_id: 'x' });
    expect(body(wrongMedium)).toMatchObject({
      code: 400001,
      data: { fields: { ad_account_id: expect.any(String) } },
    });
    const unchanged = body<AdMapping>(await admin.get(`/api/v1/ad-mappings/${one.id}`)).data;
    expect(unchanged.campaign_id).toBe(campaign);
    expect(unchanged.version).toBe(one.version);

    const found = body<{ list: AdMapping[] }>(await admin.get('/api/v1/ad-mappings?q=map-own-1')).data.list;
    expect(found.map((m) => m.id).sort()).toEqual([body<AdMapping>(whole).data.id, one.id].sort());

    const choices = body<AdMappingChoices>(
      await admin.get(`/api/v1/ad-mappings/choices?media=jrtt&ad_account_id=${advertiser!.id}&q=map-own`),
    ).data;
    expect(choices.sub_channels.map((s) => s.code)).toEqual(['map-own-1', 'map-own-2']);
    expect(choices.accounts.some((a) => a.id === advertiser!.id)).toBe(true);
    expect(choices.campaigns.map((c) => c.object_id)).toContain(campaign);
  });

  it('keeps to the caller’s CP and asks each route’s permission', async () => {
    const { subIds, accountId } = await seedGame(t, 'cp', 1);
    const mapping = body<AdMapping>(
      await admin.post('/api/v1/ad-mappings', {
        sub_channel_id: subIds[0],
        media: 'jrtt',
        ad_account_id: accountId,
      }),
    ).data;

    const hw = await t.signIn('ops_hw', 'dawn');
    expect(body(await (await t.signIn('ops_hw', 'xianxia')).get('/api/v1/ad-mappings')).code).not.toBe(0);
    expect(body(await hw.get(`/api/v1/ad-mappings/${mapping.id}`)).code).toBe(404001);
    expect(body<{ list: AdMapping[] }>(await hw.get('/api/v1/ad-mappings')).data.list).toEqual([]);
    const hwChoices = body<AdMappingChoices>(await hw.get('/api/v1/ad-mappings/choices?media=jrtt')).data;
    expect(hwChoices.accounts.some((a) => a.id === accountId)).toBe(false);
    expect(hwChoices.sub_channels.some((s) => s.id === subIds[0])).toBe(false);
    // Another CP's account and sub-channel are unknown there.
    const foreign = await hw.post('/api/v1/ad-mappings', {
      sub_channel_id: subIds[0],
      media: 'jrtt',
      ad_account_id: accountId,
    });
    expect(body(foreign)).toMatchObject({
      code: 400001,
      data: { fields: { sub_channel_id: expect.any(String) } },
    });

    const viewer = await t.staff(['launch/see/mapping']);
    expect(body(await viewer.get('/api/v1/ad-mappings/choices?media=jrtt')).code).toBe(0);
    expect(
      body(
        await viewer.post('/api/v1/ad-mappings', {
          sub_channel_id: subIds[0],
          media: 'jrtt',
          ad_account_id: accountId,
        }),
      ).code,
    ).toBe(403001);
    const stranger = await t.staff(['launch/see/trustship_rule']);
    expect(body(await stranger.get('/api/v1/ad-mappings/choices?media=jrtt')).code).toBe(403001);
    expect(body(await stranger.get(`/api/v1/ad-mappings/${mapping.id}`)).code).toBe(403001);
  });
});
