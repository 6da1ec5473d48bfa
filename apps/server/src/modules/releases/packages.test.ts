import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  appPackagesResource,
  type AppPackage,
  type AppRelease,
  type FileItem,
  type GameVersionCheck,
} from '@rx/contracts';
import { body, describeResource, signIn, useTestApp, type Client } from '../../../test/index.ts';
import { fileBody } from '../../../test/multipart.ts';
import { apkOf, ipaOf } from '../../../test/packages.ts';
import { xmlEntry, zipOf } from '../../../test/zips.ts';
import { appPackages } from './tables.ts';

/** A zip holding these entries (tiny XML each): an APK holds AndroidManifest.xml, an IPA Payload/X.app/Info.plist. */
const zipWith = (...names: string[]) => zipOf(names.map((name) => xmlEntry(name, `<x n="${name}"/>`)));
const APK = () => apkOf();
const IPA = () => ipaOf();

async function upload(as: Client, name: string, bytes: Buffer): Promise<FileItem> {
  const { payload, contentType } = fileBody(name, bytes);
  const res = await as.upload('/api/v1/files?use=package', payload, contentType);
  expect(res.statusCode, res.body).toBe(200);
  return body<FileItem>(res).data;
}

// The shared behaviour: each sample names its own uploaded APK, whose build number is the sample's
// (uploaded once the suite's app is up).
const sampleFiles: string[] = [];
const SAMPLE_FILES = 40;
describeResource(appPackagesResource, {
  setup: async (ctx) => {
    const as = await signIn(ctx, 'admin', 'xianxia');
    for (let n = 1; n <= SAMPLE_FILES; n++)
      sampleFiles.push((await upload(as, `game-${n}.apk`, await apkOf({ versionCode: 10 + n }))).id);
  },
  sample: (n) => ({
    platform: 'android',
    channel: `generic${n}`,
    version_name: '1.0.0',
    version_code: 10 + n,
    file_id: sampleFiles[n - 1],
  }),
  change: { note: 'changed' },
  invalid: {
    body: { platform: 'android', version_name: '1.0', version_code: 1, file_id: 'not-an-id' },
    field: 'file_id',
  },
  roundTrip: { column: 'note', value: 'edited in the sheet' },
});

const t = useTestApp();
const admin = t.admin;

let nextCode = 1000;
async function create(fields: Record<string, unknown>, as: Client = admin) {
  return as.post('/api/v1/app-packages', {
    platform: 'android',
    version_name: '1.0.0',
    version_code: (nextCode += 10),
    ...fields,
  });
}

describe('installation packages', () => {
  it('keeps the uploaded file with its SHA-256 and size; the build number only rises per platform and channel', async () => {
    const bytes = await apkOf({ versionCode: 500 });
    const file = await upload(admin, 'game-release.apk', bytes);
    const res = await create({ channel: 'rise', version_code: 500, file_id: file.id, note: 'first' });
    expect(res.statusCode, res.body).toBe(200);
    const created = body<AppPackage>(res).data;
    expect(created).toMatchObject({
      kind: 'apk',
      file_name: 'game-release.apk',
      file_size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      status: 'testing',
      url: `/downloads/${file.id}`,
    });
    const before = await t.rowCount(appPackages);
    for (const code of [500, 499]) {
      const again = await create({ channel: 'rise', version_code: code, file_id: file.id });
      expect(again.statusCode).toBe(400);
      expect(body<{ fields: Record<string, string> }>(again).data.fields.version_code).toMatch(/500/);
    }
    expect(await t.rowCount(appPackages)).toBe(before);
    // A sub-channel counts on its own; the file and build never change once created.
    expect(
      (await create({ channel: 'rise', sub_channel: 'ads1', version_code: 500, file_id: file.id }))
        .statusCode,
    ).toBe(200);
    const recode = await admin.put(`/api/v1/app-packages/${created.id}`, { version_code: 900, version: 1 });
    expect(Object.keys(body<{ fields: object }>(recode).data.fields)).toEqual(['version_code']);
    expect((await t.logsOf('app_package', created.id)).map((l) => l.action)).toContain('create');
  });

  it("reads the package's own manifest for the form, keeps it with the package, and needs the create permission", async () => {
    const apk = await upload(
      admin,
      'manifest.apk',
      await apkOf({ package: 'com.ruixue.test', versionCode: 7001, versionName: '7.0.1', minSdk: 23 }),
    );
    const inspected = await admin.get(`/api/v1/app-packages/inspect?file_id=${apk.id}`);
    expect(inspected.statusCode, inspected.body).toBe(200);
    const manifest = {
      app_id: 'com.ruixue.test',
      version_name: '7.0.1',
      build: '7001',
      version_code: 7001,
      min_os: '23',
    };
    expect(body(inspected).data).toEqual({ kind: 'apk', manifest });
    const created = body<AppPackage>(
      await create({ channel: 'manifest', version_code: 7001, version_name: '7.0.1', file_id: apk.id }),
    ).data;
    expect(created.manifest).toEqual(manifest);
    expect(body<AppPackage>(await admin.get(`/api/v1/app-packages/${created.id}`)).data.manifest).toEqual(
      manifest,
    );

    const ipa = await upload(admin, 'manifest.ipa', await ipaOf({ CFBundleVersion: '88' }, 'xml'));
    expect(body(await admin.get(`/api/v1/app-packages/inspect?file_id=${ipa.id}`)).data).toMatchObject({
      kind: 'ipa',
      manifest: { app_id: 'com.ruixue.xianxia', version_code: 88, min_os: '13.0' },
    });
    // Bad input: a translated message on the file, nothing read.
    const wrong = await admin.get(`/api/v1/app-packages/inspect?file_id=${ipa.id}&platform=android`);
    expect(body<{ fields: Record<string, string> }>(wrong).data.fields.file_id).toMatch(/APK, AAB/);
    expect(body(await admin.get('/api/v1/app-packages/inspect?file_id=..%2F..%2Fetc')).code).toBe(400001);
    const damaged = await upload(admin, 'damaged.apk', zipWith('AndroidManifest.xml'));
    const refused = await admin.get(`/api/v1/app-packages/inspect?file_id=${damaged.id}`);
    expect(body<{ fields: Record<string, string> }>(refused).data.fields.file_id).toMatch(
      /AndroidManifest\.xml/,
    );
    const viewer = await t.staff([appPackagesResource.permissions.see]);
    expect(body(await viewer.get(`/api/v1/app-packages/inspect?file_id=${apk.id}`)).code).toBe(403001);
    const hw = await signIn(t, 'ops_hw', 'dawn');
    expect(body(await hw.get(`/api/v1/app-packages/inspect?file_id=${apk.id}`)).code).toBe(400001);
  });

  it('refuses a save whose build number is not the one the package says, writing nothing', async () => {
    const file = await upload(admin, 'differs.apk', await apkOf({ versionCode: 8100, versionName: '8.1.0' }));
    const before = await t.rowCount(appPackages);
    for (const code of [8099, 8101]) {
      const res = await create({ channel: 'differs', version_code: code, file_id: file.id });
      expect(res.statusCode, res.body).toBe(400);
      const { fields } = body<{ fields: Record<string, string> }>(res).data;
      expect(Object.keys(fields)).toEqual(['version_code']);
      // Translated: the staff member's language (the demo admin reads Chinese).
      expect(fields.version_code).toBe('版本号与安装包不符：安装包自身的版本号为 8100');
    }
    expect(await t.rowCount(appPackages)).toBe(before);
    // The version name may differ (a staff label); the build number must not.
    const saved = await create({
      channel: 'differs',
      version_code: 8100,
      version_name: '8.1',
      file_id: file.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<AppPackage>(saved).data.manifest).toMatchObject({
      version_code: 8100,
      version_name: '8.1.0',
    });
  });

  it('refuses a package that is not what its name says, or not for its platform, writing nothing', async () => {
    const fake = await upload(admin, 'fake.apk', zipWith('readme.txt'));
    const ipaAsApk = await upload(admin, 'other.apk', await IPA());
    const ipa = await upload(admin, 'game.ipa', await IPA());
    const emptyIpa = await upload(admin, 'empty.ipa', zipWith('Payload/readme.txt'));
    const before = await t.rowCount(appPackages);
    const fieldOf = async (fields: Record<string, unknown>) => {
      const res = await admin.post('/api/v1/app-packages', {
        platform: 'android',
        version_name: '1.0.0',
        version_code: (nextCode += 10),
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(400);
      return body<{ fields: Record<string, string> }>(res).data.fields.file_id;
    };
    expect(await fieldOf({ channel: 'named', file_id: fake.id })).toMatch(/AndroidManifest\.xml/);
    expect(await fieldOf({ channel: 'named', file_id: ipaAsApk.id })).toMatch(/APK.*AndroidManifest\.xml/);
    expect(await fieldOf({ channel: 'named', file_id: ipa.id })).toMatch(/APK, AAB/);
    expect(await fieldOf({ platform: 'ios', channel: 'named', file_id: emptyIpa.id })).toMatch(/Info\.plist/);
    // Another CP's file is unknown here.
    const hw = await signIn(t, 'ops_hw', 'dawn');
    const theirs = await upload(hw, 'theirs.apk', await APK());
    expect(await fieldOf({ channel: 'named', file_id: theirs.id })).toMatch(/找不到/);
    expect(await t.rowCount(appPackages)).toBe(before);
    // The real IPA goes in for iOS.
    expect(
      (await create({ platform: 'ios', channel: 'named', version_code: 1, file_id: ipa.id })).statusCode,
    ).toBe(200);
  });

  it('moves testing → released → deprecated only; keeps released packages; serves the file until deprecated', async () => {
    const bytes = await APK();
    const file = await upload(admin, 'served.apk', bytes);
    const row = body<AppPackage>(await create({ channel: 'life', version_code: 1, file_id: file.id })).data;
    const download = () => t.app.inject({ method: 'GET', url: `/downloads/${file.id}` });
    const got = await download();
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-disposition']).toMatch(/attachment/);
    const released = await admin.put(`/api/v1/app-packages/${row.id}`, {
      status: 'released',
      version: row.version,
    });
    expect(released.statusCode, released.body).toBe(200);
    const back = await admin.put(`/api/v1/app-packages/${row.id}`, {
      status: 'testing',
      version: row.version + 1,
    });
    expect(Object.keys(body<{ fields: object }>(back).data.fields)).toEqual(['status']);
    expect(body(await admin.del(`/api/v1/app-packages/${row.id}`)).code).toBe(422001);
    expect(
      body(
        await admin.put(`/api/v1/app-packages/${row.id}`, { status: 'deprecated', version: row.version + 1 }),
      ).code,
    ).toBe(0);
    expect((await download()).statusCode).toBe(404);
    // A file no package names is not served here.
    const loose = await upload(admin, 'loose.apk', await APK());
    expect((await t.app.inject({ method: 'GET', url: `/downloads/${loose.id}` })).statusCode).toBe(404);
  });

  it("answers the released package of the player's channel in the version check", async () => {
    const key = await t.gameKey();
    const check = async (query: string) => {
      const res = await t.signedCall(key, 'GET', `/api/game/v1/version/check?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return body<GameVersionCheck>(res).data;
    };
    const release = body<AppRelease>(
      await admin.post('/api/v1/app-releases', {
        platform: 'android',
        channel: 'pkg',
        version_name: '3.0.0',
        version_code: 3000,
      }),
    ).data;
    expect(
      body(await admin.post(`/api/v1/app-releases/${release.id}/publish`, { version: 1, percent: 100 })).code,
    ).toBe(0);
    // Nothing released yet: no package, no address.
    expect(await check('platform=android&channel=pkg&version_code=1')).toMatchObject({
      update: 'optional',
      url: '',
      package: null,
    });
    const channelFile = await upload(admin, 'pkg.apk', await apkOf({ versionCode: 3000 }));
    const subFile = await upload(
      admin,
      'pkg-sub.apk',
      await apkOf({ versionCode: 3000, versionName: '3.0.1' }),
    );
    const channelPackage = body<AppPackage>(
      await create({ channel: 'pkg', version_code: 3000, file_id: channelFile.id }),
    ).data;
    const subPackage = body<AppPackage>(
      await create({ channel: 'pkg', sub_channel: 'promo', version_code: 3000, file_id: subFile.id }),
    ).data;
    // Testing packages are not offered to players.
    expect((await check('platform=android&channel=pkg&version_code=1')).package).toBeNull();
    for (const row of [channelPackage, subPackage])
      await admin.put(`/api/v1/app-packages/${row.id}`, { status: 'released', version: row.version });
    const plain = await check('platform=android&channel=pkg&version_code=1');
    expect(plain.package).toMatchObject({ version_code: 3000, sha256: channelPackage.sha256 });
    expect(plain.package!.url).toMatch(new RegExp(`^https?://[^/]+/downloads/${channelFile.id}$`));
    expect(plain.url).toBe(plain.package!.url);
    const promo = await check('platform=android&channel=pkg&sub_channel=promo&version_code=1');
    expect(promo.package!.url).toMatch(new RegExp(`/downloads/${subFile.id}$`));
    // A sub-channel without its own package gets the channel's.
    expect(
      (await check('platform=android&channel=pkg&sub_channel=other&version_code=1')).package!.sha256,
    ).toBe(channelPackage.sha256);
    // The address players get really serves the file.
    expect((await t.app.inject({ method: 'GET', url: `/downloads/${channelFile.id}` })).statusCode).toBe(200);
  });

  it("never shows another CP's packages", async () => {
    const file = await upload(admin, 'mine.apk', await APK());
    const row = body<AppPackage>(await create({ channel: 'mine', version_code: 1, file_id: file.id })).data;
    const hw = await signIn(t, 'ops_hw', 'dawn');
    expect(body(await hw.get(`/api/v1/app-packages/${row.id}`)).code).toBe(404001);
  });
});
