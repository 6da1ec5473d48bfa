import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema.ts';
import { channels } from '../../db/tables.ts';
import { body, checkRoundTrip, describeResource, records, sheetOf, useTestApp } from '../../../test/index.ts';
import { productsResource, type Product } from '@rx/contracts';

const t = useTestApp({ product: null });
const admin = t.admin;

type List = { list: Product[]; total: number };
const newProduct = (code: string) => ({
  code,
  name: `Game ${code}`,
  platforms: ['ios', 'android'],
  region: 'gn',
});

describeResource(productsResource, {
  sample: (n) => ({ ...newProduct(`game_${n}`), platforms: ['ios'] }),
  change: { name: 'Renamed', platforms: ['web'] },
  invalid: { body: { ...newProduct('ok'), region: 'eu' }, field: 'region' },
  roundTrip: { column: 'name', value: 'Edited in a sheet' },
});

/** What is specific to products; the shared behaviour is checked by describeResource above. */
describe('products', () => {
  it('creates, reads, lists with filters and sort, and logs the write', async () => {
    const res = await admin.post('/api/v1/products', {
      ...newProduct('moonfall'),
      name: '月落',
      platforms: ['pc'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = body<Product>(res).data;
    expect(created).toMatchObject({
      code: 'moonfall',
      name: '月落',
      platforms: ['pc'],
      status: 'active',
      version: 1,
    });
    expect(body<Product>(await admin.get(`/api/v1/products/${created.id}`)).data).toEqual(created);

    const pc = body<List>(await admin.get('/api/v1/products?platform=pc&sort=code')).data;
    expect(pc.list.map((p) => p.code)).toEqual(['moonfall', 'xianxia']);
    const byCode = body<List>(await admin.get('/api/v1/products?sort=-code&page_size=2')).data;
    expect(byCode.total).toBe(3);
    expect(byCode.list.map((p) => p.code)).toEqual(['xianxia', 'tankwar']);
    const searched = body<List>(await admin.get('/api/v1/products?q=%E6%9C%88')).data;
    expect(searched.list.map((p) => p.code)).toEqual(['moonfall']);

    const [log] = await t.logsOf('product', created.id);
    expect(log).toMatchObject({
      action: 'create',
      username: 'admin',
      targetName: '月落',
      productId: created.id,
    });
    expect(log!.after).toMatchObject({ code: 'moonfall' });
  });

  it('updates only the fields sent, and answers 404001 for a missing product', async () => {
    const created = body<Product>(await admin.post('/api/v1/products', newProduct('stale'))).data;
    const res = await admin.put(`/api/v1/products/${created.id}`, { name: 'Renamed', version: 1 });
    expect(body<Product>(res).data).toMatchObject({
      name: 'Renamed',
      version: 2,
      platforms: ['ios', 'android'],
    });
    const missing = await admin.put('/api/v1/products/999999', { name: 'X', version: 1 });
    expect(body(missing).code).toBe(404001);
    const [log] = await t.logsOf('product', created.id);
    expect(log).toMatchObject({ action: 'update', targetName: 'Renamed' });
    expect(log!.before).toMatchObject({ name: 'Game stale', version: 1 });
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await t.rowCount(products);
    const res = await admin.post('/api/v1/products', {
      code: 'bad code',
      name: '',
      platforms: ['ios', 'ios'],
      region: 'eu',
    });
    expect(res.statusCode).toBe(400);
    expect(body<{ fields: Record<string, string> }>(res).data.fields).toMatchObject({
      code: expect.any(String),
      name: expect.any(String),
      platforms: expect.any(String),
      region: expect.any(String),
    });
    const taken = await admin.post('/api/v1/products', newProduct('xianxia'));
    expect(body(taken)).toMatchObject({ code: 400001, data: { fields: { code: expect.any(String) } } });
    expect(body(await admin.get('/api/v1/products?sort=-nope')).code).toBe(400001);
    expect(await t.rowCount(products)).toBe(before);
  });

  it('disables a product in use instead of deleting it (422001)', async () => {
    const used = body<Product>(await admin.post('/api/v1/products', newProduct('inuse'))).data;
    await t.database.db.insert(channels).values({
      cpId: (await t.database.db.select().from(products).where(eq(products.id, used.id)))[0]!.cpId,
      productId: used.id,
      code: 'official',
      name: '官方',
      kind: 'web',
    });
    const refused = await admin.del(`/api/v1/products/${used.id}`);
    expect(refused.statusCode).toBe(422);
    expect(body(refused)).toMatchObject({
      code: 422001,
      data: { disabled: true, used_by: [{ type: 'channel', count: 1 }] },
    });
    expect(body<Product>(await admin.get(`/api/v1/products/${used.id}`)).data).toMatchObject({
      status: 'disabled',
      version: 2,
    });
    expect((await t.logsOf('product', used.id))[0]).toMatchObject({ action: 'disable' });
  });

  it('is closed to the customer-service role (403001)', async () => {
    const cs = await t.signIn('cs_agent');
    expect(body(await cs.get('/api/v1/products')).code).toBe(403001);
    const before = await t.rowCount(products);
    expect(body(await cs.post('/api/v1/products', newProduct('cs'))).code).toBe(403001);
    expect(await t.rowCount(products)).toBe(before);
  });

  it("never shows another CP's products", async () => {
    const hw = await t.signIn('ops_hw');
    const theirs = body<List>(await hw.get('/api/v1/products?page_size=100')).data;
    expect(theirs.list.map((p) => p.code).sort()).toEqual(['dawn', 'farm']);
    const xianxia = await t.productIdOf('xianxia');
    expect(body(await hw.get(`/api/v1/products/${xianxia}`)).code).toBe(404001);
    expect(body(await hw.put(`/api/v1/products/${xianxia}`, { name: 'x', version: 1 })).code).toBe(404001);
    expect(body(await hw.del(`/api/v1/products/${xianxia}`)).code).toBe(404001);
  });

  it('exports CSV and XLSX with the list filters', async () => {
    const csv = await admin.get('/api/v1/products/export?format=csv&region=gn');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="products-.*\.csv"/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = records(await sheetOf(csv));
    expect(rows.map((r) => r.code)).toContain('xianxia');
    expect(rows.find((r) => r.code === 'xianxia')).toMatchObject({ name: '仙侠奇缘', region: 'gn' });
    const xlsx = await admin.get('/api/v1/products/export?format=xlsx');
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(records(await sheetOf(xlsx)).length).toBe(rows.length);
  });

  it('logs what an import changes', async () => {
    const { id } = await checkRoundTrip(admin, '/api/v1/products', {
      row: (r) => r.code === 'tankwar',
      column: 'name',
      value: '坦克大作战：重装上阵',
    });
    expect(body<Product>(await admin.get(`/api/v1/products/${id}`)).data.name).toBe('坦克大作战：重装上阵');
    expect((await t.logsOf('product', id))[0]).toMatchObject({ action: 'update' });
  });
});
