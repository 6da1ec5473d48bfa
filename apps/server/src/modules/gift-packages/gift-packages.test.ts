import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { giftResource, type GiftPackage } from '@rx/contracts';
import { body, checkRoundTrip, describeResource, giftPackageNamed, useTestApp } from '../../../test/index.ts';
import { props } from '../props/tables.ts';
import { giftPackages } from './tables.ts';

const t = useTestApp();
const gn = t.admin;
/** A prop of the demo game, for the shared suite's samples (its app starts from the same demo data). */
let lingzhi: number;
beforeAll(async () => {
  lingzhi = await propId('lingzhi');
});

type List = { list: GiftPackage[]; total: number };
const propId = async (code: string, product = t.productId) =>
  (
    await t.database.db
      .select()
      .from(props)
      .where(and(eq(props.code, code), eq(props.productId, product)))
  )[0]!.id;

describe('gift packages', () => {
  it('creates with contents of the product, lists with filters and sort, and logs', async () => {
    const res = await gn.post('/api/v1/gift-packages', {
      name: { zh: '中秋礼包', en: 'Mid-Autumn Pack' },
      contents: [
        { prop_id: await propId('yuanbao'), quantity: 88 },
        { prop_id: await propId('lingzhi'), quantity: 3 },
      ],
      valid_from: '2025-09-01T00:00:00+08:00',
      valid_to: '2025-09-30T23:59:59+08:00',
      per_player_limit: 1,
      usable_in: ['mail', 'codes'],
    });
    const gift = body<GiftPackage>(res).data;
    expect(gift).toMatchObject({
      status: 'active',
      valid_from: '2025-08-31T16:00:00.000Z',
      per_player_limit: 1,
      version: 1,
    });
    expect(body<GiftPackage>(await gn.get(`/api/v1/gift-packages/${gift.id}`)).data).toEqual(gift);

    const withLingzhi = body<List>(
      await gn.get(`/api/v1/gift-packages?prop_id=${await propId('lingzhi')}`),
    ).data;
    expect(withLingzhi.list.map((g) => g.id)).toEqual([gift.id]);
    const forMail = body<List>(await gn.get('/api/v1/gift-packages?usable_in=mail&sort=-id')).data;
    expect(forMail.list[0]!.id).toBe(gift.id);
    expect(body<List>(await gn.get('/api/v1/gift-packages?q=autumn')).data.total).toBe(1);
    expect(body<List>(await gn.get('/api/v1/gift-packages?sort=name&page_size=100')).data.total).toBe(11);
    expect((await t.logsOf('gift_package', gift.id))[0]).toMatchObject({
      action: 'create',
      targetName: '中秋礼包',
    });
  });

  it('updates with versions and checks the window across partial edits', async () => {
    const gift = await giftPackageNamed(t, '维护补偿');
    const res = await gn.put(`/api/v1/gift-packages/${gift.id}`, {
      valid_from: '2025-01-01T00:00:00Z',
      version: 1,
    });
    expect(body<GiftPackage>(res).data).toMatchObject({ valid_from: '2025-01-01T00:00:00.000Z', version: 2 });
    const backwards = await gn.put(`/api/v1/gift-packages/${gift.id}`, {
      valid_to: '2024-12-31T00:00:00Z',
      version: 2,
    });
    expect(body(backwards)).toMatchObject({
      code: 400001,
      data: { fields: { valid_to: expect.any(String) } },
    });
    expect(
      body(await gn.put(`/api/v1/gift-packages/${gift.id}`, { per_player_limit: 2, version: 1 })).code,
    ).toBe(409001);
  });

  it('refuses props of another product, repeated props and bad input, writing nothing', async () => {
    const before = await t.rowCount(giftPackages);
    const foreign = await gn.post('/api/v1/gift-packages', {
      name: { zh: '跨产品' },
      contents: [{ prop_id: await propId('diamond', await t.productIdOf('tankwar')), quantity: 1 }],
    });
    expect(body(foreign)).toMatchObject({
      code: 400001,
      data: { fields: { 'contents.0.prop_id': expect.any(String) } },
    });
    const yuanbao = await propId('yuanbao');
    const bad = await gn.post('/api/v1/gift-packages', {
      name: { zh: '' },
      contents: [
        { prop_id: yuanbao, quantity: 1 },
        { prop_id: yuanbao, quantity: 0 },
      ],
      usable_in: ['mail', 'nowhere'],
      valid_from: 'tomorrow',
    });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual([
      'contents',
      'contents.1.quantity',
      'name.zh',
      'usable_in.1',
      'valid_from',
    ]);
    expect(await t.rowCount(giftPackages)).toBe(before);
  });

  it('lists what uses a gift, and disables a used one instead of deleting it (422001)', async () => {
    const gift = await giftPackageNamed(t, '月卡');
    const usedBy = body<{ type: string; name: string }[]>(
      await gn.get(`/api/v1/gift-packages/${gift.id}/used-by`),
    ).data;
    expect(usedBy).toEqual([
      expect.objectContaining({ type: 'billing_point', name: '月卡', status: 'live' }),
    ]);
    const refused = await gn.del(`/api/v1/gift-packages/${gift.id}`);
    expect(body(refused)).toMatchObject({
      code: 422001,
      data: { disabled: true, used_by: [{ type: 'billing_point', count: 1 }] },
    });
    expect(body<GiftPackage>(await gn.get(`/api/v1/gift-packages/${gift.id}`)).data.status).toBe('disabled');
    const unused = await giftPackageNamed(t, '维护补偿');
    expect(body(await gn.get(`/api/v1/gift-packages/${unused.id}/used-by`)).data).toEqual([]);
  });

  it('clones, renamed or not', async () => {
    const source = await giftPackageNamed(t, '新手礼包');
    const copy = body<GiftPackage>(await gn.post(`/api/v1/gift-packages/${source.id}/clone`)).data;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      name: source.name,
      contents: source.contents,
      version: 1,
      per_player_limit: 1,
    });
    const renamed = body<GiftPackage>(
      await gn.post(`/api/v1/gift-packages/${source.id}/clone`, {
        name: { zh: '回归礼包', en: 'Welcome Back Pack' },
      }),
    ).data;
    expect(renamed.name).toMatchObject({ zh: '回归礼包', en: 'Welcome Back Pack' });
    expect((await t.logsOf('gift_package', renamed.id))[0]).toMatchObject({
      action: 'clone',
      after: { cloned_from: source.id },
    });
  });

  it('needs the permission per action; other CPs never see the gifts', async () => {
    const viewer = await t.staff(['gift_package/see/gift_package']);
    const gift = await giftPackageNamed(t, '新手礼包');
    expect(body(await viewer.get(`/api/v1/gift-packages/${gift.id}`)).code).toBe(0);
    expect(body(await viewer.post(`/api/v1/gift-packages/${gift.id}/clone`)).code).toBe(403001);
    expect(body(await viewer.get('/api/v1/gift-packages/export')).code).toBe(403001);

    const hw = await t.signIn('ops_hw', 'dawn');
    expect(body(await hw.get(`/api/v1/gift-packages/${gift.id}`)).code).toBe(404001);
    expect(body(await hw.get(`/api/v1/gift-packages/${gift.id}/used-by`)).code).toBe(404001);
    expect(
      body<List>(await hw.get('/api/v1/gift-packages?page_size=100')).data.list.every(
        (g) => g.product_id !== t.productId,
      ),
    ).toBe(true);
  });

  it('round-trips through CSV and XLSX, contents named by prop code', async () => {
    await checkRoundTrip(gn, '/api/v1/gift-packages', {
      row: (r) => r['name.zh'] === '首充加赠',
      column: 'contents',
      value: 'yuanbao*120|copper*80000',
    });
    const gift = await giftPackageNamed(t, '首充加赠');
    expect(gift.contents).toEqual([
      { prop_id: await propId('yuanbao'), quantity: 120 },
      { prop_id: await propId('copper'), quantity: 80000 },
    ]);
  });
});

describeResource(giftResource, {
  sample: (n) => ({ name: { zh: `通用礼包${n}` }, contents: [{ prop_id: lingzhi, quantity: n }] }),
  change: { per_player_limit: 3, usable_in: ['mail'] },
  invalid: { body: { name: { zh: '空礼包' }, contents: [] }, field: 'contents' },
  roundTrip: { column: 'per_player_limit', value: '7' },
});
