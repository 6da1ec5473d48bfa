import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { csConversationAccess, type CsLiveData, type GameCsConversation } from '@rx/contracts';
import { body, signInAs, useTestApp, type Client } from '../../../test/index.ts';
import { Live } from '../../../test/live.ts';
import { products, rolePermissions, roles, users } from '../../db/schema.ts';
import type { ServerMessage } from '../live/index.ts';
import { csAgents } from './tables.ts';

// Who hears the workbench's live events (topic `cs`), through real sockets: a conversation's agent,
// the consoles with it open or watching a queue that lists it; never another CP's, never without
// the workbench's permission.

const t = useTestApp({ gameKey: true });
const perms = csConversationAccess.permissions;
const tag = Date.now().toString(36);
const sockets: Live[] = [];

interface Console {
  id: number;
  refreshToken: string;
  cpId: number;
  api: Client;
  live: Live;
}

afterAll(() => {
  for (const live of sockets) live.ws.close();
});

/** A staff member signed in, with their console's live connection open. */
async function console(username: string): Promise<Console> {
  const { user } = await signInAs(t.app, username);
  const live = await Live.signedIn(t.app, user.access_token);
  sockets.push(live);
  return {
    id: Number(user.id),
    refreshToken: user.refresh_token,
    cpId: Number(user.cpid),
    api: t.client(user.access_token, t.productId),
    live,
  };
}

async function status(agent: Console, value: 'online' | 'away', capacity?: number): Promise<void> {
  if (capacity !== undefined) {
    await t.database.db
      .insert(csAgents)
      .values({ cpId: agent.cpId, userId: agent.id, capacity, status: 'offline' })
      .onConflictDoUpdate({ target: csAgents.userId, set: { capacity } });
  }
  const res = await agent.api.put('/api/v1/cs/agents/me/status', { status: value });
  expect(res.statusCode, res.body).toBe(200);
}

async function open(player: string): Promise<GameCsConversation> {
  const res = await t.signedCall(t.key, 'POST', '/api/game/v1/cs/conversations', { openid: player });
  expect(res.statusCode, res.body).toBe(200);
  return body<GameCsConversation>(res).data;
}
async function say(id: number, player: string, text: string): Promise<void> {
  const res = await t.signedCall(t.key, 'POST', `/api/game/v1/cs/conversations/${id}/messages`, {
    openid: player,
    text,
  });
  expect(res.statusCode, res.body).toBe(200);
}

type CsMessage = Extract<ServerMessage, { type: 'event' }> & { data: CsLiveData };

/** The console's next message, which must be a `cs` event. */
async function nextCs(live: Live): Promise<CsLiveData> {
  const message = await live.next();
  expect(message).toMatchObject({ type: 'event', topic: 'cs' });
  return (message as CsMessage).data;
}

/** The `cs` events up to the first that `found` accepts (that one last). */
async function csUntil(live: Live, found: (data: CsLiveData) => boolean): Promise<CsLiveData[]> {
  const seen: CsLiveData[] = [];
  for (;;) {
    const data = await nextCs(live);
    seen.push(data);
    if (found(data)) return seen;
  }
}

/** A notification to `who` only: the first thing their console hears after it proves it heard nothing else. */
function notify(who: Console, title: string): void {
  t.app.events.publish({
    topic: 'notification',
    cpId: who.cpId,
    userId: who.id,
    data: { id: 1, kind: 'system', title },
  });
}

/** Reads what the console heard so far (up to a notification sent it now). */
async function drain(who: Console): Promise<void> {
  notify(who, 'drain');
  for (;;) {
    const message = await who.live.next();
    if (message.type === 'event' && message.topic === 'notification') return;
  }
}

describe('service live events, addressed', () => {
  it("reach a conversation's agent and those watching it or its queue; not a colleague's other queue, not another CP, not without permission", async () => {
    const product = t.productId;
    const agentA = await console(await t.staffWith([perms.see, perms.edit]));
    const agentB = await console(await t.staffWith([perms.see, perms.edit]));
    const supervisor = await console(await t.staffWith([perms.see]));
    const unpermitted = await console(await t.staffWith([]));
    const otherCp = await console(await t.adminOf('ops_hw'));
    const [theirs] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.cpId, otherCp.cpId));

    // A takes one conversation at a time; B is an agent, away (never given one).
    await status(agentA, 'online', 1);
    await status(agentB, 'away');
    expect(await agentA.live.watch('cs', { product_id: product, queue: 'mine' })).toBe(true);
    expect(await agentB.live.watch('cs', { product_id: product, queue: 'mine' })).toBe(true);
    expect(await supervisor.live.watch('cs', { product_id: product, queue: 'all' })).toBe(true);
    // Refused: no workbench permission; a game of another CP; a watch that is no watch.
    expect(await unpermitted.live.watch('cs', { product_id: product, queue: 'all' })).toBe(false);
    expect(await otherCp.live.watch('cs', { product_id: product, queue: 'all' })).toBe(false);
    expect(await otherCp.live.watch('cs', { product_id: product, queue: 'everything' })).toBe(false);
    // Their own game they may watch: it hears nothing of this CP's.
    expect(await otherCp.live.watch('cs', { product_id: theirs!.id, queue: 'all' })).toBe(true);

    // A player asks for a person and writes again: the conversation is A's.
    const first = `aud${tag}_1`;
    const c1 = await open(first);
    await say(c1.id, first, '人工');
    await say(c1.id, first, 'hello there');
    expect(await nextCs(agentA.live)).toMatchObject({
      conversation_id: c1.id,
      what: 'assigned',
      state: 'open',
      assignee_id: agentA.id,
      previous_state: 'pending',
    });
    // The everyday message carries what the list shows of it: no read needed.
    expect(await nextCs(agentA.live)).toMatchObject({
      conversation_id: c1.id,
      what: 'message',
      author: 'player',
      last_message: 'hello there',
      assignee_id: agentA.id,
    });
    // The supervisor watching every conversation heard it all, from the bot's first moment.
    const watched = await csUntil(supervisor.live, (d) => d.last_message === 'hello there');
    expect(watched.map((d) => `${d.conversation_id}:${d.what}`)).toEqual([
      `${c1.id}:state`,
      `${c1.id}:message`,
      `${c1.id}:assigned`,
      `${c1.id}:message`,
    ]);

    // B, watching only its own queue, heard none of it: its first event is of the next conversation,
    // which waits in the unassigned queue (A is full) that B now watches.
    expect(await agentB.live.watch('cs', { product_id: product, queue: 'unassigned' })).toBe(true);
    const second = `aud${tag}_2`;
    const c2 = await open(second);
    await say(c2.id, second, '人工');
    expect(await nextCs(agentB.live)).toMatchObject({
      conversation_id: c2.id,
      what: 'state',
      state: 'open',
      assignee_id: null,
    });
    // Nothing of either reached another CP's console, nor one without the permission.
    notify(otherCp, 'other cp');
    expect(await otherCp.live.next()).toMatchObject({ topic: 'notification', data: { title: 'other cp' } });
    notify(unpermitted, 'unpermitted');
    expect(await unpermitted.live.next()).toMatchObject({
      topic: 'notification',
      data: { title: 'unpermitted' },
    });

    // A transfers the conversation to B: B hears it as its new agent, A that it left.
    const moved = await agentA.api.post(`/api/v1/cs/conversations/${c1.id}/transfer`, {
      user_id: agentB.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const transfer = { conversation_id: c1.id, what: 'assigned', assignee_id: agentB.id };
    expect(await nextCs(agentA.live)).toMatchObject({ ...transfer, previous_assignee_id: agentA.id });
    expect(await nextCs(agentB.live)).toMatchObject(transfer);

    // Typing reaches the consoles with the chat open, never the one typing.
    await csUntil(supervisor.live, (d) => d.conversation_id === c1.id && d.assignee_id === agentB.id);
    expect(
      await supervisor.live.watch('cs', { product_id: product, queue: 'all', conversation_id: c1.id }),
    ).toBe(true);
    const typed = await agentB.api.post(`/api/v1/cs/conversations/${c1.id}/typing`, {});
    expect(typed.statusCode, typed.body).toBe(200);
    const heard = await csUntil(supervisor.live, (d) => d.what === 'typing');
    expect(heard.at(-1)).toMatchObject({ conversation_id: c1.id, by: agentB.id });
    notify(agentB, 'after typing');
    expect(await agentB.live.next()).toMatchObject({ topic: 'notification' });
  }, 90_000);

  it('stops when the watch ends, and after a permission change until the renewed token may see it', async () => {
    const name = await t.staffWith([perms.see, perms.edit]);
    const agent = await console(name);
    await status(agent, 'online', 5);
    expect(await agent.live.watch('cs', { product_id: t.productId, queue: 'mine' })).toBe(true);
    const player = `aud${tag}_3`;
    const c = await open(player);
    await say(c.id, player, '人工');
    // The agent takes it by hand (whoever the round robin gave it to).
    const taken = await agent.api.post(`/api/v1/cs/conversations/${c.id}/assign`, { user_id: agent.id });
    expect(taken.statusCode, taken.body).toBe(200);
    await csUntil(agent.live, (d) => d.conversation_id === c.id && d.assignee_id === agent.id);
    await drain(agent);

    // Watching nothing: the player's next message does not come.
    expect(await agent.live.watch('cs', null)).toBe(false);
    await say(c.id, player, 'unheard');
    notify(agent, 'nothing before this');
    expect(await agent.live.next()).toMatchObject({ topic: 'notification' });

    // Watching again, then the workbench permission is taken away (the role's permissions and the
    // user's stamp, as the role editor writes them): silence from the change on, and the renewed
    // token may not watch any more.
    expect(await agent.live.watch('cs', { product_id: t.productId, queue: 'mine' })).toBe(true);
    const { db } = t.database;
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.identifier, name));
    await db.delete(rolePermissions).where(eq(rolePermissions.roleId, role!.id));
    await db.update(users).set({ permChangedAt: Date.now() }).where(eq(users.id, agent.id));
    t.app.events.publish({ topic: 'permissions', cpId: agent.cpId, userId: agent.id, data: {} });
    expect(await agent.live.next()).toMatchObject({ topic: 'permissions' });
    await say(c.id, player, 'after the change');
    notify(agent, 'silent');
    expect(await agent.live.next()).toMatchObject({ topic: 'notification', data: { title: 'silent' } });
    const renewed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/acs/user/rejwt?rejwt=${encodeURIComponent(agent.refreshToken)}`,
    });
    const fresh = body<{ access_token: string }>(renewed).data.access_token;
    agent.live.send({ type: 'auth', token: fresh });
    expect(await agent.live.next()).toMatchObject({ type: 'ready' });
    await say(c.id, player, 'after the renewal');
    notify(agent, 'refused');
    expect(await agent.live.next()).toMatchObject({ topic: 'notification', data: { title: 'refused' } });
  }, 90_000);
});
