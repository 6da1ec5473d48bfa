import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdAccount, AdBatch } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { batchKit } from './batch-test-kit.ts';
import { fakeMedia } from './media/fake.ts';
import { adBatchAds, adBatches } from './tables.ts';

// Batch ad creation through the built-in fake medium: accounts × titles pushed as a job, the
// medium's ids per ad, failures with its reason, retry of the failed ads only, an ad whose answer
// was lost after the medium made it made once, bad input and permissions.

const t = useTestApp();
const admin = t.admin;

const { advertisers, create, read, ads } = batchKit(t);

describe('ad batches (fake medium)', () => {
  it('makes accounts × titles as a job with the medium’s ids per ad', async () => {
    const accounts = await advertisers('jrtt', 'fake-agent-41');
    expect(accounts).toHaveLength(3);
    const batch = await create('jrtt', {
      name: '首发批次',
      ad_account_ids: accounts.map((a) => a.id),
      titles: ['仙侠新服开启', '登录领神宠'],
      budget: 50_000,
      bid: 120,
    });
    expect(batch).toMatchObject({ total: 6, status: 'running' });
    expect(await read('jrtt', batch.id)).toMatchObject({ status: 'succeeded', ok: 6, failed: 0 });
    const made = (await ads('jrtt', batch.id)).list;
    expect(made).toHaveLength(6);
    for (const ad of made) {
      expect(ad.status).toBe('ok');
      expect(ad.campaign_id).toMatch(/^jrtt-c\d+$/);
      expect(fakeMedia().ads.get(ad.request_id)).toMatchObject({ accountId: ad.account_id, title: ad.title });
    }
    expect(new Set(made.map((a) => a.request_id)).size).toBe(6);
    expect((await t.logsOf('ad_batch', batch.id))[0]).toMatchObject({ action: 'create' });
    const listed = body<{ list: AdBatch[] }>(await admin.get('/api/v1/ad-batches?media=jrtt&q=首发')).data
      .list;
    expect(listed.map((b) => b.id)).toContain(batch.id);
    expect(
      body<{ list: AdBatch[] }>(await admin.get('/api/v1/ad-batches?media=kuaishou')).data.list,
    ).not.toContainEqual(expect.objectContaining({ id: batch.id }));
  });

  it('records the failed ads with the medium’s reason and makes only them again on retry', async () => {
    const accounts = await advertisers('kuaishou', 'fake-agent-42');
    const made = fakeMedia().adsMade;
    // The medium refuses the second account's ads (frozen).
    fakeMedia().frozen.add(accounts[1]!.account_id);
    const batch = await create('kuaishou', {
      name: 'retry me',
      ad_account_ids: [accounts[0]!.id, accounts[1]!.id],
      titles: ['春节限定礼包', '登录领取神宠'],
      budget: 50_000,
      bid: 50,
    });
    expect(await read('kuaishou', batch.id)).toMatchObject({ status: 'partial', ok: 2, failed: 2 });
    const failed = (await ads('kuaishou', batch.id, '&status=error')).list;
    expect(failed.map((a) => a.account_id)).toEqual([accounts[1]!.account_id, accounts[1]!.account_id]);
    expect(failed[0]!.message).toContain('frozen');
    expect(fakeMedia().adsMade).toBe(made + 2);

    // Unfrozen: retry asks the medium for the two failed ads only.
    fakeMedia().frozen.clear();
    const asked = fakeMedia().calls.filter((c) => c.operation === 'create_ad').length;
    const retried = await admin.post(`/api/v1/ad-batches/${batch.id}/retry?media=kuaishou`);
    expect(body<AdBatch>(retried).data.status).toBe('running');
    await t.app.jobs.runJob(batch.job_id!);
    expect(await read('kuaishou', batch.id)).toMatchObject({ status: 'succeeded', ok: 4, failed: 0 });
    expect(fakeMedia().calls.filter((c) => c.operation === 'create_ad').length).toBe(asked + 2);
    expect(fakeMedia().adsMade).toBe(made + 4);
    // Nothing left to retry.
    expect(body(await admin.post(`/api/v1/ad-batches/${batch.id}/retry?media=kuaishou`)).code).toBe(422001);
  });

  it('does not make twice an ad whose answer was lost after the medium made it', async () => {
    const accounts = await advertisers('jrtt', 'fake-agent-43');
    const made = fakeMedia().adsMade;
    // Every attempt of the only ad (the kit's two, and the job's second pass): made, then no answer in time.
    fakeMedia().script.mode = 'created_timeout';
    const batch = await create('jrtt', {
      name: 'lost answer',
      ad_account_ids: [accounts[0]!.id],
      titles: ['只做一次的广告'],
      budget: 30_000,
      bid: 10,
    });
    expect(await read('jrtt', batch.id)).toMatchObject({ status: 'failed', failed: 1 });
    const [ad] = (await ads('jrtt', batch.id)).list;
    expect(ad!.message).toContain('created_timeout');
    expect(fakeMedia().adsMade).toBe(made + 1);

    fakeMedia().script.mode = 'ok';
    await admin.post(`/api/v1/ad-batches/${batch.id}/retry?media=jrtt`);
    await t.app.jobs.runJob(batch.job_id!);
    const [after] = (await ads('jrtt', batch.id)).list;
    expect(after).toMatchObject({
      status: 'ok',
      campaign_id: fakeMedia().ads.get(ad!.request_id)!.campaignId,
    });
    expect(fakeMedia().adsMade).toBe(made + 1);
  });

  it('refuses bad input, foreign accounts and missing permissions, making nothing', async () => {
    const before = await t.rowCount(adBatches);
    const [jrtt] = await advertisers('jrtt', 'fake-agent-44');
    const [tencentRow] = body<{ list: AdAccount[] }>(
      await admin.get('/api/v1/ad-accounts?media=kuaishou&role=advertiser'),
    ).data.list;
    const good = { name: 'x', ad_account_ids: [jrtt!.id], titles: ['合格的标题'], budget: 30_000, bid: 10 };
    const bad = async (payload: unknown, media = 'jrtt') =>
      body<{ fields: Record<string, string> }>(
        await admin.post(`/api/v1/ad-batches?media=${media}`, payload),
      );
    expect((await bad({ ...good, titles: [] })).data.fields.titles).toBeTruthy();
    expect((await bad({ ...good, titles: ['a', 'a'] })).data.fields.titles).toBeTruthy();
    expect((await bad({ ...good, budget: 100 })).data.fields.budget).toBeTruthy();
    expect((await bad({ ...good, name: 'a\u0000' })).data.fields.name).toBeTruthy();
    expect(
      (
        await bad({
          ...good,
          titles: Array.from({ length: 200 }, (_, i) => `t${i}`),
          ad_account_ids: Array.from({ length: 11 }, () => jrtt!.id),
        })
      ).data.fields.titles,
    ).toBeTruthy();
    if (tencentRow)
      expect(
        (await bad({ ...good, ad_account_ids: [tencentRow.id] })).data.fields.ad_account_ids,
      ).toBeTruthy();
    expect((await bad(good, 'oppo')).code).toBe(400001);
    const viewer = await t.staff(['launch/see/jrtt_batch_ad']);
    expect(body(await viewer.get('/api/v1/ad-batches?media=jrtt')).code).toBe(0);
    expect(body(await viewer.post('/api/v1/ad-batches?media=jrtt', good)).code).toBe(403001);
    expect(body(await viewer.get('/api/v1/ad-batches?media=kuaishou')).code).toBe(403001);
    expect(await t.rowCount(adBatches)).toBe(before);
    const orphan = await t.database.db.select().from(adBatchAds).where(eq(adBatchAds.adAccountId, jrtt!.id));
    expect(orphan).toHaveLength(0);
  });
});
