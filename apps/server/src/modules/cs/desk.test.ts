import { beforeAll, describe, expect, it } from 'vitest';
import {
  CS_ORDER_EXPORT_COLUMNS,
  csUserOrdersAccess,
  csUsersAccess,
  productTicketsResource,
  serviceTicketsResource,
  type CsOrder,
  type CsUser,
  type CsUserNote,
  type CsUserProfile,
  type GameTicket,
  type TicketDetail,
  type TicketItem,
} from '@rx/contracts';
import { and, eq } from 'drizzle-orm';
import { operationLogs } from '../../db/schema.ts';
import { body, type Client, useTestApp } from '../../../test/index.ts';
import { playerOrders, playerRoles, players } from '../players/tables.ts';
import { refunds } from '../refunds/tables.ts';
import { webOrders } from '../web-shop/tables.ts';

// The service desk's pages: the feedback queue (both ticket kinds), user management, user orders.

const t = useTestApp({ gameKey: 'desk' });
const admin = t.admin;
const tag = Date.now().toString(36);
const openid = (n: string) => `desk${tag}_${n}`;
type List<T> = { list: T[]; total: number };

async function submit(payload: object): Promise<GameTicket> {
  const res = await t.signedCall(t.key, 'POST', '/api/game/v1/tickets', payload);
  expect(res.statusCode, res.body).toBe(200);
  return body<GameTicket>(res).data;
}
const listOf = async <T>(api: Client, url: string) => {
  const res = await api.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return body<List<T>>(res).data;
};

beforeAll(async () => {
  const parent = await admin.post('/api/v1/feedback-types', {
    code: `acct${tag}`,
    name: { zh: '账号', en: 'Account' },
  });
  expect(parent.statusCode, parent.body).toBe(200);
  const child = await admin.post('/api/v1/feedback-types', {
    code: `pwd${tag}`,
    name: { zh: '密码', en: 'Password' },
    parent_id: body<{ id: number }>(parent).data.id,
  });
  expect(child.statusCode, child.body).toBe(200);
});

describe('service feedback queue', () => {
  it('holds both kinds for agents, filters by kind and type subtree, and lets them work a ticket', async () => {
    const product = await submit({
      kind: 'product',
      type: `pwd${tag}`,
      openid: openid('a'),
      content: 'reset',
    });
    const player = await submit({
      kind: 'player',
      type: `acct${tag}`,
      openid: openid('b'),
      content: 'cheater',
    });
    const perms = serviceTicketsResource.permissions;
    const agent = await t.staff([perms.see, perms.edit]);
    const queue = (q: string) =>
      listOf<TicketItem>(agent, `/api/v1/tickets?kind=service&openid=&page_size=50${q}`).then((l) =>
        l.list.map((x) => x.id),
      );
    const all = await queue(`&from=2000-01-01`);
    expect(all).toEqual(expect.arrayContaining([product.id, player.id]));
    expect(await queue('&source=product')).toContain(product.id);
    expect(await queue('&source=product')).not.toContain(player.id);
    // The parent type holds its child's tickets; the child only its own.
    // The type filter offers the tree, a child after its parent.
    const types = body<{ code: string; depth: number }[]>(
      await agent.get('/api/v1/tickets/types?kind=service'),
    ).data;
    const at = types.findIndex((x) => x.code === `acct${tag}`);
    expect(types.slice(at, at + 2)).toEqual([
      expect.objectContaining({ code: `acct${tag}`, depth: 0 }),
      expect.objectContaining({ code: `pwd${tag}`, depth: 1 }),
    ]);
    const byParent = await queue(`&type=acct${tag}`);
    expect(byParent).toEqual(expect.arrayContaining([product.id, player.id]));
    expect(await queue(`&type=pwd${tag}`)).toEqual([product.id]);

    // The agent works a product-feedback ticket through the service queue's permissions.
    const me = (await agent.get('/api/v1/tickets/assignees?kind=service')).statusCode;
    expect(me).toBe(200);
    const reply = await agent.post(`/api/v1/tickets/${product.id}/replies`, { body: 'Try this link' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(body<TicketDetail>(reply).data.state).toBe('in_progress');
    expect(await queue('&assignee=mine')).toContain(product.id);
    expect(await queue('&assignee=unassigned')).toContain(player.id);
    const resolved = await agent.post(`/api/v1/tickets/${product.id}/transition`, { action: 'resolve' });
    expect(body<TicketDetail>(resolved).data.state).toBe('resolved');
    // Along the ticket states only.
    const illegal = await agent.post(`/api/v1/tickets/${product.id}/transition`, { action: 'ask_player' });
    expect(body(illegal).code).toBe(422001);
  });

  it('checks view against act, the queue, other CPs and bad ids', async () => {
    const ticket = await submit({ kind: 'product', type: `acct${tag}`, openid: openid('c'), content: 'hi' });
    const viewer = await t.staff([serviceTicketsResource.permissions.see]);
    expect((await viewer.get(`/api/v1/tickets/${ticket.id}`)).statusCode).toBe(200);
    expect(body(await viewer.post(`/api/v1/tickets/${ticket.id}/replies`, { body: 'x' })).code).toBe(403001);
    // A product-feedback worker does not open the service desk's queue.
    const productOnly = await t.staff([productTicketsResource.permissions.see]);
    expect(body(await productOnly.get('/api/v1/tickets?kind=service')).code).toBe(403001);
    const nobody = await t.staff([]);
    expect(body(await nobody.get(`/api/v1/tickets/${ticket.id}`)).code).toBe(403001);
    // The demo customer-service agent works the desk's queue.
    const csAgent = await t.signIn('cs_agent', 'xianxia');
    expect((await csAgent.get(`/api/v1/tickets/${ticket.id}`)).statusCode).toBe(200);
    expect((await csAgent.get('/api/v1/tickets?kind=service')).statusCode).toBe(200);
    expect((await csAgent.get('/api/v1/cs/users')).statusCode).toBe(200);
    expect(body(await nobody.get('/api/v1/tickets/types?kind=service')).code).toBe(403001);
    const otherCp = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    expect(body(await otherCp.get(`/api/v1/tickets/${ticket.id}`)).code).toBe(404001);
    const listed = await listOf<TicketItem>(otherCp, `/api/v1/tickets?kind=service&openid=${openid('c')}`);
    expect(listed.total).toBe(0);
    expect((await viewer.get('/api/v1/tickets/abc')).statusCode).toBe(400);
    expect((await viewer.get('/api/v1/tickets?kind=bogus')).statusCode).toBe(400);
  });
});

describe('service user management', () => {
  const who = openid('u');
  beforeAll(async () => {
    const db = t.database.db;
    const [row] = await db
      .insert(players)
      .values({
        productId: t.productId,
        openid: who,
        nickname: `Nick${tag}`,
        channel: 'google',
        paidTotal: 600,
      })
      .returning();
    await db.insert(playerRoles).values({
      productId: t.productId,
      playerId: row!.id,
      server: 's1',
      roleId: `role${tag}`,
      name: `Hero${tag}`,
      level: 42,
      vip: 3,
    });
    await submit({ kind: 'product', type: `acct${tag}`, openid: who, content: 'lost account', lang: 'en' });
    expect((await admin.post('/api/v1/cs-blacklist', { openid: who, reason: 'abuse' })).statusCode).toBe(200);
  });

  it('finds a player by openid, role id or name, with the profile card and blacklist state', async () => {
    const perms = csUsersAccess.permissions;
    const agent = await t.staff([perms.see, perms.edit]);
    for (const q of [
      `by=openid&q=${who}`,
      `by=role_id&q=role${tag}`,
      `by=name&q=hero${tag}`,
      `q=Nick${tag}`,
    ]) {
      const found = await listOf<CsUser>(agent, `/api/v1/cs/users?${q}`);
      expect(
        found.list.map((u) => u.openid),
        q,
      ).toEqual([who]);
    }
    expect((await listOf<CsUser>(agent, `/api/v1/cs/users?by=role_id&q=hero${tag}`)).total).toBe(0);
    const [user] = (await listOf<CsUser>(agent, `/api/v1/cs/users?q=${who}&blacklisted=yes`)).list;
    expect(user).toMatchObject({ tickets: 1, paid_total: 600, blacklisted: true });

    const card = body<CsUserProfile>(await agent.get(`/api/v1/cs/users/${who}`)).data;
    expect(card).toMatchObject({ openid: who, known: true, nickname: `Nick${tag}`, language: 'en' });
    expect(card.roles).toEqual([
      { server: 's1', role_id: `role${tag}`, name: `Hero${tag}`, level: 42, vip: 3 },
    ]);
    expect(card.blacklist).toMatchObject({ reason: 'abuse', active: true });
    expect(card.tickets).toHaveLength(1);
  });

  it("keeps agents' notes with their history, refuses stale edits and checks permissions", async () => {
    const perms = csUsersAccess.permissions;
    const agent = await t.staff([perms.see, perms.edit]);
    const added = await agent.post(`/api/v1/cs/users/${who}/notes`, { body: 'Prefers email' });
    expect(added.statusCode, added.body).toBe(200);
    const note = body<CsUserNote>(added).data;
    const edited = await agent.put(`/api/v1/cs/users/${who}/notes/${note.id}`, {
      body: 'Prefers phone',
      version: note.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(body<CsUserNote>(edited).data).toMatchObject({
      body: 'Prefers phone',
      history: [{ body: 'Prefers email' }],
    });
    const stale = await agent.put(`/api/v1/cs/users/${who}/notes/${note.id}`, {
      body: 'again',
      version: note.version,
    });
    expect(body(stale).code).toBe(409001);
    expect(body(await agent.post(`/api/v1/cs/users/${who}/notes`, { body: '  ' })).code).toBe(400001);
    expect((await t.logsOf('cs_player_note', String(note.id))).length).toBeGreaterThanOrEqual(2);

    const viewer = await t.staff([perms.see]);
    expect(
      body<{ list: CsUserNote[] }>(await viewer.get(`/api/v1/cs/users/${who}/notes`)).data.list,
    ).toHaveLength(1);
    expect(body(await viewer.post(`/api/v1/cs/users/${who}/notes`, { body: 'x' })).code).toBe(403001);
    expect(body(await (await t.staff([])).get('/api/v1/cs/users')).code).toBe(403001);
    const otherCp = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    expect(body(await otherCp.get(`/api/v1/cs/users/${who}`)).code).toBe(404001);
    expect(body(await otherCp.get(`/api/v1/cs/users/${who}/notes`)).data).toEqual({ list: [] });
    expect(
      body(await otherCp.put(`/api/v1/cs/users/${who}/notes/${note.id}`, { body: 'x', version: 2 })).code,
    ).toBe(404001);
    expect((await agent.get('/api/v1/cs/users/bad%20id')).statusCode).toBe(400);
    expect((await agent.get(`/api/v1/cs/users/${who}/notes/abc`)).statusCode).toBe(404);
    expect(body(await agent.get(`/api/v1/cs/users/nobody${tag}`)).code).toBe(404001);
  });

  it("lets an agent delete their own note, another agent's only with the delete permission, recorded in its history", async () => {
    const perms = csUsersAccess.permissions;
    const author = await t.staff([perms.see, perms.edit]);
    const colleague = await t.staff([perms.see, perms.edit]);
    const lead = await t.staff([perms.see, perms.edit, perms.delete]);
    const notesOf = async () =>
      body<{ list: CsUserNote[] }>(await author.get(`/api/v1/cs/users/${who}/notes`)).data.list;
    const add = async (text: string) =>
      body<CsUserNote>(await author.post(`/api/v1/cs/users/${who}/notes`, { body: text })).data;
    const url = (n: CsUserNote, version = n.version) =>
      `/api/v1/cs/users/${who}/notes/${n.id}?version=${version}`;

    // Another agent without the delete permission may not; a stale version is refused; nothing changes.
    const own = await add('Call back after 18:00');
    expect(body(await colleague.del(url(own))).code).toBe(403001);
    expect(body(await author.del(url(own, own.version + 1))).code).toBe(409001);
    expect(body(await author.del(`/api/v1/cs/users/${who}/notes/${own.id}`)).code).toBe(400001);
    expect((await notesOf()).find((n) => n.id === own.id)).toMatchObject({
      body: 'Call back after 18:00',
      deleted_at: null,
      version: own.version,
    });
    const otherCp = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    expect(body(await otherCp.del(url(own))).code).toBe(404001);

    // The author deletes it: listed without its text, who and when, the text kept in its history.
    const deleted = await author.del(url(own));
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = (await notesOf()).find((n) => n.id === own.id)!;
    expect(gone).toMatchObject({ body: '', deleted_by: gone.created_by, version: own.version + 1 });
    expect(Date.parse(gone.deleted_at!)).not.toBeNaN();
    expect(gone.history).toEqual([
      expect.objectContaining({
        action: 'delete',
        body: 'Call back after 18:00',
        edited_by: gone.created_by,
      }),
    ]);
    expect((await t.logsOf('cs_player_note', String(own.id)))[0]).toMatchObject({ action: 'delete' });
    // A deleted note can be neither edited nor deleted again.
    expect(
      body(await author.put(`/api/v1/cs/users/${who}/notes/${own.id}`, { body: 'x', version: gone.version }))
        .code,
    ).toBe(404001);
    expect(body(await author.del(url(gone))).code).toBe(404001);

    // The service lead (the page's delete permission) deletes another agent's edited note.
    const edited = await add('VIP');
    const changed = body<CsUserNote>(
      await author.put(`/api/v1/cs/users/${who}/notes/${edited.id}`, {
        body: 'VIP 5',
        version: edited.version,
      }),
    ).data;
    expect((await lead.del(url(changed))).statusCode).toBe(200);
    const byLead = (await notesOf()).find((n) => n.id === edited.id)!;
    expect(byLead.deleted_by).not.toBe(byLead.created_by);
    expect(byLead.history.map((h) => [h.action, h.body])).toEqual([
      ['delete', 'VIP 5'],
      ['edit', 'VIP'],
    ]);
  });
});

describe('service user order query', () => {
  const who = openid('o');
  beforeAll(async () => {
    const db = t.database.db;
    const [row] = await db.insert(players).values({ productId: t.productId, openid: who }).returning();
    const paid = new Date('2026-03-02T10:00:00Z');
    await db.insert(playerOrders).values({
      productId: t.productId,
      orderNo: `st${tag}`,
      playerId: row!.id,
      store: 'google',
      sku: 'gems_60',
      amount: 600,
      currency: 'USD',
      status: 'refunded',
      roleId: `r${tag}`,
      paidAt: paid,
      deliveredAt: paid,
      refundedAt: new Date('2026-03-05T00:00:00Z'),
    });
    await db.insert(webOrders).values({
      cpId: Number(t.user.cpid),
      productId: t.productId,
      orderNo: `wb${tag}`,
      idempotencyKey: `idem${tag}`,
      openid: who,
      roleId: `r${tag}`,
      server: 's1',
      sku: 'pack',
      goodName: 'Starter pack',
      country: 'US',
      currency: 'USD',
      amount: 999,
      paymentMethod: 'card',
      provider: 'fakepay',
      state: 'delivery_failed',
      deliveryAttempts: 3,
      createdAt: new Date('2026-04-01T00:00:00Z'),
    });
    await db.insert(refunds).values({
      cpId: Number(t.user.cpid),
      productId: t.productId,
      noticeId: `n${tag}`,
      orderNo: `st${tag}`,
      openid: who,
      store: 'google',
      reason: 'chargeback',
      source: 'poll',
      voidedAt: new Date('2026-03-05T00:00:00Z'),
      state: 'matched',
    });
  });

  it("answers a player's orders of both sources with delivery attempts and refunds, filtered and exported", async () => {
    const perms = csUserOrdersAccess.permissions;
    const agent = await t.staff([perms.see, perms.export]);
    const all = await listOf<CsOrder>(agent, `/api/v1/cs/user-orders?openid=${who}`);
    expect(all.list.map((o) => o.order_no)).toEqual([`wb${tag}`, `st${tag}`]);
    expect(all.list[0]).toMatchObject({
      source: 'web',
      state: 'delivery_failed',
      delivery_attempts: 3,
      amount: 999,
    });
    expect(all.list[1]).toMatchObject({ source: 'store', state: 'refunded', refund: { state: 'matched' } });
    const byRole = await listOf<CsOrder>(agent, `/api/v1/cs/user-orders?role_id=r${tag}&source=store`);
    expect(byRole.list.map((o) => o.order_no)).toEqual([`st${tag}`]);
    const inMarch = await listOf<CsOrder>(
      agent,
      `/api/v1/cs/user-orders?openid=${who}&from=2026-03-01&to=2026-03-31`,
    );
    expect(inMarch.list.map((o) => o.order_no)).toEqual([`st${tag}`]);
    const byAmount = await listOf<CsOrder>(agent, `/api/v1/cs/user-orders?order_no=wb${tag}&sort=amount`);
    expect(byAmount.total).toBe(1);

    const file = await agent.get(`/api/v1/cs/user-orders/export?openid=${who}&format=csv`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(`st${tag}`);
    expect(file.body).toContain(`wb${tag}`);
    expect(file.body.split(/\r?\n/)[0]).toBe(`\uFEFF${CS_ORDER_EXPORT_COLUMNS.join(',')}`);
    expect(file.headers['content-disposition']).toMatch(/filename="user-orders-\d{8}-\d{6}\.csv"/);
    const exports = () =>
      t.database.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.targetType, 'cs-user-orders'), eq(operationLogs.action, 'export')));
    const logged = await exports();
    expect(logged.filter((l) => JSON.stringify(l.after).includes(who)).map((l) => l.after)).toEqual([
      { format: 'csv', filters: { openid: who } },
    ]);
    // Without an order number, openid or role id: refused before anything is logged or sent.
    const keyless = await agent.get(`/api/v1/cs/user-orders/export?from=2026-01-01&format=csv&state=paid`);
    expect(body(keyless)).toMatchObject({ code: 400001, data: { fields: { openid: expect.any(String) } } });
    expect(await exports()).toHaveLength(logged.length);
  });

  it('asks for a player, checks permissions, and keeps other CPs apart', async () => {
    const perms = csUserOrdersAccess.permissions;
    const viewer = await t.staff([perms.see]);
    const none = await viewer.get('/api/v1/cs/user-orders?from=2026-01-01');
    expect(body(none)).toMatchObject({ code: 400001, data: { fields: { openid: expect.any(String) } } });
    expect((await viewer.get(`/api/v1/cs/user-orders?openid=${who}&state=lost`)).statusCode).toBe(400);
    expect((await viewer.get(`/api/v1/cs/user-orders?openid=${who}&from=yesterday`)).statusCode).toBe(400);
    expect(body(await viewer.get(`/api/v1/cs/user-orders/export?openid=${who}`)).code).toBe(403001);
    expect(body(await (await t.staff([])).get(`/api/v1/cs/user-orders?openid=${who}`)).code).toBe(403001);
    const otherCp = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    expect((await listOf<CsOrder>(otherCp, `/api/v1/cs/user-orders?openid=${who}`)).total).toBe(0);
  });
});
