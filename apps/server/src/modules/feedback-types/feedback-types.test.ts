import { describe, expect, it } from 'vitest';
import { feedbackTypesResource, type FeedbackType, type FeedbackTypeNode } from '@rx/contracts';
import { body, describeResource, records, sheetOf, useTestApp } from '../../../test/index.ts';
import { feedbackTypes } from './tables.ts';

const t = useTestApp();
const admin = t.admin;

type List = { list: FeedbackType[]; total: number };
const newType = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: { zh: `类型 ${code}`, en: `Type ${code}` },
  ...extra,
});
const create = async (code: string, extra: Record<string, unknown> = {}) => {
  const res = await admin.post('/api/v1/feedback-types', newType(code, extra));
  expect(res.statusCode, res.body).toBe(200);
  return body<FeedbackType>(res).data;
};

describe('feedback types', () => {
  it('creates, reads, lists with filters, answers the tree and logs the write', async () => {
    const root = await create('vip', { queue: 'vip', auto_reply: { zh: '尊敬的 VIP 玩家您好' } });
    expect(root).toMatchObject({
      code: 'vip',
      parent_id: null,
      queue: 'vip',
      enabled: true,
      require_order_no: false,
      auto_reply: { zh: '尊敬的 VIP 玩家您好', en: '' },
      version: 1,
    });
    const child = await create('vip_payment', { parent_id: root.id, require_order_no: true, sort: 2 });
    expect(body<FeedbackType>(await admin.get(`/api/v1/feedback-types/${child.id}`)).data).toEqual(child);

    const children = body<List>(await admin.get(`/api/v1/feedback-types?parent_id=${root.id}`)).data;
    expect(children.list.map((f) => f.code)).toEqual(['vip_payment']);
    const roots = body<List>(await admin.get('/api/v1/feedback-types?parent_id=0&page_size=50')).data;
    expect(roots.list.map((f) => f.code)).toEqual(expect.arrayContaining(['account', 'payment', 'vip']));
    expect(roots.list.every((f) => f.parent_id === null)).toBe(true);
    const searched = body<List>(
      await admin.get(`/api/v1/feedback-types?q=${encodeURIComponent('充值未到')}`),
    ).data;
    expect(searched.list.map((f) => f.code)).toEqual(['payment_missing']);
    const byQueue = body<List>(await admin.get('/api/v1/feedback-types?queue=payment&sort=-code')).data;
    expect(byQueue.list.map((f) => f.code)).toEqual(['refund', 'payment_missing', 'payment']);

    const tree = body<FeedbackTypeNode[]>(await admin.get('/api/v1/feedback-types/tree')).data;
    const vip = tree.find((node) => node.code === 'vip')!;
    expect(vip.children.map((node) => node.code)).toEqual(['vip_payment']);
    expect(tree.find((node) => node.code === 'payment')!.children.map((node) => node.code)).toEqual([
      'payment_missing',
      'refund',
    ]);

    const [log] = await t.logsOf('feedback_type', child.id);
    expect(log).toMatchObject({ action: 'create', username: 'admin', targetName: 'vip_payment' });
    expect(log!.productId).toBe(t.productId);
  });

  it('updates with the row version, refuses a stale one (409001) and keeps the code', async () => {
    const item = await create('stale_check', { auto_reply: { zh: '中文', en: 'English' } });
    const res = await admin.put(`/api/v1/feedback-types/${item.id}`, {
      auto_reply: { en: 'Hello' },
      version: 1,
    });
    expect(body<FeedbackType>(res).data).toMatchObject({
      version: 2,
      auto_reply: { zh: '中文', en: 'Hello' },
    });
    const stale = await admin.put(`/api/v1/feedback-types/${item.id}`, { sort: 5, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).code).toBe(409001);
    const recode = await admin.put(`/api/v1/feedback-types/${item.id}`, { code: 'other', version: 2 });
    expect(body(recode)).toMatchObject({ code: 400001, data: { fields: { code: expect.any(String) } } });
    const [log] = await t.logsOf('feedback_type', item.id);
    expect(log).toMatchObject({ action: 'update' });
    expect(log!.before).toMatchObject({ version: 1, auto_reply: { en: 'English' } });
  });

  it('moves a node, never under itself or its descendants (422001)', async () => {
    const a = await create('move_a');
    const b = await create('move_b', { parent_id: a.id });
    const c = await create('move_c', { parent_id: b.id });
    const loop = await admin.put(`/api/v1/feedback-types/${a.id}`, { parent_id: c.id, version: 1 });
    expect(loop.statusCode).toBe(422);
    expect(body(loop).code).toBe(422001);
    const self = await admin.put(`/api/v1/feedback-types/${a.id}`, { parent_id: a.id, version: 1 });
    expect(body(self).code).toBe(422001);
    const moved = await admin.put(`/api/v1/feedback-types/${c.id}`, { parent_id: a.id, version: 1 });
    expect(body<FeedbackType>(moved).data).toMatchObject({ parent_id: a.id, version: 2 });
    expect((await t.logsOf('feedback_type', c.id))[0]).toMatchObject({ action: 'move' });
  });

  it('deletes a leaf and refuses a node with children (422001)', async () => {
    const parent = await create('del_parent');
    const leaf = await create('del_leaf', { parent_id: parent.id });
    const refused = await admin.del(`/api/v1/feedback-types/${parent.id}`);
    expect(refused.statusCode).toBe(422);
    expect(body(refused)).toMatchObject({ code: 422001, data: { children: 1 } });
    expect(body(await admin.del(`/api/v1/feedback-types/${leaf.id}`)).data).toEqual({ deleted: true });
    expect(body(await admin.get(`/api/v1/feedback-types/${leaf.id}`)).code).toBe(404001);
    expect((await t.logsOf('feedback_type', leaf.id))[0]).toMatchObject({ action: 'delete' });
    expect(body(await admin.del(`/api/v1/feedback-types/${parent.id}`)).data).toEqual({ deleted: true });
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await t.rowCount(feedbackTypes);
    const bad = await admin.post('/api/v1/feedback-types', { code: 'bad code', name: { zh: '' }, sort: -1 });
    expect(bad.statusCode).toBe(400);
    expect(body<{ fields: Record<string, string> }>(bad).data.fields).toMatchObject({
      code: expect.any(String),
      'name.zh': expect.any(String),
      sort: expect.any(String),
    });
    const taken = await admin.post('/api/v1/feedback-types', newType('account'));
    expect(body(taken)).toMatchObject({ code: 400001, data: { fields: { code: expect.any(String) } } });
    const orphan = await admin.post('/api/v1/feedback-types', newType('orphan', { parent_id: 999999 }));
    expect(body(orphan)).toMatchObject({ code: 400001, data: { fields: { parent_id: expect.any(String) } } });
    expect(body(await admin.get('/api/v1/feedback-types?sort=nope')).code).toBe(400001);
    expect(await t.rowCount(feedbackTypes)).toBe(before);
  });

  it('needs the page permission per action and a product of the CP', async () => {
    const cs = await t.signIn('cs_agent', 'xianxia');
    expect(body(await cs.get('/api/v1/feedback-types')).code).toBe(403001);
    const viewer = await t.staff(['service/see/feedback_type']);
    expect(body(await viewer.get('/api/v1/feedback-types')).code).toBe(0);
    const before = await t.rowCount(feedbackTypes);
    expect(body(await viewer.post('/api/v1/feedback-types', newType('viewer'))).code).toBe(403001);
    expect(body(await viewer.del(`/api/v1/feedback-types/1`)).code).toBe(403001);
    expect(await t.rowCount(feedbackTypes)).toBe(before);
    const noProduct = await t.signIn('admin');
    expect(body(await noProduct.get('/api/v1/feedback-types'))).toMatchObject({
      code: 400001,
      data: { fields: { product_id: expect.any(String) } },
    });
  });

  it("never shows another CP's rows", async () => {
    const mine = body<List>(await admin.get('/api/v1/feedback-types?page_size=1')).data.list[0]!;
    const hw = await t.signIn('ops_hw', 'dawn');
    const theirs = body<List>(await hw.get('/api/v1/feedback-types?page_size=100')).data;
    expect(theirs.total).toBeGreaterThan(0);
    expect(theirs.list.map((f) => f.id)).not.toContain(mine.id);
    expect(body(await hw.get(`/api/v1/feedback-types/${mine.id}`)).code).toBe(404001);
    expect(body(await hw.put(`/api/v1/feedback-types/${mine.id}`, { sort: 1, version: 1 })).code).toBe(
      404001,
    );
    expect(body(await hw.del(`/api/v1/feedback-types/${mine.id}`)).code).toBe(404001);
    // Naming the other CP's product is refused outright.
    const intruder = await t.signIn('ops_hw', 'xianxia');
    expect(body(await intruder.get('/api/v1/feedback-types')).code).toBe(403001);
  });

  it('exports the filtered rows with parents by code', async () => {
    const res = await admin.get('/api/v1/feedback-types/export?format=csv&queue=payment');
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows = records(await sheetOf(res));
    expect(rows.find((r) => r.code === 'refund')).toMatchObject({
      parent_code: 'payment',
      'name.zh': '退款申请',
    });
    const xlsx = await admin.get('/api/v1/feedback-types/export?format=xlsx&queue=payment');
    expect(records(await sheetOf(xlsx))).toHaveLength(rows.length);
  });
});

describeResource(feedbackTypesResource, {
  sample: (n) => ({ code: `generic_${n}`, name: { zh: `通用类型${n}` } }),
  change: { queue: 'vip', sort: 5, auto_reply: { en: 'We are on it.' } },
  invalid: { body: { code: 'bad code!', name: { zh: 'x' } }, field: 'code' },
});
