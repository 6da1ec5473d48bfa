import { describe, expect, it } from 'vitest';
import {
  appReleasesResource,
  versionLogAccess,
  type AppRelease,
  type GameVersionCheck,
  type VersionAuditItem,
  type VersionLogItem,
} from '@rx/contracts';
import { body, records, sheetOf, useTestApp } from '../../../test/index.ts';

// The version log through HTTP: a changelog per version and language (written, edited, shown in the
// log, exported, served by the version check in the player's language with the console's
// fallback), and the audit of version edits and publishes (who changed which field from what to
// what, when).

const t = useTestApp();
const admin = t.admin;
const channel = `vlog${Math.random().toString(36).slice(2, 7)}`;

async function created(fields: Record<string, unknown>): Promise<AppRelease> {
  const res = await admin.post('/api/v1/app-releases', {
    platform: 'android',
    channel,
    version_name: '2.4.0',
    version_code: 240,
    update_text: { zh: '新版本', en: 'New version' },
    store_url: 'https://play.example/app',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<AppRelease>(res).data;
}
const current = async (id: number) => body<AppRelease>(await admin.get(`/api/v1/app-releases/${id}`)).data;
async function edit(id: number, fields: Record<string, unknown>): Promise<AppRelease> {
  const res = await admin.put(`/api/v1/app-releases/${id}`, {
    ...fields,
    version: (await current(id)).version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<AppRelease>(res).data;
}
async function act(id: number, action: string, extra: object = {}) {
  const res = await admin.post(`/api/v1/app-releases/${id}/${action}`, {
    version: (await current(id)).version,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('version log: changelog and audit', () => {
  it('keeps a changelog per language: shown in the log, exported, served in the player’s language', async () => {
    const release = await created({ changelog: { zh: '修复商店', en: 'Fixed the shop' } });
    expect(release.changelog).toMatchObject({ zh: '修复商店', en: 'Fixed the shop', ja: '' });
    await act(release.id, 'publish', { percent: 100 });
    // Edited after the publish: the log and the game see the correction without a new publish.
    await edit(release.id, { changelog: { zh: '修复商店', en: 'Fixed the shop', ar: 'إصلاح المتجر' } });

    const log = body<{ list: VersionLogItem[] }>(await admin.get(`/api/v1/version-logs?channel=${channel}`))
      .data.list;
    expect(log.map((e) => e.action)).toEqual(['publish']);
    expect(log[0]!.changelog).toMatchObject({
      zh: '修复商店',
      en: 'Fixed the shop',
      ar: 'إصلاح المتجر',
      th: '',
    });

    const key = await t.gameKey();
    const check = async (lang: string, code = 100) => {
      const res = await t.signedCall(
        key,
        'GET',
        `/api/game/v1/version/check?platform=android&channel=${channel}&version_code=${code}&device_id=d1&lang=${lang}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return body<GameVersionCheck>(res).data;
    };
    expect((await check('ar')).changelog).toBe('إصلاح المتجر');
    expect((await check('en')).changelog).toBe('Fixed the shop');
    // No Thai: the console's fallback, Chinese.
    expect((await check('th')).changelog).toBe('修复商店');
    // Up to date: nothing offered, no changelog.
    expect(await check('en', 240)).toMatchObject({ update: 'none', changelog: '' });

    const exported = records(
      await sheetOf(await admin.get(`/api/v1/app-releases/export?format=csv&channel=${channel}`)),
    );
    expect(exported).toHaveLength(1);
    const cells = Object.entries(exported[0]!).filter(([header]) => header.startsWith('changelog'));
    expect(cells.map(([, value]) => value).join(' ')).toContain('Fixed the shop');
    expect(cells.map(([, value]) => value).join(' ')).toContain('إصلاح المتجر');
  });

  it('refuses a changelog too long, on its language, and keeps the version as it was', async () => {
    const release = await created({ version_code: 300, channel: `${channel}x`, changelog: { zh: '旧' } });
    const res = await admin.put(`/api/v1/app-releases/${release.id}`, {
      version: release.version,
      changelog: { zh: '旧', en: 'x'.repeat(4001) },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(res).data.fields)).toEqual(['changelog.en']);
    expect((await current(release.id)).changelog).toMatchObject({ zh: '旧', en: '' });
  });

  it('audits edits and publishes: who changed which field from what to what, newest first', async () => {
    const release = await created({ version_code: 500, channel: `${channel}a`, note: 'first' });
    await edit(release.id, { note: 'second', changelog: { zh: '新增活动' }, min_version_code: 400 });
    await act(release.id, 'publish', { percent: 20 });
    await act(release.id, 'halt');

    const audit = async (query = '', as = admin) =>
      body<{ list: VersionAuditItem[]; total: number }>(
        await as.get(`/api/v1/version-logs/audit?release_id=${release.id}${query}`),
      ).data;
    const { list, total } = await audit();
    expect(total).toBe(4);
    expect(list.map((e) => e.action)).toEqual(['halt', 'publish', 'update', 'create']);
    expect(list.every((e) => e.created_by === 'admin' && e.release_id === release.id)).toBe(true);
    const update = list.find((e) => e.action === 'update')!;
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'note', from: 'first', to: 'second' },
        { field: 'changelog.zh', from: null, to: '新增活动' },
        { field: 'min_version_code', from: 0, to: 400 },
      ]),
    );
    expect(update.changes).toHaveLength(3);
    expect(list.find((e) => e.action === 'publish')!.changes).toEqual(
      expect.arrayContaining([
        { field: 'number', from: null, to: 1 },
        { field: 'percent', from: null, to: 20 },
      ]),
    );
    expect(list.find((e) => e.action === 'halt')!.changes).toEqual(
      expect.arrayContaining([{ field: 'halted', from: false, to: true }]),
    );
    expect((await audit('&action=publish')).list.map((e) => e.action)).toEqual(['publish']);
    expect((await audit('&created_by=nobody')).total).toBe(0);
    expect((await audit(`&q=${channel}a`)).total).toBe(4);
    expect((await audit(`&q=${channel}zz`)).total).toBe(0);
    expect(body(await admin.get(`/api/v1/version-logs/audit?action=export`)).code).toBe(400001);

    // The log page's permission is asked; another CP sees none of this game's versions.
    const outsider = await t.staff([appReleasesResource.permissions.see]);
    expect(body(await outsider.get('/api/v1/version-logs/audit')).code).toBe(403001);
    const reader = await t.staff([versionLogAccess.permissions.see]);
    expect((await audit('', reader)).total).toBe(4);
    const otherCp = await t.staff([versionLogAccess.permissions.see], 'dawn', 'ops_hw');
    const theirs = body<{ list: VersionAuditItem[] }>(await otherCp.get('/api/v1/version-logs/audit'));
    expect(theirs.code).toBe(0);
    expect(theirs.data.list.some((e) => e.release_id === release.id)).toBe(false);
  });
});
