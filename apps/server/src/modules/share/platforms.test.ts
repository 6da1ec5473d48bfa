import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SharePlatformSetup } from '@rx/contracts';
import { body, sheetOf, useTestApp } from '../../../test/index.ts';
import { sharePlatformSetups } from './tables.ts';

const t = useTestApp();

const fields = (res: { body: string }) => Object.keys(body<{ fields: object }>(res as never).data.fields);

describe('share platforms (per game)', () => {
  it('seals the app secret, never answers or logs it, keeps it unless replaced or cleared', async () => {
    const secret = 'wx-secret-0123456789abcdef';
    const made = await t.admin.post('/api/v1/share-platforms', {
      platform: 'wechat',
      app_id: 'wx1234567890abcdef',
      app_secret: secret,
      link_domains: ['Share.Example.com', 'go.example.com'],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.body).not.toContain(secret);
    const item = body<SharePlatformSetup>(made).data;
    expect(item).toMatchObject({
      platform: 'wechat',
      enabled: true,
      app_secret_set: true,
      link_domains: ['share.example.com', 'go.example.com'],
    });
    const [row] = await t.database.db
      .select()
      .from(sharePlatformSetups)
      .where(eq(sharePlatformSetups.id, item.id));
    expect(row!.appSecretEnc).toBeTruthy();
    expect(row!.appSecretEnc).not.toContain(secret);
    const logs = await t.logsOf('share_platform', item.id);
    expect(JSON.stringify(logs)).not.toContain(secret);

    // An edit without a secret keeps it; a new one replaces it; clearing removes it.
    const kept = await t.admin.put(`/api/v1/share-platforms/${item.id}`, {
      version: item.version,
      enabled: false,
      remark: 'paused',
    });
    expect(body<SharePlatformSetup>(kept).data).toMatchObject({ enabled: false, app_secret_set: true });
    const [keptRow] = await t.database.db
      .select()
      .from(sharePlatformSetups)
      .where(eq(sharePlatformSetups.id, item.id));
    expect(keptRow!.appSecretEnc).toBe(row!.appSecretEnc);
    const cleared = await t.admin.put(`/api/v1/share-platforms/${item.id}`, {
      version: item.version + 1,
      clear_app_secret: true,
    });
    expect(body<SharePlatformSetup>(cleared).data.app_secret_set).toBe(false);

    // The list and the export say whether a secret is set, never what it is.
    const list = await t.admin.get('/api/v1/share-platforms?platform=wechat');
    expect(body<{ list: SharePlatformSetup[] }>(list).data.list.map((p) => p.id)).toContain(item.id);
    const exported = await t.admin.get('/api/v1/share-platforms/export?format=csv');
    expect(exported.statusCode, exported.body).toBe(200);
    expect((await sheetOf(exported))[0]).toContain('app_secret_set');
    expect(exported.body).not.toContain(secret);
  });

  it('refuses a second row for a platform, an unknown one and a bad domain', async () => {
    const first = await t.admin.post('/api/v1/share-platforms', { platform: 'facebook', app_id: '1234567' });
    expect(first.statusCode, first.body).toBe(200);
    const item = body<SharePlatformSetup>(first).data;
    const before = await t.rowCount(sharePlatformSetups);
    expect(fields(await t.admin.post('/api/v1/share-platforms', { platform: 'facebook' }))).toEqual([
      'platform',
    ]);
    expect(fields(await t.admin.post('/api/v1/share-platforms', { platform: 'myspace' }))).toEqual([
      'platform',
    ]);
    expect(
      fields(
        await t.admin.post('/api/v1/share-platforms', {
          platform: 'line',
          link_domains: ['https://x.example.com/path'],
        }),
      ),
    ).toEqual(['link_domains.0']);
    expect(
      fields(
        await t.admin.post('/api/v1/share-platforms', {
          platform: 'line',
          app_id: 'bad id\u0000',
        }),
      ),
    ).toEqual(['app_id']);
    expect(await t.rowCount(sharePlatformSetups)).toBe(before);
    const moved = await t.admin.put(`/api/v1/share-platforms/${item.id}`, {
      version: item.version,
      platform: 'line',
    });
    // The platform is not an edit's to change: it stays.
    expect(body<SharePlatformSetup>(moved).data.platform).toBe('facebook');
  });

  it('is the page permission holder’s only', async () => {
    const stranger = await t.staff(['share/see/wechat_image']);
    expect(body(await stranger.get('/api/v1/share-platforms')).code).toBe(403001);
    expect(body(await stranger.post('/api/v1/share-platforms', { platform: 'qq' })).code).toBe(403001);
  });
});
