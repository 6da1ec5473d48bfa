import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import type { products } from '../db/schema.ts';
import { feedbackTypes } from '../modules/feedback-types/tables.ts';
import { players } from '../modules/players/tables.ts';
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
