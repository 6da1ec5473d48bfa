import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type GameTicket, type TicketCounts, type TicketDetail, type TicketItem } from '@rx/contracts';
import { bearer, body, type Client, sheetOf, signedCall, signInAs, useTestApp } from '../../../test/index.ts';
import { notifications, users } from '../../db/schema.ts';
import { autoCloseTickets } from './index.ts';
import { tickets } from './tables.ts';

// Feedback tickets: a player's submission through the signed game API to a rated resolution.

const t = useTestApp({ gameKey: 'tickets', tankwar: true });
const admin = t.admin;
let adminId: number;
async function userId(username: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}
const tag = Date.now().toString(36);
const openid = (n: number) => `tk${tag}_${n}`;

async function submit(payload: object, k = t.key): Promise<GameTicket> {
  const res = await t.signedCall(k, 'POST', '/api/game/v1/tickets', payload);
  expect(res.statusCode, res.body).toBe(200);
  return body<GameTicket>(res).data;
}
async function mine(id: string, k = t.key): Promise<GameTicket[]> {
  const res = await t.signedCall(k, 'GET', `/api/game/v1/tickets?openid=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ list: GameTicket[] }>(res).data.list;
}
async function detail(api: Client, id: number): Promise<TicketDetail> {
  const res = await api.get(`/api/v1/tickets/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<TicketDetail>(res).data;
}
async function move(api: Client, id: number, action: string) {
  return api.post(`/api/v1/tickets/${id}/transition`, { action });
}
const basic = (n: number, extra: object = {}) => ({
  kind: 'product',
  type: `login${tag}`,
  openid: openid(n),
  content: 'I cannot sign in',
  device: 'Pixel 8',
  os: 'Android 14',
  app_version: '1.2.3',
  channel: 'google',
  lang: 'en',
  ...extra,
});

beforeAll(async () => {
  adminId = await userId('admin');
  const type = (code: string, extra: object = {}) => ({
    code,
    name: { zh: `类型 ${code}`, en: `Type ${code}` },
    ...extra,
  });
  for (const [api, payload] of [
    [admin, type(`login${tag}`, { auto_reply: { zh: '我们已收到', en: 'We got your message' } })],
    [admin, type(`pay${tag}`, { require_order_no: true, require_screenshot: true })],
    [admin, type(`report${tag}`, { require_server_role: true })],
    [t.tank, type(`login${tag}`)],
  ] as const) {
    const res = await api.post('/api/v1/feedback-types', payload);
    expect(res.statusCode, res.body).toBe(200);
  }
});

describe('tickets', () => {
  it('a submission enforces the type’s required fields and gets the first automatic reply', async () => {
    const missing = await t.signedCall(
      t.key,
      'POST',
      '/api/game/v1/tickets',
      basic(1, { type: `pay${tag}` }),
    );
    expect(missing.statusCode).toBe(400);
    const problem = body<{ fields: Record<string, string> }>(missing);
    expect(problem.code).toBe(400001);
    expect(Object.keys(problem.data.fields).sort()).toEqual(['attachments', 'order_no']);
    const badUrl = await signedCall(
      t,
      t.key,
      'POST',
      '/api/game/v1/tickets',
      basic(1, { type: `pay${tag}`, order_no: 'O-1', attachments: ['javascript:alert(1)'] }),
    );
    expect(badUrl.statusCode).toBe(400);
    const unknown = await t.signedCall(t.key, 'POST', '/api/game/v1/tickets', basic(1, { type: 'nope' }));
    expect(body<{ fields: Record<string, string> }>(unknown).data.fields).toHaveProperty('type');
    const report = await t.signedCall(t.key, 'POST', '/api/game/v1/tickets', {
      ...basic(1, { kind: 'player', type: `report${tag}`, reported_openid: openid(9) }),
    });
    expect(Object.keys(body<{ fields: Record<string, string> }>(report).data.fields).sort()).toEqual([
      'role_id',
      'server',
    ]);

    const paid = await submit(
      basic(1, { type: `pay${tag}`, order_no: 'O-1', attachments: ['https://img.example/shot.png'] }),
    );
    expect(paid).toMatchObject({ state: 'new', type: `pay${tag}`, replies: [] });
    const login = await submit(basic(1));
    expect(login.replies).toEqual([expect.objectContaining({ from: 'staff', body: 'We got your message' })]);
    const staffView = await detail(admin, login.id);
    expect(staffView.replies[0]).toMatchObject({ author_type: 'system', internal: false });
    expect(staffView).toMatchObject({
      kind: 'product',
      device: 'Pixel 8',
      os: 'Android 14',
      app_version: '1.2.3',
    });
  });

  it('goes from submission to a rated resolution; notes stay internal; reopen within 7 days only', async () => {
    const ticket = await submit(basic(2));
    // Assign to oneself.
    const assigned = await admin.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: adminId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(body<TicketItem>(assigned).data).toMatchObject({ state: 'assigned', assignee: { id: adminId } });
    // Illegal moves: 422001.
    const early = await move(admin, ticket.id, 'ask_player');
    expect(early.statusCode).toBe(422);
    expect(body(early).code).toBe(422001);
    // A reply (sanitised) and an internal note.
    const reply = await admin.post(`/api/v1/tickets/${ticket.id}/replies`, {
      body: '<p>Please send a screenshot<script>alert(1)</script></p>',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const afterReply = body<TicketDetail>(reply).data;
    expect(afterReply.state).toBe('in_progress');
    expect(afterReply.replies.at(-1)!.body).not.toContain('script');
    await admin.post(`/api/v1/tickets/${ticket.id}/replies`, { body: '<p>secret note</p>', internal: true });
    const seen = (await mine(openid(2))).find((x) => x.id === ticket.id)!;
    expect(seen.replies.map((r) => r.body).join(' ')).toContain('Please send a screenshot');
    expect(seen.replies.map((r) => r.body).join(' ')).not.toContain('secret note');
    // Waiting for the player; the player's reply moves it back to in progress and tells the assignee.
    expect((await move(admin, ticket.id, 'ask_player')).statusCode).toBe(200);
    const answered = await t.signedCall(t.key, 'POST', `/api/game/v1/tickets/${ticket.id}/replies`, {
      openid: openid(2),
      content: 'here it is',
      attachments: ['https://img.example/2.png'],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(body<{ state: string }>(answered).data.state).toBe('in_progress');
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, adminId));
    expect(told.some((n) => n.title.includes(`#${ticket.id}`))).toBe(true);
    // Another player cannot read or answer it.
    expect((await mine(openid(3))).some((x) => x.id === ticket.id)).toBe(false);
    const stranger = await t.signedCall(t.key, 'POST', `/api/game/v1/tickets/${ticket.id}/replies`, {
      openid: openid(3),
      content: 'hi',
    });
    expect(stranger.statusCode).toBe(404);
    // Rating only when resolved.
    const tooSoon = await t.signedCall(t.key, 'POST', `/api/game/v1/tickets/${ticket.id}/rating`, {
      openid: openid(2),
      rating: 5,
    });
    expect(body(tooSoon).code).toBe(422001);
    expect((await move(admin, ticket.id, 'resolve')).statusCode).toBe(200);
    const rated = await t.signedCall(t.key, 'POST', `/api/game/v1/tickets/${ticket.id}/rating`, {
      openid: openid(2),
      rating: 4,
      comment: 'quick',
    });
    expect(rated.statusCode, rated.body).toBe(200);
    const twice = await t.signedCall(t.key, 'POST', `/api/game/v1/tickets/${ticket.id}/rating`, {
      openid: openid(2),
      rating: 1,
    });
    expect(body(twice).code).toBe(422001);
    expect(await detail(admin, ticket.id)).toMatchObject({
      state: 'resolved',
      rating: 4,
      rating_comment: 'quick',
    });
    const out6 = await t.signedCall(t.key, 'POST', `/api/game/v1/tickets/${ticket.id}/rating`, {
      openid: openid(2),
      rating: 6,
    });
    expect(out6.statusCode).toBe(400);
    // Reopen within 7 days: back to in progress.
    const reopened = await t.signedCall(t.key, 'POST', `/api/game/v1/tickets/${ticket.id}/reopen`, {
      openid: openid(2),
      reason: 'still broken',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(body<{ state: string }>(reopened).data.state).toBe('in_progress');
    // Resolved 8 days ago: refused.
    expect((await move(admin, ticket.id, 'resolve')).statusCode).toBe(200);
    await t.database.db
      .update(tickets)
      .set({ resolvedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(tickets.id, ticket.id));
    const late = await t.signedCall(t.key, 'POST', `/api/game/v1/tickets/${ticket.id}/reopen`, {
      openid: openid(2),
    });
    expect(late.statusCode).toBe(422);
    expect(body<{ reason: string }>(late)).toMatchObject({
      code: 422001,
      data: { reason: 'reopen_window_passed' },
    });
    // The sweep closes it; a closed ticket cannot be resolved again.
    expect(await autoCloseTickets(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await detail(admin, ticket.id)).state).toBe('closed');
    expect(body(await move(admin, ticket.id, 'resolve')).code).toBe(422001);
    expect((await t.logsOf('ticket', ticket.id)).length).toBeGreaterThan(2);
  });

  it('filters, counts by state and type, exports', async () => {
    const a = await submit(basic(4));
    await submit(
      basic(4, { type: `pay${tag}`, order_no: 'O-4', attachments: ['https://img.example/4.png'] }),
    );
    await admin.post(`/api/v1/tickets/${a.id}/assign`, { user_id: adminId });
    const list = await admin.get(`/api/v1/tickets?kind=product&openid=${openid(4)}&sort=-priority`);
    expect(list.statusCode, list.body).toBe(200);
    expect(body<{ total: number }>(list).data.total).toBe(2);
    const mineOnly = body<{ list: TicketItem[] }>(
      await admin.get(`/api/v1/tickets?kind=product&openid=${openid(4)}&assignee=mine`),
    ).data.list;
    expect(mineOnly.map((x) => x.id)).toEqual([a.id]);
    const unassigned = body<{ list: TicketItem[] }>(
      await admin.get(`/api/v1/tickets?kind=product&openid=${openid(4)}&assignee=unassigned`),
    ).data.list;
    expect(unassigned).toHaveLength(1);
    const byType = body<{ total: number }>(
      await admin.get(`/api/v1/tickets?kind=product&openid=${openid(4)}&type=pay${tag}`),
    ).data;
    expect(byType.total).toBe(1);
    const counts = body<TicketCounts>(
      await admin.get(`/api/v1/tickets/counts?kind=product&openid=${openid(4)}`),
    ).data;
    expect(counts.by_state).toMatchObject({ new: 1, assigned: 1, resolved: 0 });
    expect(counts.by_type.map((x) => x.type_code).sort()).toEqual([`login${tag}`, `pay${tag}`]);
    expect(counts.total).toBe(2);
    const csv = await admin.get(`/api/v1/tickets/export?kind=product&openid=${openid(4)}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const rows = await sheetOf(csv);
    expect(rows[0]).toContain('openid');
    expect(rows).toHaveLength(3);
    const xlsx = await admin.get(`/api/v1/tickets/export?kind=product&openid=${openid(4)}&format=xlsx`);
    expect(await sheetOf(xlsx)).toHaveLength(3);
    // Player queue does not show product tickets.
    expect(
      body<{ total: number }>(await admin.get(`/api/v1/tickets?kind=player&openid=${openid(4)}`)).data.total,
    ).toBe(0);
  });

  it('checks each queue’s page permissions, and another product or CP sees nothing', async () => {
    const ticket = await submit(basic(5));
    const productOnlyName = await t.staffWith(['service/see/product_feedback']);
    const productOnly = t.client((await signInAs(t.app, productOnlyName)).user.access_token, t.productId);
    expect((await productOnly.get('/api/v1/tickets?kind=product')).statusCode).toBe(200);
    expect(body(await productOnly.get('/api/v1/tickets?kind=player')).code).toBe(403001);
    // Seeing is not working: assigning needs the edit permission.
    expect(
      body(await productOnly.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: adminId })).code,
    ).toBe(403001);
    expect(body(await productOnly.get(`/api/v1/tickets/export?kind=product`)).code).toBe(403001);
    // Assigning to another staff member of the queue tells them.
    const seer = await userId(productOnlyName);
    expect((await admin.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: seer })).statusCode).toBe(200);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, seer));
    expect(told.map((n) => n.link)).toContain(`/service/feedbackConfig/feedback_copy?ticket=${ticket.id}`);
    // Assigning to someone who cannot see the queue is refused.
    const playerOnly = await t.staffWith(['service/see/player_feedback']);
    const other = await userId(playerOnly);
    expect(body(await admin.post(`/api/v1/tickets/${ticket.id}/assign`, { user_id: other })).code).toBe(
      400001,
    );
    // Another product of the same CP: not found; its game key does not reach it.
    expect((await t.tank.get(`/api/v1/tickets/${ticket.id}`)).statusCode).toBe(404);
    expect((await mine(openid(5), t.tankKey)).length).toBe(0);
    const tankReply = await t.signedCall(t.tankKey, 'POST', `/api/game/v1/tickets/${ticket.id}/replies`, {
      openid: openid(5),
      content: 'x',
    });
    expect(tankReply.statusCode).toBe(404);
    // Another CP.
    const otherAdmin = await signInAs(t.app, await t.adminOf('ops_hw'));
    const foreign = t.client(otherAdmin.user.access_token, t.productId);
    expect([403, 404]).toContain((await foreign.get(`/api/v1/tickets/${ticket.id}`)).statusCode);
    // Unsigned game calls are refused.
    const unsigned = await t.app.inject({ method: 'GET', url: `/api/game/v1/tickets?openid=${openid(5)}` });
    expect(unsigned.statusCode).toBe(401);
  });
  it("offers a ticket's canned replies in its player's language, else any language, the CP's, then zh", async () => {
    const rule = async (name: string, replies: object[]) => {
      const res = await admin.post('/api/v1/auto-replies', {
        name: `${name} ${tag}`,
        keywords: [{ text: `${name}${tag}`, match: 'contains' }],
        replies,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await rule('langs', [
      { type: 'text', text: `重启 ${tag}`, lang: 'zh' },
      { type: 'text', text: `Restart ${tag}`, lang: 'en' },
      { type: 'text', text: `再起動 ${tag}`, lang: 'ja' },
      { type: 'image', url: '/files/restart.png' },
    ]);
    await rule('neutral', [
      { type: 'text', text: `:) ${tag}` },
      { type: 'text', text: `稍等 ${tag}`, lang: 'zh' },
    ]);
    await rule('japanese', [{ type: 'text', text: `日本語のみ ${tag}`, lang: 'ja' }]);
    const offered = async (ticketId: number) => {
      const res = await admin.get(`/api/v1/tickets/canned-replies?kind=product&ticket_id=${ticketId}`);
      expect(res.statusCode, res.body).toBe(200);
      return body<{ title: string; text: string; lang: string }[]>(res)
        .data.filter((c) => c.text.endsWith(tag))
        .map((c) => `${c.lang}:${c.text}`);
    };
    // The game's tag is read as a console language (en-US → en); a rule with none of the chain offers nothing.
    const english = await submit(basic(30, { lang: 'en-US' }));
    expect(await offered(english.id)).toEqual([`en:Restart ${tag}`, `::) ${tag}`]);
    // No Thai text: the rule's text for any language, else the CP's language (zh here).
    const thai = await submit(basic(31, { lang: 'th' }));
    expect(await offered(thai.id)).toEqual([`zh:重启 ${tag}`, `::) ${tag}`]);
    // The CP writes in Japanese: its language comes before zh.
    const read = body<{ default_lang: string; version: number }>(await admin.get('/api/v1/cp-settings')).data;
    const set = await admin.put('/api/v1/cp-settings', { default_lang: 'ja', version: read.version });
    expect(set.statusCode, set.body).toBe(200);
    try {
      expect(await offered(thai.id)).toEqual([`ja:再起動 ${tag}`, `::) ${tag}`, `ja:日本語のみ ${tag}`]);
    } finally {
      const again = body<{ version: number }>(set).data;
      await admin.put('/api/v1/cp-settings', { default_lang: read.default_lang, version: again.version });
    }
    // A player in English gets the English text (and the image) from the game's auto-reply too.
    const matched = await t.signedCall(
      t.key,
      'GET',
      `/api/game/v1/auto-reply/match?text=langs${tag}&lang=en`,
    );
    expect(body<{ replies: object[] }>(matched).data.replies).toEqual([
      { type: 'text', text: `Restart ${tag}`, lang: 'en' },
      { type: 'image', url: '/files/restart.png' },
    ]);
    // Another CP's staff never reads this ticket's replies; an unknown ticket is 404.
    const otherAdmin = await signInAs(t.app, await t.adminOf('ops_hw'));
    const foreign = t.client(otherAdmin.user.access_token, t.productId);
    expect([403, 404]).toContain(
      (await foreign.get(`/api/v1/tickets/canned-replies?kind=product&ticket_id=${english.id}`)).statusCode,
    );
    expect(
      (await admin.get('/api/v1/tickets/canned-replies?kind=product&ticket_id=2000000000')).statusCode,
    ).toBe(404);
  });
  it('offers canned replies from auto-reply rules, lists assignees, sets priority, keeps notes on closed tickets', async () => {
    const rule = await admin.post('/api/v1/auto-replies', {
      name: `canned ${tag}`,
      keywords: [{ text: `kw${tag}`, match: 'contains' }],
      replies: [{ type: 'text', text: `Try restarting ${tag}` }],
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const canned = await admin.get('/api/v1/tickets/canned-replies?kind=product');
    expect(canned.statusCode, canned.body).toBe(200);
    expect(body<{ title: string; text: string }[]>(canned).data).toContainEqual(
      expect.objectContaining({ title: `canned ${tag}`, text: `Try restarting ${tag}` }),
    );
    const people = body<{ id: number; username: string }[]>(
      await admin.get('/api/v1/tickets/assignees?kind=product'),
    ).data;
    expect(people.map((p) => p.id)).toContain(adminId);

    const ticket = await submit(basic(6));
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/tickets/${ticket.id}`,
      headers: {
        ...bearer(t.user.access_token),
        'x-product-id': String(t.productId),
      },
      payload: { priority: 'urgent' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(body<TicketItem>(patched).data.priority).toBe('urgent');
    const sorted = body<{ list: TicketItem[] }>(
      await admin.get(`/api/v1/tickets?kind=product&sort=-priority&page_size=1`),
    ).data.list;
    expect(sorted[0]!.priority).toBe('urgent');
    // A public reply on a new ticket takes it: assigned to the replier and in progress.
    const replied = body<TicketDetail>(
      await admin.post(`/api/v1/tickets/${ticket.id}/replies`, { body: '<p>on it</p>' }),
    ).data;
    expect(replied).toMatchObject({ state: 'in_progress', assignee: { id: adminId } });
    expect((await move(admin, ticket.id, 'close')).statusCode).toBe(200);
    expect(body(await admin.post(`/api/v1/tickets/${ticket.id}/replies`, { body: '<p>late</p>' })).code).toBe(
      422001,
    );
    const note = await admin.post(`/api/v1/tickets/${ticket.id}/replies`, {
      body: '<p>closed as duplicate</p>',
      internal: true,
    });
    expect(note.statusCode, note.body).toBe(200);
    // Closed without a resolution: the player cannot reopen it.
    const reopen = await t.signedCall(t.key, 'POST', `/api/game/v1/tickets/${ticket.id}/reopen`, {
      openid: openid(6),
    });
    expect(body(reopen).code).toBe(422001);
  });
});
