import { describe, expect, it } from 'vitest';
import { featureModulesResource, type FeatureModule, type GameModules } from '@rx/contracts';
import { body, describeResource, useTestApp } from '../../../test/index.ts';
import { rolloutBucket } from './feature-modules.ts';
import { featureModules } from './tables.ts';

const t = useTestApp();

describeResource(featureModulesResource, {
  sample: (n) => ({ code: `sample_${n}`, name: `Sample ${n}`, enabled: true, whitelist: ['a1', 'b2'] }),
  change: { name: 'Renamed module', rollout_percent: 20 },
  invalid: {
    body: { code: 'bad', name: 'Bad', min_version: '2.0', max_version: '1.9' },
    field: 'max_version',
  },
  roundTrip: { column: 'name', value: 'Edited in a sheet' },
});

/** Openids in and out of a module's rollout bucket below `percent`. */
function playersAround(code: string, percent: number) {
  let inside = '';
  let outside = '';
  for (let i = 0; !inside || !outside; i++) {
    const openid = `fm_${i}`;
    if (rolloutBucket(code, openid) < percent) inside ||= openid;
    else outside ||= openid;
  }
  return { inside, outside };
}

describe('feature modules', () => {
  it('refuses bad fields and a second row of one module and channel', async () => {
    const before = await t.rowCount(featureModules);
    const bad = await t.admin.post('/api/v1/feature-modules', {
      code: '-x',
      name: '',
      channel: 'has space',
      min_version: 'v1',
      rollout_percent: 101,
      whitelist: ['same', 'same'],
    });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual([
      'channel',
      'code',
      'min_version',
      'name',
      'rollout_percent',
      'whitelist',
    ]);
    const code = `twice_${Date.now()}`;
    expect(body(await t.admin.post('/api/v1/feature-modules', { code, name: 'One' })).code).toBe(0);
    expect(
      body(await t.admin.post('/api/v1/feature-modules', { code, name: 'Other channel', channel: 'hw' }))
        .code,
    ).toBe(0);
    const again = await t.admin.post('/api/v1/feature-modules', { code, name: 'Twice' });
    expect(body(again)).toMatchObject({ code: 400001, data: { fields: { code: expect.any(String) } } });
    expect(await t.rowCount(featureModules)).toBe(before + 2);
    const [one] = body<{ list: FeatureModule[] }>(
      await t.admin.get(`/api/v1/feature-modules?q=${code}&channel=hw`),
    ).data.list;
    const renamed = await t.admin.put(`/api/v1/feature-modules/${one!.id}`, {
      code: `${code}_x`,
      version: one!.version,
    });
    expect(body(renamed)).toMatchObject({ code: 400001, data: { fields: { code: expect.any(String) } } });
  });

  it('tells the game which modules are on: channel over all, versions, whitelist, a stable rollout', async () => {
    const tag = Date.now().toString(36);
    const add = async (fields: Record<string, unknown>) =>
      body<FeatureModule>(
        await t.admin.post('/api/v1/feature-modules', { name: 'M', enabled: true, ...fields }),
      ).data;
    const shop = `shop_${tag}`;
    const guild = `guild_${tag}`;
    const beta = `beta_${tag}`;
    const off = `off_${tag}`;
    await add({ code: shop, channel: '' });
    // The store channel turns it off for itself only.
    await add({ code: shop, channel: `store${tag}`, enabled: false });
    await add({ code: guild, min_version: '1.10', max_version: '2.0' });
    const { inside, outside } = playersAround(beta, 30);
    await add({ code: beta, rollout_percent: 30, whitelist: ['vip_1'] });
    await add({ code: off, enabled: false, whitelist: ['vip_1'] });

    const key = await t.gameKey();
    const read = async (query: string) => {
      const res = await t.signedCall(key, 'GET', `/api/game/v1/modules?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return body<GameModules>(res).data;
    };
    const pick = (answer: GameModules) =>
      Object.fromEntries([shop, guild, beta, off].map((code) => [code, answer.modules[code]]));

    expect(pick(await read(`version=1.9.5&openid=${outside}`))).toEqual({
      [shop]: true,
      [guild]: false,
      [beta]: false,
      [off]: false,
    });
    expect(pick(await read(`channel=store${tag}&version=1.10.0&openid=${inside}`))).toEqual({
      [shop]: false,
      [guild]: true,
      [beta]: true,
      [off]: false,
    });
    const vip = await read('version=2.0&openid=vip_1');
    expect(pick(vip)).toEqual({ [shop]: true, [guild]: true, [beta]: true, [off]: false });
    expect(vip.items.find((i) => i.code === beta)?.reason).toBe('whitelist');
    expect(vip.items.find((i) => i.code === off)?.reason).toBe('disabled');
    // No openid: only a full rollout counts.
    expect((await read('version=3')).modules).toMatchObject({ [shop]: true, [guild]: false, [beta]: false });
    expect(body(await t.signedCall(key, 'GET', '/api/game/v1/modules?version=x.y')).code).toBe(400001);

    // Another game's key sees none of this game's modules.
    const hw = await t.signIn('ops_hw', 'dawn');
    const other = body<{ key_id: string; secret: string }>(
      await hw.post('/api/v1/game-api-keys', { note: 'x' }),
    ).data;
    const elsewhere = body<GameModules>(
      await t.signedCall(other, 'GET', '/api/game/v1/modules?openid=vip_1'),
    ).data;
    expect(elsewhere.modules[shop]).toBeUndefined();
  });

  it('gives each player a stable bucket of 0 to 99 per module', () => {
    for (let i = 0; i < 200; i++) {
      const bucket = rolloutBucket('grow', `p${i}`);
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(100);
      expect(rolloutBucket('grow', `p${i}`)).toBe(bucket);
    }
  });
});
