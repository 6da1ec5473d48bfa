import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  adPromotionsResource,
  adWindowsResource,
  type AdMaterial,
  type AdPromotion,
  type AdWindow,
  type FileItem,
} from '@rx/contracts';
import { adAccounts, adReportDays, products } from '../../db/tables.ts';
import {
  body,
  describeResource,
  signIn,
  useTestApp,
  type Client,
  type TestContext,
} from '../../../test/index.ts';
import { png } from '../../../test/images.ts';
import { fileBody } from '../../../test/multipart.ts';

// Windows and promotion activities: the shared resource behaviour of both, then what is specific —
// a window's kind needs its target, its cover keeps to the medium's rule and is the game's own
// image; a plan names advertisers of the game on its media, moves draft → active → ended only, an
// ended plan no longer changes, and its roll-up sums its accounts' reported days within its days.

async function image(as: Client, name: string, width: number, height: number): Promise<AdMaterial> {
  const { payload, contentType } = fileBody(name, png(width, height), 'image/png');
  const up = await as.upload('/api/v1/files?use=image', payload, contentType);
  expect(up.statusCode, up.body).toBe(200);
  const res = await as.post('/api/v1/ad-materials', { file_id: body<FileItem>(up).data.id, name });
  expect(res.statusCode, res.body).toBe(200);
  return body<AdMaterial>(res).data;
}

/** An advertiser of the domestic demo game, straight into the table. */
async function advertiser(t: TestContext, media: string, tag: string) {
  const db = t.database.db;
  const [product] = await db.select().from(products).where(eq(products.code, 'xianxia'));
  const [row] = await db
    .insert(adAccounts)
    .values({
      cpId: product!.cpId,
      productId: product!.id,
      media,
      accountId: `promo-${tag}`,
      name: `Advertiser ${tag}`,
      role: 'advertiser',
      grantAccount: `promo-${tag}`,
    })
    .returning();
  return row!;
}

let cover = 0;
describeResource(adWindowsResource, {
  setup: async (ctx) => {
    cover = (await image(await signIn(ctx, 'admin', 'xianxia'), 'shared-cover.png', 1280, 720)).id;
  },
  sample: (n) => ({
    name: `首页橱窗 ${n}`,
    media: n % 2 ? 'tencent' : 'jrtt',
    kind: 'mini_program',
    mini_program_id: 'wx0123456789abcdef',
    path: `pages/index/index?from=ad${n}`,
    material_id: cover,
  }),
  change: { name: '春节橱窗', note: 'spring' },
  invalid: { body: { name: 'No target', media: 'jrtt', kind: 'h5', material_id: 1 }, field: 'url' },
  roundTrip: { column: 'note', value: 'edited in a sheet' },
});

let accountIds: number[] = [];
describeResource(adPromotionsResource, {
  setup: async (ctx) => {
    accountIds = [
      (await advertiser(ctx, 'jrtt', 'shared-a')).id,
      (await advertiser(ctx, 'tencent', 'shared-b')).id,
    ];
  },
  sample: (n) => ({
    name: `国庆推广 ${n}`,
    media: ['jrtt', 'tencent'],
    start_day: '2026-10-01',
    end_day: `2026-10-${String(1 + (n % 28)).padStart(2, '0')}`,
    budget: 1_000_000 + n,
    ad_account_ids: accountIds,
  }),
  change: { name: '国庆推广（改）', note: 'moved' },
  invalid: {
    body: {
      name: 'Backwards',
      media: ['jrtt'],
      start_day: '2026-10-05',
      end_day: '2026-10-01',
      ad_account_ids: [1],
    },
    field: 'end_day',
  },
});

type List<T> = { list: T[]; total: number };

describe('windows and promotion activities', () => {
  const t = useTestApp();
  const admin = t.admin;

  it("keeps a window's target to its kind and its cover to the medium's rule; nothing stored on refusal", async () => {
    const wide = await image(admin, 'wide.png', 1920, 1080);
    const square = await image(admin, 'square.png', 800, 800);
    const small = await image(admin, 'small.png', 640, 360);
    const before = body<List<AdWindow>>(await admin.get('/api/v1/ad-windows')).data.total;
    const base = { name: 'Landing', media: 'tencent', kind: 'h5', url: 'https://game.example.com/x' };

    const ratio = await admin.post('/api/v1/ad-windows', { ...base, material_id: square.id });
    expect(body(ratio)).toMatchObject({
      code: 400001,
      data: { fields: { material_id: expect.stringContaining('16:9') } },
    });
    const tiny = await admin.post('/api/v1/ad-windows', { ...base, material_id: small.id });
    expect(body(tiny)).toMatchObject({
      code: 400001,
      data: { fields: { material_id: expect.stringContaining('1280') } },
    });
    const http = await admin.post('/api/v1/ad-windows', {
      ...base,
      url: 'http://plain.example.com',
      material_id: wide.id,
    });
    expect(body(http)).toMatchObject({ code: 400001, data: { fields: { url: expect.any(String) } } });
    const badId = await admin.post('/api/v1/ad-windows', {
      ...base,
      kind: 'mini_program',
      mini_program_id: 'not-an-appid',
      material_id: wide.id,
    });
    expect(body(badId)).toMatchObject({
      code: 400001,
      data: { fields: { mini_program_id: expect.any(String) } },
    });
    const noApp = await admin.post('/api/v1/ad-windows', { ...base, kind: 'app', material_id: wide.id });
    expect(body(noApp)).toMatchObject({ code: 400001, data: { fields: { app_ref_id: expect.any(String) } } });
    // An app of another medium is not this window's.
    const app = body<{ id: number }>(
      await admin.post('/api/v1/ad-apps', { text: 'Xianxia', media: 'jrtt', app_id: '8899' }),
    ).data;
    const otherMedium = await admin.post('/api/v1/ad-windows', {
      ...base,
      kind: 'app',
      app_ref_id: app.id,
      material_id: wide.id,
    });
    expect(body(otherMedium)).toMatchObject({
      code: 400001,
      data: { fields: { app_ref_id: expect.any(String) } },
    });
    expect(body<List<AdWindow>>(await admin.get('/api/v1/ad-windows')).data.total).toBe(before);

    const ok = body<AdWindow>(
      await admin.post('/api/v1/ad-windows', {
        ...base,
        kind: 'app',
        media: 'jrtt',
        app_ref_id: app.id,
        material_id: wide.id,
      }),
    ).data;
    expect(ok).toMatchObject({
      app_name: 'Xianxia (8899)',
      image_width: 1920,
      image_height: 1080,
      promotion_count: 0,
    });
    // Changing the medium checks the cover again (huawei takes 1080×607 and up at 16:9: still fine) and the app.
    const moved = await admin.put(`/api/v1/ad-windows/${ok.id}`, { media: 'tencent', version: ok.version });
    expect(body(moved)).toMatchObject({ code: 400001, data: { fields: { app_ref_id: expect.any(String) } } });
    const choices = body<{ apps: { id: number }[]; images: { id: number }[] }>(
      await admin.get('/api/v1/ad-windows/choices?media=jrtt'),
    ).data;
    expect(choices.apps.map((a) => a.id)).toContain(app.id);
    expect(choices.images.map((i) => i.id)).toEqual(expect.arrayContaining([wide.id]));
    expect(choices.images.map((i) => i.id)).not.toContain(square.id);
    // The cover's material deleted from the library: the window stays, without its cover.
    expect((await admin.del(`/api/v1/ad-materials/${wide.id}`)).statusCode).toBe(200);
    expect(body<AdWindow>(await admin.get(`/api/v1/ad-windows/${ok.id}`)).data).toMatchObject({
      material_id: null,
      image_url: '',
    });
  });

  it("takes a mini-game's original id (gh_…) on an Ocean Engine window only; the other media take the AppID", async () => {
    const wide = await image(admin, 'wide-gh.png', 1920, 1080);
    const before = body<List<AdWindow>>(await admin.get('/api/v1/ad-windows')).data.total;
    const base = {
      name: 'Mini-game',
      kind: 'mini_program',
      mini_program_id: 'gh_5e1ad0ca11ed',
      material_id: wide.id,
    };
    const tencent = await admin.post('/api/v1/ad-windows', { ...base, media: 'tencent' });
    expect(body(tencent)).toMatchObject({
      code: 400001,
      data: { fields: { mini_program_id: expect.any(String) } },
    });
    expect(body<List<AdWindow>>(await admin.get('/api/v1/ad-windows')).data.total).toBe(before);
    const ocean = await admin.post('/api/v1/ad-windows', { ...base, media: 'jrtt' });
    expect(ocean.statusCode, ocean.body).toBe(200);
    const made = body<AdWindow>(ocean).data;
    expect(made.mini_program_id).toBe('gh_5e1ad0ca11ed');
    // Moving it to another medium is refused on the id, and changes nothing.
    const moved = await admin.put(`/api/v1/ad-windows/${made.id}`, {
      media: 'tencent',
      version: made.version,
    });
    expect(body(moved)).toMatchObject({
      code: 400001,
      data: { fields: { mini_program_id: expect.any(String) } },
    });
    expect(body<AdWindow>(await admin.get(`/api/v1/ad-windows/${made.id}`)).data.media).toBe('jrtt');
  });

  it('moves a plan draft → active → ended, refuses other moves and edits once ended, and rolls up its days', async () => {
    const a = await advertiser(t, 'jrtt', 'roll-a');
    const b = await advertiser(t, 'jrtt', 'roll-b');
    const hw = await advertiser(t, 'kuaishou', 'roll-k');
    const db = t.database.db;
    const day = (
      adAccountId: number,
      d: string,
      cost: number,
      impressions: number,
      clicks: number,
      conversions: number,
    ) => ({
      cpId: a.cpId,
      productId: a.productId,
      media: 'jrtt',
      adAccountId,
      day: d,
      cost,
      impressions,
      clicks,
      conversions,
      pulledAt: new Date(),
    });
    await db.insert(adReportDays).values([
      day(a.id, '2026-03-01', 10_000, 1000, 50, 5),
      day(a.id, '2026-03-02', 20_000, 3000, 150, 15),
      day(b.id, '2026-03-02', 5_000, 1000, 20, 0),
      day(a.id, '2026-02-28', 99_999, 9999, 999, 99), // before the plan
      day(a.id, '2026-03-04', 88_888, 8888, 888, 88), // after it
    ]);
    const wrongMedium = await admin.post('/api/v1/ad-promotions', {
      name: 'Wrong medium',
      media: ['jrtt'],
      start_day: '2026-03-01',
      end_day: '2026-03-03',
      ad_account_ids: [a.id, hw.id],
    });
    expect(body(wrongMedium)).toMatchObject({
      code: 400001,
      data: { fields: { ad_account_ids: expect.any(String) } },
    });

    const created = await admin.post('/api/v1/ad-promotions', {
      name: 'March push',
      media: ['jrtt'],
      start_day: '2026-03-01',
      end_day: '2026-03-03',
      budget: 100_000,
      target_cpa: 2_000,
      target_conversions: 30,
      ad_account_ids: [a.id, b.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    const plan = body<AdPromotion>(created).data;
    expect(plan.status).toBe('draft');
    expect(plan.rollup).toEqual({
      cost: 35_000,
      impressions: 5000,
      clicks: 220,
      conversions: 20,
      cpa: 1750,
      ctr: 0.044,
      budget_used: 0.35,
      cpa_met: true,
      conversions_met: false,
    });
    expect(plan.accounts.map((x) => x.id)).toEqual([a.id, b.id]);

    const viewer = await t.staff(['launch/see/promotion_activity']);
    expect(
      body(
        await viewer.post(`/api/v1/ad-promotions/${plan.id}/status`, {
          action: 'activate',
          version: plan.version,
        }),
      ).code,
    ).toBe(403001);
    const active = body<AdPromotion>(
      await admin.post(`/api/v1/ad-promotions/${plan.id}/status`, {
        action: 'activate',
        version: plan.version,
      }),
    ).data;
    expect(active.status).toBe('active');
    const again = await admin.post(`/api/v1/ad-promotions/${plan.id}/status`, {
      action: 'activate',
      version: active.version,
    });
    expect(body(again).code).toBe(422001);
    const ended = body<AdPromotion>(
      await admin.post(`/api/v1/ad-promotions/${plan.id}/status`, { action: 'end', version: active.version }),
    ).data;
    expect(ended.status).toBe('ended');
    const edit = await admin.put(`/api/v1/ad-promotions/${plan.id}`, {
      name: 'Too late',
      version: ended.version,
    });
    expect(body(edit).code).toBe(422001);
    expect(body<AdPromotion>(await admin.get(`/api/v1/ad-promotions/${plan.id}`)).data.name).toBe(
      'March push',
    );
    expect((await t.logsOf('ad_promotion', plan.id)).map((l) => l.action)).toEqual(
      expect.arrayContaining(['create', 'publish', 'end']),
    );
    const found = body<List<AdPromotion>>(
      await admin.get(`/api/v1/ad-promotions?status=ended&media=jrtt&day=2026-03-02&ad_account_id=${b.id}`),
    ).data;
    expect(found.list.map((p) => p.id)).toEqual([plan.id]);

    // The export carries the roll-up.
    const csv = await admin.get(`/api/v1/ad-promotions/export?format=csv&status=ended&ad_account_id=${b.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('March push');
    expect(csv.body).toContain('350');

    // Another CP never sees it, nor can it move it.
    const other = await t.signIn('ops_hw', 'dawn');
    expect(body(await other.get(`/api/v1/ad-promotions/${plan.id}`)).code).not.toBe(0);
    expect(
      body(
        await other.post(`/api/v1/ad-promotions/${plan.id}/status`, {
          action: 'end',
          version: ended.version,
        }),
      ).code,
    ).not.toBe(0);
  });
});
