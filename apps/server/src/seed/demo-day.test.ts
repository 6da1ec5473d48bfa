import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ApprovalRequestDetail, Mail } from '@rx/contracts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/index.ts';
import { JWT_SECRET, SSO_SECRET, bearer, body, emptyDatabase, signInAs } from '../../test/index.ts';
import { count, eq } from 'drizzle-orm';
import { products } from '../db/schema.ts';
import { playerOrders } from '../modules/players/tables.ts';
import { seed } from './index.ts';

/**
 * Issue 27, defect 9: the demo's notifications point at things that exist. The console's demo
 * (main.ts: policies on every game, work waiting) seeds a mail campaign waiting for a second
 * person; the approval notification opens that request, which its reader can read and decide.
 */
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await emptyDatabase();
  await seed(database.db, {
    demo: true,
    demoPlayers: 40,
    approvalsOnEveryGame: true,
    demoWork: true,
    jwtSecret: JWT_SECRET,
  });
  app = await buildApp({ database, ssoSecret: SSO_SECRET, jwtSecret: JWT_SECRET, logLevel: 'silent' });
  await app.ready();
}, 240_000);

afterAll(async () => {
  // Closing the app closes its database too.
  await app?.close();
});

interface Notice {
  kind: string;
  title: string;
  link: string;
}

async function noticesOf(username: string) {
  const { user } = await signInAs(app, username);
  const res = await app.inject({
    url: '/api/v1/notifications?page_size=50',
    headers: bearer(user.access_token),
  });
  return { token: user.access_token, list: body<{ list: Notice[] }>(res).data.list };
}

describe('the demo day', () => {
  it('tells its maker their own request waits, and never asks them to decide it', async () => {
    const { token, list } = await noticesOf('ops_gn2');
    const [mine] = list.filter((n) => n.kind === 'approval');
    const id = Number(/\/approvals\?id=(\d+)$/.exec(mine!.link)?.[1]);
    const request = body<ApprovalRequestDetail>(
      await app.inject({ url: `/api/v1/approvals/${id}`, headers: bearer(token) }),
    ).data;
    expect(request).toMatchObject({ status: 'pending', can_decide: false, maker: { username: 'ops_gn2' } });
  });

  it("opens the approval notification on a mail campaign that waits for its reader's decision", async () => {
    const { token, list } = await noticesOf('admin');
    const approval = list.filter((n) => n.kind === 'approval');
    expect(approval).toHaveLength(1);
    const id = Number(/\/approvals\?id=(\d+)$/.exec(approval[0]!.link)?.[1]);
    expect(id).toBeGreaterThan(0);
    const res = await app.inject({ url: `/api/v1/approvals/${id}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const request = body<ApprovalRequestDetail>(res).data;
    expect(request).toMatchObject({ kind: 'mails.send', status: 'pending', can_decide: true });
    // The mail it names exists, waits for this request, and is what the approver reads.
    const mailId = Number(request.target_id);
    const mail = body<Mail>(
      await app.inject({
        url: `/api/v1/mails/${mailId}`,
        headers: { ...bearer(token), 'x-product-id': String(request.product_id) },
      }),
    ).data;
    expect(mail).toMatchObject({ status: 'pending_approval', approval_id: id });
    const title = request.subject?.fields.find((f) => f.key === 'title')?.text;
    expect(title).toBeTruthy();
    expect(approval[0]!.title).toContain(title!);
    // Approved, it goes out as any approved mail does: the seeded request is one the mail applies.
    const approved = await app.inject({
      method: 'POST',
      url: `/api/v1/approvals/${id}/approve`,
      headers: bearer(token),
      payload: { comment: 'ok' },
    });
    expect(body(approved).code, approved.body).toBe(0);
    const after = body<Mail>(
      await app.inject({
        url: `/api/v1/mails/${mailId}`,
        headers: { ...bearer(token), 'x-product-id': String(request.product_id) },
      }),
    ).data;
    expect(['sending', 'sent']).toContain(after.status);
  });

  it('has refunds waiting in the refund queue of every domestic demo game with orders, matched to them', async () => {
    const { user } = await signInAs(app, 'admin');
    const games = await database.db
      .select({ id: products.id, code: products.code })
      .from(products)
      .where(eq(products.region, 'gn'));
    const ordered = [];
    for (const game of games) {
      const [orders] = await database.db
        .select({ n: count() })
        .from(playerOrders)
        .where(eq(playerOrders.productId, game.id));
      if (orders!.n > 0) ordered.push(game);
    }
    expect(ordered.map((g) => g.code)).toContain('xianxia');
    for (const game of ordered) {
      const res = await app.inject({
        url: '/api/v1/refunds?page_size=50',
        headers: { ...bearer(user.access_token), 'x-product-id': String(game.id) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = body<{ list: { state: string; order_no: string }[]; total: number }>(res).data;
      expect(page.total, game.code).toBeGreaterThan(0);
      expect(
        page.list.every((r) => r.state === 'matched'),
        game.code,
      ).toBe(true);
    }
  });

  it('sends no approval notification where nobody could decide one (a CP with one staff member)', async () => {
    const { list } = await noticesOf('ops_hw');
    expect(list.filter((n) => n.kind === 'approval')).toEqual([]);
    // Nor to those whom the approvals page is not for (customer service, developers).
    for (const name of ['cs_agent', 'cp_dev'])
      expect(
        (await noticesOf(name)).list.filter((n) => n.kind === 'approval'),
        name,
      ).toEqual([]);
    expect(list.some((n) => n.kind === 'work_order')).toBe(true);
  });
});
