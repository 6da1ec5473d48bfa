import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Cockpit } from '@rx/contracts/cockpit';
import { body, type Client, useTestApp } from '../../../test/index.ts';
import { queryRows } from '../../lib/rows.ts';

const t = useTestApp();
const admin = t.admin;
const run = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(t.database.db, query);

const cockpitOf = async (api: Client): Promise<Cockpit> => {
  const res = await api.get('/api/v1/home/cockpit');
  expect(res.statusCode, res.body).toBe(200);
  return body<Cockpit>(res).data;
};

describe('GET /home/cockpit', () => {
  it("counts the chosen game's new players, payers, revenue by currency, redemptions and open tickets", async () => {
    const before = await cockpitOf(admin);
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    const pid = t.productId;
    const [player] = await run(sql`insert into players (product_id, openid, last_login_at)
      values (${pid}, 'cockpit_probe', now()) returning id`);
    await run(sql`insert into player_orders (product_id, order_no, player_id, store, sku, amount, currency, status, paid_at)
      values (${pid}, 'CP-1', ${player!.id}, 'apple', 'gems', 600, 'CNY', 'paid', now()),
             (${pid}, 'CP-2', ${player!.id}, 'apple', 'gems', 199, 'USD', 'paid', now()),
             (${pid}, 'CP-3', ${player!.id}, 'apple', 'gems', 999, 'USD', 'refunded', now())`);
    const [type] = await run(sql`select id, cp_id from feedback_types where product_id = ${pid} limit 1`);
    await run(sql`insert into tickets (cp_id, product_id, kind, type_id, openid, content, created_at)
      values (${type!.cp_id}, ${pid}, 'player', ${type!.id}, 'cockpit_probe', 'old one', now() - interval '4 days')`);

    const after = await cockpitOf(admin);
    expect(after.players!.new_today).toBe(before.players!.new_today + 1);
    expect(after.players!.active_today).toBe(before.players!.active_today + 1);
    expect(after.players!.new_daily.at(-1)).toBe(before.players!.new_daily.at(-1)! + 1);
    expect(after.payments!.payers_today).toBe(before.payments!.payers_today + 1);
    const was = (currency: string) => before.payments!.revenue_today[currency] ?? 0;
    expect(after.payments!.revenue_today.CNY).toBe(was('CNY') + 600);
    // A refunded order is no revenue.
    expect(after.payments!.revenue_today.USD).toBe(was('USD') + 199);
    expect(after.payments!.revenue_daily.USD!.at(-1)).toBe(was('USD') + 199);
    expect(after.tickets!.open.player).toBe(before.tickets!.open.player! + 1);
    expect(after.tickets!.older_3d).toBe(before.tickets!.older_3d + 1);
    expect(new Date(after.tickets!.oldest_at!).getTime()).toBeLessThan(Date.now() - 3 * 86_400_000);
    expect(after.redemptions).toEqual({ today: expect.any(Number), last_30d: expect.any(Number) });
    expect(after.mail_claimed).toBeDefined();
    expect(Object.keys(after.campaigns!).sort()).toEqual(['announcements', 'code_batches', 'mails']);
    expect(after.approvals.pending).toBeGreaterThanOrEqual(0);
    expect(after.jobs.running).toBeGreaterThanOrEqual(0);
  });

  it('shows customer service only their parts: tickets, approvals, jobs — no players, payments or campaigns', async () => {
    const cs = await t.signIn('cs_agent', 'xianxia');
    const view = await cockpitOf(cs);
    expect(view.tickets).toBeDefined();
    expect(view.players).toBeUndefined();
    expect(view.payments).toBeUndefined();
    expect(view.redemptions).toBeUndefined();
    expect(view.mail_claimed).toBeUndefined();
    expect(view.campaigns).toBeUndefined();

    const nobody = await cockpitOf(await t.staff([], 'xianxia'));
    expect(Object.keys(nobody).sort()).toEqual(['approvals', 'days', 'jobs', 'product_id']);
  });

  it('gives overseas operations their own game: players, payments, campaigns', async () => {
    const overseas = await t.signIn('ops_hw', 'dawn');
    const view = await cockpitOf(overseas);
    expect(view.product_id).toBe(await t.productIdOf('dawn'));
    expect(view.players).toBeDefined();
    expect(view.payments).toBeDefined();
    expect(view.campaigns).toBeDefined();
    const [{ n }] = (await run(
      sql`select count(*)::int as n from players where product_id = ${view.product_id}`,
    )) as [{ n: number }];
    expect(view.players!.new_30d).toBeLessThanOrEqual(n);
  });

  it("needs a game of the caller's own CP", async () => {
    const noGame = t.client(t.user.access_token);
    const missing = await noGame.get('/api/v1/home/cockpit');
    expect(missing.statusCode).toBe(400);
    expect(body(missing).code).toBe(400001);
    const other = t.client(t.user.access_token, await t.productIdOf('dawn'));
    expect((await other.get('/api/v1/home/cockpit')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/home/cockpit' })).statusCode).toBe(401);
  });
});
