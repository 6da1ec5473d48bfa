import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  csConversationAccess,
  scriptFits,
  type CsAgentState,
  type CsScript,
  type CsConversation,
  type CsMessage,
  type GameCsConversation,
  type GameCsMessage,
} from '@rx/contracts';
import { body, type Client, useTestApp } from '../../../test/index.ts';
import { users } from '../../db/schema.ts';
import { asksForPerson } from './service.ts';
import { csAgents, csBlacklist, csConversations } from './tables.ts';

// Service conversations: a player through the signed game API, the bot, the agents' queues.

const t = useTestApp({ gameKey: 'cs' });
const admin = t.admin;
const perms = csConversationAccess.permissions;
const tag = Date.now().toString(36);
const openid = (n: number | string) => `cs${tag}_${n}`;

async function open(player: string, k = t.key): Promise<GameCsConversation> {
  const res = await t.signedCall(k, 'POST', '/api/game/v1/cs/conversations', {
    openid: player,
    nickname: `N${player}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<GameCsConversation>(res).data;
}
async function say(id: number, player: string, text: string): Promise<GameCsMessage[]> {
  const res = await t.signedCall(t.key, 'POST', `/api/game/v1/cs/conversations/${id}/messages`, {
    openid: player,
    text,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ list: GameCsMessage[] }>(res).data.list;
}
async function read(id: number, player: string, after = 0) {
  const res = await t.signedCall(
    t.key,
    'GET',
    `/api/game/v1/cs/conversations/${id}/messages?openid=${player}&after=${after}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return body<{ conversation: GameCsConversation; list: GameCsMessage[] }>(res).data;
}
async function conversation(api: Client, id: number): Promise<CsConversation> {
  const res = await api.get(`/api/v1/cs/conversations/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<CsConversation>(res).data;
}
async function queue(api: Client, name: string): Promise<number[]> {
  const res = await api.get(`/api/v1/cs/conversations?queue=${name}&page_size=100`);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ list: CsConversation[] }>(res).data.list.map((c) => c.id);
}
async function userIdOf(api: Client): Promise<number> {
  return body<CsAgentState>(await api.get('/api/v1/cs/agents/me')).data.user_id;
}
async function online(api: Client, capacity: number): Promise<number> {
  const id = await userIdOf(api);
  // Capacity is the personnel page's: set here directly, then online.
  await t.database.db
    .insert(csAgents)
    .values({ cpId: (await cpOf(id))!, userId: id, capacity, status: 'offline' })
    .onConflictDoUpdate({ target: csAgents.userId, set: { capacity } });
  const res = await api.put('/api/v1/cs/agents/me/status', { status: 'online' });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}
async function cpOf(userId: number) {
  const [row] = await t.database.db.select({ cpId: users.cpId }).from(users).where(eq(users.id, userId));
  return row?.cpId;
}

beforeAll(async () => {
  const rule = await admin.post('/api/v1/auto-replies', {
    name: `kw${tag}`,
    keywords: [{ text: `kw${tag}`, match: 'contains' }],
    replies: [{ type: 'text', text: `answer ${tag}` }],
  });
  expect(rule.statusCode, rule.body).toBe(200);
});

describe('handoff words', () => {
  it('knows a request for a person in several languages, not a word inside another', () => {
    expect(asksForPerson('转人工')).toBe(true);
    expect(asksForPerson('我要人工客服')).toBe(true);
    expect(asksForPerson('Human please')).toBe(true);
    expect(asksForPerson('أريد موظف')).toBe(true);
    expect(asksForPerson('agents of shield')).toBe(false);
    expect(asksForPerson('充值没到账')).toBe(false);
  });
});

describe('conversations', () => {
  it('lets the bot answer from the auto-reply rules, then hands off on request into the queue', async () => {
    const player = openid('bot');
    const c = await open(player);
    expect(c).toMatchObject({ state: 'pending', with_agent: false });
    // Opening again gives the same conversation.
    expect((await open(player)).id).toBe(c.id);

    const answered = await say(c.id, player, `about kw${tag} please`);
    expect(answered.map((m) => [m.author, m.text])).toEqual([
      ['player', `about kw${tag} please`],
      ['bot', `answer ${tag}`],
    ]);
    expect((await conversation(admin, c.id)).state).toBe('pending');

    const handed = await say(c.id, player, '转人工');
    expect(handed).toHaveLength(1);
    const after = await conversation(admin, c.id);
    expect(after).toMatchObject({ state: 'open', assignee_id: null });
    expect(await queue(admin, 'unassigned')).toContain(c.id);
    const seen = await read(c.id, player);
    expect(seen.list.filter((m) => m.author === 'system').map((m) => m.event)).toEqual(['handoff', 'queued']);
  });

  it('hands off when no rule matches, and keeps notes from the player', async () => {
    const player = openid('nomatch');
    const c = await open(player);
    await say(c.id, player, 'something nobody wrote a rule for');
    expect((await conversation(admin, c.id)).state).toBe('open');

    const reply = await admin.post(`/api/v1/cs/conversations/${c.id}/messages`, { text: '您好，我来看看' });
    expect(reply.statusCode, reply.body).toBe(200);
    const note = await admin.post(`/api/v1/cs/conversations/${c.id}/notes`, { text: 'internal: VIP' });
    expect(note.statusCode, note.body).toBe(200);
    const taken = await conversation(admin, c.id);
    expect(taken.assignee_id).toBe(await userIdOf(admin));
    expect(taken.first_response_at).not.toBeNull();

    const seen = await read(c.id, player);
    expect(seen.list.map((m) => m.text)).toContain('您好，我来看看');
    expect(seen.list.map((m) => m.text)).not.toContain('internal: VIP');
    // The agent's list marks the agent's message read by the player now.
    const staffView = body<{ list: CsMessage[] }>(
      await admin.get(`/api/v1/cs/conversations/${c.id}/messages`),
    ).data.list;
    expect(staffView.find((m) => m.kind === 'note')?.text).toBe('internal: VIP');
    expect(staffView.find((m) => m.text === '您好，我来看看')?.read).toBe(true);
    // Only the latest after a given id.
    const last = seen.list.at(-1)!.id;
    expect((await read(c.id, player, last)).list).toEqual([]);
  });

  it('refuses bad input with a translated error and changes nothing', async () => {
    const player = openid('bad');
    const c = await open(player);
    const empty = await t.signedCall(t.key, 'POST', `/api/game/v1/cs/conversations/${c.id}/messages`, {
      openid: player,
      text: '',
    });
    expect(body(empty).code).toBe(400001);
    const nul = await t.signedCall(t.key, 'POST', `/api/game/v1/cs/conversations/${c.id}/messages`, {
      openid: player,
      text: 'a\u0000b',
    });
    expect(body(nul).code).toBe(400001);
    const other = await t.signedCall(t.key, 'POST', `/api/game/v1/cs/conversations/${c.id}/messages`, {
      openid: openid('stranger'),
      text: 'hi',
    });
    expect(body(other).code).toBe(404001);
    expect((await read(c.id, player)).list.filter((m) => m.author === 'player')).toEqual([]);
    const past = await admin.post(`/api/v1/cs/conversations/${c.id}/snooze`, {
      until: '2001-01-01T00:00:00Z',
    });
    expect(body(past).code).toBe(422001);
    // Once with an agent, a time already past is refused on its field.
    await admin.post(`/api/v1/cs/conversations/${c.id}/messages`, { text: 'hi' });
    const late = await admin.post(`/api/v1/cs/conversations/${c.id}/snooze`, {
      until: '2001-01-01T00:00:00Z',
    });
    expect(body(late)).toMatchObject({ code: 400001, data: { fields: { until: expect.any(String) } } });
  });

  it('refuses a blacklisted player until the entry expires', async () => {
    const player = openid('black');
    const [row] = await t.database.db
      .insert(csBlacklist)
      .values({
        cpId: (await cpOf(await userIdOf(admin)))!,
        productId: t.productId,
        openid: player,
        reason: 'abuse',
      })
      .returning();
    const refused = await t.signedCall(t.key, 'POST', '/api/game/v1/cs/conversations', { openid: player });
    expect(body(refused)).toMatchObject({ code: 422001, msg: expect.stringContaining('黑名单') });
    expect(
      (await t.database.db.select().from(csConversations).where(eq(csConversations.openid, player))).length,
    ).toBe(0);
    await t.database.db
      .update(csBlacklist)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(csBlacklist.id, row!.id));
    expect((await open(player)).state).toBe('pending');
  });

  it('assigns by online status and capacity, round robin, and gives a freed place to the queue', async () => {
    const first = await t.staff([perms.see, perms.edit]);
    const second = await t.staff([perms.see, perms.edit]);
    const away = await t.staff([perms.see, perms.edit]);
    expect((await away.put('/api/v1/cs/agents/me/status', { status: 'away' })).statusCode).toBe(200);
    const firstId = await online(first, 1);
    const secondId = await online(second, 1);
    // Someone else's waiting conversations may have gone to them already: start them empty.
    for (const api of [first, second]) {
      for (const id of await queue(api, 'mine')) await api.post(`/api/v1/cs/conversations/${id}/resolve`, {});
    }
    // Earlier tests' waiting conversations are handed out first: clear them out of the queue.
    for (const id of await queue(admin, 'unassigned'))
      await admin.post(`/api/v1/cs/conversations/${id}/resolve`, {});

    const players = [1, 2, 3].map((n) => openid(`cap${n}`));
    const ids: number[] = [];
    for (const p of players) {
      const c = await open(p);
      await say(c.id, p, 'human');
      ids.push(c.id);
    }
    const assignees = await Promise.all(ids.map(async (id) => (await conversation(admin, id)).assignee_id));
    expect(new Set(assignees.slice(0, 2))).toEqual(new Set([firstId, secondId]));
    expect(assignees[2]).toBeNull();
    expect(await queue(first, 'mine')).toHaveLength(1);
    expect(await queue(second, 'mine')).toHaveLength(1);

    // First resolves: the waiting one goes to them; the agent away never got one.
    const firstOwn = ids[assignees.indexOf(firstId)]!;
    const resolved = await first.post(`/api/v1/cs/conversations/${firstOwn}/resolve`, {});
    expect(body<CsConversation>(resolved).data.state).toBe('resolved');
    expect((await conversation(admin, ids[2]!)).assignee_id).toBe(firstId);
    expect(await queue(away, 'mine')).toEqual([]);

    // The player rates once, only when resolved.
    const p0 = players[assignees.indexOf(firstId)]!;
    const rate = (score: number) =>
      t.signedCall(t.key, 'POST', `/api/game/v1/cs/conversations/${firstOwn}/rating`, {
        openid: p0,
        score,
      });
    expect(body(await rate(6)).code).toBe(400001);
    expect(body<GameCsConversation>(await rate(5)).data.rating).toBe(5);
    expect(body(await rate(4)).code).toBe(422001);
    const unresolved = await t.signedCall(t.key, 'POST', `/api/game/v1/cs/conversations/${ids[2]}/rating`, {
      openid: players[2],
      score: 3,
    });
    expect(body(unresolved).code).toBe(422001);
  });

  it('transfers to another agent with a note, and refuses one who is not an agent', async () => {
    const from = await t.staff([perms.see, perms.edit]);
    const to = await t.staff([perms.see, perms.edit]);
    const toId = await online(to, 5);
    await to.put('/api/v1/cs/agents/me/status', { status: 'offline' });
    const player = openid('transfer');
    const c = await open(player);
    await from.post(`/api/v1/cs/conversations/${c.id}/messages`, { text: 'hello' });
    const moved = await from.post(`/api/v1/cs/conversations/${c.id}/transfer`, {
      user_id: toId,
      note: 'billing',
    });
    expect(body<CsConversation>(moved).data.assignee_id).toBe(toId);
    expect(await queue(to, 'mine')).toContain(c.id);
    const nonAgent = await t.staffWith([]);
    const [stranger] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, nonAgent));
    const refused = await from.post(`/api/v1/cs/conversations/${c.id}/transfer`, { user_id: stranger!.id });
    expect(body(refused).code).toBe(422001);
    expect((await conversation(admin, c.id)).assignee_id).toBe(toId);
  });

  it('checks permissions on the server and keeps other games and CPs apart', async () => {
    const player = openid('perm');
    const c = await open(player);
    const viewer = await t.staff([perms.see]);
    expect((await viewer.get(`/api/v1/cs/conversations/${c.id}`)).statusCode).toBe(200);
    expect(body(await viewer.post(`/api/v1/cs/conversations/${c.id}/messages`, { text: 'x' })).code).toBe(
      403001,
    );
    const nobody = await t.staff([]);
    expect(body(await nobody.get('/api/v1/cs/conversations')).code).toBe(403001);
    const cs = await t.signIn('cs_agent', 'xianxia');
    expect((await cs.get(`/api/v1/cs/conversations/${c.id}`)).statusCode).toBe(200);
    const tank = t.client(t.user.access_token, await t.productIdOf('tankwar'));
    expect(body(await tank.get(`/api/v1/cs/conversations/${c.id}`)).code).toBe(404001);
    const otherCp = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    expect(body(await otherCp.get(`/api/v1/cs/conversations/${c.id}`)).code).toBe(404001);
  });
});

describe('canned replies and the player context', () => {
  it('keeps personal scripts to their author, and lets only the scripts page write', async () => {
    const scriptPerms = (await import('@rx/contracts')).csScriptAccess.permissions;
    const writer = await t.staff([perms.see, scriptPerms.see, scriptPerms.edit, scriptPerms.delete]);
    const reader = await t.staff([perms.see]);
    const shared = await writer.post('/api/v1/cs/scripts', {
      title: 'Hi',
      body: 'Hello {nickname}',
      category: 'greet',
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const own = await writer.post('/api/v1/cs/scripts', { title: 'Mine', body: 'only me', personal: true });
    expect(body<{ personal: boolean }>(own).data.personal).toBe(true);
    const titles = async (api: Client) =>
      body<{ list: { title: string }[] }>(await api.get('/api/v1/cs/scripts')).data.list.map((s) => s.title);
    expect(await titles(writer)).toEqual(expect.arrayContaining(['Hi', 'Mine']));
    expect(await titles(reader)).toContain('Hi');
    expect(await titles(reader)).not.toContain('Mine');
    expect(body(await reader.post('/api/v1/cs/scripts', { title: 'x', body: 'y' })).code).toBe(403001);
    expect(body(await writer.post('/api/v1/cs/scripts', { title: '', body: 'y' })).code).toBe(400001);
    const id = body<{ id: number; version: number }>(shared).data;
    const stale = await writer.put(`/api/v1/cs/scripts/${id.id}`, {
      body: 'changed',
      version: id.version + 5,
    });
    expect(body(stale).code).toBe(409001);
    expect(body(await writer.del(`/api/v1/cs/scripts/${id.id}`)).code).toBe(0);
    expect(await titles(writer)).not.toContain('Hi');
  });

  it('keeps the language a script is written in, and offers it only for conversations in it', async () => {
    const made = await admin.post('/api/v1/cs/scripts', { title: `ar${tag}`, body: 'مرحبا', lang: 'ar' });
    expect(made.statusCode, made.body).toBe(200);
    const script = body<CsScript>(made).data;
    expect(script.lang).toBe('ar');
    // Not a console language: refused, nothing written.
    const wrong = await admin.post('/api/v1/cs/scripts', { title: `xx${tag}`, body: 'x', lang: 'xx' });
    expect(body(wrong).code).toBe(400001);
    const all = body<{ list: CsScript[] }>(await admin.get('/api/v1/cs/scripts')).data.list;
    expect(all.map((s) => s.title)).not.toContain(`xx${tag}`);
    const changed = await admin.put(`/api/v1/cs/scripts/${script.id}`, { lang: '', version: script.version });
    expect(body<CsScript>(changed).data.lang).toBe('');

    expect(scriptFits({ lang: 'ar' }, 'ar-EG')).toBe(true);
    expect(scriptFits({ lang: 'ar' }, 'zh-CN')).toBe(false);
    expect(scriptFits({ lang: 'tc' }, 'zh-TW')).toBe(true);
    expect(scriptFits({ lang: 'tl' }, 'fil')).toBe(true);
    expect(scriptFits({ lang: '' }, 'th')).toBe(true);
    expect(scriptFits({ lang: 'ja' }, '')).toBe(true);
  });

  it("shows the player's past conversations beside the chat", async () => {
    const player = openid('ctx');
    const first = await open(player);
    await admin.post(`/api/v1/cs/conversations/${first.id}/messages`, { text: 'one' });
    await admin.post(`/api/v1/cs/conversations/${first.id}/resolve`, {});
    const second = await open(player);
    expect(second.id).not.toBe(first.id);
    const res = await admin.get(`/api/v1/cs/conversations/${second.id}/context`);
    expect(res.statusCode, res.body).toBe(200);
    const context = body<{ conversations: { id: number }[] }>(res).data;
    expect(context.conversations.map((c) => c.id)).toEqual([first.id]);
  });
});
