import { describe, expect, it } from 'vitest';
import {
  adBatchTasksResource,
  type AdBatch,
  type AdBatchAd,
  type AdBatchDraftsAnswer,
  type AdBatchTemplate,
} from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { batchKit } from './batch-test-kit.ts';
import { fakeMedia } from './media/fake.ts';
import { adBatches } from './tables.ts';

// The batch editor's drafts (accounts × titles × materials checked against the medium's rules),
// a batch made from a template with materials, and the batch tasks across media: per-ad results,
// retry of the failed ads only, an ad whose answer was lost made once, permissions.

const t = useTestApp();
const admin = t.admin;
const kit = batchKit(t);

const IMG = (n: number) => `https://cdn.example.com/ads/${n}.jpg`;
const VIDEO = 'https://cdn.example.com/ads/trailer.mp4';
const drafts = (media: string, payload: unknown) =>
  admin.post(`/api/v1/ad-batches/drafts?media=${media}`, payload);

describe('batch drafts and tasks', () => {
  it("previews accounts × titles × materials, each draft checked against the medium's rules", async () => {
    const accounts = await kit.advertisers('jrtt', 'fake-agent-61');
    const before = await t.rowCount(adBatches);
    const payload = {
      name: '预览',
      ad_account_ids: accounts.slice(0, 2).map((a) => a.id),
      titles: ['仙侠新服今日开启', '短'],
      materials: [IMG(1), VIDEO],
      layout: 'single_image',
      budget: 10_000,
      bid: 120,
    };
    const res = await drafts('jrtt', payload);
    expect(res.statusCode, res.body).toBe(200);
    const answer = body<AdBatchDraftsAnswer>(res).data;
    expect(answer.total).toBe(2 * 2 * 2);
    expect(answer.drafts).toHaveLength(8);
    // Budget under Ocean Engine's 300 yuan is the setup's problem.
    expect(answer.fields.budget).toMatch(/300/);
    const of = (title: string, material: string) =>
      answer.drafts.filter((d) => d.title === title && d.materials[0] === material);
    expect(of('仙侠新服今日开启', IMG(1)).every((d) => d.problems.length === 0)).toBe(true);
    // A video in an image layout, and a title under five characters.
    expect(of('仙侠新服今日开启', VIDEO)[0]!.problems).toHaveLength(1);
    expect(of('短', VIDEO)[0]!.problems).toHaveLength(2);
    expect(answer.failing).toBe(6);
    expect(await t.rowCount(adBatches)).toBe(before);

    // Submitting with failing drafts makes nothing and names the fields.
    const refused = body<{ fields: Record<string, string> }>(
      await admin.post('/api/v1/ad-batches?media=jrtt', payload),
    );
    expect(refused.code).toBe(400001);
    expect(Object.keys(refused.data.fields).sort()).toEqual(['budget', 'materials', 'titles']);
    expect(await t.rowCount(adBatches)).toBe(before);

    // A multi-image layout puts every image in one creative, within the medium's count.
    const multi = body<AdBatchDraftsAnswer>(
      await drafts('jrtt', {
        ...payload,
        layout: 'multi_image',
        materials: [IMG(1), IMG(2)],
        budget: 30_000,
      }),
    ).data;
    expect(multi.total).toBe(4);
    expect(multi.drafts[0]!.materials).toEqual([IMG(1), IMG(2)]);
    expect(multi.drafts[0]!.problems.join()).toMatch(/3/);
    // Kuaishou takes no multi-image layout: the setup's problem.
    const [ks] = await kit.advertisers('kuaishou', 'fake-agent-62');
    const kuaishou = body<AdBatchDraftsAnswer>(
      await drafts('kuaishou', {
        ...payload,
        ad_account_ids: [ks!.id],
        layout: 'multi_image',
        budget: 50_000,
      }),
    ).data;
    expect(kuaishou.fields.layout).toBeTruthy();
    // An account of another medium is not one of this medium's.
    expect(body(await drafts('jrtt', { ...payload, ad_account_ids: [ks!.id] })).code).toBe(400001);
  });

  it('makes a batch from a template with materials, one ad per material, the medium holding them', async () => {
    const accounts = await kit.advertisers('tencent', 'fake-agent-63');
    const template = body<AdBatchTemplate>(
      await admin.post('/api/v1/ad-batch-templates?media=tencent', {
        name: '腾讯视频模板',
        budget: 8_000,
        bid: 90,
        layout: 'video',
      }),
    ).data;
    const batch = await kit.create('tencent', {
      name: '腾讯批次',
      ad_account_ids: [accounts[0]!.id],
      titles: ['新服开启'],
      materials: [VIDEO, 'https://cdn.example.com/ads/teaser.webm'],
      budget: template.budget,
      bid: template.bid,
      layout: template.layout,
      template_id: template.id,
    });
    expect(batch).toMatchObject({ total: 2, layout: 'video', template_id: template.id, budget: 8_000 });
    const made = (await kit.ads('tencent', batch.id)).list;
    expect(made.map((a) => [a.status, a.materials])).toEqual([
      ['ok', [VIDEO]],
      ['ok', ['https://cdn.example.com/ads/teaser.webm']],
    ]);
    expect(fakeMedia().ads.get(made[0]!.request_id)!.materials).toEqual([VIDEO]);
    // A template of another medium is refused.
    const jrttTemplate = body<AdBatchTemplate>(
      await admin.post('/api/v1/ad-batch-templates?media=jrtt', {
        name: '头条模板',
        budget: 30_000,
        bid: 90,
      }),
    ).data;
    const wrong = await admin.post('/api/v1/ad-batches?media=tencent', {
      name: 'x',
      ad_account_ids: [accounts[0]!.id],
      titles: ['新服开启'],
      budget: 8_000,
      bid: 90,
      template_id: jrttTemplate.id,
    });
    expect(body<{ fields: Record<string, string> }>(wrong).data.fields.template_id).toBeTruthy();
  });

  it('lists tasks across media, retries only the failed ads, and makes a lost-answer ad once', async () => {
    const jrtt = await kit.advertisers('jrtt', 'fake-agent-64');
    const ks = await kit.advertisers('kuaishou', 'fake-agent-65');
    const made = fakeMedia().adsMade;
    fakeMedia().frozen.add(jrtt[1]!.account_id);
    const a = await kit.create('jrtt', {
      name: '任务甲',
      ad_account_ids: [jrtt[0]!.id, jrtt[1]!.id],
      titles: ['仙侠新服开启'],
      budget: 30_000,
      bid: 100,
    });
    // The kuaishou batch's only ad: made by the medium, its answer lost every time.
    fakeMedia().script.mode = 'created_timeout';
    const b = await kit.create('kuaishou', {
      name: '任务乙',
      ad_account_ids: [ks[0]!.id],
      titles: ['快手新服开启'],
      budget: 50_000,
      bid: 100,
    });
    fakeMedia().script.mode = 'ok';
    expect(fakeMedia().adsMade).toBe(made + 2);

    const list = (query: string) =>
      admin.get(`/api/v1/ad-batch-tasks?q=任务&${query}`).then((r) => body<{ list: AdBatch[] }>(r).data.list);
    const all = await list('');
    expect(all.map((x) => [x.media, x.status]).sort()).toEqual([
      ['jrtt', 'partial'],
      ['kuaishou', 'failed'],
    ]);
    expect((await list('media=jrtt')).map((x) => x.id)).toEqual([a.id]);
    expect((await list('status=failed')).map((x) => x.id)).toEqual([b.id]);

    const failedAds = body<{ list: AdBatchAd[] }>(
      await admin.get(`/api/v1/ad-batch-tasks/${a.id}/ads?status=error`),
    ).data.list;
    expect(failedAds.map((x) => x.account_id)).toEqual([jrtt[1]!.account_id]);
    expect(failedAds[0]!.message).toContain('frozen');
    // The ads in order, or the last first (the list's declared sort).
    const seqs = (sort: string) =>
      admin
        .get(`/api/v1/ad-batch-tasks/${a.id}/ads?sort=${sort}`)
        .then((r) => body<{ list: AdBatchAd[]; total: number }>(r).data);
    expect((await seqs('seq')).list.map((x) => x.seq)).toEqual([1, 2]);
    expect(await seqs('-seq')).toMatchObject({ total: 2, list: [{ seq: 2 }, { seq: 1 }] });

    // Retry both: the jrtt task asks the medium for its failed ad only; the kuaishou ad was made
    // already under its request id, so the medium answers the same ad and makes none.
    fakeMedia().frozen.clear();
    const asked = fakeMedia().calls.filter((c) => c.operation === 'create_ad').length;
    for (const task of [a, b]) {
      const res = await admin.post(`/api/v1/ad-batch-tasks/${task.id}/retry`);
      expect(body<AdBatch>(res).data.status, res.body).toBe('running');
      await t.app.jobs.runJob(task.job_id!);
    }
    expect(fakeMedia().calls.filter((c) => c.operation === 'create_ad').length).toBe(asked + 2);
    expect(fakeMedia().adsMade).toBe(made + 3);
    const after = body<AdBatch>(await admin.get(`/api/v1/ad-batch-tasks/${b.id}`)).data;
    expect(after).toMatchObject({ status: 'succeeded', ok: 1, failed: 0 });
    const [lost] = (await kit.ads('kuaishou', b.id)).list;
    expect(lost!.campaign_id).toBe(fakeMedia().ads.get(lost!.request_id)!.campaignId);
    expect(body(await admin.post(`/api/v1/ad-batch-tasks/${a.id}/retry`)).code).toBe(422001);

    const csv = await admin.get('/api/v1/ad-batch-tasks/export?format=csv&q=任务');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('任务甲');
    expect(csv.body).toContain('kuaishou');
  });

  it("checks the batch-task page's permissions and keeps to the caller's game", async () => {
    const { see } = adBatchTasksResource.permissions;
    const viewer = await t.staff([see]);
    expect(body(await viewer.get('/api/v1/ad-batch-tasks')).code).toBe(0);
    const [first] = body<{ list: AdBatch[] }>(await admin.get('/api/v1/ad-batch-tasks')).data.list;
    expect(body(await viewer.post(`/api/v1/ad-batch-tasks/${first!.id}/retry`)).code).toBe(403001);
    const batchOnly = await t.staff(['launch/see/jrtt_batch_ad']);
    expect(body(await batchOnly.get('/api/v1/ad-batch-tasks')).code).toBe(403001);
    // Another CP's staff see none of these tasks.
    const other = await t.staff([see], 'dawn', 'ops_hw');
    const theirs = body<{ list: AdBatch[] }>(await other.get('/api/v1/ad-batch-tasks'));
    expect(theirs.code).toBe(0);
    expect(theirs.data.list.map((x) => x.id)).not.toContain(first!.id);
    expect(body(await other.get(`/api/v1/ad-batch-tasks/${first!.id}`)).code).toBe(404001);
    expect(body(await other.post(`/api/v1/ad-batch-tasks/${first!.id}/retry`)).code).not.toBe(0);
  });
  it("lets a medium's own staff read and retry its tasks with ?media=, the cross-media list only with its permission", async () => {
    const jrtt = await kit.advertisers('jrtt', 'fake-agent-66');
    const ks = await kit.advertisers('kuaishou', 'fake-agent-67');
    fakeMedia().frozen.add(jrtt[1]!.account_id);
    const mine = await kit.create('jrtt', {
      name: '头条自家任务',
      ad_account_ids: [jrtt[0]!.id, jrtt[1]!.id],
      titles: ['仙侠新服开启'],
      budget: 30_000,
      bid: 100,
    });
    fakeMedia().frozen.clear();
    const theirs = await kit.create('kuaishou', {
      name: '快手别家任务',
      ad_account_ids: [ks[0]!.id],
      titles: ['快手新服开启'],
      budget: 50_000,
      bid: 100,
    });
    const toutiao = adBatchTasksResource.permissionsBy!.jrtt!;
    expect(toutiao.see).toBe('launch/see/jrtt_batch_task');
    const staff = await t.staff([toutiao.see, toutiao.edit]);

    // Across media: the cross-media permission only.
    expect(body(await staff.get('/api/v1/ad-batch-tasks')).code).toBe(403001);
    expect(body(await staff.get(`/api/v1/ad-batch-tasks/${mine.id}`)).code).toBe(403001);
    expect(body(await staff.post(`/api/v1/ad-batch-tasks/${mine.id}/retry`)).code).toBe(403001);
    // Toutiao's own: its list (no other medium's task), one task, its ads, the retry.
    const list = body<{ list: AdBatch[] }>(
      await staff.get('/api/v1/ad-batch-tasks?media=jrtt&page_size=100'),
    );
    expect(list.code).toBe(0);
    expect(list.data.list.map((x) => x.id)).toContain(mine.id);
    expect(list.data.list.every((x) => x.media === 'jrtt')).toBe(true);
    expect(body(await staff.get(`/api/v1/ad-batch-tasks/${mine.id}?media=jrtt`)).code).toBe(0);
    const ads = body<{ list: AdBatchAd[] }>(
      await staff.get(`/api/v1/ad-batch-tasks/${mine.id}/ads?media=jrtt&status=error`),
    );
    expect(ads.data.list.map((x) => x.account_id)).toEqual([jrtt[1]!.account_id]);
    // Another medium's task through Toutiao's address is not found; Kuaishou's own needs its permission.
    expect(body(await staff.get(`/api/v1/ad-batch-tasks/${theirs.id}?media=jrtt`)).code).toBe(404001);
    expect(body(await staff.get(`/api/v1/ad-batch-tasks/${theirs.id}?media=kuaishou`)).code).toBe(403001);
    expect(body(await staff.get('/api/v1/ad-batch-tasks?media=nope')).code).toBe(400001);
    expect(body(await staff.get('/api/v1/ad-batch-tasks/export?format=csv&media=jrtt')).code).toBe(403001);
    const retried = await staff.post(`/api/v1/ad-batch-tasks/${mine.id}/retry?media=jrtt`);
    expect(body<AdBatch>(retried).data.status, retried.body).toBe('running');
    await t.app.jobs.runJob(mine.job_id!);
    expect(body<AdBatch>(await staff.get(`/api/v1/ad-batch-tasks/${mine.id}?media=jrtt`)).data).toMatchObject(
      {
        status: 'succeeded',
        ok: 2,
        failed: 0,
      },
    );
    // Read only: no retry.
    const reader = await t.staff([toutiao.see]);
    expect(body(await reader.post(`/api/v1/ad-batch-tasks/${mine.id}/retry?media=jrtt`)).code).toBe(403001);
  });
});
