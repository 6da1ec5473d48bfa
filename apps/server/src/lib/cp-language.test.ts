import { describe, expect, it } from 'vitest';
import { validationMessage, type CpSettings, type Prop } from '@rx/contracts';
import { body, useTestApp } from '../../test/index.ts';
import { props } from '../modules/props/tables.ts';

const t = useTestApp();

type Fields = { fields: Record<string, string> };
const prop = (code: string, name: Record<string, string>) => ({
  code,
  name,
  type: 'material',
  rarity: 'common',
  stack_limit: 10,
});

/**
 * Issue 27, defect 8: the language a multilingual text must have follows the CP (its default
 * language), not a fixed Simplified Chinese.
 */
describe("multilingual texts require the CP's default language", () => {
  it('an overseas CP writes English only; Chinese alone is refused on the English field', async () => {
    const hw = await t.signIn('ops_hw', 'dawn');
    const config = body<{ default_lang: string }>(await hw.get('/api/v1/acs/cp/get_config')).data;
    expect(config.default_lang).toBe('en');

    const created = await hw.post('/api/v1/props', prop('dawn_sword', { en: 'Dawn Sword' }));
    expect(created.statusCode, created.body).toBe(200);
    expect(body<Prop>(created).data.name).toMatchObject({ en: 'Dawn Sword', zh: '' });

    const before = await t.rowCount(props);
    const refused = await hw.post('/api/v1/props', prop('dawn_shield', { zh: '黎明之盾' }));
    expect(refused.statusCode).toBe(400);
    const fields = body<Fields>(refused).data.fields;
    expect(Object.keys(fields)).toEqual(['name.en']);
    expect(fields['name.en']).toBe(validationMessage('cp_language_required', 'zh'));
    expect(await t.rowCount(props)).toBe(before);

    // An update that leaves the name alone is not asked for it; one that empties English is refused.
    const id = body<Prop>(created).data.id;
    const kept = await hw.put(`/api/v1/props/${id}`, { stack_limit: 20, version: 1 });
    expect(kept.statusCode, kept.body).toBe(200);
    const emptied = await hw.put(`/api/v1/props/${id}`, { name: { ja: '夜明けの剣' }, version: 2 });
    expect(Object.keys(body<Fields>(emptied).data.fields)).toEqual(['name.en']);
  });

  it('a domestic CP still requires Chinese, and an empty text is refused outright', async () => {
    const english = await t.admin.post('/api/v1/props', prop('moon_only_en', { en: 'Moon' }));
    expect(Object.keys(body<Fields>(english).data.fields)).toEqual(['name.zh']);
    const empty = await t.admin.post('/api/v1/props', prop('moon_empty', {}));
    expect(body(empty).code).toBe(400001);
  });

  it('an import names the row and the language it lacks', async () => {
    const hw = await t.signIn('ops_hw', 'dawn');
    const file = [
      'code,name.zh,name.en,name.ja,name.th,name.vi,name.tl,name.id,name.ar,name.tc,type,rarity,icon_url,stack_limit,expiry_days,unit_value,tags,status',
      'hw_only_zh,只有中文,,,,,,,,,material,common,,1,0,,,active',
      'hw_only_en,,Only English,,,,,,,,material,common,,1,0,,,active',
    ].join('\r\n');
    const res = await hw.upload('/api/v1/props/import?dry_run=1', file);
    const dry = body<{ create: { key: string }[]; errors: { row: number; field: string }[] }>(res).data;
    expect(dry.errors, res.body).toBeTruthy();
    expect(dry.errors.map((e) => `${e.row}:${e.field}`)).toEqual(['2:name.en']);
    expect(dry.create.map((c) => c.key)).toEqual(['hw_only_en']);
  });

  it('the CP settings choose the language', async () => {
    const hwAdmin = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    const read = await hwAdmin.get('/api/v1/cp-settings');
    const settings = body<CpSettings>(read).data;
    expect(settings, read.body).toBeTruthy();
    expect(settings.default_lang).toBe('en');
    const saved = await hwAdmin.put('/api/v1/cp-settings', { default_lang: 'ar', version: settings.version });
    expect(body<CpSettings>(saved).data.default_lang).toBe('ar');
    const bad = await hwAdmin.put('/api/v1/cp-settings', {
      default_lang: 'xx',
      version: settings.version + 1,
    });
    expect(Object.keys(body<Fields>(bad).data.fields)).toEqual(['default_lang']);
    const hw = await t.signIn('ops_hw', 'dawn');
    const refused = await hw.post('/api/v1/props', prop('dawn_bow', { en: 'Dawn Bow' }));
    expect(Object.keys(body<Fields>(refused).data.fields)).toEqual(['name.ar']);
    await hwAdmin.put('/api/v1/cp-settings', { default_lang: 'en', version: settings.version + 1 });
  });
});
