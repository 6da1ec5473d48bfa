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
  CS_ORDER_SORTS,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import type { Cell } from '../../lib/cells.ts';
import { EXPORT_BATCH } from '../../lib/export.ts';
import { fieldError } from '../../lib/problems.ts';
import { listRoute } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { queryRows } from '../../lib/rows.ts';
import { tableRoutes } from '../../lib/table-io.ts';

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

const exportCells = (o: CsOrder): Cell[] => [
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

/** The export's rows in batches of a stable order (source, order number): memory holds one batch. */
async function* orderExportRows(db: Db, scope: ProductScope, filters: Filters): AsyncGenerator<Cell[][]> {
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const batch = await queryRows<OrderRow>(
      db,
      select(scope, filters, sql`x.source, x.order_no`, EXPORT_BATCH, offset),
    );
    if (batch.length) yield batch.map((r) => exportCells(toOrder(r)));
    if (batch.length < EXPORT_BATCH) return;
  }
}

export function csOrderRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cs'];
  const scope = (request: Parameters<typeof scopeOf>[0]) => scopeOf(request) as ProductScope;

  listRoute(app, {
    name: 'cs-user-orders',
    path: '/cs/user-orders',
    tags,
    summary: "A player's orders (store and web shop) by order number, openid or role id",
    query: csOrderListQuery,
    filters: ['order_no', 'openid', 'role_id', 'state', 'source', 'from', 'to'],
    sorts: CS_ORDER_SORTS,
    config: can(csUserOrdersAccess, 'read'),
    list: (request, query) => listCsOrders(db, scope(request), query),
  });
  // The export streams the same relation in batches of a stable order (source, order number), each
  // a fresh query; the key filter is checked before anything is logged or sent.
  tableRoutes(app, db, {
    path: '/cs/user-orders',
    tags,
    summary: "Export a player's orders (CSV or XLSX) with the list's filters",
    exportQuery: csOrderExportQuery,
    access: async (request) => {
      const s = scope(request);
      requireKey(s, request.query as Filters);
      return s;
    },
    config: (action) => can(csUserOrdersAccess, action),
    exporter: {
      name: 'cs-user-orders',
      headers: CS_ORDER_EXPORT_COLUMNS,
      file: () => 'user-orders',
      rows: (db2, s, filters: Filters) => orderExportRows(db2, s as ProductScope, filters),
    },
  });
}
