import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { debugParamsResource, type DebugParam, type GameDebugParams } from '@rx/contracts';
import { body, describeResource, useTestApp } from '../../../test/index.ts';
import { debugParams } from './tables.ts';

const t = useTestApp();
type List = { list: DebugParam[]; total: number };

/** A time `hours` from now. */
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describeResource(debugParamsResource, {
  sample: (n) => ({
    target: `dbg_sample_${n}`,
    key: `log.level_${n}`,
    value: 'debug',
    expires_at: inHours(24),
  }),
  change: { value: 'trace', note: 'still looking' },
  invalid: {
    body: { target: 'dbg_invalid', key: 'log.level', value: 'debug', expires_at: inHours(-1) },
    field: 'expires_at',
  },
  roundTrip: { column: 'value', value: 'Edited in a sheet' },
});

describe('debug parameters', () => {
  it('refuses an expiry past 30 days, a bad key or target, and a key set twice for one target', async () => {
    const before = await t.rowCount(debugParams);
    const bad = await t.admin.post('/api/v1/debug-params', {
      target_kind: 'phone',
      target: 'has space',
      key: '-bad key',
      value: 'x',
      expires_at: inHours(24 * 31),
    });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual([
      'expires_at',
      'key',
      'target',
      'target_kind',
    ]);
    const target = `dbg_twice_${Date.now()}`;
    const first = await t.admin.post('/api/v1/debug-params', {
      target,
      key: 'gm.panel',
      value: 'on',
      expires_at: inHours(1),
    });
    expect(body(first).code).toBe(0);
    const again = await t.admin.post('/api/v1/debug-params', {
      target,
      key: 'gm.panel',
      value: 'off',
      expires_at: inHours(1),
    });
    expect(body(again)).toMatchObject({ code: 400001, data: { fields: { key: expect.any(String) } } });
    expect(await t.rowCount(debugParams)).toBe(before + 1);
  });

  it("delivers a player's and a device's parameters in force to the game, the player's winning", async () => {
    const openid = `dbg_player_${Date.now()}`;
    const device = `dev-${Date.now()}`;
    const add = async (target_kind: 'player' | 'device', target: string, key: string, value: string) =>
      body<DebugParam>(
        await t.admin.post('/api/v1/debug-params', {
          target_kind,
          target,
          key,
          value,
          expires_at: inHours(2),
        }),
      ).data;
    await add('device', device, 'render.fps', '30');
    await add('device', device, 'net.trace', 'on');
    await add('player', openid, 'net.trace', 'off');
    const soonExpired = await add('player', openid, 'old.flag', '1');
    // Its expiry passes: listed as expired, no longer delivered.
    await t.database.db
      .update(debugParams)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(debugParams.id, soonExpired.id));

    const key = await t.gameKey();
    const read = async (query: string) =>
      body<GameDebugParams>(await t.signedCall(key, 'GET', `/api/game/v1/debug-params?${query}`)).data;
    expect((await read(`openid=${openid}&device_id=${device}`)).params).toEqual({
      'render.fps': '30',
      'net.trace': 'off',
    });
    expect((await read(`device_id=${device}`)).params).toEqual({ 'render.fps': '30', 'net.trace': 'on' });
    const player = await read(`openid=${openid}`);
    expect(player.params).toEqual({ 'net.trace': 'off' });
    expect(player.entries).toEqual([
      { key: 'net.trace', value: 'off', source: 'player', expires_at: expect.any(String) },
    ]);
    const none = await t.signedCall(key, 'GET', '/api/game/v1/debug-params');
    expect(body(none).code).toBe(400001);
    // Unsigned: refused.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/game/v1/debug-params?openid=${openid}` })).statusCode,
    ).toBe(401);

    const expired = body<List>(await t.admin.get(`/api/v1/debug-params?target=${openid}&state=expired`)).data;
    expect(expired.list.map((p) => [p.key, p.expired])).toEqual([['old.flag', true]]);
    const active = body<List>(await t.admin.get(`/api/v1/debug-params?target=${openid}&state=active`)).data;
    expect(active.list.map((p) => p.key)).toEqual(['net.trace']);

    // Another game's key reads nothing of this game.
    const hw = await t.signIn('ops_hw', 'dawn');
    const other = body<{ key_id: string; secret: string }>(
      await hw.post('/api/v1/game-api-keys', { note: 'x' }),
    ).data;
    expect(
      body<GameDebugParams>(await t.signedCall(other, 'GET', `/api/game/v1/debug-params?openid=${openid}`))
        .data.params,
    ).toEqual({});
  });
});
