import { and, asc, count, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { LANGUAGES, mailsResource, textFor, type I18nText } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import type { products } from '../db/schema.ts';
import { approvalPolicies, approvalRequests } from '../modules/approvals/tables.ts';
import { giftPackages } from '../modules/gift-packages/tables.ts';
import { mails } from '../modules/mails/tables.ts';
import { feedbackTypes } from '../modules/feedback-types/tables.ts';
import { playerOrders, players } from '../modules/players/tables.ts';
import { ingestNotices } from '../modules/refunds/index.ts';
import { tickets } from '../modules/tickets/tables.ts';

/**
 * A staff member's first day has work waiting (issue 27, defect 9): each demo game's ticket queues
 * hold players' open tickets, and the work-order notification names one of them and opens it.
 * Answers the newest ticket of the game's product-feedback queue (for the notification).
 */
export async function seedDemoTickets(
  db: Db,
  product: typeof products.$inferSelect,
): Promise<{ id: number; kind: 'product' | 'player' } | null> {
  const [type] = await db
    .select({ id: feedbackTypes.id })
    .from(feedbackTypes)
    .where(and(eq(feedbackTypes.productId, product.id), isNotNull(feedbackTypes.parentId)))
    .orderBy(asc(feedbackTypes.id))
    .limit(1);
  const [anyType] = type
    ? [type]
    : await db
        .select({ id: feedbackTypes.id })
        .from(feedbackTypes)
        .where(eq(feedbackTypes.productId, product.id))
        .orderBy(asc(feedbackTypes.id))
        .limit(1);
  if (!anyType) return null;
  const who = await db
    .select({ openid: players.openid })
    .from(players)
    .where(eq(players.productId, product.id))
    .orderBy(asc(players.id))
    .limit(4);
  const openid = (i: number) => who[i % Math.max(who.length, 1)]?.openid ?? `demo_player_${i + 1}`;
  const domestic = product.region === 'gn';
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  const rows: Omit<typeof tickets.$inferInsert, 'cpId' | 'productId' | 'typeId' | 'openid'>[] = [
    {
      kind: 'player',
      priority: 'normal',
      state: 'new',
      content: domestic
        ? '有玩家在世界频道刷广告，请处理。'
        : 'Someone keeps posting ads in world chat, please check.',
      reportedRole: domestic ? '广告机器人' : 'AdBot',
      lang: domestic ? 'zh' : 'en',
      createdAt: hoursAgo(30),
    },
    {
      kind: 'product',
      priority: 'normal',
      state: 'in_progress',
      content: domestic
        ? '更新后进入副本时卡在加载界面。'
        : 'The game freezes on the loading screen after the update.',
      lang: domestic ? 'zh' : 'en',
      createdAt: hoursAgo(50),
    },
    {
      kind: 'product',
      priority: 'high',
      state: 'new',
      content: domestic
        ? '支付 30 元后未收到钻石，订单号见附件。'
        : 'I paid 4.99 USD and no diamonds arrived.',
      orderNo: domestic ? 'GN20261128001' : 'HW20261128001',
      lang: domestic ? 'zh' : 'en',
      createdAt: hoursAgo(1),
    },
  ];
  const inserted = await db
    .insert(tickets)
    .values(
      rows.map((row, i) => ({
        ...row,
        cpId: product.cpId,
        productId: product.id,
        typeId: anyType.id,
        openid: openid(i),
        roleName: domestic ? `侠客${i + 1}` : `Hero${i + 1}`,
        server: 'S1',
        updatedAt: row.createdAt,
      })),
    )
    .returning({ id: tickets.id, kind: tickets.kind });
  return inserted[inserted.length - 1] ?? null;
}

/** A text in the demo's two languages; the other languages fall back to them. */
function demoText(zh: string, en: string): I18nText {
  const text = Object.fromEntries(LANGUAGES.map((lang) => [lang, ''])) as I18nText;
  return { ...text, zh, en };
}

/**
 * A mail campaign waiting for a second person (issue 27, defect 9): the approval notification
 * names it and opens it, as the maker's send would have left it — the draft in `pending_approval`
 * with its recipients counted, and a pending request that its policy's deciders may approve (the
 * fan-out then runs as for any approved mail). Only on a game whose mail policy is on and in a CP
 * with someone besides the maker to decide. Answers the request's id and the mail's title.
 */
export async function seedDemoMailApproval(
  db: Db,
  product: typeof products.$inferSelect,
  maker: { id: number; username: string; lang: string },
): Promise<{ id: number; title: I18nText } | null> {
  const action = mailsResource.permissions.approve;
  const [policy] = await db
    .select()
    .from(approvalPolicies)
    .where(and(eq(approvalPolicies.productId, product.id), eq(approvalPolicies.action, action)))
    .limit(1);
  if (!policy?.enabled) return null;
  const [gift] = await db
    .select({ id: giftPackages.id })
    .from(giftPackages)
    .where(eq(giftPackages.productId, product.id))
    .orderBy(asc(giftPackages.id))
    .limit(1);
  const [{ n: recipients }] = (await db
    .select({ n: count() })
    .from(players)
    .where(eq(players.productId, product.id))) as [{ n: number }];
  const domestic = product.region === 'gn';
  const title = demoText('周末登录奖励', 'Weekend login reward');
  const [mail] = await db
    .insert(mails)
    .values({
      cpId: product.cpId,
      productId: product.id,
      title,
      body: demoText(
        '<p>感谢各位侠士的支持，周末登录即可领取奖励。</p>',
        '<p>Thank you for playing: sign in this weekend for a reward.</p>',
      ),
      sender: domestic ? '运营团队' : 'Operations team',
      attachments: gift ? [{ type: 'gift', id: gift.id, quantity: 1 }] : [],
      target: 'all',
      status: 'pending_approval',
      recipients,
      createdBy: maker.username,
    })
    .returning();
  const [request] = await db
    .insert(approvalRequests)
    .values({
      cpId: product.cpId,
      productId: product.id,
      kind: 'mails.send',
      action,
      approver: policy.approver,
      targetType: mailsResource.logTarget,
      targetId: String(mail!.id),
      targetName: textFor(title),
      amount: recipients,
      reason: domestic ? '周末活动，全服发放' : 'Weekend event, every server',
      before: { status: 'draft' },
      after: { status: 'sending', recipients, attachment_value: null, send_at: null, expire_at: null },
      payload: { id: mail!.id, version: mail!.version },
      makerId: maker.id,
      makerName: maker.username,
      makerLang: maker.lang,
    })
    .returning({ id: approvalRequests.id });
  await db.update(mails).set({ approvalId: request!.id }).where(eq(mails.id, mail!.id));
  return { id: request!.id, title };
}

/**
 * Store refunds waiting in a game's refund queue on the first day (issue 27, defect 9): the store's
 * voided-purchase notices for two of its latest paid orders, taken in as a game's notices are
 * (`ingestNotices`: stored once, matched to the order, the player's paid total lowered), so staff
 * can claw them back or waive them. Answers how many were matched.
 */
export async function seedDemoRefunds(db: Db, product: typeof products.$inferSelect): Promise<number> {
  const orders = await db
    .select({ orderNo: playerOrders.orderNo, store: playerOrders.store })
    .from(playerOrders)
    .where(and(eq(playerOrders.productId, product.id), ne(playerOrders.status, 'refunded')))
    .orderBy(desc(playerOrders.paidAt), asc(playerOrders.orderNo))
    .limit(2);
  const reasons = ['remorse', 'not_received'] as const;
  const results = await ingestNotices(
    db,
    { cpId: product.cpId, productId: product.id },
    orders.map((order, i) => ({
      notice_id: `demo-${order.orderNo}`.slice(0, 64),
      order_no: order.orderNo,
      store: order.store,
      reason: reasons[i % reasons.length],
      source: 'user',
      quantity: 1,
      voided_at: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
    })),
  );
  return results.filter((r) => r.state === 'matched').length;
}
