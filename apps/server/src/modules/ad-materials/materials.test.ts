import { describe, expect, it } from 'vitest';
import {
  adMaterialsResource,
  type AdAccount,
  type AdAuthorizeAnswer,
  type AdLibraryEntry,
  type AdMaterial,
  type AdMaterialAd,
  type AdMaterialEffect,
  type AdMaterialEffectsSummary,
  type AdMaterialOptions,
  type AdObject,
  type FileItem,
} from '@rx/contracts';
import { body, describeResource, signIn, useTestApp, type Client } from '../../../test/index.ts';
import { png } from '../../../test/images.ts';
import { fileBody } from '../../../test/multipart.ts';
import { mp4 } from '../../../test/videos.ts';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema.ts';
import { adReportDays } from '../ads/index.ts';
import { adMaterials } from './tables.ts';

// The material library: materials made from uploads (their facts read by the upload service), one
// per MD5 in a game, labels and sources of the game, the ad groups of the delivery mirror that use
// a material, filters; the effect report shares each account's days among its ad groups' materials.

async function upload(as: Client, use: 'image' | 'video', name: string, bytes: Buffer): Promise<FileItem> {
  const { payload, contentType } = fileBody(name, bytes, use === 'image' ? 'image/png' : 'video/mp4');
  const res = await as.upload(`/api/v1/files?use=${use}`, payload, contentType);
  expect(res.statusCode, res.body).toBe(200);
  return body<FileItem>(res).data;
}

// The shared behaviour: each sample names its own uploaded picture (a different size, so another MD5).
const sampleFiles: string[] = [];
describeResource(adMaterialsResource, {
  setup: async (ctx) => {
    const as = await signIn(ctx, 'admin', 'xianxia');
    for (let i = 0; i < 40; i++)
      sampleFiles.push((await upload(as, 'image', `s${i}.png`, png(10 + i, 10))).id);
  },
  sample: (n) => ({ file_id: sampleFiles[n % sampleFiles.length], name: `素材 ${n}`, note: `n${n}` }),
  change: { name: '春节主视觉', note: 'spring' },
  invalid: { body: { file_id: 'not-a-file' }, field: 'file_id' },
  roundTrip: { column: 'note', value: 'edited in the sheet' },
});

const t = useTestApp();
const admin = t.admin;
type List<T> = { list: T[]; total: number };

const create = (fields: Record<string, unknown>, as: Client = admin) =>
  as.post('/api/v1/ad-materials', fields);
const fieldsOf = (res: { body: string }) =>
  Object.keys(body<{ fields: object }>(res as never).data?.fields ?? {});

describe('ad materials', () => {
  it('makes a material from an upload, once per MD5, with its facts, labels and source', async () => {
    const image = await upload(admin, 'image', 'hero.png', png(64, 48, [1, 2, 3, 255]));
    const label = body<AdLibraryEntry>(await admin.post('/api/v1/ad-labels', { text: '主视觉' })).data;
    const source = body<AdLibraryEntry>(await admin.post('/api/v1/ad-sources', { text: '外包工作室' })).data;
    const options = body<AdMaterialOptions>(await admin.get('/api/v1/ad-materials/options')).data;
    expect(options.labels).toContainEqual({ id: label.id, text: '主视觉' });
    expect(options.sources).toContainEqual({ id: source.id, text: '外包工作室' });
    const res = await create({ file_id: image.id, label_ids: [label.id], source_id: source.id });
    expect(res.statusCode, res.body).toBe(200);
    const material = body<AdMaterial>(res).data;
    expect(material).toMatchObject({
      name: 'hero.png',
      kind: 'image',
      content_type: 'image/png',
      width: 64,
      height: 48,
      duration_ms: null,
      url: `/files/${image.id}`,
      labels: [{ id: label.id, text: '主视觉' }],
      source: '外包工作室',
      ad_count: 0,
    });
    expect(material.md5).toMatch(/^[0-9a-f]{32}$/);

    // The same bytes uploaded again are another file but the same material: refused, nothing added.
    const again = await upload(admin, 'image', 'hero-copy.png', png(64, 48, [1, 2, 3, 255]));
    expect(again.id).not.toBe(image.id);
    const before = await t.rowCount(adMaterials);
    const twice = await create({ file_id: again.id });
    expect(twice.statusCode).toBe(400);
    expect(body(twice)).toMatchObject({
      code: 400001,
      data: { fields: { file_id: expect.stringMatching(/MD5/) } },
    });
    expect(await t.rowCount(adMaterials)).toBe(before);

    // Another game of the CP has its own library.
    const tankwar = await t.client(t.user.access_token, await t.productIdOf('tankwar'));
    expect((await create({ file_id: again.id }, tankwar)).statusCode).toBe(200);

    // A video: its length from the container.
    const video = await upload(admin, 'video', 'trailer.mp4', mp4(4));
    const clip = body<AdMaterial>(await create({ file_id: video.id, name: '预告片' })).data;
    expect(clip).toMatchObject({ kind: 'video', name: '预告片', duration_ms: 4000 });

    // Filters: kind, label, source, pixel size, file size.
    const ids = async (query: string) =>
      body<List<AdMaterial>>(await admin.get(`/api/v1/ad-materials?page_size=100&${query}`)).data.list.map(
        (m) => m.id,
      );
    expect(await ids('kind=video')).toContain(clip.id);
    expect(await ids('kind=video')).not.toContain(material.id);
    expect(await ids(`label_id=${label.id}`)).toEqual([material.id]);
    expect(await ids(`source_id=${source.id}`)).toEqual([material.id]);
    expect(await ids('dims=64x48')).toEqual([material.id]);
    expect(await ids(`q=${material.md5}`)).toEqual([material.id]);
    expect(await ids('max_kb=1')).toContain(material.id);
    expect((await admin.get('/api/v1/ad-materials?dims=huge')).statusCode).toBe(400);
  });

  it('refuses what is not an upload of the CP, or labels and sources of another game', async () => {
    const text = await admin.post('/api/v1/ad-materials', { file_id: 'A'.repeat(22) });
    expect(fieldsOf(text)).toEqual(['file_id']);
    const image = await upload(admin, 'image', 'x.png', png(33, 21));
    expect(fieldsOf(await create({ file_id: image.id, name: 'bad\u0000name' }))).toEqual(['name']);
    expect(fieldsOf(await create({ file_id: image.id, label_ids: [2_147_483_648] }))).toEqual([
      'label_ids.0',
    ]);
    const tankwar = await t.client(t.user.access_token, await t.productIdOf('tankwar'));
    const foreign = body<AdLibraryEntry>(await tankwar.post('/api/v1/ad-labels', { text: '别的游戏' })).data;
    expect(fieldsOf(await create({ file_id: image.id, label_ids: [foreign.id] }))).toEqual(['label_ids']);
    expect(fieldsOf(await create({ file_id: image.id, source_id: 999_999 }))).toEqual(['source_id']);
    // Another CP's upload is not this CP's file.
    const hw = await t.signIn('ops_hw');
    const theirs = await upload(hw, 'image', 'hw.png', png(35, 21));
    expect(fieldsOf(await create({ file_id: theirs.id }))).toEqual(['file_id']);
  });

  it('links the ad groups that use a material and shares their accounts’ days in the effect report', async () => {
    // Two advertisers on the fake medium, their objects mirrored: two ad groups each.
    const start = body<AdAuthorizeAnswer>(await admin.post('/api/v1/ad-accounts/authorize?media=jrtt')).data;
    await admin.post('/api/v1/ad-accounts/authorize/callback?media=jrtt', {
      code: 'fake-agent-93',
      state: start.state,
    });
    const accounts = body<List<AdAccount>>(
      await admin.get('/api/v1/ad-accounts?media=jrtt&q=jrtt-agent-93-&page_size=100'),
    ).data.list.filter((a) => a.role === 'advertiser');
    expect(accounts.length).toBeGreaterThanOrEqual(2);
    await admin.post('/api/v1/ad-objects/sync?media=jrtt', {});
    const [a, b] = accounts;
    const groupsOf = async (account: AdAccount) =>
      body<List<AdObject>>(
        await admin.get(
          `/api/v1/ad-objects?media=jrtt&ad_account_id=${account.id}&level=adgroup&page_size=100`,
        ),
      ).data.list;
    const groupsA = await groupsOf(a!);
    const groupsB = await groupsOf(b!);
    expect(groupsA.length).toBe(2);

    const first = body<AdMaterial>(
      await create({ file_id: (await upload(admin, 'image', 'a.png', png(91, 17))).id, name: 'Effect A' }),
    ).data;
    const second = body<AdMaterial>(
      await create({ file_id: (await upload(admin, 'image', 'b.png', png(92, 17))).id, name: 'Effect B' }),
    ).data;

    // Choices are the game's ad groups; a link names them all at once, checked and versioned.
    const choices = body<{ list: AdMaterialAd[] }>(
      await admin.get(`/api/v1/ad-materials/ad-choices?q=${groupsA[0]!.object_id}`),
    ).data.list;
    expect(choices.map((c) => c.ad_object_id)).toEqual([groupsA[0]!.id]);
    const link = (m: AdMaterial, ids: number[], version = m.version) =>
      admin.put(`/api/v1/ad-materials/${m.id}/ads`, { ad_object_ids: ids, version });
    const campaign = body<List<AdObject>>(
      await admin.get(`/api/v1/ad-objects?media=jrtt&ad_account_id=${a!.id}&level=campaign`),
    ).data.list[0]!;
    expect(fieldsOf(await link(first, [campaign.id]))).toEqual(['ad_object_ids']);
    const linked = body<AdMaterial>(await link(first, [groupsA[0]!.id, ...groupsB.map((g) => g.id)])).data;
    expect(linked.ad_count).toBe(1 + groupsB.length);
    expect(body(await link(first, [], first.version)).code).toBe(409001);
    await link(second, [groupsA[1]!.id]);
    const used = body<{ list: AdMaterialAd[] }>(await admin.get(`/api/v1/ad-materials/${first.id}/ads`)).data
      .list;
    expect(used.map((u) => u.ad_object_id).sort()).toEqual(
      [groupsA[0]!.id, ...groupsB.map((g) => g.id)].sort(),
    );
    expect(used[0]).toMatchObject({ media: 'jrtt', account_id: expect.any(String) });
    expect((await t.logsOf('ad_material', first.id))[0]).toMatchObject({ action: 'update' });

    // Two days of figures for A, one for B (as the medium reported them).
    const { db } = t.database;
    const [product] = await db
      .select({ cpId: products.cpId })
      .from(products)
      .where(eq(products.id, t.productId));
    const day = (
      account: AdAccount,
      d: string,
      cost: number,
      impressions: number,
      clicks: number,
      conv: number,
    ) => ({
      cpId: product!.cpId,
      productId: t.productId,
      media: 'jrtt',
      adAccountId: account.id,
      day: d,
      cost,
      impressions,
      clicks,
      conversions: conv,
      pulledAt: new Date(),
    });
    await db
      .insert(adReportDays)
      .values([
        day(a!, '2026-07-01', 10_000, 2000, 100, 10),
        day(a!, '2026-07-02', 20_000, 4000, 200, 20),
        day(b!, '2026-07-01', 5_000, 1000, 50, 0),
        day(b!, '2026-06-30', 99_999, 9999, 999, 99),
      ]);
    const report = body<List<AdMaterialEffect>>(
      await admin.get('/api/v1/ad-material-effects?from=2026-07-01&to=2026-07-02&q=Effect&sort=-cost'),
    ).data;
    expect(report.total).toBe(2);
    // First: half of A's days (one of its two ad groups) and all of B's day (every ad group of B).
    expect(report.list[0]).toMatchObject({
      id: first.id,
      cost: 15_000 + 5_000,
      impressions: 3000 + 1000,
      clicks: 150 + 50,
      conversions: 15,
      ad_count: 1 + groupsB.length,
    });
    expect(report.list[0]!.ctr).toBeCloseTo(200 / 4000);
    expect(report.list[0]!.cvr).toBeCloseTo(15 / 200);
    expect(report.list[0]!.cpa).toBe(Math.round(20_000 / 15));
    expect(report.list[1]).toMatchObject({ id: second.id, cost: 15_000, conversions: 15 });

    const summary = body<AdMaterialEffectsSummary>(
      await admin.get('/api/v1/ad-material-effects/summary?from=2026-07-01&to=2026-07-02&q=Effect'),
    ).data;
    expect(summary.totals).toMatchObject({ cost: 35_000, conversions: 30 });
    expect(summary.days.map((d) => [d.day, d.cost])).toEqual([
      ['2026-07-01', 15_000],
      ['2026-07-02', 20_000],
    ]);
    const bad = await admin.get('/api/v1/ad-material-effects?from=2026-07-02&to=2026-07-01');
    expect(fieldsOf(bad)).toEqual(['to']);

    const exported = await admin.get(
      '/api/v1/ad-material-effects/export?format=csv&from=2026-07-01&to=2026-07-02&q=Effect',
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Effect A');
    expect(exported.body.split('\n')[0]).toContain('cost');
  });

  it('needs the pages’ permissions; another CP never sees the materials', async () => {
    const material = body<AdMaterial>(
      await create({ file_id: (await upload(admin, 'image', 'p.png', png(77, 13))).id }),
    ).data;
    const viewer = await t.staff(['launch/see/material']);
    expect(
      body<List<AdMaterial>>(await viewer.get('/api/v1/ad-materials?page_size=100')).data.list.map(
        (m) => m.id,
      ),
    ).toContain(material.id);
    expect(
      body(await viewer.put(`/api/v1/ad-materials/${material.id}/ads`, { ad_object_ids: [], version: 1 }))
        .code,
    ).toBe(403001);
    expect(body(await viewer.get('/api/v1/ad-material-effects?from=2026-07-01&to=2026-07-02')).code).toBe(
      403001,
    );
    const analyst = await t.staff(['launch/see/material_attribution']);
    expect(body(await analyst.get('/api/v1/ad-material-effects?from=2026-07-01&to=2026-07-02')).code).toBe(0);
    expect(body(await analyst.get('/api/v1/ad-materials')).code).toBe(403001);
    expect(body(await analyst.get('/api/v1/ad-materials/options')).code).toBe(403001);
    const hw = await t.signIn('ops_hw');
    expect(body(await hw.get(`/api/v1/ad-materials/${material.id}`)).code).not.toBe(0);
    expect(body(await hw.get(`/api/v1/ad-materials/${material.id}/ads`)).code).not.toBe(0);
  });
});
