import { describe, expect, it } from 'vitest';
import {
  appReleasesResource,
  type AppRelease,
  type ApprovalPending,
  type GameVersionCheck,
  type ReleasePublishItem,
} from '@rx/contracts';
import { body, describeResource, signGameRequest, useTestApp, type Client } from '../../../test/index.ts';
import { inRollout, rolloutBucket } from './publish.ts';
import { appReleasePublishes, appReleases } from './tables.ts';

const t = useTestApp();
const admin = t.admin;
const perms = appReleasesResource.permissions;

type Publishes = { list: ReleasePublishItem[]; total: number };

let nextCode = 100;
/** A new version on its own channel (each test its own platform and channel: no shared data). */
async function version(channel: string, fields: Record<string, unknown> = {}, as: Client = admin) {
  const res = await as.post('/api/v1/app-releases', {
    platform: 'android',
    channel,
    version_name: '1.0.0',
    version_code: (nextCode += 10),
    update_text: { zh: '修复若干问题', en: 'Bug fixes' },
    store_url: 'https://play.example/app',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<AppRelease>(res).data;
}

const current = async (id: number) => body<AppRelease>(await admin.get(`/api/v1/app-releases/${id}`)).data;

async function publish(release: AppRelease, percent: number, as: Client = admin) {
  const fresh = await current(release.id);
  return as.post(`/api/v1/app-releases/${release.id}/publish`, { version: fresh.version, percent });
}

async function move(release: AppRelease, action: 'halt' | 'resume') {
  const fresh = await current(release.id);
  return admin.post(`/api/v1/app-releases/${release.id}/${action}`, { version: fresh.version });
}

let check: (query: string) => Promise<GameVersionCheck>;
async function checker() {
  const key = await t.gameKey();
  check = async (query: string) => {
    const res = await t.signedCall(key, 'GET', `/api/game/v1/version/check?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return body<GameVersionCheck>(res).data;
  };
}

describeResource(appReleasesResource, {
  sample: (n) => ({ platform: 'pc', channel: `generic${n}`, version_name: '2.0.0', version_code: 10 + n }),
  change: { note: 'changed' },
  invalid: { body: { platform: 'pc', version_name: 'two', version_code: 3 }, field: 'version_name' },
});

describe('versions', () => {
  it('refuses a build number that does not rise on its platform and channel, writing nothing', async () => {
    const first = await version('rise', { version_code: 500 });
    const before = await t.rowCount(appReleases);
    for (const code of [500, 499]) {
      const res = await admin.post('/api/v1/app-releases', {
        platform: 'android',
        channel: 'rise',
        version_name: '0.9.0',
        version_code: code,
      });
      expect(res.statusCode).toBe(400);
      expect(body<{ fields: Record<string, string> }>(res).data.fields.version_code).toMatch(/500/);
    }
    expect(await t.rowCount(appReleases)).toBe(before);
    // Another platform or channel counts on its own.
    await version('rise-other', { version_code: 10 });
    const ios = await admin.post('/api/v1/app-releases', {
      platform: 'ios',
      channel: 'rise',
      version_name: '0.9.0',
      version_code: 10,
    });
    expect(ios.statusCode).toBe(200);
    // The build number never changes once created; the minimum and blocked builds stay below it.
    const recode = await admin.put(`/api/v1/app-releases/${first.id}`, { version_code: 900, version: 1 });
    expect(body(recode).code).toBe(400001);
    const above = await admin.put(`/api/v1/app-releases/${first.id}`, { min_version_code: 501, version: 1 });
    expect(Object.keys(body<{ fields: object }>(above).data.fields)).toEqual(['min_version_code']);
    const blocked = await admin.post('/api/v1/app-releases', {
      platform: 'android',
      channel: 'rise',
      version_name: '1.1.0',
      version_code: 600,
      blocked_version_codes: [600],
      store_url: 'javascript:alert(1)',
    });
    expect(Object.keys(body<{ fields: object }>(blocked).data.fields).sort()).toEqual([
      'blocked_version_codes',
      'store_url',
    ]);
  });

  it('publishes immutable numbered snapshots; the rollout percentage cannot fall', async () => {
    const release = await version('percent');
    const first = await publish(release, 10);
    expect(first.statusCode, first.body).toBe(200);
    expect(body<{ publish: ReleasePublishItem }>(first).data.publish).toMatchObject({
      number: 1,
      percent: 10,
    });
    expect(await current(release.id)).toMatchObject({
      status: 'rolling_out',
      rollout_percent: 10,
      published_number: 1,
    });
    // Editing the working copy changes nothing that was published.
    const fresh = await current(release.id);
    await admin.put(`/api/v1/app-releases/${release.id}`, {
      note: 'edited',
      update_mode: 'forced',
      version: fresh.version,
    });
    const lower = await publish(release, 5);
    expect(lower.statusCode).toBe(400);
    expect(body<{ fields: Record<string, string> }>(lower).data.fields.percent).toMatch(/10/);
    expect(body(await publish(release, 10)).code).toBe(0);
    expect(body(await publish(release, 100)).code).toBe(0);
    expect(await current(release.id)).toMatchObject({
      status: 'released',
      rollout_percent: 100,
      published_number: 3,
    });
    const list = body<Publishes>(
      await admin.get('/api/v1/app-releases/publishes?platform=android&channel=percent'),
    ).data;
    expect(list.list.map((p) => [p.number, p.percent, p.live])).toEqual([
      [3, 100, true],
      [2, 10, false],
      [1, 10, false],
    ]);
    expect(list.list[2]!.snapshot.update_mode).toBe('optional');
    expect(list.list[0]!.snapshot.update_mode).toBe('forced');
    // A stale version is refused; a version that reached players is never deleted.
    expect(
      body(await admin.post(`/api/v1/app-releases/${release.id}/publish`, { version: 1, percent: 100 })).code,
    ).toBe(409001);
    const del = await admin.del(`/api/v1/app-releases/${release.id}`);
    expect(body(del).code).toBe(422001);
    expect((await t.logsOf('app_release', release.id)).map((l) => l.action)).toContain('publish');
  });

  it('keeps the same devices in across a halt and a resume (10,000 device ids), and adds devices as it rises', async () => {
    await checker();
    const release = await version('stage', { version_code: 2000, version_name: '2.0.0' });
    expect(body(await publish(release, 30)).code).toBe(0);
    const devices = Array.from({ length: 10_000 }, (_, i) => `device-${i}`);
    const inAt = (percent: number) => new Set(devices.filter((d) => inRollout(release.id, d, percent)));
    const at30 = inAt(30);
    // About 30 %: the buckets are spread evenly.
    expect(at30.size).toBeGreaterThan(2700);
    expect(at30.size).toBeLessThan(3300);
    // What the API answers agrees with the buckets, for a sample of devices in and out.
    const sample = devices.slice(0, 80);
    const answers = async () => {
      const updates: string[] = [];
      for (const device of sample)
        updates.push(
          (await check(`platform=android&channel=stage&version_code=1000&device_id=${device}`)).update,
        );
      return updates;
    };
    const before = await answers();
    expect(before).toEqual(sample.map((d) => (at30.has(d) ? 'optional' : 'none')));
    expect(new Set(before)).toEqual(new Set(['optional', 'none']));
    expect(body(await move(release, 'halt')).code).toBe(0);
    expect((await current(release.id)).status).toBe('halted');
    const halted = await check('platform=android&channel=stage&version_code=1000&device_id=device-0');
    expect(halted).toMatchObject({ update: 'none', reason: 'not_in_rollout', latest: null });
    expect(body(await move(release, 'halt')).code).toBe(422001);
    expect(body(await move(release, 'resume')).code).toBe(0);
    const publishes = body<Publishes>(
      await admin.get('/api/v1/app-releases/publishes?platform=android&channel=stage'),
    ).data;
    expect(publishes.list.map((p) => [p.action, p.percent, p.halted])).toEqual([
      ['resume', 30, false],
      ['halt', 30, true],
      ['publish', 30, false],
    ]);
    // After the resume the very same devices are in: the bucket is the device's and the version's
    // (not the publish's), so of the 10,000 exactly the same are in, and the API answers each
    // device of the sample as it did before the halt.
    expect(inAt(publishes.list[0]!.percent)).toEqual(at30);
    expect(await answers()).toEqual(before);
    // Raising the percentage keeps everyone who was in.
    const at60 = inAt(60);
    expect([...at30].every((d) => at60.has(d))).toBe(true);
    // Buckets differ between versions (another version reshuffles).
    const other = devices.filter((d) => rolloutBucket(release.id + 1, d) !== rolloutBucket(release.id, d));
    expect(other.length).toBeGreaterThan(9000);
  }, 60_000);

  it('gives a whitelisted device or openid the version at 0 % and while halted', async () => {
    await checker();
    const release = await version('white', {
      version_code: 3000,
      whitelist_devices: ['tester-phone'],
      whitelist_openids: ['tester-openid'],
      update_mode: 'forced',
    });
    // Published to 0 %: the whitelist only (a testers-only stage).
    const zero = await publish(release, 0);
    expect(zero.statusCode, zero.body).toBe(200);
    expect(await current(release.id)).toMatchObject({
      status: 'rolling_out',
      rollout_percent: 0,
      published_number: 1,
    });
    // At 0 % no device is in the rollout.
    expect(Array.from({ length: 10_000 }, (_, i) => inRollout(release.id, `d${i}`, 0))).not.toContain(true);
    const outsider = 'any-other-device';
    const base = 'platform=android&channel=white&version_code=2000';
    expect(await check(`${base}&device_id=tester-phone`)).toMatchObject({
      update: 'forced',
      reason: 'whitelist',
      latest: { version_code: 3000 },
      text: '修复若干问题',
    });
    expect((await check(`${base}&device_id=${outsider}&openid=tester-openid&lang=en`)).text).toBe(
      'Bug fixes',
    );
    expect(await check(`${base}&device_id=${outsider}`)).toMatchObject({
      update: 'none',
      reason: 'not_in_rollout',
    });
    expect(await check(`${base}&openid=someone-else`)).toMatchObject({ update: 'none', latest: null });
    expect(body(await move(release, 'halt')).code).toBe(0);
    expect((await check(`${base}&device_id=tester-phone`)).reason).toBe('whitelist');
    expect(body(await move(release, 'resume')).code).toBe(0);
    // From 0 % the share may rise, and then never fall back to 0 %.
    expect(body(await publish(release, 5)).code).toBe(0);
    const back = await publish(release, 0);
    expect(back.statusCode).toBe(400);
    expect(body<{ fields: Record<string, string> }>(back).data.fields.percent).toMatch(/5/);
    // Below 0 % or above 100 % is no percentage.
    for (const percent of [-1, 101])
      expect(body<{ fields: object }>(await publish(release, percent)).data.fields).toHaveProperty('percent');
  });

  it('forces a blocked or too-old build whatever the rollout; answers an ETag and 304', async () => {
    await checker();
    const release = await version('block', {
      version_code: 4000,
      min_version_code: 3500,
      blocked_version_codes: [3800],
    });
    expect(body(await publish(release, 1)).code).toBe(0);
    const outsider = devicesOutside(release.id, 1);
    const base = `platform=android&channel=block&device_id=${outsider}`;
    expect(await check(`${base}&version_code=3800`)).toMatchObject({ update: 'forced', reason: 'blocked' });
    expect(await check(`${base}&version_code=3400`)).toMatchObject({
      update: 'forced',
      reason: 'too_old',
      url: 'https://play.example/app',
    });
    expect(await check(`${base}&version_code=3900`)).toMatchObject({
      update: 'none',
      reason: 'not_in_rollout',
    });
    expect(await check(`${base}&version_code=4000`)).toMatchObject({ update: 'none', reason: 'up_to_date' });
    // A channel without a version of its own gets nothing; bad input is 400001.
    expect(await check('platform=ios&channel=nothing&version_code=1')).toMatchObject({
      update: 'none',
      latest: null,
    });
    const key = await t.gameKey();
    const bad = await t.signedCall(key, 'GET', '/api/game/v1/version/check?platform=web&version_code=01');
    expect(bad.statusCode).toBe(400);
    const url = `/api/game/v1/version/check?${base}&version_code=3800`;
    const first = await t.signedCall(key, 'GET', url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...signGameRequest(key, { url }), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('rolls back through a second person; the maker cannot approve their own', async () => {
    await checker();
    const res = await admin.put('/api/v1/approval-policies', { policies: [{ action: perms.approve }] });
    expect(res.statusCode, res.body).toBe(200);
    try {
      const makerName = await t.staffWith([perms.see, perms.edit, perms.approve]);
      const checkerName = await t.staffWith([perms.see, perms.approve]);
      const maker = await t.signIn(makerName, 'xianxia');
      const checkerStaff = await t.signIn(checkerName, 'xianxia');
      const old = await version('roll', { version_code: 5000, version_name: '5.0.0' }, maker);
      expect(body(await publish(old, 100, maker)).code).toBe(0);
      const next = await version('roll', { version_code: 5100, version_name: '5.1.0' }, maker);
      expect(body(await publish(next, 100, maker)).code).toBe(0);
      expect((await current(old.id)).status).toBe('superseded');
      // An older version is not published over the live one: that is what rollback is for.
      expect(body(await publish(old, 100, maker)).code).toBe(422001);
      const asked = await maker.post(`/api/v1/app-releases/${next.id}/rollback`, {
        number: 1,
        note: 'crash on start',
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const approval = body<ApprovalPending>(asked).data.approval;
      // Nothing changed yet: games still get 5.1.0.
      expect((await check('platform=android&channel=roll&version_code=1')).latest?.version_code).toBe(5100);
      expect(body(await maker.post(`/api/v1/approvals/${approval.id}/approve`, { comment: 'me' })).code).toBe(
        403001,
      );
      expect(
        body(await checkerStaff.post(`/api/v1/approvals/${approval.id}/approve`, { comment: 'ok' })).code,
      ).toBe(0);
      expect((await check('platform=android&channel=roll&version_code=1')).latest?.version_code).toBe(5000);
      const list = body<Publishes>(
        await admin.get('/api/v1/app-releases/publishes?platform=android&channel=roll'),
      ).data;
      expect(list.list[0]).toMatchObject({
        number: 3,
        action: 'rollback',
        rollback_of: 1,
        version_code: 5000,
        live: true,
      });
      expect(await current(old.id)).toMatchObject({ status: 'released', published_number: 3 });
      expect((await current(next.id)).status).toBe('superseded');
      expect((await t.logsOf('app_release', old.id)).map((l) => l.action)).toContain('rollback');
      expect(body(await maker.post(`/api/v1/app-releases/${next.id}/rollback`, { number: 3 })).code).toBe(
        422001,
      );
      expect(body(await maker.post(`/api/v1/app-releases/${next.id}/rollback`, { number: 99 })).code).toBe(
        404001,
      );
    } finally {
      await admin.put('/api/v1/approval-policies', { policies: [] });
    }
  });

  it('needs the approve permission to publish; other CPs never see the versions', async () => {
    const release = await version('perm');
    const editor = await t.staff([perms.see, perms.edit]);
    expect(body(await publish(release, 50, editor)).code).toBe(403001);
    expect(body(await editor.post(`/api/v1/app-releases/${release.id}/rollback`, { number: 1 })).code).toBe(
      403001,
    );
    expect(body(await editor.get('/api/v1/app-releases/publishes?platform=android&channel=perm')).code).toBe(
      0,
    );
    const hw = await t.signIn('ops_hw', 'dawn');
    expect(body(await hw.get(`/api/v1/app-releases/${release.id}`)).code).toBe(404001);
    expect(
      body(await hw.post(`/api/v1/app-releases/${release.id}/publish`, { version: 1, percent: 1 })).code,
    ).toBe(404001);
    expect(
      body<Publishes>(await hw.get('/api/v1/app-releases/publishes?platform=android&channel=perm')).data
        .total,
    ).toBe(0);
    expect(await t.rowCount(appReleasePublishes)).toBeGreaterThan(0);
  });
});

/** A device outside a rollout of `percent` % of the version. */
function devicesOutside(releaseId: number, percent: number): string {
  for (let i = 0; ; i++) if (!inRollout(releaseId, `outsider-${i}`, percent)) return `outsider-${i}`;
}
