import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CS_ORDER_EXPORT_COLUMNS,
  csOrderExportQuery,
  csOrderListQuery,
  csUserOrdersAccess,
  type CsOrder,
  type CsOrderState,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { EXPORT_BATCH, sendExport } from '../../lib/export.ts';
import { logChange } from '../../lib/operation-log.ts';
import { fieldError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { queryRows } from '../../lib/rows.ts';

/**
 * User order query (`/service/user-order-query`): a player's orders of the game, read-only — the
 * store orders the game reports and the web shop's — looked up by order number, openid or role id
 * (one of them is required: the desk answers about a player, it does not browse every order), within
 * a date range; each with its state, amounts, product, channel, delivery attempts and refund.
 */

type Filters = Omit<z.output<typeof csOrderListQuery>, 'page' | 'page_size' | 'sort'>;

/** Both sources as one relation with the same columns; `at` is when the order was placed. */
const orders = (scope: ProductScope) => sql`(
  select 'store' as source, o.order_no, p.openid, o.role_id, o.server, o.sku as product,
    o.store as channel, o.amount, o.currency, o.status as state,
    coalesce(o.paid_at, o.delivered_at, o.refunded_at) as at, o.paid_at, o.delivered_at, o.refunded_at,
    case when o.delivered_at is null then 0 else 1 end as delivery_attempts
  from player_orders o join players p on p.id = o.player_id
  where o.product_id = ${scope.productId}
  union all
  select 'web', w.order_no, w.openid, w.role_id, w.server, coalesce(nullif(w.good_name, ''), w.sku),
    w.provider || ':' || w.payment_method, w.amount, w.currency, w.state,
    w.created_at, w.paid_at, w.delivered_at, w.refunded_at, w.delivery_attempts
  from web_orders w where w.cp_id = ${scope.cpId} and w.product_id = ${scope.productId}
)`;

function orderWhere(f: Filters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.order_no) parts.push(sql`x.order_no = ${f.order_no}`);
  if (f.openid) parts.push(sql`x.openid = ${f.openid}`);
  if (f.role_id) parts.push(sql`x.role_id = ${f.role_id}`);
  if (f.state) parts.push(sql`x.state = ${f.state}`);
  if (f.source) parts.push(sql`x.source = ${f.source}`);
  if (f.from) parts.push(sql`x.at >= ${`${f.from}T00:00:00Z`}::timestamptz`);
  if (f.to) parts.push(sql`x.at < (${`${f.to}T00:00:00Z`}::timestamptz + interval '1 day')`);
  return sql.join(parts, sql` and `);
}

/** The player the query is about: an order number, an openid or a role id, else 400001. */
function requireKey(scope: ProductScope, f: Filters) {
  if (!f.order_no && !f.openid && !f.role_id) throw fieldError(scope.lang, 'openid', 'required');
}

const SORTS: Record<string, SQL> = {
  at: sql`x.at`,
  amount: sql`x.amount`,
  order_no: sql`x.order_no`,
};

interface OrderRow {
  source: CsOrder['source'];
  order_no: string;
  openid: string;
  role_id: string;
  server: string;
  product: string;
  channel: string;
  amount: string | number;
  currency: string;
  state: string;
  at: string | Date | null;
  paid_at: string | Date | null;
  delivered_at: string | Date | null;
  refunded_at: string | Date | null;
  delivery_attempts: number;
  refund_state: string | null;
  refund_reason: string | null;
}
const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

function toOrder(r: OrderRow): CsOrder {
  return {
    source: r.source,
    order_no: r.order_no,
    openid: r.openid,
    role_id: r.role_id,
    server: r.server,
    product: r.product,
    channel: r.channel,
    amount: Number(r.amount),
    currency: r.currency,
    state: r.state as CsOrderState,
    at: iso(r.at) ?? '',
    paid_at: iso(r.paid_at),
    delivered_at: iso(r.delivered_at),
    refunded_at: iso(r.refunded_at),
    delivery_attempts: Number(r.delivery_attempts),
    refund: r.refund_state ? { state: r.refund_state, reason: r.refund_reason ?? '' } : null,
  };
}

/** The orders with their latest refund (by order number in the game), in `order` from `offset`. */
function select(scope: ProductScope, f: Filters, order: SQL, limit: number, offset: number) {
  return sql`select x.*, rf.state as refund_state, rf.reason as refund_reason
    from ${orders(scope)} x
    left join lateral (
      select state, reason from refunds r
      where r.product_id = ${scope.productId} and r.cp_id = ${scope.cpId} and r.order_no = x.order_no
      order by r.id desc limit 1
    ) rf on true
    where ${orderWhere(f)} order by ${order} limit ${limit} offset ${offset}`;
}

export async function listCsOrders(
  db: Db,
  scope: ProductScope,
  query: z.output<typeof csOrderListQuery>,
): Promise<{ list: CsOrder[]; total: number }> {
  const { page, page_size: size, sort, ...filters } = query;
  requireKey(scope, filters);
  const key = sort ?? '-at';
  const field = SORTS[key.replace(/^-/, '')] ?? SORTS.at!;
  const dir = key.startsWith('-') ? sql`desc nulls last` : sql`asc nulls last`;
  const [rows, [count]] = await Promise.all([
    queryRows<OrderRow>(
      db,
      select(scope, filters, sql`${field} ${dir}, x.order_no asc`, size, (page - 1) * size),
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${orders(scope)} x where ${orderWhere(filters)}`,
    ),
  ]);
  return { list: rows.map(toOrder), total: Number(count?.n ?? 0) };
}

export function csOrderRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cs'];
  const scope = (request: Parameters<typeof scopeOf>[0]) => scopeOf(request) as ProductScope;

  app.get(
    '/cs/user-orders',
    {
      schema: {
        tags,
        summary: "A player's orders (store and web shop) by order number, openid or role id",
        querystring: csOrderListQuery,
      },
      config: can(csUserOrdersAccess, 'read'),
    },
    async (request) => ok(await listCsOrders(db, scope(request), request.query)),
  );
  app.get(
    '/cs/user-orders/export',
    {
      schema: {
        tags,
        summary: "Export a player's orders (CSV or XLSX) with the list's filters",
        querystring: csOrderExportQuery,
      },
      config: can(csUserOrdersAccess, 'export'),
    },
    async (request, reply) => {
      const s = scope(request);
      const { format, ...filters } = request.query;
      requireKey(s, filters);
      await logChange(db, s, { action: 'export', targetType: 'cs-user-orders', after: { format, filters } });
      const cells = (o: CsOrder) => [
        o.source,
        o.order_no,
        o.openid,
        o.role_id,
        o.server,
        o.product,
        o.channel,
        o.amount,
        o.currency,
        o.state,
        o.at,
        o.paid_at ?? '',
        o.delivered_at ?? '',
        o.refunded_at ?? '',
        o.delivery_attempts,
        o.refund?.state ?? '',
      ];
      // Batches in a stable order (source, order number): each a fresh query, memory holds one.
      async function* rows() {
        for (let offset = 0; ; offset += EXPORT_BATCH) {
          const batch = await queryRows<OrderRow>(
            db,
            select(s, filters, sql`x.source, x.order_no`, EXPORT_BATCH, offset),
          );
          if (batch.length) yield batch.map((r) => cells(toOrder(r)));
          if (batch.length < EXPORT_BATCH) return;
        }
      }
      return sendExport(reply, format, 'user-orders', CS_ORDER_EXPORT_COLUMNS, rows());
    },
  );
}
