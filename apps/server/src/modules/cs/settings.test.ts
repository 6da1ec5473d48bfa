import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CS_DEFAULT_SETTINGS,
  csRatingAccess,
  csSettingsAccess,
  csStatsAccess,
  localDayOf,
  type CsComplaint,
  type CsConversation,
  type CsRatingRow,
  type CsSettings,
  type CsSla,
  type CsStats,
  type CsTeam,
  type GameCsConversation,
  type GameCsMessage,
} from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { users } from '../../db/schema.ts';
import { autoResolve } from './service.ts';
import { csAgents, csConversations } from './tables.ts';

// Service settings (business hours, offline message, assignment mode, survey, auto-resolve), teams
// (round robin within a team, capacity respected), the SLA clocks, data statistics, and ratings
// with their complaint workflow.

const t = useTestApp({ gameKey: 'cs-settings' });
const admin = t.admin;
const tag = Date.now().toString(36);
const openid = (n: number | string) => `st${tag}_${n}`;
let cpId: number;

const allOpen = Array.from({ length: 7 }, () => ({ open: true, from: '00:00', to: '24:00' }));
const allClosed = Array.from({ length: 7 }, () => ({ open: false, from: '09:00', to: '18:00' }));

async function settings(): Promise<CsSettings> {
  const res = await admin.get('/api/v1/cs/settings');
  expect(res.statusCode, res.body).toBe(200);
  return body<CsSettings>(res).data;
}
async function save(changes: Partial<CsSettings>): Promise<CsSettings> {
  const { updated_at: _u, ...current } = await settings();
  const res = await admin.put('/api/v1/cs/settings', { ...current, ...changes });
  expect(res.statusCode, res.body).toBe(200);
  return body<CsSettings>(res).data;
}
async function open(player: string, lang = ''): Promise<number> {
  const res = await t.signedCall(t.key, 'POST', '/api/game/v1/cs/conversations', { openid: player, lang });
  expect(res.statusCode, res.body).toBe(200);
  return body<GameCsConversation>(res).data.id;
}
async function handOff(player: string, lang = ''): Promise<number> {
  const id = await open(player, lang);
  const res = await t.signedCall(t.key, 'POST', `/api/game/v1/cs/conversations/${id}/messages`, {
    openid: player,
    text: '转人工',
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}
async function read(id: number, player: string): Promise<GameCsMessage[]> {
  const res = await t.signedCall(
    t.key,
    'GET',
    `/api/game/v1/cs/conversations/${id}/messages?openid=${player}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return body<{ list: GameCsMessage[] }>(res).data.list;
}
async function assigneeOf(id: number): Promise<number | null> {
  return body<CsConversation>(await admin.get(`/api/v1/cs/conversations/${id}`)).data.assignee_id;
}
/** A new staff member of the demo CP made an agent, online, with this capacity. */
async function agent(capacity: number): Promise<{ id: number; name: string }> {
  const name = await t.staffWith([]);
  const [user] = await t.database.db.select().from(users).where(eq(users.username, name));
  await t.database.db.insert(csAgents).values({ cpId, userId: user!.id, capacity, status: 'online' });
  return { id: user!.id, name };
}

beforeAll(async () => {
  const [me] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
  cpId = me!.cpId;
});

describe('service settings', () => {
  it('reads the defaults, saves, refuses bad input and a stale version, and logs the change', async () => {
    const first = await settings();
    expect(first).toMatchObject({ ...CS_DEFAULT_SETTINGS, version: 1 });
    const { updated_at: _u, ...body1 } = first;
    // Bad input: an unknown time zone, a day closing before it opens, a number out of range, a NUL.
    for (const bad of [
      { time_zone: 'Mars/Olympus' },
      { hours: [...first.hours.slice(0, 6), { open: true, from: '18:00', to: '09:00' }] },
      { sla_first_reply_minutes: 2 ** 31 },
      { offline_message: 'a\u0000b' },
      { assignment: 'random' },
    ]) {
      const res = await admin.put('/api/v1/cs/settings', { ...body1, ...bad });
      expect(body(res).code, JSON.stringify(bad)).toBe(400001);
    }
    expect((await settings()).version).toBe(1);

    const saved = await admin.put('/api/v1/cs/settings', { ...body1, offline_message: `closed ${tag}` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<CsSettings>(saved).data).toMatchObject({ offline_message: `closed ${tag}`, version: 2 });
    // The same version again is stale.
    expect(body(await admin.put('/api/v1/cs/settings', body1)).code).toBe(409001);
    expect((await settings()).offline_message).toBe(`closed ${tag}`);
    const logs = await t.logsOf('cs_settings', t.productId);
    expect(logs.map((l) => l.action)).toContain('update');
  });

  it('checks the page permissions and keeps each CP apart', async () => {
    const nobody = await t.staff([]);
    expect(body(await nobody.get('/api/v1/cs/settings')).code).toBe(403001);
    const reader = await t.staff([csSettingsAccess.permissions.see]);
    const read = await reader.get('/api/v1/cs/settings');
    expect(read.statusCode).toBe(200);
    const { updated_at: _u, ...current } = body<CsSettings>(read).data;
    expect(body(await reader.put('/api/v1/cs/settings', current)).code).toBe(403001);
    const other = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    const theirs = body<CsSettings>(await other.get('/api/v1/cs/settings')).data;
    expect(theirs.offline_message).not.toBe(`closed ${tag}`);
  });

  it('says the offline message outside business hours, keeps the queue in manual mode and asks for a rating on resolve', async () => {
    await save({
      hours: allClosed,
      offline_message: `we are closed ${tag}`,
      assignment: 'manual',
      survey: true,
      survey_text: `rate us ${tag}`,
    });
    const helper = await agent(5);
    const player = openid('offline');
    const id = await handOff(player);
    const seen = await read(id, player);
    expect(seen.map((m) => m.text)).toContain(`we are closed ${tag}`);
    expect(seen.filter((m) => m.author === 'system').map((m) => m.event)).toEqual(['handoff', 'queued']);
    // Manual: an agent online with room does not take it.
    expect(await assigneeOf(id)).toBeNull();
    const given = await admin.post(`/api/v1/cs/conversations/${id}/assign`, { user_id: helper.id });
    expect(given.statusCode, given.body).toBe(200);
    expect(await assigneeOf(id)).toBe(helper.id);
    expect((await admin.post(`/api/v1/cs/conversations/${id}/resolve`, {})).statusCode).toBe(200);
    expect((await read(id, player)).map((m) => m.text)).toContain(`rate us ${tag}`);

    // Open hours again: no offline message.
    await save({ hours: allOpen, assignment: 'auto' });
    const other = openid('online');
    const id2 = await handOff(other);
    expect((await read(id2, other)).map((m) => m.text)).not.toContain(`we are closed ${tag}`);
    await t.database.db.update(csAgents).set({ status: 'offline' }).where(eq(csAgents.userId, helper.id));
  });

  it('resolves a conversation the player left unanswered after the agent replied', async () => {
    await save({ auto_resolve_hours: 1, hours: allOpen });
    const player = openid('idle');
    const id = await handOff(player);
    const replied = await admin.post(`/api/v1/cs/conversations/${id}/messages`, { text: 'anything else?' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(await autoResolve(t.database.db, t.app.events)).toBe(0);
    await autoResolve(t.database.db, t.app.events, new Date(Date.now() + 2 * 3_600_000));
    expect(body<CsConversation>(await admin.get(`/api/v1/cs/conversations/${id}`)).data.state).toBe(
      'resolved',
    );
    await save({ auto_resolve_hours: 0 });
  });
});

describe('teams', () => {
  it('gives a conversation in a team language round robin to the team, within capacity, then to anyone', async () => {
    await save({ hours: allOpen, assignment: 'auto' });
    // Nobody else online in this file's database while this runs.
    await t.database.db.update(csAgents).set({ status: 'offline' }).where(eq(csAgents.cpId, cpId));
    const a = await agent(1);
    const b = await agent(1);
    const c = await agent(5);
    const bad = await admin.post('/api/v1/cs/teams', { name: `th${tag}`, languages: ['xx'] });
    expect(body(bad).code).toBe(400001);
    const stranger = await admin.post('/api/v1/cs/teams', { name: `th${tag}`, members: [2_000_000_000] });
    expect(body(stranger).code).toBe(400001);
    const created = await admin.post('/api/v1/cs/teams', {
      name: `th${tag}`,
      languages: ['th'],
      members: [a.id, b.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    const team = body<CsTeam>(created).data;
    expect(team.members.map((m) => m.user_id).sort()).toEqual([a.id, b.id].sort());
    expect(body(await admin.post('/api/v1/cs/teams', { name: `th${tag}` })).code).toBe(400001);

    const first = await handOff(openid('th1'), 'th');
    const second = await handOff(openid('th2'), 'th');
    const third = await handOff(openid('th3'), 'th');
    const chinese = await handOff(openid('zh1'), 'zh-CN');
    // One each for the team's two (round robin), then the team is full: the third goes to c.
    expect([await assigneeOf(first), await assigneeOf(second)].sort()).toEqual([a.id, b.id].sort());
    expect(await assigneeOf(third)).toBe(c.id);
    expect(await assigneeOf(chinese)).toBe(c.id);

    const renamed = await admin.put(`/api/v1/cs/teams/${team.id}`, {
      name: `thai${tag}`,
      members: [a.id],
      version: team.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(body<CsTeam>(renamed).data.members.map((m) => m.user_id)).toEqual([a.id]);
    expect(
      body(await admin.put(`/api/v1/cs/teams/${team.id}`, { name: 'x', version: team.version })).code,
    ).toBe(409001);
    const other = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    expect(
      body<{ list: CsTeam[] }>(await other.get('/api/v1/cs/teams')).data.list.map((x) => x.id),
    ).not.toContain(team.id);
    expect(body(await other.del(`/api/v1/cs/teams/${team.id}`)).code).toBe(404001);
    expect(body(await admin.del(`/api/v1/cs/teams/${team.id}`)).code).toBe(0);
    expect((await t.logsOf('cs_team', team.id)).map((l) => l.action).sort()).toEqual([
      'create',
      'delete',
      'update',
    ]);
    await t.database.db.update(csAgents).set({ status: 'offline' }).where(eq(csAgents.cpId, cpId));
  });
});

describe('SLA and statistics', () => {
  it('counts the SLA clocks in business minutes and sums conversations by day, agent and team', async () => {
    await save({ hours: allOpen, sla_first_reply_minutes: 5, sla_resolution_minutes: 600 });
    const player = openid('sla');
    const id = await handOff(player);
    await t.database.db
      .update(csConversations)
      .set({ handedOffAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(csConversations.id, id));
    const running = body<CsSla>(await admin.get(`/api/v1/cs/conversations/${id}/sla`)).data;
    expect(running.first_reply.state).toBe('breached');
    expect(running.first_reply.minutes).toBeGreaterThanOrEqual(29);
    expect(running.resolution).toMatchObject({ state: 'running', target: 600 });
    await admin.post(`/api/v1/cs/conversations/${id}/messages`, { text: 'hello' });
    await admin.post(`/api/v1/cs/conversations/${id}/resolve`, {});
    const done = body<CsSla>(await admin.get(`/api/v1/cs/conversations/${id}/sla`)).data;
    expect(done.resolution.state).toBe('met');
    // All closed: the clock does not run.
    await save({ hours: allClosed });
    const idle = body<CsSla>(await admin.get(`/api/v1/cs/conversations/${id}/sla`)).data;
    expect(idle.first_reply.minutes).toBe(0);
    await save({ hours: allOpen });

    const today = localDayOf(new Date(), CS_DEFAULT_SETTINGS.time_zone);
    const byDay = await admin.get(`/api/v1/cs/stats?from=${today}&to=${today}&by=day`);
    expect(byDay.statusCode, byDay.body).toBe(200);
    const stats = body<CsStats>(byDay).data;
    expect(stats.rows).toHaveLength(1);
    expect(stats.rows[0]!.key).toBe(today);
    expect(stats.rows[0]!.conversations).toBeGreaterThanOrEqual(1);
    expect(stats.total.resolved).toBeGreaterThanOrEqual(1);
    expect(stats.total.first_response_minutes).not.toBeNull();
    const byAgent = body<CsStats>(
      await admin.get(`/api/v1/cs/stats?from=${today}&to=${today}&by=agent`),
    ).data;
    expect(byAgent.rows.map((r) => r.label)).toContain('admin');
    expect((await admin.get(`/api/v1/cs/stats?from=${today}&to=${today}&by=team`)).statusCode).toBe(200);
    // A window too long, or backwards: refused on its field.
    expect(body(await admin.get('/api/v1/cs/stats?from=2020-01-01&to=2021-01-01')).code).toBe(400001);
    expect(body(await admin.get('/api/v1/cs/stats?from=2021-01-02&to=2021-01-01')).code).toBe(400001);
    const nobody = await t.staff([]);
    expect(body(await nobody.get(`/api/v1/cs/stats?from=${today}&to=${today}`)).code).toBe(403001);
    const reader = await t.staff([csStatsAccess.permissions.see]);
    expect((await reader.get(`/api/v1/cs/stats?from=${today}&to=${today}`)).statusCode).toBe(200);
  });

  it("leaves the holidays of the settings' calendar out of the SLA clocks", async () => {
    const region = `sla${tag}`.toLowerCase().slice(0, 16);
    const current = await save({ hours: allOpen, sla_first_reply_minutes: 5, holiday_region: '' });
    const id = await handOff(openid('holiday'));
    const handedOff = new Date(Date.now() - 30 * 60_000);
    await t.database.db
      .update(csConversations)
      .set({ handedOffAt: handedOff })
      .where(eq(csConversations.id, id));
    const sla = async () => body<CsSla>(await admin.get(`/api/v1/cs/conversations/${id}/sla`)).data;
    expect((await sla()).first_reply).toMatchObject({ state: 'breached' });
    // The days the clock has run on (the hand-off's and today, in the settings' zone) made holidays.
    for (const day of new Set([handedOff, new Date()].map((d) => localDayOf(d, current.time_zone)))) {
      const made = await admin.post('/api/v1/holidays', {
        region,
        date: day,
        name: 'Closed',
        kind: 'public',
      });
      expect(made.statusCode, made.body).toBe(200);
    }
    await save({ holiday_region: region });
    expect((await sla()).first_reply).toMatchObject({ minutes: 0, state: 'running' });
    await save({ holiday_region: '' });
    expect((await sla()).first_reply.minutes).toBeGreaterThanOrEqual(29);
  });
});

describe('ratings and complaints', () => {
  it('lists low ratings and works a complaint from open to closed', async () => {
    const player = openid('low');
    const id = await handOff(player);
    await admin.post(`/api/v1/cs/conversations/${id}/messages`, { text: 'done' });
    await admin.post(`/api/v1/cs/conversations/${id}/resolve`, {});
    const rated = await t.signedCall(t.key, 'POST', `/api/game/v1/cs/conversations/${id}/rating`, {
      openid: player,
      score: 1,
      comment: `slow ${tag}`,
    });
    expect(rated.statusCode, rated.body).toBe(200);

    const low = body<{ list: CsRatingRow[] }>(
      await admin.get('/api/v1/cs/ratings?max_score=2&page_size=100'),
    ).data;
    const row = low.list.find((r) => r.conversation_id === id);
    expect(row).toMatchObject({ rating: 1, rating_comment: `slow ${tag}`, complaint: null });

    // Only rated conversations of the game take a complaint.
    const unrated = await handOff(openid('unrated'));
    expect(
      body(await admin.post('/api/v1/cs/complaints', { conversation_id: unrated, reason: 'x' })).code,
    ).toBe(400001);
    expect(body(await admin.post('/api/v1/cs/complaints', { conversation_id: id, reason: '' })).code).toBe(
      400001,
    );
    const opened = await admin.post('/api/v1/cs/complaints', { conversation_id: id, reason: 'rude' });
    expect(opened.statusCode, opened.body).toBe(200);
    const complaint = body<CsComplaint>(opened).data;
    expect(complaint).toMatchObject({ status: 'open', reason: 'rude', created_by: 'admin' });
    expect(
      body(await admin.post('/api/v1/cs/complaints', { conversation_id: id, reason: 'again' })).code,
    ).toBe(400001);
    // Closing needs the outcome; a move backwards is refused; a stale version too.
    const noOutcome = await admin.put(`/api/v1/cs/complaints/${complaint.id}`, {
      status: 'closed',
      version: complaint.version,
    });
    expect(body(noOutcome)).toMatchObject({
      code: 400001,
      data: { fields: { outcome: expect.any(String) } },
    });
    const working = body<CsComplaint>(
      await admin.put(`/api/v1/cs/complaints/${complaint.id}`, {
        status: 'investigating',
        version: complaint.version,
      }),
    ).data;
    expect(working.status).toBe('investigating');
    expect(
      body(
        await admin.put(`/api/v1/cs/complaints/${complaint.id}`, {
          status: 'open',
          version: working.version,
        }),
      ).code,
    ).toBe(422001);
    expect(
      body(
        await admin.put(`/api/v1/cs/complaints/${complaint.id}`, {
          status: 'closed',
          outcome: 'coached',
          version: complaint.version,
        }),
      ).code,
    ).toBe(409001);
    const closed = await admin.put(`/api/v1/cs/complaints/${complaint.id}`, {
      status: 'closed',
      outcome: 'coached',
      version: working.version,
    });
    expect(body<CsComplaint>(closed).data).toMatchObject({ status: 'closed', outcome: 'coached' });
    const closedOnes = body<{ list: CsRatingRow[] }>(
      await admin.get('/api/v1/cs/ratings?complaint=closed'),
    ).data;
    expect(closedOnes.list.map((r) => r.conversation_id)).toContain(id);
    const none = body<{ list: CsRatingRow[] }>(await admin.get('/api/v1/cs/ratings?complaint=none')).data;
    expect(none.list.map((r) => r.conversation_id)).not.toContain(id);
    expect((await t.logsOf('cs_complaint', complaint.id)).map((l) => l.action)).toContain('update');

    // Permissions, and another CP sees none of it.
    const reader = await t.staff([csRatingAccess.permissions.see]);
    expect((await reader.get('/api/v1/cs/ratings')).statusCode).toBe(200);
    expect(body(await reader.post('/api/v1/cs/complaints', { conversation_id: id, reason: 'r' })).code).toBe(
      403001,
    );
    const other = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    const theirs = body<{ list: CsRatingRow[] }>(await other.get('/api/v1/cs/ratings')).data;
    expect(theirs.list.map((r) => r.conversation_id)).not.toContain(id);
    expect(
      body(
        await other.put(`/api/v1/cs/complaints/${complaint.id}`, {
          status: 'closed',
          outcome: 'x',
          version: 3,
        }),
      ).code,
    ).toBe(404001);
  });
});

describe('service operation log', () => {
  it("lists the CP's service changes only, filtered by target, to those with its permission", async () => {
    await save({ survey_text: `log ${tag}` });
    type Log = { list: { target_type: string; username: string; action: string }[]; total: number };
    const all = body<Log>(await admin.get('/api/v1/cs/operation-log?page_size=100')).data;
    expect(all.list.map((l) => l.target_type)).toContain('cs_settings');
    expect(all.list.every((l) => l.target_type.startsWith('cs'))).toBe(true);
    const settingsOnly = body<Log>(await admin.get('/api/v1/cs/operation-log?target_type=cs_settings')).data;
    expect(settingsOnly.total).toBeGreaterThan(0);
    expect(new Set(settingsOnly.list.map((l) => l.target_type))).toEqual(new Set(['cs_settings']));
    expect(body(await admin.get('/api/v1/cs/operation-log?target_type=staff')).code).toBe(400001);
    const byName = body<Log>(await admin.get('/api/v1/cs/operation-log?username=nobody_at_all')).data;
    expect(byName.total).toBe(0);
    const nobody = await t.staff([]);
    expect(body(await nobody.get('/api/v1/cs/operation-log')).code).toBe(403001);
    const other = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    const theirs = body<Log>(await other.get('/api/v1/cs/operation-log?target_type=cs_settings')).data;
    expect(theirs.list.map((l) => l.username)).not.toContain('admin');
  });
});

describe('robot session records', () => {
  it('lists the conversations the bot answered, bot-only or handed off, with their transcript', async () => {
    const rule = await admin.post('/api/v1/auto-replies', {
      name: `rb${tag}`,
      keywords: [{ text: `rb${tag}`, match: 'contains' }],
      replies: [{ type: 'text', text: `bot says ${tag}` }],
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const ask = async (player: string, text: string, id?: number) => {
      const c = id ?? (await open(player));
      const res = await t.signedCall(t.key, 'POST', `/api/game/v1/cs/conversations/${c}/messages`, {
        openid: player,
        text,
      });
      expect(res.statusCode, res.body).toBe(200);
      return c;
    };
    const botOnly = await ask(openid('rb1'), `about rb${tag}`);
    const handed = await ask(openid('rb2'), `about rb${tag}`);
    await ask(openid('rb2'), '转人工', handed);

    type Sessions = {
      list: { id: number; bot_replies: number }[];
      total: number;
      summary: Record<string, number>;
    };
    // Found by part of the openid (`st<tag>_rb…`).
    const all = body<Sessions>(await admin.get(`/api/v1/cs/robot-sessions?q=${openid('rb')}`)).data;
    expect(all.list.map((s) => s.id).sort()).toEqual([botOnly, handed].sort());
    expect(all.list.every((s) => s.bot_replies >= 1)).toBe(true);
    expect(all.summary.bot_only).toBeGreaterThanOrEqual(1);
    expect(all.summary.handed_off).toBeGreaterThanOrEqual(1);
    const only = body<Sessions>(
      await admin.get(`/api/v1/cs/robot-sessions?q=${openid('rb')}&kind=bot_only`),
    ).data;
    expect(only.list.map((s) => s.id)).toEqual([botOnly]);
    const passed = body<Sessions>(
      await admin.get(`/api/v1/cs/robot-sessions?q=${openid('rb')}&kind=handed_off`),
    ).data;
    expect(passed.list.map((s) => s.id)).toEqual([handed]);
    expect(body(await admin.get('/api/v1/cs/robot-sessions?kind=nobody')).code).toBe(400001);
    const transcript = body<{ list: { author: string; text: string }[] }>(
      await admin.get(`/api/v1/cs/robot-sessions/${botOnly}/messages`),
    ).data.list;
    expect(transcript.map((m) => m.text)).toContain(`bot says ${tag}`);
    const nobody = await t.staff([]);
    expect(body(await nobody.get('/api/v1/cs/robot-sessions')).code).toBe(403001);
    const other = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    expect(body(await other.get(`/api/v1/cs/robot-sessions/${botOnly}/messages`)).code).toBe(404001);
  });
});
