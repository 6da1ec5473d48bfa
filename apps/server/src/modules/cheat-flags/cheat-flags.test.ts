import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  CHEAT_BULK_SYNC_MAX,
  cheatFlagsResource,
  type CheatFlagBulkResult,
  type CheatFlagConfirmed,
  type CheatFlagItem,
  type CheatWhitelistItem,
  type JobItem,
  type ViolationTemplate,
} from '@rx/contracts';
import { body, records, sheetOf, signInAs, useTestApp } from '../../../test/index.ts';
import { sanctions } from '../sanctions/tables.ts';
import { queryRows } from '../../lib/rows.ts';
import { raiseCheatFlag, type RaiseInput } from './index.ts';
import { EVIDENCE_KEPT } from './service.ts';
import { cheatFlags, cheatWhitelist } from './tables.ts';

// Anti-cheat flags: raised by other modules inside their own transaction (raiseCheatFlag), reviewed
// by staff in the console (/api/v1/cheat-flags).

const t = useTestApp();
const admin = t.admin;
let cpId: number;
const tag = Date.now().toString(36);
let playerSeq = 0;

/** A new player of the product; answers its id and openid. */
async function newPlayer(productId = t.productId): Promise<{ id: number; openid: string }> {
  const openid = `cf${tag}_${++playerSeq}`;
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into players (product_id, openid, nickname) values (${productId}, ${openid}, ${openid}) returning id`,
  );
  return { id: Number(row!.id), openid };
}
function input(player: { id: number; openid: string }, extra: Partial<RaiseInput> = {}): RaiseInput {
  return {
    cpId,
    productId: t.productId,
    playerId: player.id,
    openid: player.openid,
    source: 'game_report',
    rule: 'speed_hack',
    score: 50,
    evidence: { speed: 12 },
    at: new Date(),
    ...extra,
  };
}
/** raiseCheatFlag inside a transaction, as the game reports' ingestion calls it. */
function raise(i: RaiseInput) {
  return t.database.db.transaction((tx) => raiseCheatFlag(tx, i));
}
async function flagsOf(playerId: number) {
  return t.database.db.select().from(cheatFlags).where(eq(cheatFlags.playerId, playerId));
}

beforeAll(async () => {
  const [cp] = await queryRows<{ cp_id: number }>(
    t.database.db,
    sql`select cp_id from products where id = ${t.productId}`,
  );
  cpId = Number(cp!.cp_id);
});

describe('raiseCheatFlag', () => {
  it('raises one flag, then updates it: hits, the highest score, last seen, the latest evidence (bounded)', async () => {
    const p = await newPlayer();
    const t0 = new Date(Date.now() - 3_600_000);
    expect(await raise(input(p, { at: t0, score: 40 }))).toBe('raised');
    const t1 = new Date(t0.getTime() + 60_000);
    expect(await raise(input(p, { at: t1, score: 90, evidence: { speed: 30 } }))).toBe('updated');
    expect(await raise(input(p, { at: new Date(t0.getTime() + 30_000), score: 60 }))).toBe('updated');
    let [flag] = await flagsOf(p.id);
    expect(flag).toMatchObject({
      state: 'flagged',
      hits: 3,
      score: 90,
      source: 'game_report',
      rule: 'speed_hack',
    });
    expect(flag!.firstSeen.getTime()).toBe(t0.getTime());
    expect(flag!.lastSeen.getTime()).toBe(t1.getTime());
    expect(flag!.evidence[0]).toMatchObject({ score: 90, data: { speed: 30 } });
    // Another rule is another flag.
    expect(await raise(input(p, { rule: 'wall_hack' }))).toBe('raised');
    expect(await flagsOf(p.id)).toHaveLength(2);
    // Evidence stays bounded; a huge piece is kept as a preview.
    for (let i = 0; i < EVIDENCE_KEPT + 5; i++)
      await raise(
        input(p, {
          at: new Date(t1.getTime() + (i + 1) * 1000),
          evidence: { i, blob: 'x'.repeat(i === 0 ? 10_000 : 1) },
        }),
      );
    [flag] = (await flagsOf(p.id)).filter((f) => f.rule === 'speed_hack');
    expect(flag!.hits).toBe(3 + EVIDENCE_KEPT + 5);
    expect(flag!.evidence).toHaveLength(EVIDENCE_KEPT);
    expect(flag!.evidence[0]!.data).toMatchObject({ i: EVIDENCE_KEPT + 4 });
  });

  it('answers suppressed for a whitelisted player and rule and stores nothing', async () => {
    const p = await newPlayer();
    await t.database.db
      .insert(cheatWhitelist)
      .values({ cpId, productId: t.productId, playerId: p.id, openid: p.openid, rule: 'speed_hack' });
    expect(await raise(input(p))).toBe('suppressed');
    expect(await flagsOf(p.id)).toHaveLength(0);
    expect(await raise(input(p, { rule: 'botting' }))).toBe('raised');
  });

  it('raises one open flag when two raises race', async () => {
    const p = await newPlayer();
    const results = await Promise.all([raise(input(p)), raise(input(p)), raise(input(p))]);
    expect(results.filter((r) => r === 'raised')).toHaveLength(1);
    const flags = await flagsOf(p.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.hits).toBe(3);
  });

  it('opens a new flag once the earlier one is closed', async () => {
    const p = await newPlayer();
    await raise(input(p));
    await t.database.db
      .update(cheatFlags)
      .set({ state: 'confirmed' })
      .where(and(eq(cheatFlags.playerId, p.id)));
    expect(await raise(input(p))).toBe('raised');
    expect(await flagsOf(p.id)).toHaveLength(2);
  });
});

// ---------------------------------------------------------------- the console

const perms = cheatFlagsResource.permissions;
let template: ViolationTemplate;

async function flag(
  player: { id: number; openid: string },
  extra: Partial<RaiseInput> = {},
): Promise<CheatFlagItem> {
  await raise(input(player, extra));
  const res = await admin.get(
    `/api/v1/cheat-flags?q=${player.openid}&rule=${extra.rule ?? 'speed_hack'}&state=flagged`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const list = body<{ list: CheatFlagItem[] }>(res).data.list.filter((f) => f.openid === player.openid);
  expect(list).toHaveLength(1);
  return list[0]!;
}
async function get(id: number, api = admin): Promise<CheatFlagItem> {
  const res = await api.get(`/api/v1/cheat-flags/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<CheatFlagItem>(res).data;
}

describe('the console', () => {
  beforeAll(async () => {
    const res = await admin.post('/api/v1/violation-templates', {
      code: `cheat_${tag}`,
      name: 'Speed hack',
      category: 'speed_hack',
      ladder: [
        { action: 'mute', duration_minutes: 60 },
        { action: 'account', duration_minutes: null },
      ],
      appealable: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    template = body<ViolationTemplate>(res).data;
  });

  it('moves a flag flagged → under_review → confirmed, applying the template rung by rung', async () => {
    const p = await newPlayer();
    const f = await flag(p, { score: 88 });
    expect(f).toMatchObject({ state: 'flagged', score: 88, hits: 1, source: 'game_report', assignee: null });
    expect(f.evidence[0]).toMatchObject({ score: 88, data: { speed: 12 } });
    let res = await admin.post(`/api/v1/cheat-flags/${f.id}/start-review`, {
      note: 'looking',
      version: f.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const review = body<CheatFlagItem>(res).data;
    expect(review).toMatchObject({ state: 'under_review', note: 'looking', assignee: { username: 'admin' } });
    // Illegal: start the review again (422001 naming the state and what it allows); a stale version: 409001.
    res = await admin.post(`/api/v1/cheat-flags/${f.id}/start-review`, {});
    expect(res.statusCode).toBe(422);
    expect(body(res)).toMatchObject({
      code: 422001,
      data: { state: 'under_review', action: 'start_review', allowed: ['confirm', 'dismiss'] },
    });
    res = await admin.post(`/api/v1/cheat-flags/${f.id}/confirm`, {
      template_id: template.id,
      version: f.version,
    });
    expect(res.statusCode).toBe(409);
    // A new hit while in review is evidence, not a change of the reviewer's version.
    expect(await raise(input(p, { score: 93, evidence: { speed: 40 } }))).toBe('updated');
    res = await admin.post(`/api/v1/cheat-flags/${f.id}/confirm`, {
      template_id: template.id,
      note: 'clear',
      version: review.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = body<CheatFlagConfirmed>(res).data;
    expect(done.flag).toMatchObject({ hits: 2, score: 93 });
    expect(done.applied).toMatchObject({ offence: 1, step: { action: 'mute' } });
    expect(done.flag).toMatchObject({
      state: 'confirmed',
      template_id: template.id,
      offence: 1,
      sanction_id: done.applied.sanction!.id,
      reviewer: { username: 'admin' },
      note: 'clear',
    });
    const [sanction] = await t.database.db
      .select()
      .from(sanctions)
      .where(eq(sanctions.id, done.flag.sanction_id!));
    expect(sanction).toMatchObject({ kind: 'mute', openid: p.openid, status: 'active' });
    // Closed: nothing more; a new hit opens a new flag, and confirming it takes the next rung.
    res = await admin.post(`/api/v1/cheat-flags/${f.id}/dismiss`, {});
    expect(res.statusCode).toBe(422);
    const again = await flag(p);
    expect(again.id).not.toBe(f.id);
    res = await admin.post(`/api/v1/cheat-flags/${again.id}/confirm`, { template_id: template.id });
    expect(body<CheatFlagConfirmed>(res).data.applied).toMatchObject({
      offence: 2,
      step: { action: 'account' },
    });
    // Every move is in the operation log.
    expect((await t.logsOf('cheat_flag', f.id)).map((l) => l.action)).toEqual(['approve', 'update']);
  });

  it('confirms only once when two confirmations race; a failed application leaves the flag open', async () => {
    const p = await newPlayer();
    const f = await flag(p);
    const both = await Promise.all([
      admin.post(`/api/v1/cheat-flags/${f.id}/confirm`, { template_id: template.id }),
      admin.post(`/api/v1/cheat-flags/${f.id}/confirm`, { template_id: template.id }),
    ]);
    const codes = both.map((r) => r.statusCode).sort();
    // The loser finds it changed (409) or already confirmed (422), depending on when it read it.
    expect(codes[0]).toBe(200);
    expect([409, 422]).toContain(codes[1]);
    const n = await t.database.db.select().from(sanctions).where(eq(sanctions.openid, p.openid));
    expect(n).toHaveLength(1);
    // A template that does not exist or is disabled: refused, the flag stays as it was.
    const g = await flag(await newPlayer());
    const res = await admin.post(`/api/v1/cheat-flags/${g.id}/confirm`, { template_id: 2_000_000_000 });
    expect(res.statusCode).toBe(422);
    expect(await get(g.id)).toMatchObject({ state: 'flagged', version: g.version });
    // The template refuses the player (a device ban, and no device known): the flag reopens as it was.
    const deviceBan = body<ViolationTemplate>(
      await admin.post('/api/v1/violation-templates', {
        code: `cheat_dev_${tag}`,
        name: 'Device ban',
        category: 'speed_hack',
        ladder: [{ action: 'device', duration_minutes: null }],
        appealable: false,
      }),
    ).data;
    const refused = await admin.post(`/api/v1/cheat-flags/${g.id}/confirm`, { template_id: deviceBan.id });
    expect(refused.statusCode).toBe(400);
    expect(await get(g.id)).toMatchObject({
      state: 'flagged',
      reviewer: null,
      template_id: null,
      sanction_id: null,
    });
  });

  it('a false positive whitelists the player and rule until the entry is lifted', async () => {
    const p = await newPlayer();
    const f = await flag(p, { rule: 'aimbot' });
    let res = await admin.post(`/api/v1/cheat-flags/${f.id}/dismiss`, { note: 'lag spike' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<CheatFlagItem>(res).data).toMatchObject({
      state: 'false_positive',
      reviewer: { username: 'admin' },
    });
    expect(await raise(input(p, { rule: 'aimbot' }))).toBe('suppressed');
    // By hand too: refused while whitelisted.
    res = await admin.post('/api/v1/cheat-flags', { openid: p.openid, rule: 'aimbot', score: 70 });
    expect(res.statusCode).toBe(422);
    res = await admin.get(`/api/v1/cheat-flags/whitelist?q=${p.openid}`);
    const entries = body<{ list: CheatWhitelistItem[]; total: number }>(res).data;
    expect(entries.total).toBe(1);
    expect(entries.list[0]).toMatchObject({
      openid: p.openid,
      rule: 'aimbot',
      flag_id: f.id,
      note: 'lag spike',
    });
    res = await admin.del(`/api/v1/cheat-flags/whitelist/${entries.list[0]!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.logsOf('cheat_whitelist', entries.list[0]!.id)).map((l) => l.action)).toEqual([
      'delete',
      'create',
    ]);
    expect(await raise(input(p, { rule: 'aimbot' }))).toBe('raised');
    res = await admin.del(`/api/v1/cheat-flags/whitelist/${entries.list[0]!.id}`);
    expect(res.statusCode).toBe(404);
  });

  it('flags a player by hand (source manual), counting a hit on an open flag', async () => {
    const p = await newPlayer();
    let res = await admin.post('/api/v1/cheat-flags', {
      openid: p.openid,
      rule: 'gold_dupe',
      score: 65,
      note: 'reported by a guild',
      evidence: { video: 'clip-1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const f = body<CheatFlagItem>(res).data;
    expect(f).toMatchObject({
      source: 'manual',
      rule: 'gold_dupe',
      score: 65,
      created_by: { username: 'admin' },
    });
    expect(f.evidence[0]!.data).toMatchObject({ video: 'clip-1' });
    res = await admin.post('/api/v1/cheat-flags', { openid: p.openid, rule: 'gold_dupe', score: 90 });
    expect(res.statusCode).toBe(200);
    expect(body<CheatFlagItem>(res).data).toMatchObject({ id: f.id, hits: 2, score: 90 });
    expect((await t.logsOf('cheat_flag', f.id)).map((l) => l.action)).toEqual(['update', 'create']);
    // An unknown player: 400001 on openid.
    res = await admin.post('/api/v1/cheat-flags', { openid: `nobody${tag}`, rule: 'x', score: 1 });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(400001);
  });

  it('filters, sorts and pages server-side, and exports', async () => {
    const p = await newPlayer();
    const q = p.openid;
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
    await raise(input(p, { rule: 'r_low', score: 10, at: day(1), source: 'server_rule' }));
    await raise(input(p, { rule: 'r_mid', score: 55, at: day(5) }));
    await raise(input(p, { rule: 'r_high', score: 95, at: day(9) }));
    await raise(input(p, { rule: 'r_high', score: 20, at: day(8) }));
    const list = async (query: string) => {
      const res = await admin.get(`/api/v1/cheat-flags?q=${q}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return body<{ list: CheatFlagItem[]; total: number }>(res).data;
    };
    expect((await list('sort=-score')).list.map((f) => f.rule)).toEqual(['r_high', 'r_mid', 'r_low']);
    expect((await list('sort=-hits')).list[0]!.rule).toBe('r_high');
    expect((await list('')).list.map((f) => f.rule)).toEqual(['r_high', 'r_mid', 'r_low']);
    expect((await list('sort=last_seen')).list.map((f) => f.rule)).toEqual(['r_low', 'r_mid', 'r_high']);
    expect((await list('score_min=50&score_max=60')).list.map((f) => f.rule)).toEqual(['r_mid']);
    expect((await list('source=server_rule')).list.map((f) => f.rule)).toEqual(['r_low']);
    expect((await list('rule=r_mid')).total).toBe(1);
    expect((await list('from=2026-01-04&to=2026-01-05')).list.map((f) => f.rule)).toEqual(['r_mid']);
    expect((await list('state=under_review')).total).toBe(0);
    const page = await list('page=2&page_size=2&sort=-score');
    expect(page.total).toBe(3);
    expect(page.list.map((f) => f.rule)).toEqual(['r_low']);
    const res = await admin.get(`/api/v1/cheat-flags/export?q=${q}&score_min=50`);
    expect(res.statusCode).toBe(200);
    const rows = records(await sheetOf(res));
    expect(rows.map((r) => r.rule).sort()).toEqual(['r_high', 'r_mid']);
    expect(rows.find((r) => r.rule === 'r_high')).toMatchObject({ openid: q, score: '95', hits: '2' });
  });

  it('moves a few selected flags at once and many as a job, skipping those not open', async () => {
    const p = await newPlayer();
    const a = await flag(p, { rule: 'b1' });
    const b = await flag(p, { rule: 'b2' });
    await admin.post(`/api/v1/cheat-flags/${b.id}/dismiss`, {});
    let res = await admin.post('/api/v1/cheat-flags/bulk', {
      ids: [a.id, b.id, 2_000_000_000],
      action: 'start_review',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ results: CheatFlagBulkResult[] }>(res).data.results).toEqual([
      { id: a.id, result: 'ok', state: 'under_review' },
      { id: b.id, result: 'skipped' },
      { id: 2_000_000_000, result: 'not_found' },
    ]);
    const many: number[] = [];
    const q = await newPlayer();
    for (let i = 0; i <= CHEAT_BULK_SYNC_MAX; i++) many.push((await flag(q, { rule: `m${i}` })).id);
    res = await admin.post('/api/v1/cheat-flags/bulk', { ids: many, action: 'dismiss', note: 'test server' });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = body<{ job_id: number }>(res).data.job_id;
    let job: JobItem | undefined;
    for (let i = 0; i < 200; i++) {
      job = body<JobItem>(await admin.get(`/api/v1/jobs/${jobId}`)).data;
      if (job.finished_at) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(job).toMatchObject({ kind: 'cheat-flags.bulk', status: 'succeeded', done: many.length });
    const res2 = await admin.get(`/api/v1/cheat-flags?q=${q.openid}&state=false_positive&page_size=50`);
    expect(body<{ total: number }>(res2).data.total).toBe(many.length);
    const wl = await admin.get(`/api/v1/cheat-flags/whitelist?q=${q.openid}`);
    expect(body<{ total: number }>(wl).data.total).toBe(many.length);
  });

  it('needs the permissions: see to read, edit to act, export to export', async () => {
    const f = await flag(await newPlayer());
    const reader = await t.staff([perms.see]);
    expect((await reader.get('/api/v1/cheat-flags')).statusCode).toBe(200);
    expect((await reader.get(`/api/v1/cheat-flags/${f.id}`)).statusCode).toBe(200);
    for (const res of [
      await reader.post(`/api/v1/cheat-flags/${f.id}/start-review`, {}),
      await reader.post(`/api/v1/cheat-flags/${f.id}/dismiss`, {}),
      await reader.post(`/api/v1/cheat-flags/${f.id}/confirm`, { template_id: template.id }),
      await reader.post('/api/v1/cheat-flags/bulk', { ids: [f.id], action: 'dismiss' }),
      await reader.get('/api/v1/cheat-flags/export'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(body(res).code).toBe(403001);
    }
    const nobody = await t.staff([]);
    expect((await nobody.get('/api/v1/cheat-flags')).statusCode).toBe(403);
    expect((await nobody.get('/api/v1/cheat-flags/whitelist')).statusCode).toBe(403);
    expect(await get(f.id)).toMatchObject({ state: 'flagged', version: f.version });
  });

  it("keeps each CP's and product's flags to themselves", async () => {
    const f = await flag(await newPlayer());
    const other = await signInAs(t.app, await t.adminOf('ops_hw'));
    const [theirs] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from products where cp_id <> ${cpId} order by id limit 1`,
    );
    const them = t.client(other.user.access_token, Number(theirs!.id));
    expect((await them.get(`/api/v1/cheat-flags/${f.id}`)).statusCode).toBe(404);
    expect((await them.post(`/api/v1/cheat-flags/${f.id}/dismiss`, {})).statusCode).toBe(404);
    const list = body<{ list: CheatFlagItem[] }>(await them.get('/api/v1/cheat-flags?page_size=100')).data
      .list;
    expect(list.some((x) => x.id === f.id)).toBe(false);
    // Their admin naming our product: refused.
    const ours = t.client(other.user.access_token, t.productId);
    expect((await ours.get('/api/v1/cheat-flags')).statusCode).toBeGreaterThanOrEqual(400);
    // Another product of ours does not see it either.
    const tank = t.client((await signInAs(t.app, 'admin')).user.access_token, await t.productIdOf('tankwar'));
    expect((await tank.get(`/api/v1/cheat-flags/${f.id}`)).statusCode).toBe(404);
    expect(await get(f.id)).toMatchObject({ state: 'flagged', version: f.version });
  });

  it('refuses bad input with 400001 and changes nothing', async () => {
    const p = await newPlayer();
    const f = await flag(p);
    for (const res of [
      await admin.get('/api/v1/cheat-flags?score_min=101'),
      await admin.get('/api/v1/cheat-flags?sort=openid'),
      await admin.get('/api/v1/cheat-flags?state=open'),
      await admin.get('/api/v1/cheat-flags?from=yesterday'),
      await admin.post(`/api/v1/cheat-flags/${f.id}/confirm`, { template_id: 'x' }),
      await admin.post(`/api/v1/cheat-flags/${f.id}/start-review`, { note: 'a\u0000b' }),
      await admin.post(`/api/v1/cheat-flags/${f.id}/dismiss`, { note: 'x'.repeat(501) }),
      await admin.post('/api/v1/cheat-flags', { openid: p.openid, rule: 'bad rule!', score: 5 }),
      await admin.post('/api/v1/cheat-flags', { openid: p.openid, rule: 'ok', score: 101 }),
      await admin.post('/api/v1/cheat-flags/bulk', { ids: [], action: 'dismiss' }),
      await admin.post('/api/v1/cheat-flags/bulk', { ids: [f.id], action: 'confirm' }),
      await admin.get('/api/v1/cheat-flags/0'),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).code).toBe(400001);
    }
    expect(await get(f.id)).toMatchObject({ state: 'flagged', version: f.version, note: '' });
    expect(await flagsOf(p.id)).toHaveLength(1);
  });
});
