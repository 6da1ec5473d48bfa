import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';

export interface DemoPlayersOptions {
  productId: number;
  region: 'gn' | 'hw';
  /** Channel codes players are spread over. */
  channels: string[];
  count: number;
}

/**
 * A game's demo players at volume, generated inside the database with `generate_series` (no row
 * crosses the wire): accounts, one or two roles, one to five sign-ins over the last 90 days, a
 * device (every fiftieth shared with the previous account, for linked-account lookups), and orders
 * for one player in five (one order in a hundred refunded). Deterministic: player `n` is the same
 * in every run (times are relative to today's date).
 */
export async function seedDemoPlayers(db: Db, games: DemoPlayersOptions[]): Promise<void> {
  const wanted = games.filter((game) => game.count > 0);
  if (!wanted.length) return;
  await bulkLoad(db, PLAYER_TABLES, async () => {
    for (const game of wanted) await generate(db, game);
  });
  await db.execute(sql`analyze players, player_roles, player_devices, player_logins, player_orders`);
}

const PLAYER_TABLES = ['players', 'player_roles', 'player_devices', 'player_logins', 'player_orders'];

/**
 * Runs a bulk load the way pg_restore does: the tables' secondary indexes and foreign keys are
 * dropped first and made again afterwards (one sort per index and one join per key instead of an
 * update per row: many times faster). Their definitions are read
 * from the catalogue, so they come back exactly as the migrations made them. Inside the caller's
 * transaction: a failure leaves everything as it was.
 */
async function bulkLoad(db: Db, tables: string[], load: () => Promise<void>): Promise<void> {
  const list = sql.join(
    tables.map((t) => sql`${t}`),
    sql`, `,
  );
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
      join pg_class c on c.relname = i.indexname
      where i.schemaname = current_schema() and i.tablename in (${list})
        and not exists (select 1 from pg_constraint k where k.conindid = c.oid)`,
  );
  const keys = await queryRows<{ name: string; table: string; definition: string }>(
    db,
    sql`select k.conname as name, t.relname as table, pg_get_constraintdef(k.oid) as definition
      from pg_constraint k join pg_class t on t.oid = k.conrelid
      where k.contype = 'f' and t.relname in (${list}) and t.relnamespace = current_schema()::regnamespace`,
  );
  for (const key of keys)
    await db.execute(
      sql`alter table ${sql.identifier(key.table)} drop constraint ${sql.identifier(key.name)}`,
    );
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  await load();
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  for (const key of keys)
    await db.execute(
      sql`alter table ${sql.identifier(key.table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
    );
}

async function generate(db: Db, options: DemoPlayersOptions): Promise<void> {
  const { productId, region, count } = options;
  const channels = options.channels.length ? options.channels : ['official'];
  const channelList = sql.raw(`array[${channels.map((c) => `'${c.replace(/'/g, "''")}'`).join(',')}]`);
  const countries =
    region === 'gn' ? sql.raw(`array['CN']`) : sql.raw(`array['US','JP','TH','VN','PH','ID','SA','TW']`);
  const currency = region === 'gn' ? 'CNY' : 'USD';
  const openidPrefix = `${region}${productId}_`;

  await db.execute(sql`
    insert into players (product_id, openid, channel, sub_channel, region, nickname, created_at)
    select ${productId}, ${openidPrefix} || lpad(i::text, 7, '0'),
      (${channelList})[1 + i % ${channels.length}], '', ${region},
      (array['Frost','Blade','Moon','Storm','Jade','Ember','Shadow','Dawn','River','Tiger','Lotus','Iron',
        'Cloud','Thorn','Echo','Nova','Sky','Wolf','Pine','Star'])[1 + i % 20]
      || (array['walker','heart','fang','song','wing','sage','fox','arrow','crown','drift'])[1 + (i / 20) % 10]
      || (i % 997)::text,
      date_trunc('day', now()) - make_interval(days => ((i::bigint * 7919) % 90)::int, secs => (i::bigint * 104729) % 86400)
    from generate_series(1, ${count}) as i`);

  // The players just made, numbered as generated (ids follow the series).
  const numbered = sql`select id, created_at, nickname, (row_number() over (order by id))::int as i from players
    where product_id = ${productId} and openid like ${`${openidPrefix}%`}`;

  await db.execute(sql`
    insert into player_roles (product_id, player_id, server, role_id, name, level, vip, last_active_at)
    select ${productId}, p.id, 'S' || (1 + (p.i + k) % 12), (1000000 + p.i * 3 + k)::text,
      p.nickname || case when k = 1 then '' else '_' || k end,
      1 + (p.i * 31 + k * 7) % 80, case when p.i % 5 = 0 then (p.i * 17) % 12 else 0 end,
      least(now(), p.created_at + make_interval(days => (p.i * 13) % 30))
    from (${numbered}) p, generate_series(1, case when p.i % 3 = 0 then 2 else 1 end) as k`);

  await db.execute(sql`
    insert into player_devices (product_id, player_id, device_id, device_model, os, first_seen, last_seen)
    select ${productId}, p.id, md5('device' || ${productId} || '_' || (case when p.i % 50 = 0 then p.i - 1 else p.i end)),
      (array['iPhone 15','iPhone 13','Pixel 8','Galaxy S23','Xiaomi 14','Redmi Note 12','OPPO Reno 10',
        'vivo X100','HUAWEI P60','iPad Air'])[1 + p.i % 10],
      case when p.i % 10 in (0, 1, 9) then 'iOS 17' else 'Android 14' end,
      p.created_at, least(now(), p.created_at + make_interval(days => (p.i * 13) % 30))
    from (${numbered}) p`);

  await db.execute(sql`
    insert into player_logins (product_id, player_id, at, ip, country, device_id, device_model, os, app_version)
    select ${productId}, p.id, least(now(), p.created_at + make_interval(hours => k * ((p.i * 37) % 120 + 1))),
      '10.' || (p.i % 250) || '.' || ((p.i / 250) % 250) || '.' || (1 + (p.i + k) % 3),
      (${countries})[1 + p.i % array_length(${countries}, 1)],
      d.device_id, d.device_model, d.os, '1.' || (2 + p.i % 3) || '.' || (k % 4)
    from (${numbered}) p
    join player_devices d on d.player_id = p.id
    cross join generate_series(1, 1 + p.i % 5) as k`);

  await db.execute(sql`
    update players p set last_login_at = l.at, last_ip = l.ip, country = l.country
    from (select distinct on (player_id) player_id, at, ip, country from player_logins
      where product_id = ${productId} order by player_id, at desc) l
    where l.player_id = p.id`);

  await db.execute(sql`
    insert into player_orders (product_id, order_no, player_id, store, sku, amount, currency, status, server,
      role_id, paid_at, delivered_at, refunded_at, refund_reason)
    select ${productId}, 'D' || ${productId} || '-' || lpad(p.i::text, 7, '0') || '-' || k, p.id,
      case when p.i % 10 in (0, 1, 9) then 'app_store' else 'google_play' end,
      'sku.tier' || (1 + (p.i + k) % 6),
      (array[600, 3000, 6800, 12800, 32800, 64800])[1 + (p.i + k) % 6], ${currency},
      case when (p.i + k) % 100 = 0 then 'refunded' else 'delivered' end,
      'S' || (1 + (p.i + 1) % 12), (1000000 + p.i * 3 + 1)::text,
      least(now(), p.created_at + make_interval(days => k * 3)),
      least(now(), p.created_at + make_interval(days => k * 3, secs => 5)),
      case when (p.i + k) % 100 = 0 then least(now(), p.created_at + make_interval(days => k * 3 + 2)) end,
      case when (p.i + k) % 100 = 0 then 'chargeback' else '' end
    from (${numbered}) p cross join generate_series(1, 1 + p.i % 3) as k
    where p.i % 5 = 0`);

  await db.execute(sql`
    update players p set paid_total = o.total
    from (select player_id, sum(amount) as total from player_orders
      where product_id = ${productId} and status <> 'refunded' group by player_id) o
    where o.player_id = p.id`);
}
