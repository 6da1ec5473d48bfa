import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { WEB_SHOP_STORE, webRefundNoticeId, type LedgerLine, type RefundState } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { props } from '../props/tables.ts';
import { addEvent, ledgerLines, type RefundRow } from './service.ts';
import { refunds } from './tables.ts';

/** What the refunds module reads of a refunded web-shop order (the web shop's `web_orders` row). */
export interface RefundedWebOrder {
  cpId: number;
  productId: number;
  orderNo: string;
  openid: string;
  sku: string;
  amount: number;
  currency: string;
  refundReason: string;
  refundedAt: Date | null;
  /** Set once the game took the order: only then is there something to take back. */
  deliveredAt: Date | null;
  items: { prop_id: number; quantity: number }[];
  currencies: { currency: string; amount: number }[];
}

/**
 * What was delivered for a web order, as claw-back ledger lines: its items (the good's gift and the
 * top-up activities' rewards, fixed when paid) and its game currency. Nothing when it was never delivered.
 */
async function webLedger(tx: Db, order: RefundedWebOrder): Promise<LedgerLine[]> {
  if (!order.deliveredAt) return [];
  const ids = order.items.map((i) => i.prop_id);
  const known = ids.length
    ? await tx
        .select({
          id: props.id,
          code: props.code,
          type: props.type,
          name: sql<string>`coalesce(${props.name}->>'zh', ${props.code})`,
        })
        .from(props)
        .where(and(eq(props.productId, order.productId), inArray(props.id, ids)))
    : [];
  const items = ledgerLines(
    order.items.map((i) => {
      const prop = known.find((p) => Number(p.id) === i.prop_id);
      return {
        prop_id: i.prop_id,
        code: prop?.code ?? String(i.prop_id),
        type: prop?.type ?? 'item',
        name: prop?.name ?? String(i.prop_id),
        quantity: i.quantity,
      };
    }),
    1,
  );
  const currencies = order.currencies
    .filter((c) => c.amount > 0)
    .map((c) => ({
      kind: 'currency' as const,
      code: c.currency,
      name: c.currency,
      wanted: c.amount,
      taken: 0,
    }));
  return [...items, ...currencies];
}

/**
 * Records a refunded web-shop order as a refund, in the caller's transaction (the one that marks the
 * order refunded): once per order (notice id `web:<order_no>`), matched at once with the ledger of
 * what was delivered, so staff claw it back (or penalise, or waive) from the refunds page as any
 * store refund. The web shop's own refund takes nothing back from the game, so nothing is taken twice.
 */
export async function storeWebRefund(
  tx: Db,
  order: RefundedWebOrder,
  by: { userId: number | null; username: string } | null,
): Promise<RefundRow> {
  const noticeId = webRefundNoticeId(order.orderNo);
  const voidedAt = order.refundedAt ?? new Date();
  const ledger = await webLedger(tx, order);
  const [playerRow] = await queryRows<{ id: number }>(
    tx,
    sql`select id from players where product_id = ${order.productId} and openid = ${order.openid} limit 1`,
  );
  const [inserted] = await tx
    .insert(refunds)
    .values({
      cpId: order.cpId,
      productId: order.productId,
      noticeId,
      orderNo: order.orderNo,
      playerId: playerRow ? Number(playerRow.id) : null,
      openid: order.openid,
      store: WEB_SHOP_STORE,
      sku: order.sku,
      amount: Number(order.amount),
      currency: order.currency,
      reason: 'other',
      source: 'console',
      quantity: 1,
      voidedAt,
      state: 'matched',
      ledger,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    const [existing] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.productId, order.productId), eq(refunds.noticeId, noticeId)));
    return existing!;
  }
  await addEvent(tx, inserted.id, 'notice', by, order.refundReason, {
    store: WEB_SHOP_STORE,
    source: 'console',
    quantity: 1,
    voided_at: voidedAt.toISOString(),
  });
  await addEvent(tx, inserted.id, 'matched', null, '', {
    lines: ledger.length,
    amount: Number(order.amount),
  });
  return inserted;
}

/** The refund of a web-shop order (its id and state), or null: what the order's detail shows. */
export async function webOrderRefund(
  db: Db,
  productId: number,
  orderNo: string,
): Promise<{ id: number; state: RefundState } | null> {
  const [row] = await db
    .select({ id: refunds.id, state: refunds.state })
    .from(refunds)
    .where(and(eq(refunds.productId, productId), eq(refunds.noticeId, webRefundNoticeId(orderNo))))
    .orderBy(desc(refunds.id))
    .limit(1);
  return row ? { id: row.id, state: row.state as RefundState } : null;
}
