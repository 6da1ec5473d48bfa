import { describe, expect, it } from 'vitest';
import {
  errorCodesResource,
  type ErrorCodeMissing,
  type ErrorCodeRelease,
  type ErrorCodeText,
  type ReleasedErrorCode,
} from '@rx/contracts';
import { csvLine } from '../../lib/csv.ts';
import { body, checkRoundTrip, describeResource, records, sheetOf, useTestApp } from '../../../test/index.ts';
import { errorCodeReleases, errorCodes } from './tables.ts';

const t = useTestApp();
const admin = t.admin;

type List = { list: ErrorCodeText[]; total: number };
type Releases = { list: ErrorCodeRelease[]; total: number };
const create = async (payload: Record<string, unknown>) => {
  const res = await admin.post('/api/v1/error-codes', { module: 'test', default_text: '出错了', ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return body<ErrorCodeText>(res).data;
};

describe('error codes', () => {
  it('creates, reads, lists with filters and logs the write', async () => {
    const item = await create({
      code: '7001',
      module: 'guild',
      default_text: '公会 {name} 已满',
      texts: { zh: '公会 {name} 已满', en: 'Guild {name} is full' },
      action: 'none',
    });
    expect(item).toMatchObject({
      code: '7001',
      status: 'active',
      texts: { en: 'Guild {name} is full', ja: '' },
      version: 1,
    });
    expect(body<ErrorCodeText>(await admin.get(`/api/v1/error-codes/${item.id}`)).data).toEqual(item);
    const guild = body<List>(await admin.get('/api/v1/error-codes?module=guild')).data;
    expect(guild.list.map((e) => e.code)).toEqual(['7001']);
    const relogin = body<List>(await admin.get('/api/v1/error-codes?action=relogin')).data;
    expect(relogin.list.map((e) => e.code)).toEqual(['1002']);
    const noJa = body<List>(
      await admin.get('/api/v1/error-codes?missing_lang=ja&module=payment&sort=-code'),
    ).data;
    expect(noJa.list.map((e) => e.code)).toEqual(['2004', '2003', '2002']);
    const found = body<List>(await admin.get(`/api/v1/error-codes?q=${encodeURIComponent('兑换码')}`)).data;
    expect(found.list.map((e) => e.code)).toEqual(['5001']);
    const [log] = await t.logsOf('error_code', item.id);
    expect(log).toMatchObject({ action: 'create', username: 'admin', targetName: '7001' });
  });

  it('refuses placeholders that differ from the default text, on the offending language, writing nothing', async () => {
    const before = await t.rowCount(errorCodes);
    const res = await admin.post('/api/v1/error-codes', {
      code: '7002',
      module: 'guild',
      default_text: '还需等待 {0} 秒',
      texts: { en: 'Wait {0} seconds', ja: '{1} 秒待ってください', th: 'รอสักครู่' },
    });
    expect(res.statusCode).toBe(400);
    const fields = body<{ fields: Record<string, string> }>(res).data.fields;
    expect(Object.keys(fields).sort()).toEqual(['texts.ja', 'texts.th']);
    expect(fields['texts.ja']).toMatch(/占位符/);
    const shape = await admin.post('/api/v1/error-codes', { code: 'bad code', module: '', default_text: '' });
    expect(body<{ fields: Record<string, string> }>(shape).data.fields).toMatchObject({
      code: expect.any(String),
      module: expect.any(String),
      default_text: expect.any(String),
    });
    const taken = await admin.post('/api/v1/error-codes', { code: '1001', module: 'x', default_text: 'x' });
    expect(body(taken)).toMatchObject({ code: 400001, data: { fields: { code: expect.any(String) } } });
    expect(await t.rowCount(errorCodes)).toBe(before);

    // An update is checked on the merged texts: a new default text must still match every language.
    const item = await create({
      code: '7003',
      default_text: '等级需要 {level}',
      texts: { en: 'Needs level {level}' },
    });
    const merged = await admin.put(`/api/v1/error-codes/${item.id}`, {
      default_text: '等级不足',
      version: 1,
    });
    expect(body(merged)).toMatchObject({
      code: 400001,
      data: { fields: { 'texts.en': expect.any(String) } },
    });
  });

  it('updates one language at the row version, refusing a stale one (409001)', async () => {
    const item = await create({ code: '7004', texts: { zh: '出错了', en: 'Oops' } });
    const res = await admin.put(`/api/v1/error-codes/${item.id}`, { texts: { ja: 'エラー' }, version: 1 });
    expect(body<ErrorCodeText>(res).data).toMatchObject({
      version: 2,
      texts: { zh: '出错了', en: 'Oops', ja: 'エラー' },
    });
    const stale = await admin.put(`/api/v1/error-codes/${item.id}`, { action: 'retry', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).code).toBe(409001);
    const recode = await admin.put(`/api/v1/error-codes/${item.id}`, { code: '7005', version: 2 });
    expect(body(recode).code).toBe(400001);
    expect((await t.logsOf('error_code', item.id))[0]).toMatchObject({ action: 'update' });
  });

  it('reports missing translations per language', async () => {
    const report = body<ErrorCodeMissing>(
      await admin.get('/api/v1/error-codes/missing?lang=vi&page_size=100'),
    ).data;
    expect(report.by_language.en).toBeLessThan(report.by_language.vi);
    expect(report.by_language.vi).toBe(report.total);
    expect(report.list.map((e) => e.code)).not.toContain('1003');
    expect(report.list.find((e) => e.code === '1006')!.missing).toEqual(
      expect.arrayContaining(['ja', 'vi', 'tc']),
    );
    const any = body<ErrorCodeMissing>(await admin.get('/api/v1/error-codes/missing')).data;
    expect(any.total).toBe(any.codes);
    expect(body(await admin.get('/api/v1/error-codes/missing?lang=fr')).code).toBe(400001);
  });

  it('publishes the enabled codes, lists releases and rolls back as a new release', async () => {
    const first = body<Releases>(await admin.get('/api/v1/error-codes/releases')).data;
    expect(first.list.map((r) => [r.number, r.live])).toEqual([[1, true]]);

    const published = await admin.post('/api/v1/error-codes/publish', { note: '补充 9999' });
    expect(body<ErrorCodeRelease>(published).data).toMatchObject({
      number: 2,
      live: true,
      rollback_of: null,
      created_by: 'admin',
    });
    const two = body<ErrorCodeRelease & { codes: ReleasedErrorCode[] }>(
      await admin.get('/api/v1/error-codes/releases/2'),
    ).data;
    expect(two.codes.map((c) => c.code)).toContain('9999');
    expect(two.count).toBe(
      body<List>(await admin.get('/api/v1/error-codes?status=active&page_size=1')).data.total,
    );

    const rolled = await admin.post('/api/v1/error-codes/releases/1/rollback', { note: 'back' });
    expect(body<ErrorCodeRelease>(rolled).data).toMatchObject({ number: 3, rollback_of: 1, live: true });
    const three = body<{ codes: ReleasedErrorCode[] }>(
      await admin.get('/api/v1/error-codes/releases/3'),
    ).data;
    const one = body<{ codes: ReleasedErrorCode[] }>(await admin.get('/api/v1/error-codes/releases/1')).data;
    expect(three.codes).toEqual(one.codes);
    const list = body<Releases>(await admin.get('/api/v1/error-codes/releases')).data;
    expect(list.list.map((r) => [r.number, r.live])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect((await t.logsOf('error_code_release', 3))[0]).toMatchObject({ action: 'rollback' });
    expect(body(await admin.post('/api/v1/error-codes/releases/99/rollback', {})).code).toBe(404001);

    // Publishing needs the approve permission, editing alone is not enough.
    const editor = await t.signIn(
      await t.staffWith(['basic/see/error_code', 'basic/edit/error_code']),
      'xianxia',
    );
    const releases = await t.rowCount(errorCodeReleases);
    expect(body(await editor.post('/api/v1/error-codes/publish', {})).code).toBe(403001);
    expect(body(await editor.post('/api/v1/error-codes/releases/1/rollback', {})).code).toBe(403001);
    expect(await t.rowCount(errorCodeReleases)).toBe(releases);
  });

  it('deletes an unpublished code and disables a live one instead (422001)', async () => {
    const fresh = await create({ code: '7100' });
    expect(body(await admin.del(`/api/v1/error-codes/${fresh.id}`)).data).toEqual({ deleted: true });
    expect((await t.logsOf('error_code', fresh.id))[0]).toMatchObject({ action: 'delete' });

    const live = body<List>(await admin.get('/api/v1/error-codes?q=1006')).data.list[0]!;
    const refused = await admin.del(`/api/v1/error-codes/${live.id}`);
    expect(refused.statusCode).toBe(422);
    expect(body(refused)).toMatchObject({
      code: 422001,
      data: { disabled: true, used_by: [{ type: 'error_code_release', count: 1 }] },
    });
    expect(body<ErrorCodeText>(await admin.get(`/api/v1/error-codes/${live.id}`)).data).toMatchObject({
      status: 'disabled',
      version: live.version + 1,
    });
  });

  it("needs the page permission and never shows another CP's codes", async () => {
    const cs = await t.signIn('cs_agent', 'xianxia');
    expect(body(await cs.get('/api/v1/error-codes')).code).toBe(403001);
    const viewer = await t.staff(['basic/see/error_code']);
    expect(body(await viewer.get('/api/v1/error-codes')).code).toBe(0);
    expect(
      body(await viewer.post('/api/v1/error-codes', { code: 'v1', module: 'x', default_text: 'x' })).code,
    ).toBe(403001);
    expect(body(await viewer.get('/api/v1/error-codes/export')).code).toBe(403001);

    const mine = body<List>(await admin.get('/api/v1/error-codes?q=1001')).data.list[0]!;
    const hw = await t.signIn('ops_hw', 'dawn');
    const theirs = body<List>(await hw.get('/api/v1/error-codes?q=1001')).data.list[0]!;
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.default_text).toBe('Network error. Please try again.');
    expect(body(await hw.get(`/api/v1/error-codes/${mine.id}`)).code).toBe(404001);
    expect(body(await hw.put(`/api/v1/error-codes/${mine.id}`, { action: 'none', version: 1 })).code).toBe(
      404001,
    );
    expect(body(await t.signIn('ops_hw', 'xianxia').then((c) => c.get('/api/v1/error-codes'))).code).toBe(
      403001,
    );
  });

  it('exports and imports back (CSV and XLSX), applying an edited translation', async () => {
    const { id } = await checkRoundTrip(admin, '/api/v1/error-codes', {
      row: (r) => r.code === '2005',
      column: 'texts.th',
      value: 'สินค้านี้หยุดขายแล้ว',
    });
    expect(body<ErrorCodeText>(await admin.get(`/api/v1/error-codes/${id}`)).data.texts.th).toBe(
      'สินค้านี้หยุดขายแล้ว',
    );
  });

  it('refuses an import whose placeholders differ, naming the row and column, and writes nothing', async () => {
    const sheet = await sheetOf(await admin.get('/api/v1/error-codes/export?format=csv&q=1003'));
    const [header, row] = sheet as [string[], string[]];
    const edited = row.map((cell, i) => (header[i] === 'texts.en' ? 'Banned until {date}' : cell));
    const added = header.map((h) =>
      h === 'code'
        ? '7200'
        : h === 'module'
          ? 'x'
          : h === 'default_text'
            ? 'x {0}'
            : h === 'texts.en'
              ? 'x'
              : '',
    );
    const csv = [header, edited, added].map((cells) => csvLine(cells)).join('');
    const before = await t.rowCount(errorCodes);
    const res = await admin.upload('/api/v1/error-codes/import', csv);
    expect(res.statusCode).toBe(400);
    const errors = body<{ errors: { row: number; field: string }[] }>(res).data.errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 2, field: 'texts.en' }),
        expect.objectContaining({ row: 3, field: 'texts.en' }),
      ]),
    );
    expect(await t.rowCount(errorCodes)).toBe(before);
    expect(records(await sheetOf(await admin.get('/api/v1/error-codes/export?q=1003')))[0]!['texts.en']).toBe(
      'This account is banned until {0}.',
    );
  });
});

describeResource(errorCodesResource, {
  sample: (n) => ({ code: `generic_${n}`, module: 'generic', default_text: `通用错误 {0} ${n}` }),
  change: { texts: { en: 'Generic error {0}' }, action: 'retry' },
  invalid: {
    body: { code: 'g1', module: 'generic', default_text: '等待 {0} 秒', texts: { en: 'Wait {1}' } },
    field: 'texts.en',
  },
  roundTrip: { column: 'texts.ja', value: '汎用エラー {0}' },
});
