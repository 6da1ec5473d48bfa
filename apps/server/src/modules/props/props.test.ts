import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { propsResource, validationMessage, type Prop } from '@rx/contracts';
import { body, checkRoundTrip, describeResource, records, sheetOf, useTestApp } from '../../../test/index.ts';
import { products } from '../../db/schema.ts';
import { props } from './tables.ts';

const t = useTestApp();
const gn = t.admin;

type List = { list: Prop[]; total: number };
const propId = async (code: string) =>
  (
    await t.database.db
      .select()
      .from(props)
      .where(and(eq(props.code, code), eq(props.productId, t.productId)))
  )[0]!.id;

describe('props', () => {
  it('creates with a name per language, lists with filters and sort, and logs', async () => {
    const res = await gn.post('/api/v1/props', {
      code: 'moon_lotus',
      name: { zh: '月华莲', en: 'Moonlight Lotus', ja: '月光蓮' },
      type: 'material',
      rarity: 'legendary',
      stack_limit: 99,
      tags: ['event', 'mid_autumn'],
    });
    const prop = body<Prop>(res).data;
    expect(prop).toMatchObject({
      code: 'moon_lotus',
      name: { zh: '月华莲', en: 'Moonlight Lotus', ja: '月光蓮', th: '' },
      expiry_days: 0,
      status: 'active',
    });
    expect(body<Prop>(await gn.get(`/api/v1/props/${prop.id}`)).data).toEqual(prop);

    expect(body<List>(await gn.get('/api/v1/props?q=moonlight')).data.list.map((p) => p.code)).toEqual([
      'moon_lotus',
    ]);
    expect(body<List>(await gn.get('/api/v1/props?tag=mid_autumn')).data.total).toBe(1);
    const legendary = body<List>(await gn.get('/api/v1/props?type=material&rarity=legendary')).data;
    expect(legendary.list.map((p) => p.code)).toEqual(['moon_lotus']);
    const byRarity = body<List>(await gn.get('/api/v1/props?sort=-rarity&page_size=1')).data;
    expect(byRarity.list[0]!.rarity).toBe('mythic');
    expect(byRarity.total).toBe(31);

    const [log] = await t.logsOf('prop', prop.id);
    expect(log).toMatchObject({ action: 'create', targetName: '月华莲', productId: t.productId });
  });

  it('keeps the code immutable, checks versions', async () => {
    const id = await propId('exp_pill');
    const recode = await gn.put(`/api/v1/props/${id}`, { code: 'exp_pill_2', version: 1 });
    expect(body(recode)).toMatchObject({ code: 400001, data: { fields: { code: expect.any(String) } } });
    const ok = await gn.put(`/api/v1/props/${id}`, {
      stack_limit: 500,
      name: { zh: '修为丹', en: 'Cultivation Pill' },
      version: 1,
    });
    expect(body<Prop>(ok).data).toMatchObject({
      code: 'exp_pill',
      stack_limit: 500,
      version: 2,
      name: { zh: '修为丹' },
    });
    expect(body(await gn.put(`/api/v1/props/${id}`, { stack_limit: 1, version: 1 })).code).toBe(409001);
    expect(body(await gn.put('/api/v1/props/99999999', { stack_limit: 1, version: 1 })).code).toBe(404001);
  });

  it('refuses bad input (zh name required) and taken codes, writing nothing', async () => {
    const before = await t.rowCount(props);
    const bad = await gn.post('/api/v1/props', {
      code: 'x',
      name: { en: 'No Chinese' },
      type: 'weapon',
      rarity: 'common',
      stack_limit: 0,
      tags: ['a', 'a'],
    });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual([
      'name.zh',
      'stack_limit',
      'tags',
      'type',
    ]);
    const taken = await gn.post('/api/v1/props', {
      code: 'yuanbao',
      name: { zh: '元宝' },
      type: 'currency',
      rarity: 'epic',
    });
    expect(body(taken)).toMatchObject({ code: 400001, data: { fields: { code: expect.any(String) } } });
    expect(await t.rowCount(props)).toBe(before);
  });

  it('an empty choice reads "required", through HTTP; a wrong one keeps "format not valid"', async () => {
    const before = await t.rowCount(props);
    const required = validationMessage('required', 'zh');
    // Left out, null and '' (a select cleared) alike.
    for (const empty of [{}, { type: null, rarity: null }, { type: '', rarity: '' }]) {
      const refused = await gn.post('/api/v1/props', { code: 'choice_empty', name: { zh: '空' }, ...empty });
      expect(refused.statusCode).toBe(400);
      expect(body(refused)).toMatchObject({
        code: 400001,
        data: { fields: { type: required, rarity: required } },
      });
    }
    const wrong = await gn.post('/api/v1/props', {
      code: 'choice_wrong',
      name: { zh: '错' },
      type: 'spaceship',
      rarity: 'common',
    });
    expect(body(wrong)).toMatchObject({
      code: 400001,
      data: { fields: { type: validationMessage('invalid', 'zh') } },
    });
    expect(await t.rowCount(props)).toBe(before);
  });

  it('disables a prop a gift package contains instead of deleting it (422001)', async () => {
    const id = await propId('yuanbao');
    const refused = await gn.del(`/api/v1/props/${id}`);
    expect(refused.statusCode).toBe(422);
    expect(body<{ data: unknown }>(refused).data).toMatchObject({
      disabled: true,
      used_by: [{ type: 'gift_package' }],
    });
    expect(body<Prop>(await gn.get(`/api/v1/props/${id}`)).data.status).toBe('disabled');
    expect((await t.logsOf('prop', id))[0]).toMatchObject({ action: 'disable' });
    const spare = body<Prop>(
      await gn.post('/api/v1/props', {
        code: 'spare',
        name: { zh: '备用' },
        type: 'material',
        rarity: 'common',
      }),
    ).data;
    expect(body(await gn.del(`/api/v1/props/${spare.id}`)).data).toEqual({ deleted: true });
  });

  it('needs the permission per action; other CPs never see the props', async () => {
    const viewer = await t.staff(['commercialization/see/prop']);
    expect(body(await viewer.get('/api/v1/props')).code).toBe(0);
    expect(
      body(
        await viewer.post('/api/v1/props', {
          code: 'v',
          name: { zh: 'v' },
          type: 'material',
          rarity: 'common',
        }),
      ).code,
    ).toBe(403001);
    expect(body(await viewer.del(`/api/v1/props/${await propId('copper')}`)).code).toBe(403001);
    expect(body(await viewer.upload('/api/v1/props/import?dry_run=1', 'code\r\n')).code).toBe(403001);

    const hw = await t.signIn('ops_hw', 'dawn');
    expect(body(await hw.get(`/api/v1/props/${await propId('copper')}`)).code).toBe(404001);
    expect(body<List>(await hw.get('/api/v1/props?q=copper')).data.total).toBe(0);
  });

  it('exports every row in keyset batches, as CSV and XLSX', async () => {
    const tank = await t.productIdOf('tankwar');
    const [cp] = await t.database.db
      .select({ cpId: products.cpId })
      .from(products)
      .where(eq(products.id, tank));
    await t.database.db.insert(props).values(
      Array.from({ length: 1234 }, (_, i) => ({
        cpId: cp!.cpId,
        productId: tank,
        code: `bulk_${i}`,
        name: { zh: `批量道具 ${i}`, en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' },
        type: 'material' as const,
        rarity: 'common' as const,
      })),
    );
    const tankClient = await t.signIn('admin', 'tankwar');
    for (const format of ['csv', 'xlsx']) {
      const rows = records(
        await sheetOf(await tankClient.get(`/api/v1/props/export?format=${format}&type=material`)),
      );
      expect(rows.length).toBe(1234 + 6);
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      expect(rows.find((r) => r.code === 'bulk_777')).toMatchObject({
        'name.zh': '批量道具 777',
        type: 'material',
      });
    }
  });

  it('round-trips through CSV and XLSX; the dry run reports row errors and writes nothing', async () => {
    const { id } = await checkRoundTrip(gn, '/api/v1/props', {
      row: (r) => r.code === 'lingzhi',
      column: 'name.en',
      value: 'Thousand-Year Lingzhi',
    });
    expect(body<Prop>(await gn.get(`/api/v1/props/${id}`)).data.name.en).toBe('Thousand-Year Lingzhi');

    const before = await t.rowCount(props);
    const header =
      'code,name.zh,name.en,name.ja,name.th,name.vi,name.tl,name.id,name.ar,name.tc,type,rarity,icon_url,stack_limit,expiry_days,unit_value,tags,status';
    const file = [
      header,
      'fresh_one,新道具,,,,,,,,,material,rare,,10,0,,,',
      'fresh_two,,No zh,,,,,,,,gadget,rare,,x,0,,,',
      'fresh_one,重复,,,,,,,,,material,rare,,1,0,,,',
    ].join('\r\n');
    const dry = body<{ create: unknown[]; errors: { row: number; field: string }[] }>(
      await gn.upload('/api/v1/props/import?dry_run=1', file),
    ).data;
    expect(dry.create).toHaveLength(1);
    expect(dry.errors.map((e) => `${e.row}:${e.field}`).sort()).toEqual([
      '3:name.zh',
      '3:stack_limit',
      '3:type',
      '4:code',
    ]);
    const commit = await gn.upload('/api/v1/props/import', file);
    expect(body(commit)).toMatchObject({ code: 400001, data: { errors: expect.any(Array) } });
    expect(await t.rowCount(props)).toBe(before);
    const missing = await gn.upload('/api/v1/props/import', 'code,name.zh\r\na,b\r\n');
    expect(body(missing)).toMatchObject({
      code: 400001,
      data: { fields: { file: expect.stringContaining('name.en') } },
    });
    const garbage = await gn.upload(
      '/api/v1/props/import',
      Buffer.from([0xff, 0xfe, 0x00, 0x41]),
      'application/octet-stream',
    );
    expect(body(garbage)).toMatchObject({ code: 400001, data: { fields: { file: expect.any(String) } } });
  });
});

describeResource(propsResource, {
  sample: (n) => ({ code: `generic_${n}`, name: { zh: `通用道具${n}` }, type: 'material', rarity: 'rare' }),
  change: { stack_limit: 42, tags: ['changed'] },
  invalid: {
    body: { code: 'bad code!', name: { zh: 'x' }, type: 'material', rarity: 'rare' },
    field: 'code',
  },
  roundTrip: { column: 'stack_limit', value: '77' },
});
