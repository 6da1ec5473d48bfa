import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  AdBatch,
  AdBatchDraftsAnswer,
  AdBatchWindowChoice,
  AdMaterial,
  AdWindow,
  FileItem,
} from '@rx/contracts';
import { products } from '../../db/tables.ts';
import { body, useTestApp, type Client } from '../../../test/index.ts';
import { png } from '../../../test/images.ts';
import { fileBody } from '../../../test/multipart.ts';
import { adWindows } from '../ad-promotions/tables.ts';
import { batchKit } from './batch-test-kit.ts';
import { fakeMedia } from './media/fake.ts';

// A batch's landing target is one of the game's windows on its medium (`ad-windows`): the editor
// lists the enabled ones, the drafts and the batch keep what it opens, the fake medium receives it
// with every ad; a window of another game or medium, or a disabled one, is refused on its field.

const t = useTestApp();
const admin = t.admin;
const { advertisers, create, ads } = batchKit(t);

async function cover(as: Client, width = 1280, height = 720): Promise<AdMaterial> {
  const { payload, contentType } = fileBody('landing-cover.png', png(width, height), 'image/png');
  const up = await as.upload('/api/v1/files?use=image', payload, contentType);
  expect(up.statusCode, up.body).toBe(200);
  const res = await as.post('/api/v1/ad-materials', { file_id: body<FileItem>(up).data.id, name: 'cover' });
  expect(res.statusCode, res.body).toBe(200);
  return body<AdMaterial>(res).data;
}

async function window(payload: Record<string, unknown>): Promise<AdWindow> {
  const res = await admin.post('/api/v1/ad-windows', payload);
  expect(res.statusCode, res.body).toBe(200);
  return body<AdWindow>(res).data;
}

describe('batch ads landing on windows', () => {
  it('offers the enabled windows of the medium, keeps the chosen one and sends it to the medium', async () => {
    const image = await cover(admin);
    const app = body<{ id: number }>(
      await admin.post('/api/v1/ad-apps', {
        text: 'Xianxia Android',
        media: 'jrtt',
        app_id: '8801',
        package_name: 'com.ruixue.xianxia',
      }),
    ).data;
    const mini = await window({
      name: '仙侠小游戏',
      media: 'jrtt',
      kind: 'mini_program',
      mini_program_id: 'wx0123456789abcdef',
      path: 'pages/index/index?from=ad',
      material_id: image.id,
    });
    const h5 = await window({
      name: '官网落地页',
      media: 'jrtt',
      kind: 'h5',
      url: 'https://xianxia.example.com/landing',
      material_id: image.id,
    });
    const appWindow = await window({
      name: '安卓下载',
      media: 'jrtt',
      kind: 'app',
      app_ref_id: app.id,
      material_id: image.id,
    });
    const off = await window({
      name: '停用的窗口',
      media: 'jrtt',
      kind: 'h5',
      url: 'https://xianxia.example.com/old',
      material_id: image.id,
      enabled: false,
    });
    const tencent = await window({
      name: '腾讯落地页',
      media: 'tencent',
      kind: 'h5',
      url: 'https://xianxia.example.com/gdt',
      material_id: image.id,
    });
    // A window of another game of the CP, straight into the table (its own game's cover).
    const [tankwar] = await t.database.db.select().from(products).where(eq(products.code, 'tankwar'));
    const [foreign] = await t.database.db
      .insert(adWindows)
      .values({
        cpId: tankwar!.cpId,
        productId: tankwar!.id,
        name: 'Tank war landing',
        media: 'jrtt',
        kind: 'h5',
        url: 'https://tankwar.example.com/',
      })
      .returning();

    // The editor's choices: this game's enabled windows on this medium only.
    const choices = body<{ list: AdBatchWindowChoice[] }>(
      await admin.get('/api/v1/ad-batches/windows?media=jrtt'),
    ).data.list;
    expect(choices.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      [mini.id, h5.id, appWindow.id].sort((a, b) => a - b),
    );
    expect(choices.find((c) => c.id === appWindow.id)).toMatchObject({
      kind: 'app',
      app_id: '8801',
      package_name: 'com.ruixue.xianxia',
    });

    const accounts = await advertisers('jrtt', 'fake-agent-61');
    const payload = {
      name: 'landing batch',
      ad_account_ids: [accounts[0]!.id, accounts[1]!.id],
      titles: ['仙侠新服开启'],
      budget: 50_000,
      bid: 120,
    };
    // Refused on the field, nothing made: another game's, another medium's, a disabled window, none at all.
    const batchesBefore = body<{ total: number }>(await admin.get('/api/v1/ad-batches?media=jrtt')).data
      .total;
    for (const id of [foreign!.id, tencent.id, off.id, 999_999]) {
      for (const path of ['/api/v1/ad-batches/drafts?media=jrtt', '/api/v1/ad-batches?media=jrtt']) {
        const res = await admin.post(path, { ...payload, window_id: id });
        expect(res.statusCode, `${path} ${id}`).toBe(400);
        expect(body(res)).toMatchObject({
          code: 400001,
          data: { fields: { window_id: '所选记录不存在或已停用' } },
        });
      }
    }
    expect(body<{ total: number }>(await admin.get('/api/v1/ad-batches?media=jrtt')).data.total).toBe(
      batchesBefore,
    );

    // The drafts carry the window's landing; the batch keeps it; the medium receives it per ad.
    const drafts = body<AdBatchDraftsAnswer>(
      await admin.post('/api/v1/ad-batches/drafts?media=jrtt', { ...payload, window_id: mini.id }),
    ).data;
    expect(drafts).toMatchObject({ total: 2, failing: 0 });
    const miniLanding = {
      window_id: mini.id,
      name: '仙侠小游戏',
      kind: 'mini_program',
      mini_program_id: 'wx0123456789abcdef',
      path: 'pages/index/index?from=ad',
      url: '',
      app_id: '',
      package_name: '',
    };
    expect(drafts.landing).toEqual(miniLanding);
    const batch = await create('jrtt', { ...payload, window_id: mini.id });
    expect(batch).toMatchObject({ window_id: mini.id, landing: miniLanding });
    const made = (await ads('jrtt', batch.id)).list;
    expect(made.map((a) => a.status)).toEqual(['ok', 'ok']);
    for (const ad of made)
      expect(fakeMedia().ads.get(ad.request_id)!.landing).toEqual({
        kind: 'mini_program',
        miniProgramId: 'wx0123456789abcdef',
        path: 'pages/index/index?from=ad',
        url: '',
        appId: '',
        packageName: '',
      });

    // Kept as it was when the batch was made: a later edit of the window changes the next batches only.
    await admin.put(`/api/v1/ad-windows/${mini.id}`, { path: 'pages/other/other', version: mini.version });
    expect(
      body<AdBatch>(await admin.get(`/api/v1/ad-batches/${batch.id}?media=jrtt`)).data.landing?.path,
    ).toBe('pages/index/index?from=ad');

    // An app window sends the app's id and package; no window sends none.
    const viaApp = await create('jrtt', { ...payload, name: 'app batch', window_id: appWindow.id });
    const appAd = (await ads('jrtt', viaApp.id)).list[0]!;
    expect(fakeMedia().ads.get(appAd.request_id)!.landing).toMatchObject({
      kind: 'app',
      appId: '8801',
      packageName: 'com.ruixue.xianxia',
    });
    const plain = await create('jrtt', { ...payload, name: 'no window' });
    expect(plain).toMatchObject({ window_id: null, landing: null });
    expect(fakeMedia().ads.get((await ads('jrtt', plain.id)).list[0]!.request_id)!.landing).toBeNull();
  });

  it('lists windows only to those who may see the batch page, within their game', async () => {
    const viewer = await t.staff(['launch/see/jrtt_account']);
    expect(body(await viewer.get('/api/v1/ad-batches/windows?media=jrtt')).code).toBe(403001);
    // Another CP's staff never see this game's windows.
    await window({
      name: '仙侠专属窗口',
      media: 'jrtt',
      kind: 'h5',
      url: 'https://xianxia.example.com/own',
      material_id: (await cover(admin, 1920, 1080)).id,
    });
    expect(JSON.stringify(body(await admin.get('/api/v1/ad-batches/windows?media=jrtt')))).toContain(
      '仙侠专属窗口',
    );
    const hw = await t.signIn('ops_hw', 'dawn');
    const answer = body<{ code: number; data: unknown }>(
      await hw.get('/api/v1/ad-batches/windows?media=jrtt'),
    );
    expect(JSON.stringify(answer.data ?? null)).not.toContain('仙侠专属窗口');
  });
});
