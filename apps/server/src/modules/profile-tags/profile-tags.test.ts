import { beforeAll, describe, expect, it } from 'vitest';
import {
  validationMessage,
  type FileItem,
  type PlayerTag,
  type ProfileTag,
  type TagPlayer,
} from '@rx/contracts';
import { useTestApp } from '../../../test/index.ts';
import { bearer, signInAs } from '../../../test/helpers.ts';
import { body, signIn, staffWith, type Client } from '../../../test/api.ts';
import { players } from '../players/tables.ts';

// Profile tags: definitions checked by type, values set by hand, imported from a file (per-line
// errors) and set by a rule; permissions and products kept apart.

const t = useTestApp();
const admin = t.admin;
const tag = Date.now().toString(36);
const openid = (n: number) => `pt${tag}_${n}`;
const DAY = 86_400_000;

const create = async (api: Client, input: Record<string, unknown>) => {
  const res = await api.post('/api/v1/profile-tags', input);
  expect(res.statusCode, res.body).toBe(200);
  return body<ProfileTag>(res).data;
};
const fieldsOf = (res: { body: string }) =>
  (JSON.parse(res.body) as { data: { fields: Record<string, string> } }).data.fields;
const tagPlayers = async (api: Client, id: number, query = '') =>
  body<{ list: TagPlayer[]; total: number }>(
    await api.get(`/api/v1/profile-tags/${id}/players?page_size=100${query}`),
  ).data;

/** Uploads an openid list as the console does (multipart, use=openid_list). */
async function upload(text: string): Promise<string> {
  const { user } = await signInAs(t.app, 'admin');
  const boundary = `----b${tag}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="values.csv"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/files?use=openid_list',
    headers: { ...bearer(user.access_token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<FileItem>(res).data.id;
}

async function runJob(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(202);
  const id = (JSON.parse(res.body) as { data: { job_id: number } }).data.job_id;
  await t.app.jobs.runJob(id);
  const job = body<{ status: string; summary: Record<string, unknown> }>(
    await admin.get(`/api/v1/jobs/${id}`),
  ).data;
  const items = body<{ list: { status: string; message: string; input: Record<string, unknown> }[] }>(
    await admin.get(`/api/v1/jobs/${id}/items?page_size=100`),
  ).data.list;
  return { job, items };
}

beforeAll(async () => {
  const now = Date.now();
  await t.database.db.insert(players).values(
    Array.from({ length: 6 }, (_, i) => ({
      productId: t.productId,
      openid: openid(i + 1),
      channel: i < 3 ? `vip_${tag}` : 'other',
      region: 'cn',
      paidTotal: i * 1000,
      createdAt: new Date(now - 30 * DAY),
      lastLoginAt: new Date(now - i * DAY),
    })),
  );
});

describe('tag definitions', () => {
  it('says a tag key left empty is required, not that its format is wrong (issue 27)', async () => {
    for (const name of ['', '   ']) {
      const res = await admin.post('/api/v1/profile-tags', { name, label: 'Empty key', type: 'number' });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual({ name: validationMessage('required', 'zh') });
    }
    const wrong = await admin.post('/api/v1/profile-tags', {
      name: '1 bad',
      label: 'Bad key',
      type: 'number',
    });
    expect(fieldsOf(wrong)).toEqual({ name: validationMessage('invalid', 'zh') });
  });

  it('creates tags of each type and refuses what does not fit the type', async () => {
    const level = await create(admin, {
      name: `level_${tag}`,
      label: 'Spending level',
      type: 'enum',
      options: ['low', 'high'],
    });
    expect(level).toMatchObject({ type: 'enum', source: 'manual', player_count: 0 });
    // An enum without options, options on a number tag, a rule on a manual tag, a bad name.
    for (const [input, field] of [
      [{ name: `e_${tag}`, label: 'E', type: 'enum' }, 'options'],
      [{ name: `n_${tag}`, label: 'N', type: 'number', options: ['x'] }, 'options'],
      [
        {
          name: `m_${tag}`,
          label: 'M',
          type: 'boolean',
          rule: { op: 'and', items: [{ field: 'paid_total', op: 'gte', value: 1 }] },
        },
        'rule',
      ],
      [
        {
          name: `r_${tag}`,
          label: 'R',
          type: 'number',
          source: 'rule',
          rule: { op: 'and', items: [{ field: 'paid_total', op: 'gte', value: 1 }] },
        },
        'type',
      ],
      [{ name: 'Bad Name', label: 'B', type: 'boolean' }, 'name'],
    ] as const) {
      const res = await admin.post('/api/v1/profile-tags', input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(fieldsOf(res)).toHaveProperty(field);
    }
    const list = body<{ list: ProfileTag[]; total: number }>(
      await admin.get('/api/v1/profile-tags?page_size=100'),
    ).data;
    expect(list.list.map((x) => x.name)).toEqual([`level_${tag}`]);
    // The type never changes.
    const change = await admin.put(`/api/v1/profile-tags/${level.id}`, {
      type: 'number',
      version: level.version,
    });
    expect(change.statusCode).toBe(400);
  });

  it('a type or source left empty reads "required", not "format not valid"', async () => {
    const required = validationMessage('required', 'zh');
    for (const empty of [{ source: '' }, { type: null, source: null }, { type: '', source: '' }]) {
      const res = await admin.post('/api/v1/profile-tags', { name: `empty_${tag}`, label: 'E', ...empty });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toMatchObject({ type: required, source: required });
    }
    const list = body<{ list: ProfileTag[] }>(await admin.get('/api/v1/profile-tags?page_size=100')).data;
    expect(list.list.map((x) => x.name)).not.toContain(`empty_${tag}`);
  });

  it("sets a player's value by hand, checked against the type and options", async () => {
    const score = await create(admin, { name: `score_${tag}`, label: 'Score', type: 'number' });
    const seen = await create(admin, { name: `seen_${tag}`, label: 'Seen', type: 'date' });
    const level = body<ProfileTag>(await admin.get(`/api/v1/profile-tags/by-name/level_${tag}`)).data;

    const ok = await admin.put(`/api/v1/profile-tags/${level.id}/players/${openid(1)}`, { value: 'high' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (await admin.put(`/api/v1/profile-tags/${score.id}/players/${openid(1)}`, { value: 42.5 })).statusCode,
    ).toBe(200);
    expect(
      (await admin.put(`/api/v1/profile-tags/${seen.id}/players/${openid(1)}`, { value: '2026-03-01' }))
        .statusCode,
    ).toBe(200);
    // Wrong values: refused with the catalogue's 400001 on `value`, nothing stored.
    for (const [id, value] of [
      [level.id, 'medium'],
      [level.id, 3],
      [score.id, 'many'],
      [score.id, true],
      [seen.id, '2026-02-30'],
      [seen.id, 'yesterday'],
    ] as const) {
      const res = await admin.put(`/api/v1/profile-tags/${id}/players/${openid(2)}`, { value });
      expect(res.statusCode, `${id} ${value}`).toBe(400);
      expect(JSON.parse(res.body).code).toBe(400001);
      expect(fieldsOf(res)).toHaveProperty('value');
    }
    expect((await tagPlayers(admin, level.id)).total).toBe(1);
    expect((await tagPlayers(admin, score.id)).list[0]).toMatchObject({
      openid: openid(1),
      value: 42.5,
      source: 'manual',
    });
    // An unknown player: 404.
    expect(
      (await admin.put(`/api/v1/profile-tags/${level.id}/players/nobody_${tag}`, { value: 'low' }))
        .statusCode,
    ).toBe(404);

    const mine = body<PlayerTag[]>(await admin.get(`/api/v1/profile-tags/by-player/${openid(1)}`)).data;
    expect(mine.map((m) => [m.name, m.value])).toEqual([
      [`level_${tag}`, 'high'],
      [`score_${tag}`, 42.5],
      [`seen_${tag}`, '2026-03-01T00:00:00.000Z'],
    ]);
    expect((await admin.del(`/api/v1/profile-tags/${score.id}/players/${openid(1)}`)).statusCode).toBe(200);
    expect((await tagPlayers(admin, score.id)).total).toBe(0);
  });

  it('imports values from an uploaded file as a job, with an error per bad line', async () => {
    const level = body<ProfileTag>(await admin.get(`/api/v1/profile-tags/by-name/level_${tag}`)).data;
    const file = await upload(
      [
        'openid,value',
        `${openid(2)},low`,
        `${openid(3)},high`,
        `${openid(4)},medium`,
        `nobody_${tag},low`,
        `${openid(3)},low`,
        'bad openid!,low',
        `${openid(5)},low`,
      ].join('\n'),
    );
    const { job, items } = await runJob(
      await admin.post(`/api/v1/profile-tags/${level.id}/import`, { file_id: file }),
    );
    expect(job.status).toBe('succeeded');
    expect(job.summary).toMatchObject({ imported: 3, errors: 4 });
    expect(items.map((i) => [i.input.line, i.input.field])).toEqual([
      [4, 'value'],
      [5, 'openid'],
      [6, 'openid'],
      [7, 'openid'],
    ]);
    const holders = await tagPlayers(admin, level.id, '&value=low');
    expect(holders.list.map((p) => p.openid).sort()).toEqual([openid(2), openid(5)]);
    expect((await tagPlayers(admin, level.id)).total).toBe(4);
    // A file id of nothing: 400 on file_id.
    const missing = await admin.post(`/api/v1/profile-tags/${level.id}/import`, { file_id: 'A'.repeat(22) });
    expect(missing.statusCode).toBe(400);
  });

  it('sets a rule tag for the players its rule matches, again on each evaluation', async () => {
    const rich = await create(admin, {
      name: `rich_${tag}`,
      label: 'Rich',
      type: 'boolean',
      source: 'rule',
      rule: {
        op: 'and',
        items: [
          { field: 'paid_total', op: 'gte', value: 3000 },
          { field: 'region', op: 'eq', value: 'cn' },
        ],
      },
    });
    const first = await runJob(await admin.post(`/api/v1/profile-tags/${rich.id}/evaluate`));
    expect(first.job.status).toBe('succeeded');
    expect((await tagPlayers(admin, rich.id)).list.map((p) => p.openid).sort()).toEqual([
      openid(4),
      openid(5),
      openid(6),
    ]);
    // Values of a rule tag come from its rule only.
    expect(
      (await admin.put(`/api/v1/profile-tags/${rich.id}/players/${openid(1)}`, { value: true })).statusCode,
    ).toBe(400);
    await admin.put(`/api/v1/profile-tags/${rich.id}`, {
      rule: { op: 'and', items: [{ field: 'paid_total', op: 'gte', value: 5000 }] },
      version: rich.version,
    });
    await runJob(await admin.post(`/api/v1/profile-tags/${rich.id}/evaluate`));
    expect((await tagPlayers(admin, rich.id)).list.map((p) => p.openid)).toEqual([openid(6)]);
    // A rule naming an unknown tag is refused.
    const unknown = await admin.post('/api/v1/profile-tags', {
      name: `u_${tag}`,
      label: 'U',
      type: 'boolean',
      source: 'rule',
      rule: { op: 'and', items: [{ field: 'tag.nothing_here', op: 'is_set' }] },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('needs the page (403 without it, read-only with see) and keeps products apart', async () => {
    const level = body<ProfileTag>(await admin.get(`/api/v1/profile-tags/by-name/level_${tag}`)).data;
    const none = await signIn(t, await staffWith(t, []), 'xianxia');
    expect((await none.get('/api/v1/profile-tags')).statusCode).toBe(403);
    expect((await none.get(`/api/v1/profile-tags/by-player/${openid(1)}`)).statusCode).toBe(403);
    const reader = await signIn(t, await staffWith(t, ['commercialization/see/user_profile']), 'xianxia');
    expect((await reader.get(`/api/v1/profile-tags/${level.id}/players`)).statusCode).toBe(200);
    // A tag editor reads what a rule may test without the user-groups page; its own tags are among them.
    const fields = await reader.get('/api/v1/profile-tags/rule-fields');
    expect(fields.statusCode, fields.body).toBe(200);
    expect(body<{ tags: { name: string }[] }>(fields).data.tags.map((x) => x.name)).toContain(`level_${tag}`);
    expect((await reader.get('/api/v1/user-groups/fields')).statusCode).toBe(403);
    expect((await none.get('/api/v1/profile-tags/rule-fields')).statusCode).toBe(403);
    expect(
      (await reader.put(`/api/v1/profile-tags/${level.id}/players/${openid(1)}`, { value: 'low' }))
        .statusCode,
    ).toBe(403);

    const tank = await signIn(t, 'admin', 'tankwar');
    expect((await tank.get(`/api/v1/profile-tags/${level.id}`)).statusCode).toBe(404);
    expect((await tank.get(`/api/v1/profile-tags/${level.id}/players`)).statusCode).toBe(404);
    expect(
      (await tank.put(`/api/v1/profile-tags/${level.id}/players/${openid(1)}`, { value: 'low' })).statusCode,
    ).toBe(404);
    expect(body<{ total: number }>(await tank.get('/api/v1/profile-tags')).data.total).toBe(0);
  });
});
