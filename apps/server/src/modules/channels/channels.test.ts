import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Channel, SubChannel } from '@rx/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import {
  body,
  checkRoundTrip,
  client,
  logsOf,
  productIdOf,
  rowCount,
  signIn,
  staffWith,
  type Client,
} from '../../../test/api.ts';
import { signInAs } from '../../../test/helpers.ts';
import { channels, subChannels } from './tables.ts';

let t: TestContext;
let gn: Client;
let xianxia: number;
beforeAll(async () => {
  t = await createTestApp();
  gn = await signIn(t, 'admin', 'xianxia');
  xianxia = await productIdOf(t, 'xianxia');
});
afterAll(async () => {
  await t.app.close();
});

type List<T> = { list: T[]; total: number };

describe('channels', () => {
  it('creates, reads, lists with filters and sort, updates, and logs', async () => {
    const res = await gn.post('/api/v1/channels', { code: 'honor', name: '荣耀应用市场', kind: 'oem' });
    const channel = body<Channel>(res).data;
    expect(channel).toMatchObject({
      code: 'honor',
      kind: 'oem',
      status: 'active',
      product_id: xianxia,
      version: 1,
    });
    expect(body<Channel>(await gn.get(`/api/v1/channels/${channel.id}`)).data).toEqual(channel);
    const oem = body<List<Channel>>(await gn.get('/api/v1/channels?kind=oem&sort=-code')).data;
    expect(oem.list.map((c) => c.code)).toEqual(['xiaomi', 'vivo', 'oppo', 'huawei', 'honor']);
    expect(body<List<Channel>>(await gn.get('/api/v1/channels?q=荣耀')).data.total).toBe(1);

    const updated = await gn.put(`/api/v1/channels/${channel.id}`, { name: '荣耀', version: 1 });
    expect(body<Channel>(updated).data).toMatchObject({ name: '荣耀', version: 2 });
    const stale = await gn.put(`/api/v1/channels/${channel.id}`, { name: 'x', version: 1 });
    expect([stale.statusCode, body(stale).code]).toEqual([409, 409001]);
    const [log] = await logsOf(t, 'channel', channel.id);
    expect(log).toMatchObject({
      action: 'update',
      productId: xianxia,
      targetName: '荣耀',
      username: 'admin',
    });
  });

  it('needs X-Product-Id naming a product of the CP', async () => {
    const { user } = await signInAs(t.app, 'admin');
    const none = await client(t, user.access_token).get('/api/v1/channels');
    expect(body(none)).toMatchObject({ code: 400001, data: { fields: { product_id: expect.any(String) } } });
    const dawn = await productIdOf(t, 'dawn');
    expect(body(await client(t, user.access_token, dawn).get('/api/v1/channels')).code).toBe(403001);
  });

  it('refuses bad input and taken codes, writing nothing', async () => {
    const before = await rowCount(t, channels);
    const bad = await gn.post('/api/v1/channels', { code: '', name: 'x'.repeat(65), kind: 'tv' });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual(['code', 'kind', 'name']);
    const taken = await gn.post('/api/v1/channels', { code: 'huawei', name: '华为', kind: 'oem' });
    expect(body(taken)).toMatchObject({ code: 400001, data: { fields: { code: expect.any(String) } } });
    expect(await rowCount(t, channels)).toBe(before);
  });

  it('disables a channel with sub-channels instead of deleting it (422001), deletes an unused one', async () => {
    const [huawei] = await t.database.db.select().from(channels).where(eq(channels.code, 'huawei'));
    const refused = await gn.del(`/api/v1/channels/${huawei!.id}`);
    expect(body(refused)).toMatchObject({
      code: 422001,
      data: { disabled: true, used_by: expect.arrayContaining([{ type: 'sub_channel', count: 1 }]) },
    });
    expect(body<Channel>(await gn.get(`/api/v1/channels/${huawei!.id}`)).data.status).toBe('disabled');
    const spare = body<Channel>(
      await gn.post('/api/v1/channels', { code: 'spare', name: '备用', kind: 'web' }),
    ).data;
    expect(body(await gn.del(`/api/v1/channels/${spare.id}`)).data).toEqual({ deleted: true });
    expect((await logsOf(t, 'channel', spare.id))[0]).toMatchObject({ action: 'delete' });
  });

  it('needs the permission per action and never shows another CP', async () => {
    const viewer = await signIn(t, await staffWith(t, ['basic/see/channel']), 'xianxia');
    expect(body<List<Channel>>(await viewer.get('/api/v1/channels')).data.total).toBeGreaterThan(0);
    expect(body(await viewer.post('/api/v1/channels', { code: 'v', name: 'v', kind: 'web' })).code).toBe(
      403001,
    );
    expect(body(await (await signIn(t, 'cs_agent', 'xianxia')).get('/api/v1/channels')).code).toBe(403001);

    const hw = await signIn(t, 'ops_hw', 'dawn');
    const theirs = body<List<Channel>>(await hw.get('/api/v1/channels?page_size=100')).data;
    expect(theirs.list.every((c) => c.product_id !== xianxia)).toBe(true);
    const [ours] = await t.database.db.select().from(channels).where(eq(channels.productId, xianxia));
    expect(body(await hw.get(`/api/v1/channels/${ours!.id}`)).code).toBe(404001);
    expect(body(await hw.put(`/api/v1/channels/${ours!.id}`, { name: 'x', version: 1 })).code).toBe(404001);
  });

  it('round-trips through CSV and XLSX', async () => {
    await checkRoundTrip(gn, '/api/v1/channels', {
      row: (r) => r.code === 'taptap',
      column: 'name',
      value: 'TapTap 发现好游戏',
    });
  });
});

describe('sub-channels', () => {
  const official = async () =>
    (await t.database.db.select().from(channels).where(eq(channels.code, 'official'))).find(
      (c) => c.productId === xianxia,
    )!;

  it('creates under an active channel of the product, lists by channel, and logs edits', async () => {
    const channel = await official();
    const res = await gn.post('/api/v1/sub-channels', {
      channel_id: channel.id,
      code: 'xianxia_bili_up',
      name: 'B站·UP主合作',
      package_id: 'com.ruixue.xianxia',
      media: '哔哩哔哩',
      campaign: '开服预约',
    });
    const sub = body<SubChannel>(res).data;
    expect(sub).toMatchObject({ channel_code: 'official', frozen: false, status: 'active', version: 1 });
    const listed = body<List<SubChannel>>(
      await gn.get(`/api/v1/sub-channels?channel_id=${channel.id}&sort=code`),
    ).data;
    expect(listed.list.map((s) => s.code)).toContain('xianxia_bili_up');
    expect(listed.list.every((s) => s.channel_id === channel.id)).toBe(true);
    expect(body<List<SubChannel>>(await gn.get('/api/v1/sub-channels?media=哔哩哔哩')).data.total).toBe(1);

    const renamed = await gn.put(`/api/v1/sub-channels/${sub.id}`, {
      code: 'xianxia_bili_up2',
      campaign: '公测',
      version: 1,
    });
    expect(body<SubChannel>(renamed).data).toMatchObject({
      code: 'xianxia_bili_up2',
      campaign: '公测',
      version: 2,
    });
    expect(body(await gn.put(`/api/v1/sub-channels/${sub.id}`, { name: 'x', version: 1 })).code).toBe(409001);
    const [log] = await logsOf(t, 'sub_channel', sub.id);
    expect(log).toMatchObject({ action: 'update' });
    expect(log!.before).toMatchObject({ code: 'xianxia_bili_up' });
    expect(log!.after).toMatchObject({ code: 'xianxia_bili_up2' });
  });

  it('refuses a channel of another product, and bad input, writing nothing', async () => {
    const before = await rowCount(t, subChannels);
    const [foreign] = await t.database.db
      .select()
      .from(channels)
      .where(eq(channels.productId, await productIdOf(t, 'tankwar')));
    const res = await gn.post('/api/v1/sub-channels', { channel_id: foreign!.id, code: 'x_1', name: 'x' });
    expect(body(res)).toMatchObject({ code: 400001, data: { fields: { channel_id: expect.any(String) } } });
    const bad = await gn.post('/api/v1/sub-channels', {
      channel_id: 0,
      code: 'a b',
      name: '',
      package_id: 'not a package',
    });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual([
      'channel_id',
      'code',
      'name',
      'package_id',
    ]);
    expect(await rowCount(t, subChannels)).toBe(before);
  });

  it('freezes the code once a package uses it, and disables instead of deleting (422001)', async () => {
    const channel = await official();
    const sub = body<SubChannel>(
      await gn.post('/api/v1/sub-channels', { channel_id: channel.id, code: 'xianxia_pkg', name: '渠道包' }),
    ).data;
    // A package is built with it: the packages module marks it.
    await t.database.db.update(subChannels).set({ frozen: true }).where(eq(subChannels.id, sub.id));
    const recode = await gn.put(`/api/v1/sub-channels/${sub.id}`, { code: 'xianxia_pkg2', version: 1 });
    expect(body(recode)).toMatchObject({ code: 400001, data: { fields: { code: expect.any(String) } } });
    const rename = await gn.put(`/api/v1/sub-channels/${sub.id}`, { name: '渠道包（正式）', version: 1 });
    expect(body<SubChannel>(rename).data).toMatchObject({
      code: 'xianxia_pkg',
      name: '渠道包（正式）',
      frozen: true,
    });
    const refused = await gn.del(`/api/v1/sub-channels/${sub.id}`);
    expect(body(refused)).toMatchObject({ code: 422001, data: { used_by: [{ type: 'package', count: 1 }] } });
    expect(body<SubChannel>(await gn.get(`/api/v1/sub-channels/${sub.id}`)).data.status).toBe('disabled');

    const loose = body<SubChannel>(
      await gn.post('/api/v1/sub-channels', { channel_id: channel.id, code: 'xianxia_tmp', name: '临时' }),
    ).data;
    expect(body(await gn.del(`/api/v1/sub-channels/${loose.id}`)).data).toEqual({ deleted: true });
  });

  it('needs its own permission and never shows another CP', async () => {
    const channelOnly = await signIn(t, await staffWith(t, ['basic/see/channel']), 'xianxia');
    expect(body(await channelOnly.get('/api/v1/sub-channels')).code).toBe(403001);
    const editor = await signIn(t, await staffWith(t, ['basic/see/sub_channel']), 'xianxia');
    expect(body(await editor.get('/api/v1/sub-channels')).code).toBe(0);
    expect(body(await editor.put('/api/v1/sub-channels/1', { name: 'x', version: 1 })).code).toBe(403001);

    const hw = await signIn(t, 'ops_hw', 'farm');
    const [ours] = await t.database.db.select().from(subChannels).where(eq(subChannels.productId, xianxia));
    expect(body(await hw.get(`/api/v1/sub-channels/${ours!.id}`)).code).toBe(404001);
    expect(
      body<List<SubChannel>>(await hw.get('/api/v1/sub-channels?page_size=100')).data.list.every(
        (s) => s.product_id !== xianxia,
      ),
    ).toBe(true);
  });

  it('round-trips through CSV and XLSX, naming channels by code', async () => {
    await checkRoundTrip(gn, '/api/v1/sub-channels', {
      row: (r) => r.code === 'xianxia_gdt_summer',
      column: 'campaign',
      value: '国庆投放',
    });
    const res = await gn.upload(
      '/api/v1/sub-channels/import?dry_run=1',
      'code,channel_code,name,package_id,media,campaign,status\r\nnew_one,nowhere,新,,,,\r\n',
    );
    expect(body(res).data).toMatchObject({ errors: [{ row: 2, field: 'channel_code' }] });
  });
});
