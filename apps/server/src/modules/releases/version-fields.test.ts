import { describe, expect, it } from 'vitest';
import {
  versionFieldsResource,
  type AppRelease,
  type GameVersionCheck,
  type VersionField,
} from '@rx/contracts';
import { body, describeResource, useTestApp } from '../../../test/index.ts';
import { versionFields } from './tables.ts';

describeResource(versionFieldsResource, {
  sample: (n) => ({ key: `field_${n}`, name: `Field ${n}`, type: 'text', default_value: `v${n}` }),
  change: { name: 'changed' },
  invalid: { body: { key: 'Bad Key', name: 'x', type: 'text', default_value: '' }, field: 'key' },
  roundTrip: { column: 'name', value: 'edited in the sheet' },
});

const t = useTestApp();
const admin = t.admin;
type Fields = Record<string, string>;

async function field(fields: Record<string, unknown>) {
  const res = await admin.post('/api/v1/version-fields', fields);
  expect(res.statusCode, res.body).toBe(200);
  return body<VersionField>(res).data;
}

describe('version fields', () => {
  it('checks each default against its type, and a json field against its JSON Schema', async () => {
    const before = await t.rowCount(versionFields);
    const refused = async (fields: Record<string, unknown>) => {
      const res = await admin.post('/api/v1/version-fields', { key: 'checked', name: 'Checked', ...fields });
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(body<{ fields: Fields }>(res).data.fields);
    };
    expect(await refused({ type: 'number', default_value: 'ten' })).toEqual(['default_value']);
    expect(await refused({ type: 'switch', default_value: 1 })).toEqual(['default_value']);
    expect(await refused({ type: 'url', default_value: 'javascript:alert(1)' })).toEqual(['default_value']);
    expect(await refused({ type: 'json', default_value: '{not json' })).toEqual(['default_value']);
    expect(await refused({ type: 'json', default_value: '{}', json_schema: '{"type":"nonsense"}' })).toEqual([
      'json_schema',
    ]);
    expect(
      await refused({
        type: 'json',
        default_value: '{"a":0}',
        json_schema: '{"$ref":"http://evil.example/s"}',
      }),
    ).toEqual(['json_schema']);
    const schema = JSON.stringify({
      type: 'object',
      properties: { servers: { type: 'array', items: { type: 'string' } } },
      required: ['servers'],
      additionalProperties: false,
    });
    expect(await refused({ type: 'json', default_value: '{"servers":[1]}', json_schema: schema })).toEqual([
      'default_value',
    ]);
    expect(await t.rowCount(versionFields)).toBe(before);
    await field({
      key: 'servers',
      name: 'Servers',
      type: 'json',
      default_value: '{"servers":["a"]}',
      json_schema: schema,
    });
    // Values read back exactly as entered: JSON text stays text, a text that looks like a number stays text.
    const digits = await field({ key: 'digits', name: 'Digits', type: 'text', default_value: '60' });
    expect(
      body<VersionField>(await admin.get(`/api/v1/version-fields/${digits.id}`)).data.default_value,
    ).toBe('60');
    // The type and key never change; a new schema must still fit the default.
    const row = body<{ list: VersionField[] }>(await admin.get('/api/v1/version-fields?q=servers')).data
      .list[0]!;
    expect(
      body(await admin.put(`/api/v1/version-fields/${row.id}`, { type: 'text', version: row.version })).code,
    ).toBe(400001);
  });

  it('carries each enabled field to the game on publish: the version value, else the default', async () => {
    await field({ key: 'pay_on', name: 'Payment', type: 'switch', default_value: false });
    await field({ key: 'max_level', name: 'Max level', type: 'number', default_value: 60 });
    await field({ key: 'cdn', name: 'CDN', type: 'url', default_value: 'https://cdn.example' });
    await field({
      key: 'limits',
      name: 'Limits',
      type: 'json',
      default_value: '{"daily":1}',
      json_schema: '{"type":"object","properties":{"daily":{"type":"integer","minimum":1}}}',
    });
    const off = await field({
      key: 'old_flag',
      name: 'Old',
      type: 'text',
      default_value: 'x',
      enabled: false,
    });
    // A value of the wrong type, an unknown key, a json value outside its schema: refused on the version.
    const wrong = await admin.post('/api/v1/app-releases', {
      platform: 'android',
      channel: 'fields',
      version_name: '1.0.0',
      version_code: 100,
      field_values: { pay_on: 'yes', nobody: 1, limits: '{"daily":0}' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: Fields }>(wrong).data.fields).sort()).toEqual([
      'field_values.limits',
      'field_values.nobody',
      'field_values.pay_on',
    ]);
    const created = await admin.post('/api/v1/app-releases', {
      platform: 'android',
      channel: 'fields',
      version_name: '1.0.0',
      version_code: 100,
      field_values: { pay_on: true, limits: '{"daily":5}', old_flag: 'kept' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const release = body<AppRelease>(created).data;
    expect(
      body(await admin.post(`/api/v1/app-releases/${release.id}/publish`, { version: 1, percent: 100 })).code,
    ).toBe(0);
    const key = await t.gameKey();
    const res = await t.signedCall(
      key,
      'GET',
      '/api/game/v1/version/check?platform=android&channel=fields&version_code=1',
    );
    const check = body<GameVersionCheck>(res).data;
    expect(check.update).toBe('optional');
    // Other tests' fields of this game come too; the disabled one does not.
    expect(check.fields).toMatchObject({
      pay_on: true,
      max_level: 60,
      cdn: 'https://cdn.example',
      limits: { daily: 5 },
    });
    expect(check.fields).not.toHaveProperty('old_flag');
    // A field a version holds a value for is disabled, not deleted.
    expect(body(await admin.del(`/api/v1/version-fields/${off.id}`)).code).toBe(422001);
    expect(body<VersionField>(await admin.get(`/api/v1/version-fields/${off.id}`)).data.enabled).toBe(false);
  });
});

describe('the release log', () => {
  it('lists who released what and when, filtered, sorted and paged; other CPs see none', async () => {
    type Log = {
      list: { action: string; version_code: number; live: boolean; created_by: string; number: number }[];
      total: number;
    };
    const made: AppRelease[] = [];
    for (const code of [700, 710]) {
      const res = await admin.post('/api/v1/app-releases', {
        platform: 'ios',
        channel: 'logged',
        version_name: `7.${code - 700}.0`,
        version_code: code,
      });
      made.push(body<AppRelease>(res).data);
    }
    expect(
      body(await admin.post(`/api/v1/app-releases/${made[0]!.id}/publish`, { version: 1, percent: 100 }))
        .code,
    ).toBe(0);
    expect(
      body(await admin.post(`/api/v1/app-releases/${made[1]!.id}/publish`, { version: 1, percent: 20 })).code,
    ).toBe(0);
    expect(
      body(await admin.post(`/api/v1/app-releases/${made[1]!.id}/halt`, { version: 2, note: 'crash' })).code,
    ).toBe(0);
    const log = async (query: string, as = admin) => body<Log>(await as.get(`/api/v1/version-logs?${query}`));
    const all = (await log('channel=logged&platform=ios')).data;
    expect(all.total).toBe(3);
    expect(all.list.map((e) => [e.action, e.version_code, e.live])).toEqual([
      ['halt', 710, true],
      ['publish', 710, false],
      ['publish', 700, false],
    ]);
    expect(all.list[0]!.created_by).toBe('admin');
    expect((await log('channel=logged&sort=version_code')).data.list[0]!.version_code).toBe(700);
    expect((await log('channel=logged&action=halt')).data.total).toBe(1);
    expect((await log('channel=logged&q=crash')).data.total).toBe(1);
    const paged = (await log('channel=logged&page=2&page_size=2')).data;
    expect([paged.total, paged.list.length]).toEqual([3, 1]);
    expect((await log('sort=nothing')).code).toBe(400001);
    const nobody = await t.staff([]);
    expect((await log('channel=logged', nobody)).code).toBe(403001);
    const hw = await t.signIn('ops_hw', 'dawn');
    expect((await log('channel=logged', hw)).data.total).toBe(0);
  });
});
