// Time to erase one player who has data in every module, on BENCH_PLAYERS players (200,000) of one
// game (issue 33's figure). The demo seed makes the players with their characters, devices, sign-ins
// and orders (generate_series inside the database); set-based SQL then gives the other players rows
// in the other big tables (push tokens and deliveries, web orders, event ids, pop-up and share
// events: one or two each), and ONE player (the demo player n° 100,000) a row in every table that
// holds player data (a column naming a player, or a key to `players`), filled from the information
// schema so a table a module adds later is covered too. Staff then ask for that player's
// cancellation through HTTP, the cooling-off is ended by setting `erase_at` in the past with SQL
// (said in the output), and the erasure task runs in this process as its schedule would (the
// server's job runner, `runNow` of its cron), while /healthz is asked every 20 ms over HTTP. Printed:
// the job's time from start to end, each step's time (the slowest ones), /healthz p50/p99/worst,
// and where the openid is still found outside the receipt (the test's check): nowhere, or it fails.
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server.
// Usage: npx tsx bench/erasure.ts   (BENCH_PLAYERS=20000 for a quicker run; BENCH_STEPS=15 lines;
// BENCH_EVENT_IDS=unnamed: the other players' event ids without their openid, see otherPlayersRows;
// BENCH_PLANS=player_event_ids: tables whose search plan is printed besides the 3 slowest steps)
import type { AddressInfo } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database, Db } from '../apps/server/src/db/index.ts';
import { queryRows } from '../apps/server/src/lib/rows.ts';
import { accountCancellations } from '../apps/server/src/modules/account-cancellations/index.ts';
import {
  eraseSteps,
  setBeforeEraseStep,
  stepChange,
} from '../apps/server/src/modules/account-cancellations/erase.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { wherePresent } from '../apps/server/test/erasure.ts';
import { BENCH_SECRETS, machine, percentile, signIn, withBenchDatabase } from './support.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200_000);
const SHOWN_STEPS = Number(process.env.BENCH_STEPS ?? 15);
/** Other players' event ids stored without their openid (as before it was stored with them). */
const UNNAMED_EVENT_IDS = process.env.BENCH_EVENT_IDS === 'unnamed';
/** Tables whose step's plan is printed besides the three slowest (BENCH_PLANS, comma-separated). */
const PLANS = (process.env.BENCH_PLANS ?? 'player_event_ids').split(',').filter(Boolean);
/** The player erased: the demo player in the middle of the table. */
const PLAYER_NO = Math.ceil(PLAYERS / 2);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Other players' rows in the big tables the demo seed does not fill: one or two per player. */
async function otherPlayersRows(db: Db, productId: number, cpId: number) {
  const players = sql`select id, openid, (row_number() over (order by id))::int as i from players where product_id = ${productId}`;
  await db.execute(sql`
    insert into push_tokens (product_id, openid, platform, provider, token, app_version, locale)
    select ${productId}, p.openid, case when p.i % 3 = 0 then 'ios' else 'android' end,
      case when p.i % 3 = 0 then 'apns' else 'fcm' end, md5('token' || p.i), '1.2.' || (p.i % 4), 'zh-CN'
    from (${players}) p`);
  // One push task sent to every token: a delivery per player.
  const [task] = await queryRows<{ id: number }>(
    db,
    sql`select id from push_tasks where product_id = ${productId} order by id desc limit 1`,
  );
  if (task)
    await db.execute(sql`
      insert into push_deliveries (task_id, token_id, openid, provider, state, message_id, at)
      select ${task.id}, t.id, t.openid, t.provider, 'delivered', 'm-' || t.id, now() - interval '1 day'
      from push_tokens t where t.product_id = ${productId}
      on conflict do nothing`);
  await db.execute(sql`
    insert into web_orders (cp_id, product_id, order_no, idempotency_key, openid, role_id, server, sku, country,
      currency, amount, payment_method, provider, state, paid_at)
    select ${cpId}, ${productId}, 'W' || p.i, 'idem-' || p.i, p.openid, (1000000 + p.i * 3 + 1)::text,
      'S' || (1 + p.i % 12), 'sku.tier' || (1 + p.i % 6), 'CN', 'CNY', 600 * (1 + p.i % 6), 'card', 'fakepay',
      'delivered', now() - make_interval(days => p.i % 60)
    from (${players}) p where p.i % 2 = 0`);
  // With the openid of the event's player, as the event ingest stores them (BENCH_EVENT_IDS=unnamed:
  // without it, as ids recorded before it was, which the erasure must search for the openid).
  await db.execute(sql`
    insert into player_event_ids (product_id, event_id, openid, received_at)
    select ${productId}, p.openid || '-' || k, ${UNNAMED_EVENT_IDS ? sql`null` : sql`p.openid`},
      now() - make_interval(days => p.i % 30)
    from (${players}) p cross join generate_series(1, 2) as k
    on conflict do nothing`);
  const [popup] = await queryRows<{ id: number }>(
    db,
    sql`select id from popups where product_id = ${productId} order by id desc limit 1`,
  );
  if (popup)
    await db.execute(sql`
      insert into popup_events (product_id, event_id, popup_id, scene_code, openid, type, at)
      select ${productId}, 'pe-' || p.i, ${popup.id}, 'login', p.openid, 'show', now() - make_interval(days => p.i % 30)
      from (${players}) p`);
  await db.execute(sql`
    insert into share_events (product_id, event_id, type, sharer, openid, platform)
    select ${productId}, 'se-' || p.i, 'click', p.openid, 'friend-' || p.i, 'wechat'
    from (${players}) p where p.i % 2 = 1`);
  await db.execute(sql`analyze`);
}

interface Column {
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  has_default: boolean;
}

/** A column that names a player (an openid, a sharer, an invitee, a debug parameter's target…). */
const NAMES_PLAYER = /openid|sharer|invitee|^target$|^value$|reported_openid/;
/** Tables that name players without such a column: staff actions on them, events, callbacks. */
const ALSO = ['operation_logs', 'callback_events', 'player_event_ids', 'jobs'];

/**
 * One row in every table that holds player data, for the player: the player's openid in the columns
 * that name a player, the game and CP in `product_id`/`cp_id`, their account in `player_id`, the
 * newest row of the game in other keys. Parents first (a table's keys are filled after theirs).
 * Answers the tables filled, and those refused with the reason.
 */
async function onePlayerEverywhere(
  db: Db,
  ids: { productId: number; cpId: number; playerId: number },
  openid: string,
): Promise<{ filled: string[]; refused: Record<string, string> }> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select distinct c.table_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
          and c.table_name not in ('account_cancellations', 'players')
          and (c.column_name ~ ${NAMES_PLAYER.source} or c.column_name = 'player_id'
               or c.table_name in (${sql.join(
                 ALSO.map((a) => sql`${a}`),
                 sql`, `,
               )}))`,
  );
  const keys = await queryRows<{ table: string; column: string; ref: string; ref_column: string }>(
    db,
    sql`select t.relname as table, a.attname as column, r.relname as ref, ra.attname as ref_column
        from pg_constraint k
        join pg_class t on t.oid = k.conrelid join pg_class r on r.oid = k.confrelid
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
        join pg_attribute ra on ra.attrelid = k.confrelid and ra.attnum = k.confkey[1]
        where k.contype = 'f' and cardinality(k.conkey) = 1 and t.relnamespace = current_schema()::regnamespace`,
  );
  const names = new Set(tables.map((t) => t.table_name));
  // The rows they point at (a lottery for its draws, a code batch for its redemptions), without the
  // openid; the game's accounts and settings are the demo's.
  const given = new Set([
    'players',
    'products',
    'cps',
    'users',
    'roles',
    'channels',
    'account_cancellations',
  ]);
  for (let grew = true; grew;) {
    grew = false;
    for (const key of keys)
      if (names.has(key.table) && !names.has(key.ref) && !given.has(key.ref)) {
        names.add(key.ref);
        grew = true;
      }
  }
  // Parents before children (a table's keys point at rows made first).
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const key of keys) if (key.table === table && names.has(key.ref)) visit(key.ref, path);
    ordered.push(table);
  };
  for (const table of [...names].sort()) visit(table, new Set());

  const filled: string[] = [];
  const refused: Record<string, string> = {};
  for (const table of ordered) {
    const columns = await queryRows<Column>(
      db,
      sql`select column_name, data_type, is_nullable,
            (column_default is not null or is_identity = 'YES' or is_generated <> 'NEVER') as has_default
          from information_schema.columns where table_schema = current_schema() and table_name = ${table}
          order by ordinal_position`,
    );
    const hasProduct = async (ref: string) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from information_schema.columns
              where table_schema = current_schema() and table_name = ${ref} and column_name = 'product_id'`,
        )
      )[0]!.n > 0;
    const names: ReturnType<typeof sql.identifier>[] = [];
    const values: SQL[] = [];
    for (const column of columns) {
      const name = column.column_name;
      const key = keys.find((k) => k.table === table && k.column === name);
      const text = ['text', 'character varying'].includes(column.data_type);
      let value: SQL | undefined;
      if (name === 'product_id') value = sql`${ids.productId}`;
      else if (name === 'cp_id') value = sql`${ids.cpId}`;
      else if (key?.ref === 'players' || (name === 'player_id' && !key)) value = sql`${ids.playerId}`;
      else if (key) {
        const scope = (await hasProduct(key.ref)) ? sql`where product_id = ${ids.productId}` : sql``;
        value = sql`(select ${sql.identifier(key.ref_column)} from ${sql.identifier(key.ref)} ${scope}
          order by ${sql.identifier(key.ref_column)} desc limit 1)`;
      } else if (NAMES_PLAYER.test(name) && (text || /json|ARRAY/.test(column.data_type))) {
        value =
          column.data_type === 'jsonb' || column.data_type === 'json'
            ? sql`jsonb_build_array(${openid}::text)`
            : column.data_type === 'ARRAY'
              ? sql`array[${openid}::text]`
              : sql`${openid}`;
      } else if (text && ['event_id', 'target_name', 'body'].includes(name))
        value = sql`${`${openid}-bench`}`;
      else if (name === 'params' || name === 'after')
        value = sql`jsonb_build_object('openid', ${openid}::text)`;
      else if (column.is_nullable === 'NO' && !column.has_default) {
        const t = column.data_type;
        value = text
          ? sql`${`bench-${table}-${name}`}`
          : t === 'jsonb' || t === 'json'
            ? sql`'{}'::jsonb`
            : t === 'ARRAY'
              ? sql`'{}'`
              : t === 'boolean'
                ? sql`false`
                : t.startsWith('timestamp') || t === 'date'
                  ? sql`now()`
                  : t === 'uuid'
                    ? sql`gen_random_uuid()`
                    : /int|numeric|real|double/.test(t)
                      ? sql`1`
                      : undefined;
      }
      if (value === undefined) continue;
      names.push(sql.identifier(name));
      values.push(value);
    }
    try {
      await db.transaction((tx) =>
        tx.execute(
          sql`insert into ${sql.identifier(table)} (${sql.join(names, sql`, `)}) values (${sql.join(values, sql`, `)})`,
        ),
      );
      filled.push(table);
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      refused[table] = cause.split('\n')[0]!.slice(0, 120);
    }
  }
  return { filled, refused };
}

async function run(label: string, database: Database) {
  const { db } = database;
  console.log(
    `Erasure of one player, ${PLAYERS.toLocaleString()} players in one game, ${label}` +
      `${UNNAMED_EVENT_IDS ? ', event ids stored without their openid' : ''} [${machine()}]`,
  );
  let started = Date.now();
  await seed(db, { demo: true, jwtSecret: BENCH_SECRETS.JWT_SECRET, demoPlayers: PLAYERS });
  console.log(`  demo seed in ${seconds(Date.now() - started)}`);
  const [game] = await queryRows<{ product_id: number; cp_id: number; player_id: number; openid: string }>(
    db,
    sql`select p.product_id, g.cp_id, p.id as player_id, p.openid from players p join products g on g.id = p.product_id
        where g.id = (select min(id) from products) order by p.id offset ${PLAYER_NO - 1} limit 1`,
  );
  const ids = { productId: game!.product_id, cpId: game!.cp_id, playerId: game!.player_id };
  const openid = game!.openid;
  started = Date.now();
  const { filled, refused } = await onePlayerEverywhere(db, ids, openid);
  await otherPlayersRows(db, ids.productId, ids.cpId);
  console.log(
    `  player ${openid}: a row in ${filled.length} tables; other players' rows in ${seconds(Date.now() - started)}`,
  );
  if (Object.keys(refused).length)
    console.log(
      `  tables that took no row: ${Object.entries(refused)
        .map(([t, why]) => `${t} (${why})`)
        .join('; ')}`,
    );
  const big = await queryRows<{ relname: string; n: number }>(
    db,
    sql`select relname, n_live_tup::int as n from pg_stat_user_tables where n_live_tup > ${PLAYERS / 4}
        order by n_live_tup desc`,
  );
  console.log(`  big tables: ${big.map((t) => `${t.relname} ${t.n.toLocaleString()}`).join(', ')}`);
  const present = await wherePresent(db, openid);
  console.log(
    `  before: the openid is in ${Object.keys(present).length} columns of ${new Set(Object.keys(present).map((c) => c.split('.')[0])).size} tables`,
  );

  const app = await buildApp({
    database,
    ssoSecret: BENCH_SECRETS.SSO_SECRET,
    jwtSecret: BENCH_SECRETS.JWT_SECRET,
    logLevel: 'warn',
  });
  try {
    await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await signIn(base);
    const answer = await (
      await fetch(`${base}/api/v1/account-cancellations`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'x-product-id': String(ids.productId),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ openid, note: 'bench' }),
      })
    ).json();
    if (answer.code !== 0) throw new Error(`request: ${JSON.stringify(answer)}`);
    const requestId = answer.data.id as number;
    await db.execute(
      sql`update account_cancellations set erase_at = now() - interval '1 second' where id = ${requestId}`,
    );
    console.log(
      `  request #${requestId} filed through HTTP; cooling-off ended by SQL (erase_at set 1 s in the past)`,
    );

    // /healthz every 20 ms: for 5 s before (the machine's own noise), then while the erasure runs.
    let erasing = true;
    const health: number[] = [];
    const probeUntil = async (going: () => boolean, into: number[]) => {
      while (going()) {
        const at = performance.now();
        await (await fetch(`${base}/healthz`)).text();
        into.push(performance.now() - at);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const idle: number[] = [];
    const idleEnd = performance.now() + 5000;
    await probeUntil(() => performance.now() < idleEnd, idle);
    const probe = probeUntil(() => erasing, health);
    const stepStarts: { name: string; at: number }[] = [];
    setBeforeEraseStep((step) =>
      stepStarts.push({
        name: 'delete' in step ? `${step.delete} (delete)` : step.table,
        at: performance.now(),
      }),
    );
    const t0 = performance.now();
    try {
      await app.jobs.runNow('account-cancellations:erase');
    } finally {
      setBeforeEraseStep(undefined);
      erasing = false;
      await probe;
    }
    const wall = performance.now() - t0;
    const [request] = await db
      .select()
      .from(accountCancellations)
      .where(sql`id = ${requestId}`);
    if (request?.status !== 'erased') throw new Error(`the request is ${request?.status}, not erased`);
    const [job] = await queryRows<{ ms: number; total: number }>(
      db,
      sql`select extract(epoch from finished_at - started_at) * 1000 as ms, total from jobs where id = ${request.jobId}`,
    );
    const steps = stepStarts.map((s, i) => ({
      name: s.name,
      ms: (stepStarts[i + 1]?.at ?? t0 + wall) - s.at,
    }));
    health.sort((a, b) => a - b);
    idle.sort((a, b) => a - b);
    console.log(
      `  erasure job #${request.jobId}: ${job!.total} steps in ${seconds(job!.ms)} from its start to its end ` +
        `(${seconds(wall)} for the task, starting the job included) [${machine()}]`,
    );
    console.log(
      `  slowest steps (ms): ${[...steps]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, SHOWN_STEPS)
        .map((s) => `${s.name} ${s.ms.toFixed(0)}`)
        .join(', ')}`,
    );
    const total = steps.reduce((sum, s) => sum + s.ms, 0);
    console.log(
      `  the ${steps.length} steps add up to ${seconds(total)} (the last includes its batch's commit)`,
    );
    console.log(
      `  /healthz during it: p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms, ` +
        `worst ${health[health.length - 1]!.toFixed(1)} ms (${health.length} probes, 20 ms apart); ` +
        `before it, idle: p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms, ` +
        `worst ${idle[idle.length - 1]!.toFixed(1)} ms [${machine()}]`,
    );
    // How the slowest table steps find their rows (the same search, the openid now gone).
    const plans = await eraseSteps(db);
    const planned = [
      ...[...steps]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3)
        .map((s) => s.name),
      ...PLANS.filter((table) => steps.some((s) => s.name === table)),
    ];
    for (const name of new Set(planned)) {
      const slow = steps.find((s) => s.name === name)!;
      const step = plans.find((p) => !('delete' in p) && p.table === slow.name);
      if (!step || 'delete' in step) continue;
      const change = stepChange({ id: requestId, cpId: ids.cpId, productId: ids.productId, openid }, step)!;
      const plan = await queryRows<{ 'QUERY PLAN': string }>(
        db,
        sql`explain (analyze, costs off, timing off) select count(*) from ${sql.identifier(step.table)} where ${change.where}`,
      );
      console.log(
        `  plan of ${slow.name} (step ${slow.ms.toFixed(0)} ms): ${plan
          .map((line) => line['QUERY PLAN'].trim())
          .filter((line) => /Scan|Rows Removed|Execution/.test(line))
          .join(' | ')}`,
      );
    }
    console.log(`  receipt: ${JSON.stringify(request.receipt?.tables)}`);
    const left = await wherePresent(db, openid);
    console.log(
      Object.keys(left).length === 0
        ? '  after: no table holds the openid outside the receipt'
        : `  after: STILL PRESENT in ${JSON.stringify(left)}`,
    );
    if (Object.keys(left).length) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

await withBenchDatabase('erasure', run);
