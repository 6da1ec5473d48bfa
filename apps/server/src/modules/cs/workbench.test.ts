import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  csConversationAccess,
  type CsConversation,
  type CsPlayerContext,
  type CsSettings,
  type CsTicketResult,
  type GameCsConversation,
  type GameCsMessage,
} from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { users } from '../../db/schema.ts';
import { players } from '../players/tables.ts';
import { sanctions } from '../sanctions/tables.ts';
import { tickets } from '../tickets/tables.ts';
import { webOrders } from '../web-shop/tables.ts';
import { reassignOverdue } from './reassign.ts';
import { csAgents, csMessages } from './tables.ts';

// The workbench's three last items: the player's orders and sanctions beside the chat, turning a
// conversation into a ticket, and reassignment when the agent does not answer in time.

const t = useTestApp({ gameKey: 'cs-workbench' });
const admin = t.admin;
const tag = Date.now().toString(36);
const openid = (n: number | string) => `wb${tag}_${n}`;
const perms = csConversationAccess.permissions;
let cpId: number;
let typeId: number;

const allOpen = Array.from({ length: 7 }, () => ({ open: true, from: '00:00', to: '24:00' }));
const allClosed = Array.from({ length: 7 }, () => ({ open: false, from: '09:00', to: '18:00' }));

async function save(changes: Partial<CsSettings>): Promise<CsSettings> {
  const { updated_at: _u, ...current } = body<CsSettings>(await admin.get('/api/v1/cs/settings')).data;
  const res = await admin.put('/api/v1/cs/settings', { ...current, ...changes });
  expect(res.statusCode, res.body).toBe(200);
  return body<CsSettings>(res).data;
}
async function say(id: number, player: string, text: string): Promise<void> {
  const res = await t.signedCall(t.key, 'POST', `/api/game/v1/cs/conversations/${id}/messages`, {
    openid: player,
    text,
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function handOff(player: string): Promise<number> {
  const res = await t.signedCall(t.key, 'POST', '/api/game/v1/cs/conversations', {
    openid: player,
    nickname: `N${player}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = body<GameCsConversation>(res).data.id;
  await say(id, player, '转人工');
  return id;
}
async function events(id: number, player: string): Promise<(string | null)[]> {
  const res = await t.signedCall(
    t.key,
    'GET',
    `/api/game/v1/cs/conversations/${id}/messages?openid=${player}`,
  );
  return body<{ list: GameCsMessage[] }>(res)
    .data.list.filter((m) => m.author === 'system')
    .map((m) => m.event);
}
async function assigneeOf(id: number): Promise<number | null> {
  return body<CsConversation>(await admin.get(`/api/v1/cs/conversations/${id}`)).data.assignee_id;
}
async function context(id: number): Promise<CsPlayerContext> {
  const res = await admin.get(`/api/v1/cs/conversations/${id}/context`);
  expect(res.statusCode, res.body).toBe(200);
  return body<CsPlayerContext>(res).data;
}
/** A new staff member of the demo CP made an agent, online, with this capacity. */
async function agent(capacity: number): Promise<number> {
  const name = await t.staffWith([]);
  const [user] = await t.database.db.select().from(users).where(eq(users.username, name));
  await t.database.db.insert(csAgents).values({ cpId, userId: user!.id, capacity, status: 'online' });
  return user!.id;
}
/** Moves every message of the conversation `minutes` into the past (the player's wait, the assignment). */
async function age(id: number, minutes: number): Promise<void> {
  await t.database.db
    .update(csMessages)
    .set({ createdAt: sql`${csMessages.createdAt} - make_interval(mins => ${minutes})` })
    .where(eq(csMessages.conversationId, id));
}

beforeAll(async () => {
  const [me] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
  cpId = me!.cpId;
  const type = await admin.post('/api/v1/feedback-types', {
    code: `wb${tag}`,
    name: { zh: '充值', en: 'Top-up' },
  });
  expect(type.statusCode, type.body).toBe(200);
  typeId = body<{ id: number }>(type).data.id;
});

describe("the player's context", () => {
  it('shows their last orders and their sanctions of this game only, those in force first', async () => {
    const player = openid('ctx');
    const db = t.database.db;
    const [row] = await db.insert(players).values({ productId: t.productId, openid: player }).returning();
    for (let i = 1; i <= 6; i++)
      await db.insert(webOrders).values({
        cpId,
        productId: t.productId,
        orderNo: `wb${tag}o${i}`,
        idempotencyKey: `wb${tag}i${i}`,
        openid: player,
        roleId: `r${tag}`,
        server: 's1',
        sku: `sku${i}`,
        goodName: `Pack ${i}`,
        country: 'US',
        currency: 'USD',
        amount: 100 * i,
        paymentMethod: 'card',
        provider: 'fakepay',
        state: i === 6 ? 'paid' : 'delivered',
        createdAt: new Date(Date.UTC(2026, 0, i)),
      });
    const sanction = (productId: number, status: string, endsAt: Date | null, reason: string) => ({
      cpId,
      productId,
      playerId: row!.id,
      openid: player,
      kind: 'mute',
      reason,
      status,
      endsAt,
    });
    await db
      .insert(sanctions)
      .values([
        sanction(t.productId, 'lifted', null, `old ${tag}`),
        sanction(t.productId, 'active', null, `now ${tag}`),
        sanction(t.productId, 'active', new Date(Date.now() - 60_000), `ended ${tag}`),
        sanction(await t.productIdOf('tankwar'), 'active', null, `elsewhere ${tag}`),
      ]);
    const id = await handOff(player);
    const ctx = await context(id);
    // The five latest, newest first, with amount, state and time.
    expect(ctx.orders.map((o) => o.order_no)).toEqual([6, 5, 4, 3, 2].map((i) => `wb${tag}o${i}`));
    expect(ctx.orders[0]).toMatchObject({ amount: 600, currency: 'USD', state: 'paid', source: 'web' });
    expect(ctx.orders[0]!.at).toBe('2026-01-06T00:00:00.000Z');
    // In force first; the one past its end reads expired; another game's is not shown.
    expect(ctx.sanctions.map((s) => s.reason)).toEqual([`now ${tag}`, `ended ${tag}`, `old ${tag}`]);
    expect(ctx.sanctions.map((s) => s.status)).toEqual(['active', 'expired', 'lifted']);
    expect(ctx.ticket).toBeNull();

    // A player with nothing: empty lists, not an error.
    const bare = await context(await handOff(openid('bare')));
    expect(bare).toMatchObject({ orders: [], sanctions: [], ticket: null });
    // Another CP does not see the context.
    const otherCp = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    expect(body(await otherCp.get(`/api/v1/cs/conversations/${id}/context`)).code).toBe(404001);
  });
});

describe('turn a conversation into a ticket', () => {
  it('creates one ticket with the player, the transcript and the chosen type, once, and logs it', async () => {
    const player = openid('ticket');
    const id = await handOff(player);
    await say(id, player, `my top-up ${tag} did not arrive`);
    const reply = await admin.post(`/api/v1/cs/conversations/${id}/messages`, { text: 'looking into it' });
    expect(reply.statusCode, reply.body).toBe(200);
    const count = async () =>
      (
        await t.database.db
          .select({ id: tickets.id })
          .from(tickets)
          .where(and(eq(tickets.productId, t.productId), eq(tickets.openid, player)))
      ).length;

    // Bad input and permissions: a translated error, nothing created.
    const url = `/api/v1/cs/conversations/${id}/ticket`;
    expect(body(await admin.post(url, {})).code).toBe(400001);
    const unknown = await admin.post(url, { feedback_type_id: 2_000_000_000 });
    expect(body(unknown).code).toBe(400001);
    expect(unknown.body).toContain('feedback_type_id');
    const viewer = await t.staff([perms.see]);
    expect(body(await viewer.post(url, { feedback_type_id: typeId })).code).toBe(403001);
    const otherCp = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    expect(body(await otherCp.post(url, { feedback_type_id: typeId })).code).toBe(404001);
    expect(await count()).toBe(0);

    const made = await admin.post(url, { feedback_type_id: typeId, summary: `summary ${tag}` });
    expect(made.statusCode, made.body).toBe(200);
    const result = body<CsTicketResult>(made).data;
    expect(result.conversation_id).toBe(id);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, result.ticket_id));
    expect(ticket).toMatchObject({ openid: player, typeId, kind: 'product', state: 'new', cpId });
    expect(ticket!.content).toContain(`summary ${tag}`);
    expect(ticket!.content).toContain(`my top-up ${tag} did not arrive`);
    expect(ticket!.content).toContain('looking into it');
    // The service desk's queue lists it.
    const queue = await admin.get(`/api/v1/tickets?kind=service&openid=${player}`);
    expect(body<{ list: { id: number }[] }>(queue).data.list.map((x) => x.id)).toEqual([result.ticket_id]);
    // The conversation links to it; a second try is refused and creates nothing.
    expect((await context(id)).ticket).toEqual({ id: result.ticket_id, state: 'new' });
    const again = await admin.post(url, { feedback_type_id: typeId });
    expect(body(again).code).toBe(422001);
    expect(await count()).toBe(1);
    expect((await t.logsOf('cs_conversation', id)).map((l) => l.action)).toEqual(['create']);
  });
});

describe('reassignment when the agent does not answer in time', () => {
  it('gives the waiting conversation to another agent, once across two runs, in business minutes', async () => {
    const db = t.database.db;
    await db.update(csAgents).set({ status: 'offline' }).where(eq(csAgents.cpId, cpId));
    await save({ hours: allOpen, assignment: 'auto', reassign_after_minutes: 0 });
    const bad = await admin.put('/api/v1/cs/settings', {
      ...(await save({})),
      updated_at: undefined,
      reassign_after_minutes: -1,
    });
    expect(body(bad).code).toBe(400001);
    const a = await agent(5);
    const player = openid('late');
    const id = await handOff(player);
    expect(await assigneeOf(id)).toBe(a);
    const b = await agent(5);

    // Off (0): nothing moves however long the player waits.
    await age(id, 60);
    expect(await reassignOverdue(db, t.app.events)).toBe(0);
    await save({ reassign_after_minutes: 10 });
    // Closed hours do not count: an hour of waiting outside business hours is no business minute.
    await save({ hours: allClosed });
    expect(await reassignOverdue(db, t.app.events)).toBe(0);
    await save({ hours: allOpen });

    // Two instances at once: one moves it, to the other agent (not the same one).
    const runs = await Promise.all([reassignOverdue(db, t.app.events), reassignOverdue(db, t.app.events)]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await assigneeOf(id)).toBe(b);
    // The new agent has the full delay: nothing moves again now.
    expect(await reassignOverdue(db, t.app.events)).toBe(0);
    expect((await t.logsOf('cs_conversation', id)).map((l) => l.action)).toEqual(['update']);

    // An answered player is not waiting: nothing moves.
    const answered = await handOff(openid('answered'));
    const replied = await admin.post(`/api/v1/cs/conversations/${answered}/messages`, { text: 'hello' });
    expect(replied.statusCode, replied.body).toBe(200);
    const holder = await assigneeOf(answered);
    await age(answered, 60);
    expect(await reassignOverdue(db, t.app.events)).toBe(0);
    expect(await assigneeOf(answered)).toBe(holder);

    // Nobody else with room: back to the unassigned queue.
    await db.update(csAgents).set({ status: 'offline' }).where(eq(csAgents.userId, a));
    await age(id, 60);
    expect(await reassignOverdue(db, t.app.events)).toBe(1);
    expect(await assigneeOf(id)).toBeNull();
    expect((await events(id, player)).slice(-1)).toEqual(['queued']);

    await db.update(csAgents).set({ status: 'offline' }).where(eq(csAgents.cpId, cpId));
    await save({ reassign_after_minutes: 0 });
  });
});
