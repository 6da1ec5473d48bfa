import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { channelsResource, subChannelsResource, type Channel, type SubChannel } from '@rx/contracts';
import { body, describeResource, records, sheetOf, signInAs, useTestApp } from '../../../test/index.ts';
import { channels, subChannels } from './tables.ts';

const t = useTestApp();
const gn = t.admin;
/** The domestic demo game's official channel: every test database is seeded alike, so its id is too. */
let officialId: number;
beforeAll(async () => {
  officialId = (await t.database.db.select().from(channels).where(eq(channels.code, 'official'))).find(
    (c) => c.productId === t.productId,
  )!.id;
});

type List<T> = { list: T[]; total: number };

describeResource(channelsResource, {
  sample: (n) => ({ code: `channel_${n}`, name: `Channel ${n}`, kind: 'web' }),
  change: { name: 'Renamed', kind: 'store' },
  invalid: { body: { code: 'web_x', name: 'x', kind: 'tv' }, field: 'kind' },
  roundTrip: { column: 'name', value: 'TapTap 发现好游戏' },
});

describeResource(subChannelsResource, {
  sample: (n) => ({ channel_id: officialId, code: `sub_${n}`, name: `Sub-channel ${n}`, media: 'bilibili' }),
  change: { name: 'Renamed', campaign: 'launch' },
  invalid: {
    body: { channel_id: 1, code: 'x_1', name: 'x', package_id: 'not a package' },
    field: 'package_id',
  },
  roundTrip: { column: 'campaign', value: '国庆投放' },
});

/** What is specific to channels and sub-channels; the shared behaviour is checked above. */

describe('channels', () => {
  it('creates, reads, lists with filters and sort, updates, and logs under the product', async () => {
    const res = await gn.post('/api/v1/channels', { code: 'honor', name: '荣耀应用市场', kind: 'oem' });
    const channel = body<Channel>(res).data;
    expect(channel).toMatchObject({
      code: 'honor',
      kind: 'oem',
      status: 'active',
      product_id: t.productId,
      version: 1,
    });
    expect(body<Channel>(await gn.get(`/api/v1/channels/${channel.id}`)).data).toEqual(channel);
    const oem = body<List<Channel>>(await gn.get('/api/v1/channels?kind=oem&sort=-code')).data;
    expect(oem.list.map((c) => c.code)).toEqual(['xiaomi', 'vivo', 'oppo', 'huawei', 'honor']);
    expect(body<List<Channel>>(await gn.get('/api/v1/channels?q=荣耀')).data.total).toBe(1);

    const updated = await gn.put(`/api/v1/channels/${channel.id}`, { name: '荣耀', version: 1 });
    expect(body<Channel>(updated).data).toMatchObject({ name: '荣耀', version: 2 });
    const [log] = await t.logsOf('channel', channel.id);
    expect(log).toMatchObject({
      action: 'update',
      productId: t.productId,
      targetName: '荣耀',
      username: 'admin',
    });
  });

  it('needs X-Product-Id naming a product of the CP', async () => {
    const { user } = await signInAs(t.app, 'admin');
    const none = await t.client(user.access_token).get('/api/v1/channels');
    expect(body(none)).toMatchObject({ code: 400001, data: { fields: { product_id: expect.any(String) } } });
    const dawn = await t.productIdOf('dawn');
    expect(body(await t.client(user.access_token, dawn).get('/api/v1/channels')).code).toBe(403001);
  });

  it('refuses bad input and taken codes, writing nothing', async () => {
    const before = await t.rowCount(channels);
    const bad = await gn.post('/api/v1/channels', { code: '', name: 'x'.repeat(65), kind: 'tv' });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual(['code', 'kind', 'name']);
    const taken = await gn.post('/api/v1/channels', { code: 'huawei', name: '华为', kind: 'oem' });
    expect(body(taken)).toMatchObject({ code: 400001, data: { fields: { code: expect.any(String) } } });
    expect(await t.rowCount(channels)).toBe(before);
  });

  it('disables a channel with sub-channels instead of deleting it (422001)', async () => {
    const [huawei] = await t.database.db.select().from(channels).where(eq(channels.code, 'huawei'));
    const refused = await gn.del(`/api/v1/channels/${huawei!.id}`);
    expect(body(refused)).toMatchObject({
      code: 422001,
      data: { disabled: true, used_by: expect.arrayContaining([{ type: 'sub_channel', count: 1 }]) },
    });
    expect(body<Channel>(await gn.get(`/api/v1/channels/${huawei!.id}`)).data.status).toBe('disabled');
    expect((await t.logsOf('channel', huawei!.id))[0]).toMatchObject({ action: 'disable' });
  });

  it('is closed to the customer-service role (403001)', async () => {
    expect(body(await (await t.signIn('cs_agent', 'xianxia')).get('/api/v1/channels')).code).toBe(403001);
  });
});

describe('sub-channels', () => {
  const official = async () =>
    (await t.database.db.select().from(channels).where(eq(channels.code, 'official'))).find(
      (c) => c.productId === t.productId,
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
    const [log] = await t.logsOf('sub_channel', sub.id);
    expect(log).toMatchObject({ action: 'update' });
    expect(log!.before).toMatchObject({ code: 'xianxia_bili_up' });
    expect(log!.after).toMatchObject({ code: 'xianxia_bili_up2' });
  });

  it('refuses a channel of another product, and bad input, writing nothing', async () => {
    const before = await t.rowCount(subChannels);
    const [foreign] = await t.database.db
      .select()
      .from(channels)
      .where(eq(channels.productId, await t.productIdOf('tankwar')));
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
    expect(await t.rowCount(subChannels)).toBe(before);
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
  });

  it("needs its own permission: the channel page's is not enough", async () => {
    const channelOnly = await t.staff(['basic/see/channel']);
    expect(body(await channelOnly.get('/api/v1/sub-channels')).code).toBe(403001);
  });

  it('names channels by code in sheets, and refuses an unknown one', async () => {
    const exported = body<List<SubChannel>>(await gn.get('/api/v1/sub-channels?page_size=1')).data.list[0]!;
    const csv = records(await sheetOf(await gn.get('/api/v1/sub-channels/export?format=csv')));
    expect(csv.find((r) => r.code === exported.code)).toMatchObject({ channel_code: exported.channel_code });
    const res = await gn.upload(
      '/api/v1/sub-channels/import?dry_run=1',
      'code,channel_code,name,package_id,media,campaign,status\r\nnew_one,nowhere,新,,,,\r\n',
    );
    expect(body(res).data).toMatchObject({ errors: [{ row: 2, field: 'channel_code' }] });
  });
});
