import { beforeAll, describe, expect, it } from 'vitest';
import { socialAccessResources, validationMessage, type KillSwitch, type SocialPolicy } from '@rx/contracts';
import { body, records, sheetOf, useTestApp } from '../../../test/index.ts';
import { gameSocialAccess } from './service.ts';
import { socialAccessPolicies } from './tables.ts';

const t = useTestApp();
const admin = t.admin;
let taptap: number;
let huawei: number;
beforeAll(async () => {
  taptap = await t.channelOf('taptap');
  huawei = await t.channelOf('huawei');
});

type List = { list: SocialPolicy[]; total: number };
const chatPolicy = (extra: Record<string, unknown> = {}) => ({
  kind: 'chat',
  region: 'gn',
  channel_id: huawei,
  chat: { world: false, private: true, guild: true, daily_messages: 50 },
  min_level: 30,
  ...extra,
});

describe('social access policies', () => {
  it('creates one policy per region, channel and kind, lists by kind and logs', async () => {
    const res = await admin.post('/api/v1/social-access', chatPolicy());
    expect(res.statusCode, res.body).toBe(200);
    const policy = body<SocialPolicy>(res).data;
    expect(policy).toMatchObject({
      kind: 'chat',
      channel_id: huawei,
      chat: { world: false, daily_messages: 50 },
      friend: null,
      min_level: 30,
      real_name_required: false,
      enabled: true,
      version: 1,
    });
    const twice = await admin.post('/api/v1/social-access', chatPolicy());
    expect(body(twice)).toMatchObject({ code: 400001, data: { fields: { channel_id: expect.any(String) } } });
    // Named as a second policy of the region and channel, not as a "value in use" (issue 27, 11).
    expect(body<{ fields: Record<string, string> }>(twice).data.fields.channel_id).toBe(
      validationMessage('policy_scope_taken', 'zh'),
    );
    const friend = await admin.post('/api/v1/social-access', {
      kind: 'friend',
      region: 'gn',
      channel_id: huawei,
      friend: { add: true, gifting: false, daily_requests: 20, daily_gifts: 0 },
    });
    expect(body<SocialPolicy>(friend).data).toMatchObject({ chat: null, friend: { gifting: false } });

    const chats = body<List>(await admin.get('/api/v1/social-access?kind=chat&page_size=50')).data;
    expect(chats.list.every((p) => p.kind === 'chat')).toBe(true);
    expect(chats.total).toBe(3);
    const allChannels = body<List>(await admin.get('/api/v1/social-access?kind=friend&channel_id=0')).data;
    expect(allChannels.list.map((p) => p.channel_id)).toEqual([null]);
    expect(body(await admin.get('/api/v1/social-access')).code).toBe(400001);
    expect((await t.logsOf('chat_access', policy.id))[0]).toMatchObject({
      action: 'create',
      targetName: `gn:${huawei}`,
    });
  });

  it('updates the settings of its kind at the row version, and deletes', async () => {
    const policy = body<List>(await admin.get(`/api/v1/social-access?kind=chat&channel_id=${taptap}`)).data
      .list[0]!;
    const res = await admin.put(`/api/v1/social-access/${policy.id}`, {
      chat: { world: true },
      version: policy.version,
    });
    expect(body<SocialPolicy>(res).data).toMatchObject({
      chat: { world: true, private: true, guild: true, daily_messages: 100 },
      version: policy.version + 1,
    });
    const stale = await admin.put(`/api/v1/social-access/${policy.id}`, {
      min_level: 1,
      version: policy.version,
    });
    expect(stale.statusCode).toBe(409);
    const wrong = await admin.put(`/api/v1/social-access/${policy.id}`, {
      friend: { add: false },
      version: policy.version + 1,
    });
    expect(body(wrong)).toMatchObject({ code: 400001, data: { fields: { friend: expect.any(String) } } });
    const window = await admin.put(`/api/v1/social-access/${policy.id}`, {
      start_at: '2030-01-01T00:00:00Z',
      end_at: '2029-01-01T00:00:00Z',
      version: policy.version + 1,
    });
    expect(body(window).code).toBe(400001);
    expect(body(await admin.del(`/api/v1/social-access/${policy.id}`)).data).toEqual({ deleted: true });
    expect((await t.logsOf('chat_access', policy.id)).map((l) => l.action)).toEqual(['delete', 'update']);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await t.rowCount(socialAccessPolicies);
    const noSettings = await admin.post('/api/v1/social-access', { kind: 'chat', region: 'gn' });
    expect(body(noSettings)).toMatchObject({ code: 400001, data: { fields: { chat: expect.any(String) } } });
    const badKind = await admin.post('/api/v1/social-access', chatPolicy({ kind: 'voice' }));
    expect(body(badKind).code).toBe(400001);
    const badLevel = await admin.post('/api/v1/social-access', chatPolicy({ min_level: -1, region: 'eu' }));
    expect(Object.keys(body<{ fields: Record<string, string> }>(badLevel).data.fields).sort()).toEqual([
      'min_level',
      'region',
    ]);
    const foreign = await admin.post('/api/v1/social-access', chatPolicy({ channel_id: 999999 }));
    expect(body(foreign).code).toBe(400001);
    expect(await t.rowCount(socialAccessPolicies)).toBe(before);
  });

  it("a region's kill switch turns every feature of its kind off", async () => {
    const before = await gameSocialAccess(t.database.db, t.productId, 'gn', huawei);
    expect(before.chat).toMatchObject({ source: 'policy', world: false, min_level: 30 });
    expect(before.friend).toMatchObject({ source: 'policy', add: true, gifting: false });
    const fallback = await gameSocialAccess(t.database.db, t.productId, 'gn', null);
    expect(fallback.chat).toMatchObject({
      source: 'policy',
      world: true,
      min_level: 10,
      real_name_required: true,
    });
    const none = await gameSocialAccess(t.database.db, t.productId, 'hw', null);
    expect(none.chat).toMatchObject({ source: 'default', world: true, private: true });

    const on = await admin.post('/api/v1/social-access/kill-switch', {
      region: 'gn',
      kind: 'chat',
      on: true,
    });
    expect(body<KillSwitch>(on).data).toMatchObject({
      region: 'gn',
      kind: 'chat',
      on: true,
      updated_by: 'admin',
    });
    const killed = await gameSocialAccess(t.database.db, t.productId, 'gn', huawei);
    expect(killed.chat).toMatchObject({ source: 'kill_switch', world: false, private: false, guild: false });
    expect(killed.friend.source).toBe('policy');
    const switches = body<KillSwitch[]>(await admin.get('/api/v1/social-access/kill-switch?kind=chat')).data;
    expect(switches.map((s) => [s.region, s.on])).toEqual([['gn', true]]);
    await admin.post('/api/v1/social-access/kill-switch', { region: 'gn', kind: 'chat', on: false });
    expect((await gameSocialAccess(t.database.db, t.productId, 'gn', huawei)).chat.source).toBe('policy');
    expect((await t.logsOf('chat_access', 'gn:kill_switch')).map((l) => l.action)).toEqual([
      'kill_switch_off',
      'kill_switch_on',
    ]);

    const future = await admin.post('/api/v1/social-access', {
      kind: 'friend',
      region: 'gn',
      channel_id: taptap,
      friend: { add: false, gifting: false, daily_requests: 0, daily_gifts: 0 },
      start_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(body(future).code).toBe(0);
    expect((await gameSocialAccess(t.database.db, t.productId, 'gn', taptap)).friend).toMatchObject({
      source: 'policy',
      add: true,
    });
  });

  it('checks the permission of the kind, and never shows another CP’s policies', async () => {
    const chatOnly = await t.signIn(
      await t.staffWith([
        socialAccessResources.chat.permissions.see,
        socialAccessResources.chat.permissions.edit,
      ]),
      'xianxia',
    );
    expect(body(await chatOnly.get('/api/v1/social-access?kind=chat')).code).toBe(0);
    expect(body(await chatOnly.get('/api/v1/social-access?kind=friend')).code).toBe(403001);
    const friendPolicy = body<List>(await admin.get('/api/v1/social-access?kind=friend')).data.list[0]!;
    expect(body(await chatOnly.get(`/api/v1/social-access/${friendPolicy.id}`)).code).toBe(403001);
    expect(
      body(
        await chatOnly.post('/api/v1/social-access/kill-switch', { region: 'gn', kind: 'friend', on: true }),
      ).code,
    ).toBe(403001);
    expect(body(await chatOnly.del(`/api/v1/social-access/${friendPolicy.id}`)).code).toBe(403001);
    const cs = await t.signIn('cs_agent', 'xianxia');
    expect(body(await cs.get('/api/v1/social-access?kind=chat')).code).toBe(403001);

    const hw = await t.signIn('ops_hw', 'dawn');
    const theirs = body<List>(await hw.get('/api/v1/social-access?kind=friend')).data;
    expect(theirs.list.map((p) => p.id)).not.toContain(friendPolicy.id);
    expect(body(await hw.get(`/api/v1/social-access/${friendPolicy.id}`)).code).toBe(404001);
  });

  it('exports the policies of one kind', async () => {
    const rows = records(
      await sheetOf(await admin.get('/api/v1/social-access/export?kind=friend&format=xlsx')),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.kind === 'friend' && r.world === '')).toBe(true);
    expect(body(await admin.get('/api/v1/social-access/export?format=csv')).code).toBe(400001);
  });
});
