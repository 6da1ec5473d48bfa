import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  refundsResource,
  ErrorCode,
  REFUND_REASONS,
  REFUND_SOURCES,
  refundNotice,
  type LedgerLine,
  type RefundDetail,
  type RefundEventKind,
  type RefundItem,
  type RefundNoticeResult,
  type RefundReason,
  type RefundRowSource,
  type RefundSource,
  type RefundState,
  type RefundTotalRow,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { dayRange } from '../../lib/list.ts';
import { resourceReads } from '../../lib/resource-routes.ts';
import { logChange } from '../../lib/operation-log.ts';
import { queryRows } from '../../lib/rows.ts';
import { ingestPlayerEvents } from '../players/index.ts';
import type { Outside } from '../../lib/outside/index.ts';
import { gameServer, type ClawAnswer } from '../outside-parties/index.ts';
import { refundEvents, refunds } from './tables.ts';

export type RefundRow = typeof refunds.$inferSelect;
type Actor = { userId: number | null; username: string } | null;

/** A zod problem in one line (the notice's own error). */
function problem(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues.map((i) => `${i.path.join('.') || 'notice'}: ${i.message}`).join('; ');
}

export function owedOf(ledger: LedgerLine[]): number {
  return ledger.reduce((sum, line) => sum + Math.max(0, line.wanted - line.taken), 0);
}

export function toItem(row: RefundRow): RefundItem {
  return {
    id: row.id,
    notice_id: row.noticeId,
    order_no: row.orderNo,
    openid: row.openid,
    store: row.store,
    sku: row.sku,
    amount: Number(row.amount),
    currency: row.currency,
    reason: row.reason as RefundReason,
    source: row.source as RefundRowSource,
    quantity: row.quantity,
    voided_at: row.voidedAt.toISOString(),
    state: row.state as RefundState,
    owed: owedOf(row.ledger),
    ledger: row.ledger,
    approval_id: row.approvalId,
    retry_job_id: row.retryJobId,
    sanction_id: row.sanctionId === null ? null : Number(row.sanctionId),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export async function addEvent(
  tx: Db,
  refundId: number,
  kind: RefundEventKind,
  by: Actor,
  reason = '',
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(refundEvents).values({
    refundId,
    kind,
    byId: by?.userId ?? null,
    byName: by?.username ?? '',
    reason,
    detail,
  });
}

interface OrderRow {
  player_id: number;
  openid: string;
  sku: string;
  store: string;
  amount: number;
  currency: string;
  status: string;
  paid_at: Date | null;
  delivered_at: Date | null;
  refunded_at: Date | null;
}

async function orderOf(db: Db, productId: number, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await queryRows<OrderRow>(
    db,
    sql`select o.player_id, p.openid, o.sku, o.store, o.amount, o.currency, o.status, o.paid_at, o.delivered_at,
          o.refunded_at
        from player_orders o join players p on p.id = o.player_id
        where o.product_id = ${productId} and o.order_no = ${orderNo}`,
  );
  return row;
}

/**
 * What was delivered for an order: the contents of the reward gift of the billing point selling its
 * SKU (the current version, else the latest), with each prop's type and name.
 */
async function deliveredFor(
  db: Db,
  productId: number,
  sku: string,
  store: string,
): Promise<{ prop_id: number; code: string; type: string; name: string; quantity: number }[]> {
  return (
    await queryRows<{ prop_id: number; code: string; type: string; name: string; quantity: number }>(
      db,
      sql`with bp as (
            select reward_gift_id from billing_points
            where product_id = ${productId} and store_sku = ${sku}
            order by (store = ${store}) desc, current desc, id desc limit 1)
          select (c->>'prop_id')::int as prop_id, p.code, p.type, coalesce(p.name->>'zh', p.code) as name,
            (c->>'quantity')::int as quantity
          from bp join gift_packages g on g.id = bp.reward_gift_id
            cross join lateral jsonb_array_elements(g.contents) c
            left join props p on p.id = (c->>'prop_id')::int
          order by 1`,
    )
  ).map((r) => ({ ...r, prop_id: Number(r.prop_id), quantity: Number(r.quantity) }));
}

/** Ledger lines of delivered props × a quantity: currency props as currency (by code), others as items. */
export function ledgerLines(
  delivered: { prop_id: number; code: string; type: string; name: string; quantity: number }[],
  quantity: number,
): LedgerLine[] {
  return delivered.map((d) => ({
    kind: d.type === 'currency' ? ('currency' as const) : ('item' as const),
    code: d.type === 'currency' ? d.code : String(d.prop_id),
    name: d.name,
    wanted: d.quantity * quantity,
    taken: 0,
  }));
}

/** The ledger of a matched order: every delivered line × the voided quantity; currency props as currency. */
async function ledgerFor(
  db: Db,
  productId: number,
  order: OrderRow,
  quantity: number,
): Promise<LedgerLine[]> {
  return ledgerLines(await deliveredFor(db, productId, order.sku, order.store), quantity);
}

export interface NoticeInput {
  notice_id: string;
  order_no: string;
  store: string;
  reason: RefundReason;
  source: RefundSource;
  quantity: number;
  voided_at: string;
}

/**
 * Stores one notice (once per notice id) and matches it to its order in the caller's transaction:
 * the order is marked refunded and the player's paid total drops through the players module's own
 * `refund_notice` event (idempotent by its event id).
 */
export async function storeNotice(
  tx: Db,
  cpId: number,
  productId: number,
  notice: NoticeInput,
): Promise<{ row: RefundRow; duplicate: boolean }> {
  const [inserted] = await tx
    .insert(refunds)
    .values({
      cpId,
      productId,
      noticeId: notice.notice_id,
      orderNo: notice.order_no,
      store: notice.store,
      reason: notice.reason,
      source: notice.source,
      quantity: notice.quantity,
      voidedAt: new Date(notice.voided_at),
      state: 'detected',
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    const [existing] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.productId, productId), eq(refunds.noticeId, notice.notice_id)));
    return { row: existing!, duplicate: true };
  }
  await addEvent(tx, inserted.id, 'notice', null, notice.reason, {
    store: notice.store,
    source: notice.source,
    quantity: notice.quantity,
    voided_at: notice.voided_at,
  });
  const order = await orderOf(tx, productId, notice.order_no);
  if (!order) {
    await addEvent(tx, inserted.id, 'unmatched', null);
    const [row] = await tx
      .update(refunds)
      .set({ state: 'unmatched', updatedAt: new Date() })
      .where(eq(refunds.id, inserted.id))
      .returning();
    return { row: row!, duplicate: false };
  }
  const ledger = await ledgerFor(tx, productId, order, notice.quantity);
  if (order.status !== 'refunded') {
    await ingestPlayerEvents(tx, productId, [
      {
        type: 'refund_notice',
        event_id: `refund:${notice.notice_id}`.slice(0, 64),
        openid: order.openid,
        at: notice.voided_at,
        order_no: notice.order_no,
        reason: notice.reason,
      },
    ]);
  }
  const [row] = await tx
    .update(refunds)
    .set({
      state: 'matched',
      playerId: Number(order.player_id),
      openid: order.openid,
      sku: order.sku,
      amount: Number(order.amount),
      currency: order.currency,
      ledger,
      updatedAt: new Date(),
    })
    .where(eq(refunds.id, inserted.id))
    .returning();
  await addEvent(tx, inserted.id, 'matched', null, '', {
    lines: ledger.length,
    amount: Number(order.amount),
  });
  return { row: row!, duplicate: false };
}

/** The reason's name from a name or Google's numeric code. */
export function reasonOf(value: RefundReason | number): RefundReason {
  return typeof value === 'number' ? REFUND_REASONS[value]! : value;
}
export function sourceOf(value: number): RefundSource {
  return REFUND_SOURCES[value] ?? 'user';
}

/** A game's batch of notices: each stored once, matched; an invalid one answers its reason. */
export async function ingestNotices(
  db: Db,
  caller: { cpId: number; productId: number },
  raw: unknown[],
): Promise<RefundNoticeResult[]> {
  const results: RefundNoticeResult[] = [];
  for (const item of raw) {
    const parsed = refundNotice.safeParse(item);
    const id =
      typeof (item as { notice_id?: unknown })?.notice_id === 'string'
        ? (item as { notice_id: string }).notice_id.slice(0, 64)
        : '';
    if (!parsed.success) {
      results.push({ notice_id: id, status: 'error', message: problem(parsed.error) });
      continue;
    }
    const notice = { ...parsed.data, reason: reasonOf(parsed.data.reason) };
    const { row, duplicate } = await db.transaction((tx) =>
      storeNotice(tx, caller.cpId, caller.productId, notice),
    );
    results.push({
      notice_id: notice.notice_id,
      status: duplicate ? 'duplicate' : 'stored',
      state: row.state as RefundState,
    });
  }
  return results;
}

export async function lockRefund(tx: Db, scope: { productId: number }, id: number): Promise<RefundRow> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, id), eq(refunds.productId, scope.productId)))
    .for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** States a claw-back may start from (clawback_pending: only the retry job). */
export const CLAWABLE: readonly string[] = ['matched', 'debt'];

/**
 * Asks the game for what is still owed (through its server: the kit's timeout) and books what it took
 * in the caller's transaction: all taken → clawed_back, something short → debt. Throws when the game
 * did not answer.
 */
export async function attemptClawback(
  outside: Outside,
  tx: Db,
  row: RefundRow,
  by: Actor,
  extra: Partial<RefundRow> = {},
): Promise<RefundRow> {
  const owed = row.ledger.map((l) => ({ ...l, left: Math.max(0, l.wanted - l.taken) }));
  const items = owed
    .filter((l) => l.kind === 'item' && l.left > 0)
    .map((l) => ({ prop_id: Number(l.code), quantity: l.left }));
  const currencies = owed
    .filter((l) => l.kind === 'currency' && l.left > 0)
    .map((l) => ({ currency: l.code, amount: l.left }));
  let answer: ClawAnswer = { taken: { items: [], currencies: [] }, short: { items: [], currencies: [] } };
  if (items.length || currencies.length) {
    // The key names the refund's n-th booked claw-back: the same until an answer is booked, so a
    // retry after a lost answer asks the game for the same claw-back, which it applies once.
    const [booked] = await tx
      .select({ n: count() })
      .from(refundEvents)
      .where(and(eq(refundEvents.refundId, row.id), eq(refundEvents.kind, 'clawback')));
    const game = await outside.open(tx, gameServer, row.productId);
    answer = await game.clawBack({
      openid: row.openid,
      items,
      currencies,
      key: `refund:${row.id}:${(booked?.n ?? 0) + 1}`,
    });
  }
  const ledger = row.ledger.map((line) => {
    const got =
      line.kind === 'item'
        ? (answer.taken.items.find((i) => String(i.prop_id) === line.code)?.quantity ?? 0)
        : (answer.taken.currencies.find((c) => c.currency === line.code)?.amount ?? 0);
    return { ...line, taken: Math.min(line.wanted, line.taken + Math.max(0, got)) };
  });
  const short = owedOf(ledger);
  const [next] = await tx
    .update(refunds)
    .set({
      ledger,
      state: short > 0 ? 'debt' : 'clawed_back',
      version: sql`${refunds.version} + 1`,
      updatedAt: new Date(),
      ...extra,
    })
    .where(eq(refunds.id, row.id))
    .returning();
  await addEvent(tx, row.id, 'clawback', by, '', { taken: answer.taken, short: answer.short, owed: short });
  return next!;
}

export async function logRefund(
  tx: Db,
  scope: ProductScope,
  before: RefundRow,
  after: RefundRow,
): Promise<void> {
  await logChange(tx, scope, {
    action: 'update',
    targetType: 'refund',
    targetId: after.id,
    targetName: `${after.orderNo} · ${after.state}`,
    before: { state: before.state, owed: owedOf(before.ledger) },
    after: { state: after.state, owed: owedOf(after.ledger) },
  });
}

/** The list and the export's batches (the filters within the game; newest voided first). */
export const { list: listRefunds, batch: refundBatch } = resourceReads(refundsResource, {
  table: refunds,
  items: (_db, rows) => rows.map(toItem),
  where: (f) => [
    f.state ? eq(refunds.state, f.state) : undefined,
    f.store ? eq(refunds.store, f.store) : undefined,
    f.openid ? eq(refunds.openid, f.openid) : undefined,
    f.order_no ? eq(refunds.orderNo, f.order_no) : undefined,
    ...dayRange(refunds.voidedAt, f.from, f.to),
  ],
  defaultSort: '-voided_at',
});

/** Refunds per day (UTC) and store, with the refunded amount per currency. */
export async function refundTotals(
  db: Db,
  scope: ProductScope,
  range: { from?: string; to?: string },
): Promise<RefundTotalRow[]> {
  const to = range.to
    ? new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000)
    : new Date(Date.now() + 86_400_000);
  const from = range.from ? new Date(`${range.from}T00:00:00Z`) : new Date(to.getTime() - 31 * 86_400_000);
  const rows = await queryRows<{
    day: string;
    store: string;
    currency: string;
    count: number;
    amount: number;
  }>(
    db,
    sql`select to_char(voided_at at time zone 'UTC', 'YYYY-MM-DD') as day, store, currency,
          count(*)::int as count, coalesce(sum(amount), 0)::bigint as amount
        from refunds
        where product_id = ${scope.productId} and voided_at >= ${from} and voided_at < ${to}
        group by 1, 2, 3 order by 1, 2, 3`,
  );
  return rows.map((r) => ({ ...r, count: Number(r.count), amount: Number(r.amount) }));
}

export async function refundDetail(db: Db, scope: ProductScope, row: RefundRow): Promise<RefundDetail> {
  const order = await orderOf(db, scope.productId, row.orderNo);
  const delivered = order ? await deliveredFor(db, scope.productId, order.sku, order.store) : [];
  const events = await db
    .select()
    .from(refundEvents)
    .where(eq(refundEvents.refundId, row.id))
    .orderBy(asc(refundEvents.at), asc(refundEvents.id));
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  const timeline: RefundDetail['timeline'] = [];
  if (order?.paid_at)
    timeline.push({
      kind: 'paid',
      at: iso(order.paid_at)!,
      by: null,
      reason: '',
      detail: { amount: Number(order.amount), currency: order.currency },
    });
  if (order?.delivered_at)
    timeline.push({ kind: 'delivered', at: iso(order.delivered_at)!, by: null, reason: '', detail: {} });
  for (const e of events)
    timeline.push({
      kind: e.kind as RefundEventKind,
      at: e.at.toISOString(),
      by: e.byName ? { id: e.byId, username: e.byName } : null,
      reason: e.reason,
      detail: e.detail,
    });
  return {
    refund: toItem(row),
    order: order
      ? {
          order_no: row.orderNo,
          sku: order.sku,
          amount: Number(order.amount),
          currency: order.currency,
          status: order.status,
          paid_at: iso(order.paid_at),
          delivered_at: iso(order.delivered_at),
          refunded_at: iso(order.refunded_at),
        }
      : null,
    delivered: delivered.map((d) => ({
      prop_id: d.prop_id,
      name: d.name,
      quantity: d.quantity * row.quantity,
    })),
    timeline,
  };
}

export async function refundById(db: Db, scope: ProductScope, id: number): Promise<RefundRow> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, id), eq(refunds.productId, scope.productId)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** The latest refund of an order (an order refunded in parts has several notices). */
export async function refundByOrder(db: Db, scope: ProductScope, orderNo: string): Promise<RefundRow> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderNo, orderNo), eq(refunds.productId, scope.productId)))
    .orderBy(sql`${refunds.id} desc`)
    .limit(1);
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}
