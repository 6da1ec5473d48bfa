import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { billingResource, type BillingPoint } from '@rx/contracts';
import { body, checkRoundTrip, describeResource, giftPackageNamed, useTestApp } from '../../../test/index.ts';
import { billingPoints } from './tables.ts';

const t = useTestApp();
const gn = t.admin;
/** A channel and a gift of the demo game, for the shared suite's samples (its app starts from the same demo data). */
let official: number;
let starter: number;
beforeAll(async () => {
  official = await t.channelOf('official');
  starter = await gift('新手礼包');
});

type List = { list: BillingPoint[]; total: number };
const gift = async (zh: string) => (await giftPackageNamed(t, zh)).id;
const point = async (store: string, sku: string) =>
  (
    await t.database.db
      .select()
      .from(billingPoints)
      .where(
        and(
          eq(billingPoints.productId, t.productId),
          eq(billingPoints.store, store as 'huawei'),
          eq(billingPoints.storeSku, sku),
          eq(billingPoints.current, true),
        ),
      )
  )[0]!;

const newPoint = async (sku: string, extra: object = {}) => ({
  channel_id: await t.channelOf('official'),
  store: 'alipay',
  store_sku: sku,
  name: '限时礼包',
  prices: [{ currency: 'CNY', amount: 18 }],
  reward_gift_id: await gift('新手礼包'),
  ...extra,
});

describe('billing points', () => {
  it('creates a draft, lists with filters and sort, and logs', async () => {
    const created = body<BillingPoint>(
      await gn.post('/api/v1/billing-points', await newPoint('com.ruixue.xianxia.limited')),
    ).data;
    expect(created).toMatchObject({
      status: 'draft',
      kind: 'consumable',
      sandbox: false,
      sku_version: 1,
      current: true,
      previous_id: null,
    });
    expect(body<BillingPoint>(await gn.get(`/api/v1/billing-points/${created.id}`)).data).toEqual(created);
    expect(
      body<List>(await gn.get('/api/v1/billing-points?store=alipay')).data.list.map((b) => b.id),
    ).toEqual([created.id]);
    const live = body<List>(
      await gn.get('/api/v1/billing-points?status=live&kind=consumable&sort=-store_sku&page_size=3'),
    ).data;
    expect(live.total).toBe(8);
    expect(live.list.map((b) => b.store_sku)).toEqual([
      'com.ruixue.xianxia.tier6',
      'com.ruixue.xianxia.tier5',
      'com.ruixue.xianxia.tier4',
    ]);
    expect(body<List>(await gn.get('/api/v1/billing-points?sandbox=1')).data.total).toBe(1);
    expect((await t.logsOf('billing_point', created.id))[0]).toMatchObject({
      action: 'create',
      productId: t.productId,
    });
  });

  it('keeps (store, SKU) unique among current rows', async () => {
    const before = await t.rowCount(billingPoints);
    const dup = await gn.post(
      '/api/v1/billing-points',
      await newPoint('com.ruixue.xianxia.tier1', { store: 'wechat_pay' }),
    );
    expect(body(dup)).toMatchObject({ code: 400001, data: { fields: { store_sku: expect.any(String) } } });
    expect(await t.rowCount(billingPoints)).toBe(before);
    const otherStore = await gn.post(
      '/api/v1/billing-points',
      await newPoint('com.ruixue.xianxia.tier1', { store: 'xiaomi' }),
    );
    expect(body(otherStore).code).toBe(0);
  });

  it('edits a draft in place, with versions', async () => {
    const draft = await point('wechat_pay', 'com.ruixue.xianxia.starter');
    const res = await gn.put(`/api/v1/billing-points/${draft.id}`, {
      reward_gift_id: await gift('首充加赠'),
      limit_daily: 1,
      version: 1,
    });
    expect(body<BillingPoint>(res).data).toMatchObject({
      id: draft.id,
      version: 2,
      sku_version: 1,
      limit_daily: 1,
    });
    expect(body(await gn.put(`/api/v1/billing-points/${draft.id}`, { name: 'x', version: 1 })).code).toBe(
      409001,
    );
  });

  it("changes a live SKU's reward only through a new version", async () => {
    const live = await point('wechat_pay', 'com.ruixue.xianxia.tier2');
    const price = await gn.put(`/api/v1/billing-points/${live.id}`, {
      prices: [{ currency: 'CNY', amount: 28 }],
      version: 1,
    });
    expect(body<BillingPoint>(price).data).toMatchObject({ id: live.id, version: 2 });
    const frozen = await gn.put(`/api/v1/billing-points/${live.id}`, { store_sku: 'renamed', version: 2 });
    expect(body(frozen)).toMatchObject({ code: 400001, data: { fields: { store_sku: expect.any(String) } } });

    const res = await gn.put(`/api/v1/billing-points/${live.id}`, {
      reward_gift_id: await gift('680 元宝'),
      version: 2,
    });
    const next = body<BillingPoint>(res).data;
    expect(next).toMatchObject({
      sku_version: 2,
      previous_id: live.id,
      current: true,
      status: 'live',
      store_sku: live.storeSku,
    });
    expect(next.id).not.toBe(live.id);
    expect(next.prices).toEqual([{ currency: 'CNY', amount: 28 }]);
    expect(body<BillingPoint>(await gn.get(`/api/v1/billing-points/${live.id}`)).data).toMatchObject({
      status: 'retired',
      current: false,
      reward_gift_id: live.rewardGiftId,
    });
    const versions = body<BillingPoint[]>(await gn.get(`/api/v1/billing-points/${next.id}/versions`)).data;
    expect(versions.map((v) => [v.id, v.sku_version])).toEqual([
      [live.id, 1],
      [next.id, 2],
    ]);
    expect(body<List>(await gn.get('/api/v1/billing-points?q=tier2&store=wechat_pay')).data.total).toBe(1);
    expect(
      body<List>(await gn.get('/api/v1/billing-points?q=tier2&store=wechat_pay&history=1')).data.total,
    ).toBe(2);
    expect(body(await gn.put(`/api/v1/billing-points/${live.id}`, { name: 'x', version: 3 })).code).toBe(
      422001,
    );
    expect((await t.logsOf('billing_point', next.id))[0]).toMatchObject({
      action: 'new_version',
      before: { id: live.id },
    });
  });

  it('refuses references that are not usable and bad input, writing nothing', async () => {
    const before = await t.rowCount(billingPoints);
    const mailOnly = await gn.post(
      '/api/v1/billing-points',
      await newPoint('sku.mail', { reward_gift_id: await gift('维护补偿') }),
    );
    expect(body(mailOnly)).toMatchObject({
      code: 400001,
      data: { fields: { reward_gift_id: expect.any(String) } },
    });
    const bad = await gn.post('/api/v1/billing-points', {
      ...(await newPoint('bad sku')),
      prices: [
        { currency: 'CNY', amount: 6.005 },
        { currency: 'CNY', amount: 6 },
      ],
      kind: 'lifetime',
    });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual([
      'kind',
      'prices',
      'prices.0.amount',
      'store_sku',
    ]);
    expect(await t.rowCount(billingPoints)).toBe(before);
  });

  it('disables a live SKU instead of deleting it (422001), deletes a draft', async () => {
    const live = await point('huawei', 'com.ruixue.xianxia.tier1');
    const refused = await gn.del(`/api/v1/billing-points/${live.id}`);
    expect(body(refused)).toMatchObject({
      code: 422001,
      data: { disabled: true, used_by: [{ type: 'store' }] },
    });
    expect(body<BillingPoint>(await gn.get(`/api/v1/billing-points/${live.id}`)).data.status).toBe(
      'disabled',
    );
    const draft = body<BillingPoint>(
      await gn.post('/api/v1/billing-points', await newPoint('sku.draft')),
    ).data;
    expect(body(await gn.del(`/api/v1/billing-points/${draft.id}`)).data).toEqual({ deleted: true });
  });

  it('needs the permission per action; other CPs never see the SKUs', async () => {
    const viewer = await t.staff(['commercialization/see/billing_point']);
    expect(body(await viewer.get('/api/v1/billing-points')).code).toBe(0);
    expect(body(await viewer.post('/api/v1/billing-points', await newPoint('sku.viewer'))).code).toBe(403001);
    const hw = await t.signIn('ops_hw', 'dawn');
    const ours = await point('wechat_pay', 'com.ruixue.xianxia.tier3');
    expect(body(await hw.get(`/api/v1/billing-points/${ours.id}`)).code).toBe(404001);
    expect(body(await hw.del(`/api/v1/billing-points/${ours.id}`)).code).toBe(404001);
    const theirs = body<List>(await hw.get('/api/v1/billing-points?page_size=100')).data;
    expect(theirs.total).toBe(10);
    expect(theirs.list.every((b) => b.product_id !== t.productId)).toBe(true);
  });

  it('round-trips through CSV and XLSX', async () => {
    await checkRoundTrip(gn, '/api/v1/billing-points', {
      row: (r) => r.store_sku === 'com.ruixue.xianxia.monthly',
      column: 'prices',
      value: 'CNY 25',
    });
  });
});

describeResource(billingResource, {
  sample: (n) => ({
    channel_id: official,
    store: 'web',
    store_sku: `generic.sku${n}`,
    name: `通用计费点${n}`,
    prices: [{ currency: 'CNY', amount: n }],
    reward_gift_id: starter,
  }),
  change: { name: '改名', limit_daily: 2 },
  invalid: {
    body: { channel_id: 1, store: 'web', store_sku: 'bad sku', name: 'x', prices: [], reward_gift_id: 1 },
    field: 'store_sku',
  },
  roundTrip: { column: 'limit_daily', value: '5' },
});
