import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { UserGroup, UserGroupLayerCount, UserGroupMember } from '@rx/contracts';
import { body, type Client, sheetOf, signInAs, useTestApp } from '../../../test/index.ts';
import { openidList } from '../../../test/multipart.ts';
import { jobItems, jobs } from '../../db/jobs.ts';
import type { ListPage } from '../../lib/list.ts';
import { queryRows } from '../../lib/rows.ts';
import { groupMembersSql } from './targeting.ts';
import { userGroupMembers, userGroups } from './tables.ts';
import { addPlayers, freshProduct } from './test-support.ts';

// User groups through the console API: rule groups previewed and materialised, list groups from an
// uploaded file with per-line errors, layers, members paged and exported, permissions and scoping.

const t = useTestApp({ product: null });
let admin: Client;
let other: Client;
let productId: number;
let otherProduct: number;
const tag = Date.now().toString(36);
const PLAYERS = 120;

const whales = { op: 'and', items: [{ field: 'paid_total', op: 'gte', value: 5000 }] } as const;

async function created(api: Client, payload: object): Promise<UserGroup> {
  const res = await api.post('/api/v1/user-groups', payload);
  expect(res.statusCode, res.body).toBe(200);
  return body<UserGroup>(res).data;
}
async function refreshed(api: Client, id: number): Promise<UserGroup> {
  const res = await api.post(`/api/v1/user-groups/${id}/refresh`);
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.runJob(body<{ job_id: number }>(res).data.job_id);
  return body<UserGroup>(await api.get(`/api/v1/user-groups/${id}`)).data;
}
const members = async (api: Client, id: number, query = '') =>
  body<ListPage<UserGroupMember>>(await api.get(`/api/v1/user-groups/${id}/members?${query}`)).data;

beforeAll(async () => {
  const db = t.database.db;
  productId = await freshProduct(db, `ug${tag}`);
  otherProduct = await freshProduct(db, `ugx${tag}`);
  admin = t.client(t.user.access_token, productId);
  other = t.client(t.user.access_token, otherProduct);
  // Player n paid n * 100: players 50..119 are "whales" (≥ 5000).
  await addPlayers(
    db,
    productId,
    Array.from({ length: PLAYERS }, (_, n) => ({
      openid: `p${n}`,
      paidTotal: n * 100,
      channel: n % 2 ? 'tap' : 'official',
    })),
  );
  await addPlayers(db, otherProduct, [{ openid: 'p1', paidTotal: 999999 }]);
});

describe('rule groups', () => {
  it('previews a size that equals the materialised member count', async () => {
    const preview = await admin.post('/api/v1/user-groups/preview', { rule: whales });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(body<{ count: number }>(preview).data.count).toBe(70);

    const group = await created(admin, {
      name: 'whales',
      label: 'Whales',
      kind: 'rule',
      rule: whales,
      refresh: 'manual',
    });
    expect(group).toMatchObject({ kind: 'rule', job_id: expect.any(Number) });
    expect(['computing', 'ready']).toContain(group.state);
    await t.app.jobs.runJob(group.job_id!);
    const saved = body<{ count: number }>(await admin.get(`/api/v1/user-groups/${group.id}/preview`)).data
      .count;
    const ready = await refreshed(admin, group.id);
    expect(ready.state).toBe('ready');
    expect(ready.member_count).toBe(saved);
    expect(ready.member_count).toBe(70);
    expect(ready.materialized_at).not.toBeNull();
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from user_group_members where group_id = ${group.id}::int`,
    )) as [{ n: number }];
    expect(Number(n)).toBe(70);
    // A second run replaces the members (no duplicates).
    expect((await refreshed(admin, group.id)).member_count).toBe(70);
    // The operation log has the create and the refresh.
    const logs = await t.logsOf('user_group', group.id);
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['create', 'update']));
  });

  it('refuses an invalid rule with 400001 and saves nothing', async () => {
    const bad = [
      { op: 'and', items: [{ field: 'password', op: 'eq', value: 'x' }] },
      { op: 'and', items: [{ field: 'paid_total', op: 'gte', value: 'lots' }] },
      { op: 'and', items: [{ field: 'channel', op: 'gt', value: 'x' }] },
      {
        op: 'and',
        items: [
          {
            op: 'or',
            items: [
              {
                op: 'and',
                items: [
                  { op: 'or', items: [{ op: 'and', items: [{ field: 'channel', op: 'eq', value: 'x' }] }] },
                ],
              },
            ],
          },
        ],
      },
      { op: 'and', items: Array.from({ length: 51 }, () => ({ field: 'channel', op: 'eq', value: 'x' })) },
      { op: 'and', items: [{ field: 'tag.no_such_tag', op: 'is_set' }] },
    ];
    const before = await t.database.db.select().from(userGroups).where(eq(userGroups.productId, productId));
    for (const [i, rule] of bad.entries()) {
      const res = await admin.post('/api/v1/user-groups', {
        name: `bad${i}`,
        label: 'Bad',
        kind: 'rule',
        rule,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).code).toBe(400001);
      const preview = await admin.post('/api/v1/user-groups/preview', { rule });
      expect(body(preview).code).toBe(400001);
    }
    const missing = await admin.post('/api/v1/user-groups', {
      name: 'norule',
      label: 'No rule',
      kind: 'rule',
    });
    expect(body(missing).code).toBe(400001);
    const after = await t.database.db.select().from(userGroups).where(eq(userGroups.productId, productId));
    expect(after.length).toBe(before.length);
  });
});

describe('list groups', () => {
  it('materialises an uploaded openid list with per-line errors', async () => {
    const fileId = await openidList(
      t.app,
      t.user.access_token,
      ['openid', 'p1', 'p2', 'p2', 'nobody_here', 'bad id!', 'p3', ''].join('\n'),
    );
    const group = await created(admin, {
      name: 'listed',
      label: 'Listed',
      kind: 'list',
      file_id: fileId,
      refresh: 'manual',
    });
    const res = await admin.post(`/api/v1/user-groups/${group.id}/refresh`);
    const jobId = body<{ job_id: number }>(res).data.job_id;
    await t.app.jobs.runJob(jobId);
    const ready = body<UserGroup>(await admin.get(`/api/v1/user-groups/${group.id}`)).data;
    expect(ready).toMatchObject({ state: 'ready', member_count: 3, job_id: jobId });
    const items = await t.database.db
      .select({ status: jobItems.status, input: jobItems.input, message: jobItems.message })
      .from(jobItems)
      .where(eq(jobItems.jobId, jobId))
      .orderBy(jobItems.seq);
    expect(items.map((i) => (i.input as { reason: string; line: number }).reason)).toEqual([
      'duplicate',
      'unknown_openid',
      'malformed',
    ]);
    expect(items.every((i) => i.status === 'error' && i.message)).toBe(true);
    expect((items[0]!.input as { line: number }).line).toBe(4);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job!.status).toBe('succeeded');
    expect((await members(admin, group.id, 'sort=openid')).list.map((m) => m.openid)).toEqual([
      'p1',
      'p2',
      'p3',
    ]);
  });

  it('refuses a list group without an uploaded file of the CP', async () => {
    const res = await admin.post('/api/v1/user-groups', {
      name: 'nofile',
      label: 'x',
      kind: 'list',
      file_id: 'A'.repeat(22),
    });
    expect(body(res).code).toBe(400001);
  });
});

describe('layers and members', () => {
  let group: UserGroup;
  beforeAll(async () => {
    group = await created(admin, {
      name: 'everyone',
      label: 'Everyone',
      kind: 'rule',
      rule: { op: 'and', items: [{ field: 'paid_total', op: 'gte', value: 0 }] },
      refresh: 'manual',
    });
    group = await refreshed(admin, group.id);
  });

  it('splits members into exclusive layers, stable across recomputes and re-splits', async () => {
    const split = await admin.put(`/api/v1/user-groups/${group.id}/layers`, {
      version: group.version,
      layers: [
        { key: 'A', name: 'A', percent: 50 },
        { key: 'B', name: 'B', percent: 30 },
        { key: 'C', name: 'C', percent: 20 },
      ],
    });
    expect(split.statusCode, split.body).toBe(200);
    const counts = body<{ group: UserGroup; layers: UserGroupLayerCount[] }>(split).data;
    expect(counts.layers.reduce((s, l) => s + l.count, 0)).toBe(PLAYERS);
    const layerOf = async () => {
      const out = new Map<string, string>();
      for (const key of ['A', 'B', 'C']) {
        const page = await members(admin, group.id, `layer=${key}&page_size=100`);
        expect(page.total).toBe(counts.layers.find((l) => l.key === key)!.count);
        for (const m of page.list) {
          expect(out.has(m.openid)).toBe(false); // exclusive
          expect(m.layer).toBe(key);
          out.set(m.openid, key);
        }
      }
      return out;
    };
    const first = await layerOf();
    expect(first.size).toBe(PLAYERS);
    // A recompute keeps every player in its layer.
    await refreshed(admin, group.id);
    expect(await layerOf()).toEqual(first);
    // Over 100% is refused.
    const over = await admin.put(`/api/v1/user-groups/${group.id}/layers`, {
      version: counts.group.version,
      layers: [
        { key: 'A', name: 'A', percent: 60 },
        { key: 'B', name: 'B', percent: 50 },
      ],
    });
    expect(body(over).code).toBe(400001);
    // The targeting subquery of one layer answers the same players.
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from players where id in (${groupMembersSql(productId, group.id, { from: 0, to: 50 })})`,
    )) as [{ n: number }];
    expect(Number(n)).toBe(counts.layers[0]!.count);
  });

  it('pages members and exports them as CSV and XLSX', async () => {
    const page1 = await members(admin, group.id, 'page=1&page_size=50&sort=-paid_total');
    const page3 = await members(admin, group.id, 'page=3&page_size=50&sort=-paid_total');
    expect(page1.total).toBe(PLAYERS);
    expect(page1.list).toHaveLength(50);
    expect(page3.list).toHaveLength(20);
    expect(page1.list[0]).toMatchObject({ openid: 'p119', paid_total: 11900, nickname: 'nick_p119' });
    expect((await members(admin, group.id, 'q=p11&page_size=50')).list.map((m) => m.openid).sort()).toEqual(
      ['p11', 'p110', 'p111', 'p112', 'p113', 'p114', 'p115', 'p116', 'p117', 'p118', 'p119'].sort(),
    );
    const csv = await admin.get(`/api/v1/user-groups/${group.id}/members/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    const rows = await sheetOf(csv);
    expect(csv.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="user-group-${group.name}-\\d{8}-\\d{6}\\.csv"`),
    );
    expect((await t.logsOf('user-groups', group.id))[0]).toMatchObject({
      action: 'export',
      targetName: group.label,
      after: { format: 'csv', filters: {}, members: true },
    });
    expect(rows[0]).toEqual([
      'openid',
      'nickname',
      'channel',
      'region',
      'last_login_at',
      'paid_total',
      'layer',
    ]);
    expect(rows.length).toBe(PLAYERS + 1);
    const xlsx = await admin.get(`/api/v1/user-groups/${group.id}/members/export?format=xlsx&layer=A`);
    expect((await sheetOf(xlsx)).length - 1).toBe((await members(admin, group.id, 'layer=A')).total);
  });
});

describe('access', () => {
  it('is scoped to the product and needs the page', async () => {
    const group = await created(admin, { name: 'scoped', label: 'Scoped', kind: 'rule', rule: whales });
    expect((await other.get(`/api/v1/user-groups/${group.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/v1/user-groups/${group.id}/members`)).statusCode).toBe(404);
    expect(body<ListPage<UserGroup>>(await other.get('/api/v1/user-groups')).data.list).toEqual([]);
    // The same rule in the other game counts that game's players only.
    expect(
      body<{ count: number }>(await other.post('/api/v1/user-groups/preview', { rule: whales })).data.count,
    ).toBe(1);

    const name = await t.staffWith(['commercialization/see/user_hierarchy']);
    const outsider = t.client((await signInAs(t.app, name)).user.access_token, productId);
    for (const res of [
      await outsider.get('/api/v1/user-groups'),
      await outsider.post('/api/v1/user-groups/preview', { rule: whales }),
      await outsider.get(`/api/v1/user-groups/${group.id}/members`),
      await outsider.get('/api/v1/user-groups/fields'),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
    }
    // Seeing is not editing.
    const viewerName = await t.staffWith(['commercialization/see/user_group']);
    const viewer = t.client((await signInAs(t.app, viewerName)).user.access_token, productId);
    expect((await viewer.get('/api/v1/user-groups')).statusCode).toBe(200);
    expect((await viewer.post(`/api/v1/user-groups/${group.id}/refresh`)).statusCode).toBe(403);
    expect((await viewer.get(`/api/v1/user-groups/${group.id}/members/export`)).statusCode).toBe(403);
  });

  it('lists the fields a rule may test', async () => {
    const res = await admin.get('/api/v1/user-groups/fields');
    expect(res.statusCode, res.body).toBe(200);
    const fields = body<{ fields: { field: string }[] }>(res).data.fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['channel', 'role.level', 'event.paid', 'event.no_login']));
  });

  it('deletes a group with its members', async () => {
    const group = await refreshed(
      admin,
      (await created(admin, { name: 'gone', label: 'Gone', kind: 'rule', rule: whales })).id,
    );
    expect((await admin.del(`/api/v1/user-groups/${group.id}`)).statusCode).toBe(200);
    const left = await t.database.db
      .select()
      .from(userGroupMembers)
      .where(eq(userGroupMembers.groupId, group.id));
    expect(left).toEqual([]);
  });
});
