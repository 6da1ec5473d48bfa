// The lookups migrations 0060_cs8 and 0061_audit2 index, planned and run with EXPLAIN ANALYZE with
// the indexes and, in a transaction rolled back, without them:
//  - the service desk's orders of a role id (modules/cs/desk-orders.ts: player_orders and web_orders
//    as one relation, filtered on role_id): indexes player_orders_role and web_orders_product_role
//    (product_id, role_id);
//  - the ad reports' ROI: a game's players of a sub-channel and their paid orders of a period
//    (modules/ads/reports.ts): index players_product_sub_channel (product_id, sub_channel).
// Seeds BENCH_PLAYERS players (default 200,000) with one to three orders for every other player, and
// one web-shop order per player.
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server.
// Usage: npx tsx bench/desk-indexes.ts
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/index.ts';
import { queryRows } from '../apps/server/src/lib/rows.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { benchProduct, machine, withBenchDatabase } from './support.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200_000);
const SUB_CHANNELS = 40;
const RUNS = 5;

async function populate(db: Db, cpId: number, productId: number) {
  const started = Date.now();
  await db.execute(sql`
    insert into players (product_id, openid, channel, sub_channel, created_at)
    select ${productId}, 'bp' || i, 'official', 'sc' || (i % ${SUB_CHANNELS}),
      now() - make_interval(days => i % 90)
    from generate_series(1, ${PLAYERS}) as i`);
  await db.execute(sql`
    insert into player_orders (product_id, order_no, player_id, store, sku, amount, currency, status,
      server, role_id, paid_at)
    select ${productId}, 'B' || p.id || '-' || k, p.id, 'google_play', 'sku.tier1', 600, 'USD',
      case when (p.id + k) % 50 = 0 then 'refunded' else 'delivered' end, 'S1',
      (1000000 + p.id * 3 + k % 2)::text, now() - make_interval(days => (p.id + k * 7)::int % 60)
    from players p cross join generate_series(1, 1 + (p.id % 3)::int) as k
    where p.product_id = ${productId} and p.id % 2 = 0`);
  await db.execute(sql`
    insert into web_orders (cp_id, product_id, order_no, idempotency_key, openid, role_id, server, sku,
      country, currency, amount, payment_method, provider, state, created_at)
    select ${cpId}, ${productId}, 'W' || p.id, 'idem' || p.id, p.openid, (2000000 + p.id)::text, 'S1',
      'gems_60', 'US', 'USD', 600, 'card', 'fake', 'delivered', now() - make_interval(days => (p.id % 60)::int)
    from players p where p.product_id = ${productId}`);
  await db.execute(sql`analyze players, player_orders, web_orders`);
  const [n] = await queryRows<{ players: string; orders: string; web: string }>(
    db,
    sql`select (select count(*) from players) as players, (select count(*) from player_orders) as orders,
      (select count(*) from web_orders) as web`,
  );
  console.log(
    `  ${Number(n!.players).toLocaleString()} players, ${Number(n!.orders).toLocaleString()} orders, ${Number(n!.web).toLocaleString()} web orders in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The scans of the plan and the best execution time of RUNS runs. */
async function explain(db: Db, query: SQL): Promise<{ ms: number; scans: string[] }> {
  let best = Infinity;
  let lines: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${query}`);
    lines = rows.map((r) => r['QUERY PLAN']);
    const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1]);
    best = Math.min(best, ms);
  }
  const scans = lines
    .map((l) =>
      /(Seq Scan|Index Scan|Index Only Scan|Bitmap Index Scan|Bitmap Heap Scan)(?: using (\S+))? on (\S+)/.exec(
        l,
      ),
    )
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => `${m[1]}${m[2] ? ` ${m[2]}` : ''} on ${m[3]}`);
  return { ms: best, scans: [...new Set(scans)] };
}

await withBenchDatabase('desk-indexes', async (label, database) => {
  const db = database.db;
  console.log(`desk indexes on ${label} (${machine()})`);
  await seed(db, { demo: false, adminPassword: 'Bench@12345', jwtSecret: 'bench-jwt' });
  const { cp, product } = await benchProduct(db);
  await populate(db, cp.id, product.id);
  const [sample] = await queryRows<{ role_id: string }>(
    db,
    sql`select role_id from player_orders where product_id = ${product.id} order by order_no limit 1 offset 1000`,
  );
  const byRole = sql`select x.* from (
      select 'store' as source, o.order_no, p.openid, o.role_id, o.amount, o.paid_at as at
      from player_orders o join players p on p.id = o.player_id where o.product_id = ${product.id}
      union all
      select 'web', w.order_no, w.openid, w.role_id, w.amount, w.created_at
      from web_orders w where w.cp_id = ${cp.id} and w.product_id = ${product.id}
    ) x where x.role_id = ${sample!.role_id} order by x.at desc limit 20`;
  const [webSample] = await queryRows<{ role_id: string }>(
    db,
    sql`select role_id from web_orders where product_id = ${product.id} order by order_no limit 1 offset 1000`,
  );
  const webByRole = sql`select x.* from (
      select 'store' as source, o.order_no, p.openid, o.role_id, o.amount, o.paid_at as at
      from player_orders o join players p on p.id = o.player_id where o.product_id = ${product.id}
      union all
      select 'web', w.order_no, w.openid, w.role_id, w.amount, w.created_at
      from web_orders w where w.cp_id = ${cp.id} and w.product_id = ${product.id}
    ) x where x.role_id = ${webSample!.role_id} order by x.at desc limit 20`;
  const roi = sql`select count(distinct o.player_id) as payers, coalesce(sum(o.amount), 0) as revenue
    from players p join player_orders o on o.product_id = p.product_id and o.player_id = p.id
      and o.status <> 'refunded' and o.paid_at >= now() - interval '7 days'
    where p.product_id = ${product.id} and p.sub_channel = 'sc7'`;
  const shapes: [string, SQL][] = [
    ['desk orders by role id', byRole],
    ['desk orders by web role id', webByRole],
    ['ROI of one sub-channel, 7 days', roi],
  ];
  const measure = async (on: Db, when: string) => {
    for (const [name, query] of shapes) {
      const r = await explain(on, query);
      console.log(
        `  ${when.padEnd(16)} ${name.padEnd(32)} ${r.ms.toFixed(2).padStart(9)} ms  ${r.scans.join(', ')}`,
      );
    }
  };
  await measure(db, 'with indexes');
  // Without them: dropped in a transaction that is rolled back (the plans of this transaction only).
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`drop index player_orders_role`);
      await tx.execute(sql`drop index players_product_sub_channel`);
      await tx.execute(sql`drop index web_orders_product_role`);
      await measure(tx as unknown as Db, 'without indexes');
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });
});
