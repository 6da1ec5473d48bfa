import { describe, expect, it } from 'vitest';
import { adBatchTemplatesResource, type AdBatchTemplate } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { batchKit } from './batch-test-kit.ts';
import { adBatchTemplates } from './tables.ts';

// Batch templates (`/ad-batch-templates?media=`): saved setups checked against each medium's rules
// from the registry, kept to their medium, versioned, counted by the batches made from them.

const t = useTestApp();
const admin = t.admin;
const kit = batchKit(t);

const setup = {
  budget: 40_000,
  bid: 150,
  layout: 'video',
  targeting: { genders: ['female'], age_min: 18, age_max: 40, regions: ['广东', '浙江'] },
  schedule_start: '2026-12-01',
  schedule_end: '2026-12-31',
};
const post = (media: string, payload: unknown) =>
  admin.post(`/api/v1/ad-batch-templates?media=${media}`, payload);
const fields = (res: Awaited<ReturnType<typeof post>>) =>
  body<{ fields: Record<string, string> }>(res).data.fields ?? {};

describe('ad batch templates', () => {
  it('saves a setup per medium and lists it on that medium only', async () => {
    const res = await post('jrtt', { name: '女性向视频', ...setup, remark: '春节' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = body<AdBatchTemplate>(res).data;
    expect(saved).toMatchObject({ media: 'jrtt', ...setup, remark: '春节', used_count: 0, version: 1 });
    const list = (media: string) =>
      admin
        .get(`/api/v1/ad-batch-templates?media=${media}&q=女性向`)
        .then((r) => body<{ list: AdBatchTemplate[] }>(r).data.list);
    expect((await list('jrtt')).map((x) => x.id)).toEqual([saved.id]);
    expect(await list('tencent')).toEqual([]);
    // Read, update and delete by id keep to the medium of the query.
    expect(body(await admin.get(`/api/v1/ad-batch-templates/${saved.id}?media=tencent`)).code).toBe(404001);
    expect((await t.logsOf('ad_batch_template', saved.id))[0]).toMatchObject({ action: 'create' });
    // The same name on the same medium is taken.
    expect(fields(await post('jrtt', { name: '女性向视频', ...setup })).name).toBeTruthy();
  });

  it("refuses a setup outside the medium's rules, each field with its reason", async () => {
    const before = await t.rowCount(adBatchTemplates);
    // Ocean Engine's daily budget starts at 300 yuan; Tencent's at 50.
    const low = { name: '低预算', ...setup, budget: 10_000 };
    expect(fields(await post('jrtt', low)).budget).toMatch(/300/);
    expect(body(await post('tencent', low)).code).toBe(0);
    const bad = fields(
      await post('jrtt', {
        name: '坏设置',
        ...setup,
        bid: 2_000_000,
        targeting: { ...setup.targeting, age_min: 30, age_max: 20 },
        schedule_end: '2026-11-01',
      }),
    );
    expect(Object.keys(bad).sort()).toEqual(['bid']);
    const ranged = fields(
      await post('jrtt', {
        name: '坏设置',
        ...setup,
        targeting: { ...setup.targeting, age_min: 12, age_max: 10 },
        schedule_end: '2026-11-01',
      }),
    );
    expect(Object.keys(ranged).sort()).toEqual(['schedule_end', 'targeting.age_max', 'targeting.age_min']);
    expect(fields(await post('jrtt', { ...setup, name: 'x\u0000' })).name).toBeTruthy();
    expect(fields(await post('jrtt', { ...setup, name: 'x', layout: 'carousel' })).layout).toBeTruthy();
    expect(
      fields(await post('jrtt', { ...setup, name: 'x', schedule_start: '2026-02-30' })).schedule_start,
    ).toBeTruthy();
    expect(body(await post('kuaishou', { ...setup, name: 'x' })).code).toBe(400001);
    expect(await t.rowCount(adBatchTemplates)).toBe(before + 1);
  });

  it('checks an update merged with the row, refuses a stale version', async () => {
    const saved = body<AdBatchTemplate>(await post('jrtt', { name: '改预算', ...setup })).data;
    const patch = (payload: unknown) =>
      admin.put(`/api/v1/ad-batch-templates/${saved.id}?media=jrtt`, payload);
    expect(fields(await patch({ budget: 100, version: 1 })).budget).toBeTruthy();
    const ok = body<AdBatchTemplate>(await patch({ budget: 60_000, version: 1 }));
    expect(ok.data).toMatchObject({ budget: 60_000, bid: 150, version: 2 });
    expect(body(await patch({ bid: 200, version: 1 })).code).toBe(409001);
    expect(body(await admin.del(`/api/v1/ad-batch-templates/${saved.id}?media=jrtt`)).code).toBe(0);
  });

  it('counts the batches made from a template and exports the templates', async () => {
    const saved = body<AdBatchTemplate>(
      await post('jrtt', { name: '计数模板', ...setup, layout: 'single_image' }),
    ).data;
    const [account] = await kit.advertisers('jrtt', 'fake-agent-51');
    await kit.create('jrtt', {
      name: '模板批次',
      ad_account_ids: [account!.id],
      titles: ['仙侠新服开启'],
      ...setup,
      layout: 'single_image',
      template_id: saved.id,
    });
    const got = body<AdBatchTemplate>(
      await admin.get(`/api/v1/ad-batch-templates/${saved.id}?media=jrtt`),
    ).data;
    expect(got.used_count).toBe(1);
    const csv = await admin.get('/api/v1/ad-batch-templates/export?media=jrtt&format=csv&q=计数模板');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('age_min');
    expect(csv.body).toContain('计数模板');
  });

  it('checks the medium’s template page permissions on every route', async () => {
    const { see, edit } = adBatchTemplatesResource.permissionsBy!.jrtt!;
    const viewer = await t.staff([see]);
    expect(body(await viewer.get('/api/v1/ad-batch-templates?media=jrtt')).code).toBe(0);
    expect(
      body(await viewer.post('/api/v1/ad-batch-templates?media=jrtt', { name: 'v', ...setup })).code,
    ).toBe(403001);
    expect(body(await viewer.get('/api/v1/ad-batch-templates?media=tencent')).code).toBe(403001);
    const editor = await t.staff([see, edit]);
    expect(
      body(await editor.post('/api/v1/ad-batch-templates?media=jrtt', { name: 'v', ...setup })).code,
    ).toBe(0);
  });
});
