import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  pushTasksResource,
  type GamePushTokenBody,
  type PushAudience,
  type PushAudienceAnswer,
  type PushTask,
  type PushTaskCreate,
} from '@rx/contracts';
import { bearer, body, useTestApp } from '../../../test/index.ts';
import { openidList } from '../../../test/multipart.ts';
import { queryRows } from '../../lib/rows.ts';

// Push audiences through HTTP: profile tags (any value or one), an uploaded openid file (duplicates,
// malformed lines and unknown openids reported), narrowed by platform, app version (a range or a
// list; a device's own, else its player's last sign-in's) and last sign-in. The count the form shows
// before sending and the send itself name exactly the same devices.

const t = useTestApp({ gameKey: 'push audiences' });
const admin = t.admin;
const tag = Math.random().toString(36).slice(2, 8);
const day = 86_400_000;
let vip: number;
let tester: number;

const id = (name: string) => `${tag}_${name}`;

/** The fixture's players: platform, provider, the device's version, last sign-in days ago, tags. */
const PLAYERS = [
  { name: 'a', platform: 'ios', provider: 'apns', version: '2.1.0', login: 1, vip: 'gold', tester: true },
  {
    name: 'b',
    platform: 'android',
    provider: 'fcm',
    version: '1.5.0',
    login: 10,
    vip: 'silver',
    tester: false,
  },
  { name: 'c', platform: 'android', provider: 'fcm', version: '', login: 2, vip: 'gold', tester: null },
  { name: 'd', platform: 'harmony', provider: 'huawei', version: '3.0', login: 40, vip: null, tester: null },
] as const;

async function insertTag(cpId: number, name: string, type: string, options: string[]): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into profile_tags (cp_id, product_id, name, label, type, options, source)
      values (${cpId}::int, ${t.productId}::int, ${name}, ${name}, ${type}, ${JSON.stringify(options)}::jsonb, 'manual')
      returning id`,
  );
  return Number(row!.id);
}

beforeAll(async () => {
  const db = t.database.db;
  const [product] = await queryRows<{ cp_id: number }>(
    db,
    sql`select cp_id from products where id = ${t.productId}::int`,
  );
  vip = await insertTag(product!.cp_id, `vip_${tag}`, 'enum', ['gold', 'silver']);
  tester = await insertTag(product!.cp_id, `tester_${tag}`, 'boolean', []);
  for (const p of PLAYERS) {
    const [player] = await queryRows<{ id: number }>(
      db,
      sql`insert into players (product_id, openid, last_login_at)
        values (${t.productId}::int, ${id(p.name)}, ${new Date(Date.now() - p.login * day).toISOString()}::timestamptz)
        returning id`,
    );
    // The sign-in names a version; the device of c does not (its sign-in's is the one that counts).
    await db.execute(sql`insert into player_logins (product_id, player_id, at, app_version)
      values (${t.productId}::int, ${player!.id}, ${new Date(Date.now() - p.login * day).toISOString()}::timestamptz,
        ${p.name === 'c' ? '2.0.0' : '0.1'})`);
    if (p.vip)
      await db.execute(sql`insert into player_tag_values (product_id, tag_id, player_id, value_text, source)
        values (${t.productId}::int, ${vip}::int, ${player!.id}, ${p.vip}, 'manual')`);
    if (p.tester !== null)
      await db.execute(sql`insert into player_tag_values (product_id, tag_id, player_id, value_bool, source)
        values (${t.productId}::int, ${tester}::int, ${player!.id}, ${p.tester}, 'manual')`);
    const res = await t.signedCall(t.key, 'POST', '/api/game/v1/push/tokens', {
      openid: id(p.name),
      platform: p.platform,
      provider: p.provider,
      token: `tok_${tag}_${p.name}_0000`,
      app_version: p.version,
    } satisfies GamePushTokenBody);
    expect(res.statusCode, res.body).toBe(200);
  }
});

async function draft(fields: Partial<PushTaskCreate>): Promise<PushTask> {
  const res = await admin.post('/api/v1/push-tasks', {
    name: `audience ${tag}`,
    title: { zh: '活动', en: 'Event' },
    body: { zh: '今晚开启', en: 'Tonight' },
    target: 'all',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<PushTask>(res).data;
}

/** The openids a task's send reached (its delivery rows, read through the API), sorted. */
async function sendTo(task: PushTask): Promise<string[]> {
  const res = await admin.post(`/api/v1/push-tasks/${task.id}/send`, { version: task.version, reason: '' });
  expect(res.statusCode, res.body).toBe(200);
  const moved = body<PushTask>(res).data;
  await t.app.jobs.runJob(moved.job_id!);
  const list = body<{ list: { openid: string; state: string }[] }>(
    await admin.get(`/api/v1/push-tasks/${task.id}/deliveries?page_size=100`),
  ).data.list;
  return list.map((d) => d.openid).sort();
}

const preview = async (audience: PushAudience) => {
  const res = await admin.post('/api/v1/push-tasks/audience', audience);
  expect(res.statusCode, res.body).toBe(200);
  return body<PushAudienceAnswer>(res).data;
};

/** The preview's count and the send name the same players: `names` exactly. */
async function expectAudience(audience: Partial<PushTaskCreate>, names: string[]): Promise<void> {
  const counted = await preview(audience as PushAudience);
  expect(counted).toMatchObject({ devices: names.length, players: names.length });
  expect(await sendTo(await draft(audience))).toEqual(names.map(id).sort());
}

const upload = (text: string) => openidList(t.app, t.user.access_token, text);

/** A user group of the game (or of `product`, another CP's game) with these layers, ready. */
async function group(
  name: string,
  layers: { key: string; name: string; percent: number }[],
  product?: string,
) {
  const productId = product ? await t.productIdOf(product) : t.productId;
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into user_groups (cp_id, product_id, name, label, kind, state, layers)
      select cp_id, id, ${name}, ${name}, 'list', 'ready', ${JSON.stringify(layers)}::jsonb from products where id = ${productId}::int
      returning id`,
  );
  return Number(row!.id);
}

/** The group's members: each fixture player by name, in its bucket. */
async function members(groupId: number, buckets: Record<string, number>): Promise<void> {
  for (const [name, bucket] of Object.entries(buckets))
    await t.database.db.execute(sql`insert into user_group_members (group_id, player_id, bucket)
      select ${groupId}::int, id, ${bucket}::int from players where product_id = ${t.productId}::int and openid = ${id(name)}`);
}

describe('push audiences', () => {
  it('reaches the players carrying a profile tag: any value, or one value (false is not carrying)', async () => {
    await expectAudience({ target: 'tags', tags: [{ tag_id: vip, value: '' }] }, ['a', 'b', 'c']);
    await expectAudience({ target: 'tags', tags: [{ tag_id: vip, value: 'gold' }] }, ['a', 'c']);
    await expectAudience({ target: 'tags', tags: [{ tag_id: tester, value: '' }] }, ['a']);
    await expectAudience(
      {
        target: 'tags',
        tags: [
          { tag_id: vip, value: 'silver' },
          { tag_id: tester, value: 'true' },
        ],
      },
      ['a', 'b'],
    );
  });

  it('narrows by platform, app version (range or list) and last sign-in', async () => {
    const everyone = { target: 'tags' as const, tags: [{ tag_id: vip, value: '' }] };
    await expectAudience({ ...everyone, platforms: ['android'] }, ['b', 'c']);
    // c's device names no version: its last sign-in's (2.0.0) counts.
    await expectAudience({ ...everyone, app_version_min: '2.0' }, ['a', 'c']);
    await expectAudience({ ...everyone, app_version_max: '1.9.9' }, ['b']);
    await expectAudience({ ...everyone, app_versions: ['2.0', '1.5'] }, ['b', 'c']);
    await expectAudience({ ...everyone, active_days: 7 }, ['a', 'c']);
    await expectAudience({ ...everyone, platforms: ['android'], active_days: 7, app_version_min: '1.0' }, [
      'c',
    ]);
  });

  it('reaches an uploaded openid file, reporting duplicates, malformed lines and unknown openids', async () => {
    const fileId = await upload(
      ['openid', id('a'), id('d'), id('a'), 'not an openid!', `${tag}_nobody`, id('c')].join('\n'),
    );
    const report = {
      lines: 6,
      openids: 3,
      duplicates: 1,
      malformed: 1,
      unknown: 1,
      samples: [
        { line: 4, openid: id('a'), reason: 'duplicate' },
        { line: 5, openid: 'not an openid!', reason: 'malformed' },
        { line: 6, openid: `${tag}_nobody`, reason: 'unknown' },
      ],
    };
    expect(await preview({ target: 'file', file_id: fileId })).toEqual({
      devices: 3,
      players: 3,
      file: report,
    });
    const task = await draft({ target: 'file', file_id: fileId, active_days: 30 });
    expect(task.file_report).toEqual(report);
    expect(body<PushTask>(await admin.get(`/api/v1/push-tasks/${task.id}`)).data.file_report).toEqual(report);
    // Narrowed: d last signed in 40 days ago.
    expect(await sendTo(task)).toEqual([id('a'), id('c')].sort());
  });

  it('refuses a bad audience with the field that is wrong, and writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from push_tasks where name = ${`bad ${tag}`}`,
          )
        )[0]!.n,
      );
    const refused = async (fields: object, field: string) => {
      for (const res of [
        await admin.post('/api/v1/push-tasks', {
          name: `bad ${tag}`,
          title: { zh: '活动' },
          body: { zh: '今晚' },
          ...fields,
        }),
        await admin.post('/api/v1/push-tasks/audience', fields),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(Object.keys(body<{ fields: object }>(res).data.fields)).toContain(field);
      }
    };
    await refused({ target: 'tags', tags: [] }, 'tags');
    await refused({ target: 'tags', tags: [{ tag_id: vip, value: 'bronze' }] }, 'tags.0.value');
    await refused({ target: 'tags', tags: [{ tag_id: 99_999_999, value: '' }] }, 'tags.0.tag_id');
    await refused({ target: 'file', file_id: null }, 'file_id');
    await refused({ target: 'file', file_id: 'AAAAAAAAAAAAAAAAAAAAAA' }, 'file_id');
    await refused({ target: 'file', file_id: await upload(`${tag}_nobody\n${tag}_none\n`) }, 'file_id');
    await refused({ target: 'all', app_version_min: '3.0', app_version_max: '2.0' }, 'app_version_max');
    await refused({ target: 'all', app_versions: ['2.0'], app_version_min: '1.0' }, 'app_versions');
    await refused({ target: 'all', platforms: ['pager'] }, 'platforms.0');
    expect(await count()).toBe(0);
  });

  it('reaches user groups, all of one and some layers of another; narrows by country', async () => {
    const db = t.database.db;
    // Countries: a and b in JP, c in TH, d in JP.
    for (const [name, country] of [
      ['a', 'JP'],
      ['b', 'JP'],
      ['c', 'TH'],
      ['d', 'JP'],
    ])
      await db.execute(sql`update players set country = ${country} where product_id = ${t.productId}::int
        and openid = ${id(name!)}`);
    await expectAudience({ target: 'all', countries: ['JP'], platforms: ['android', 'ios', 'harmony'] }, [
      'a',
      'b',
      'd',
    ]);
    // Group one: a, b, c, d in buckets 10, 40, 60, 90 of layers low (0–49) and high (50–99).
    const one = await group(`one_${tag}`, [
      { key: 'low', name: 'Low', percent: 50 },
      { key: 'high', name: 'High', percent: 50 },
    ]);
    await members(one, { a: 10, b: 40, c: 60, d: 90 });
    // Group two (no layers named for it): b alone.
    const two = await group(`two_${tag}`, [{ key: 'all', name: 'All', percent: 100 }]);
    await members(two, { b: 5 });
    await expectAudience({ target: 'groups', user_group_ids: [one] }, ['a', 'b', 'c', 'd']);
    await expectAudience(
      { target: 'groups', user_group_ids: [one], user_group_layers: [{ group_id: one, layers: ['high'] }] },
      ['c', 'd'],
    );
    // b is in both groups, counted and sent once; the country narrows the groups too.
    await expectAudience(
      {
        target: 'groups',
        user_group_ids: [one, two],
        user_group_layers: [{ group_id: one, layers: ['low'] }],
      },
      ['a', 'b'],
    );
    await expectAudience(
      {
        target: 'groups',
        user_group_ids: [one, two],
        user_group_layers: [{ group_id: one, layers: ['high', 'low'] }],
        countries: ['TH'],
      },
      ['c'],
    );
    // The layers are read as the group has them when sent: re-split, the same key reaches others.
    const task = await draft({
      target: 'groups',
      user_group_ids: [one],
      user_group_layers: [{ group_id: one, layers: ['low'] }],
    });
    expect(task.user_group_layers).toEqual([{ group_id: one, layers: ['low'] }]);
    await db.execute(
      sql`update user_groups set layers = ${JSON.stringify([
        { key: 'low', name: 'Low', percent: 70 },
        { key: 'high', name: 'High', percent: 30 },
      ])}::jsonb where id = ${one}::int`,
    );
    expect(await sendTo(task)).toEqual([id('a'), id('b'), id('c')].sort());
  });

  it("exports each task's user groups and the layers it reaches of them", async () => {
    const one = await group(`five_${tag}`, [
      { key: 'low', name: 'Low', percent: 50 },
      { key: 'high', name: 'High', percent: 50 },
    ]);
    const two = await group(`six_${tag}`, [{ key: 'all', name: 'All', percent: 100 }]);
    const name = `layers-export-${tag}`;
    const task = await draft({
      name,
      target: 'groups',
      user_group_ids: [one, two],
      user_group_layers: [{ group_id: one, layers: ['high', 'low'] }],
    });
    const whole = await draft({ name: `${name}-whole`, target: 'groups', user_group_ids: [two] });
    const res = await admin.get(`/api/v1/push-tasks/export?q=${name}`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const columns = header!.split(',');
    expect(columns.slice(columns.indexOf('user_group_ids'), columns.indexOf('user_group_ids') + 3)).toEqual([
      'user_group_ids',
      'user_group_layers',
      'openids',
    ]);
    const line = (id: number) => lines.find((l) => l.startsWith(`${id},`))!;
    expect(line(task.id)).toContain(`"${one},${two}",${one}:high|low,0,`);
    expect(line(whole.id)).toContain(`,${two},,0,`);
  });

  it('refuses layers of a group it does not target, a layer the group lacks, another CP’s group; writes nothing', async () => {
    const one = await group(`three_${tag}`, [{ key: 'half', name: 'Half', percent: 50 }]);
    const two = await group(`four_${tag}`, []);
    const theirs = await group(`theirs_${tag}`, [{ key: 'half', name: 'Half', percent: 50 }], 'dawn');
    const before = Number(
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from push_tasks where name = ${`layers ${tag}`}`,
        )
      )[0]!.n,
    );
    const refused = async (fields: object, problem: Record<string, unknown>) => {
      for (const res of [
        await admin.post('/api/v1/push-tasks', {
          name: `layers ${tag}`,
          title: { zh: '活动' },
          body: { zh: '今晚' },
          target: 'groups',
          ...fields,
        }),
        await admin.post('/api/v1/push-tasks/audience', { target: 'groups', ...fields }),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        const answer = body<{ fields: Record<string, string> }>(res);
        expect(answer.code).toBe(400001);
        expect(Object.keys(answer.data.fields).sort()).toEqual(Object.keys(problem).sort());
        for (const [field, text] of Object.entries(problem))
          expect(answer.data.fields[field]).toMatch(text as RegExp);
      }
    };
    // A layer of a group the task does not target.
    await refused(
      { user_group_ids: [one], user_group_layers: [{ group_id: two, layers: ['half'] }] },
      { 'user_group_layers.0.group_id': /./ },
    );
    // A layer the group has not (the second group has none at all).
    await refused(
      {
        user_group_ids: [one, two],
        user_group_layers: [
          { group_id: one, layers: ['half', 'nope'] },
          { group_id: two, layers: ['half'] },
        ],
      },
      { 'user_group_layers.0.layers.1': /./, 'user_group_layers.1.layers.0': /./ },
    );
    // Another CP's group, with or without its layers: unknown here.
    await refused({ user_group_ids: [theirs] }, { 'user_group_ids.0': /./ });
    await refused(
      { user_group_ids: [theirs], user_group_layers: [{ group_id: theirs, layers: ['half'] }] },
      { 'user_group_ids.0': /./, 'user_group_layers.0.group_id': /./ },
    );
    // The same group twice, or no layer named.
    await refused(
      {
        user_group_ids: [one],
        user_group_layers: [
          { group_id: one, layers: ['half'] },
          { group_id: one, layers: ['half'] },
        ],
      },
      { user_group_layers: /./ },
    );
    await refused(
      { user_group_ids: [one], user_group_layers: [{ group_id: one, layers: [] }] },
      { 'user_group_layers.0.layers': /./ },
    );
    // In English (X-Lang) the message says what is wrong.
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push-tasks/audience',
      headers: { ...bearer(t.user.access_token), 'x-product-id': String(t.productId), 'x-lang': 'en' },
      payload: {
        target: 'groups',
        user_group_ids: [one],
        user_group_layers: [{ group_id: one, layers: ['nope'] }],
      },
    });
    expect(body<{ fields: Record<string, string> }>(english).data.fields).toEqual({
      'user_group_layers.0.layers.0': 'The chosen record does not exist or is disabled.',
    });
    // An edit is checked against the task's groups too.
    const task = await draft({ target: 'groups', user_group_ids: [one] });
    const edit = await admin.put(`/api/v1/push-tasks/${task.id}`, {
      version: task.version,
      user_group_layers: [{ group_id: one, layers: ['nope'] }],
    });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(Object.keys(body<{ fields: object }>(edit).data.fields)).toEqual(['user_group_layers.0.layers.0']);
    expect(body<PushTask>(await admin.get(`/api/v1/push-tasks/${task.id}`)).data).toMatchObject({
      version: task.version,
      user_group_layers: [],
    });
    expect(
      Number(
        (
          await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from push_tasks where name = ${`layers ${tag}`}`,
          )
        )[0]!.n,
      ),
    ).toBe(before);
  });

  it('keeps another CP out: its staff cannot count or use this game’s file', async () => {
    const fileId = await upload(`${id('a')}\n`);
    const outsider = await t.staff([pushTasksResource.permissions.see], 'dawn', 'ops_hw');
    const res = await outsider.post('/api/v1/push-tasks/audience', { target: 'file', file_id: fileId });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(res).data.fields)).toEqual(['file_id']);
  });
});
