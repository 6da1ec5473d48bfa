import { describe, expect, it, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  codeBatchResource,
  playersResource,
  playerTicketsResource,
  productTicketsResource,
} from '@rx/contracts';
import type { GlobalSearchAnswer } from '@rx/contracts/search';
import { body, type Client, useTestApp } from '../../../test/index.ts';
import { queryRows } from '../../lib/rows.ts';

const t = useTestApp();
const admin = t.admin;

const search = async (api: Client, q: string): Promise<GlobalSearchAnswer> => {
  const res = await api.get(`/api/v1/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<GlobalSearchAnswer>(res).data;
};
const run = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(t.database.db, query);

let ticketId = 0;
let ticketPage = '';
let code = '';
let batchName = '';

beforeAll(async () => {
  const pid = t.productId;
  const [player] = await run(sql`insert into players (product_id, openid, nickname)
    values (${pid}, 'gs_openid_1', 'Zephyrine') returning id`);
  await run(sql`insert into player_roles (product_id, player_id, server, role_id, name)
    values (${pid}, ${player!.id}, 'S9', 'gs_role_77', 'Windcaller')`);
  await run(sql`insert into player_orders (product_id, order_no, player_id, store, sku, amount, currency, status)
    values (${pid}, 'GS-ORDER-1', ${player!.id}, 'apple', 'gems', 600, 'CNY', 'paid')`);
  const [type] = await run(sql`select id, cp_id from feedback_types where product_id = ${pid} limit 1`);
  const [ticket] = await run(sql`insert into tickets (cp_id, product_id, kind, type_id, openid, content)
    values (${type!.cp_id}, ${pid}, 'player', ${type!.id}, 'gs_openid_1', 'Lost my sword') returning id, kind`);
  ticketId = Number(ticket!.id);
  ticketPage = ticket!.kind === 'product' ? productTicketsResource.page : playerTicketsResource.page;
  const [found] = await run(sql`select c.code, b.name from codes c join code_batches b on b.id = c.batch_id
    where c.product_id = ${pid} limit 1`);
  code = String(found?.code ?? '');
  batchName = String(found?.name ?? '');
});

describe('GET /search', () => {
  it('finds a player by openid, role id and nickname prefix, each opening the profile', async () => {
    const profile = `${playersResource.page}/userOption/gs_openid_1`;
    for (const q of ['gs_openid_1', 'gs_role_77', 'zephyr']) {
      const { hits } = await search(admin, q);
      expect(hits, q).toContainEqual(
        expect.objectContaining({ kind: 'player', title: 'gs_openid_1', path: profile }),
      );
    }
    const byRole = (await search(admin, 'gs_role_77')).hits.find((hit) => hit.kind === 'player')!;
    expect(byRole.detail).toContain('Windcaller');
  });

  it('finds an order, a ticket, a code and a staff member', async () => {
    expect((await search(admin, 'GS-ORDER-1')).hits).toContainEqual(
      expect.objectContaining({ kind: 'order', title: 'GS-ORDER-1', detail: 'gs_openid_1' }),
    );
    expect((await search(admin, String(ticketId))).hits).toContainEqual(
      expect.objectContaining({ kind: 'ticket', path: `${ticketPage}?ticket=${ticketId}` }),
    );
    if (code) {
      expect((await search(admin, code.toLowerCase())).hits).toContainEqual(
        expect.objectContaining({
          kind: 'code',
          title: code,
          path: `${codeBatchResource.page}?q=${encodeURIComponent(batchName).replace(/%20/g, '+')}`,
        }),
      );
    }
    expect((await search(admin, 'cs_ag')).hits).toContainEqual(
      expect.objectContaining({ kind: 'staff', title: 'cs_agent', path: '/system/staff?q=cs_agent' }),
    );
  });

  it('searches only what the caller may open: customer service finds tickets, not players or staff', async () => {
    const cs = await t.signIn('cs_agent', 'xianxia');
    const answer = await search(cs, String(ticketId));
    expect(answer.searched).not.toContain('staff');
    expect(answer.searched).not.toContain('code');
    expect(answer.searched).toContain('ticket');
    expect(answer.hits.every((hit) => hit.kind === 'ticket')).toBe(true);
    expect((await search(cs, 'cs_ag')).hits).toEqual([]);

    const nobody = await t.staff([], 'xianxia');
    expect(await search(nobody, 'gs_openid_1')).toEqual({ hits: [], searched: [] });
  });

  it("never crosses a CP or a game: another CP's admin and another game find nothing here", async () => {
    const overseas = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    const theirs = await search(overseas, 'gs_openid_1');
    expect(theirs.hits).toEqual([]);
    expect((await search(overseas, 'cs_ag')).hits).toEqual([]);
    const otherGame = await t.signIn('admin', 'tankwar');
    expect((await search(otherGame, 'gs_openid_1')).hits).toEqual([]);
    // A game of another CP in X-Product-Id is refused.
    const res = await t.client(t.user.access_token, await t.productIdOf('dawn')).get('/api/v1/search?q=x');
    expect(res.statusCode).toBe(403);
  });

  it('without a game, searches staff only; refuses empty, long or unstorable text', async () => {
    const noGame = t.client(t.user.access_token);
    const answer = await search(noGame, 'admin');
    expect(answer.searched).toEqual(['staff']);
    for (const q of ['', ' ', 'x'.repeat(65), 'a\u0000b']) {
      const res = await admin.get(`/api/v1/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(400);
      expect(body(res).code).toBe(400001);
    }
    const anonymous = await t.app.inject({ url: '/api/v1/search?q=admin' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("finds overseas operations' web-shop orders and players on their own game", async () => {
    const overseas = await t.signIn('ops_hw', 'dawn');
    const answer = await search(overseas, 'zzz_nothing');
    expect(answer.searched).toEqual(expect.arrayContaining(['player', 'order', 'code']));
    expect(answer.searched).not.toContain('staff');
    const [order] = await run(
      sql`select order_no from web_orders where product_id = ${await t.productIdOf('dawn')} limit 1`,
    );
    if (order) {
      expect((await search(overseas, String(order.order_no))).hits).toContainEqual(
        expect.objectContaining({ kind: 'order', path: expect.stringContaining('/order-management?q=') }),
      );
    }
  });

  it('takes LIKE wildcards literally', async () => {
    expect((await search(admin, '%')).hits.filter((hit) => hit.kind === 'player')).toEqual([]);
    expect((await search(admin, '_')).hits.filter((hit) => hit.kind === 'staff')).toEqual([]);
  });
});
