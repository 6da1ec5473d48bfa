import { sql, type SQL } from 'drizzle-orm';
import type { PlayerItem, PlayerListQuery, PlayerProfile } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';

/** A LIKE prefix: the searched text with `%`, `_` and `\` taken literally. */
function prefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The day `YYYY-MM-DD` as the start of that day, or of the next one (`to` bounds are inclusive). */
function dayStart(day: string, next = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (next) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/** What the search box found, as a condition on `p` (the players row) using the lookup indexes. */
function searchCondition(productId: number, query: PlayerListQuery): SQL | undefined {
  const q = query.q?.trim();
  if (!q) return undefined;
  switch (query.by) {
    case 'openid':
      return sql`p.openid = ${q}`;
    case 'nickname':
      return sql`lower(p.nickname) like ${prefix(q)}`;
    case 'role_id':
      return sql`p.id in (select player_id from player_roles where product_id = ${productId} and role_id = ${q})`;
    case 'role_name':
      return sql`p.id in (select player_id from player_roles
        where product_id = ${productId} and lower(name) like ${prefix(q)})`;
    case 'device_id':
      return sql`p.id in (select player_id from player_devices where product_id = ${productId} and device_id = ${q})`;
    case 'ip':
      return sql`p.id in (select player_id from player_logins where product_id = ${productId} and ip = ${q})`;
  }
}

/** The roles a role search matched, shown beside the player ("S1 · Name"). */
function matchedRoles(productId: number, query: PlayerListQuery): SQL {
  const q = query.q?.trim() ?? '';
  const role = query.by === 'role_id' ? sql`r.role_id = ${q}` : sql`lower(r.name) like ${prefix(q)}`;
  return sql`(select string_agg(r.server || ' · ' || r.name || ' (' || r.role_id || ')', ', ')
    from player_roles r where r.player_id = p.id and r.product_id = ${productId} and ${role})`;
}

function conditions(productId: number, query: PlayerListQuery): SQL {
  const parts: SQL[] = [sql`p.product_id = ${productId}`];
  const search = searchCondition(productId, query);
  if (search) parts.push(search);
  if (query.channel) parts.push(sql`p.channel = ${query.channel}`);
  if (query.region) parts.push(sql`p.region = ${query.region}`);
  if (query.server)
    parts.push(
      sql`exists (select 1 from player_roles r where r.player_id = p.id and r.server = ${query.server})`,
    );
  if (query.created_from) parts.push(sql`p.created_at >= ${dayStart(query.created_from)}`);
  if (query.created_to) parts.push(sql`p.created_at < ${dayStart(query.created_to, true)}`);
  if (query.login_from) parts.push(sql`p.last_login_at >= ${dayStart(query.login_from)}`);
  if (query.login_to) parts.push(sql`p.last_login_at < ${dayStart(query.login_to, true)}`);
  if (query.paid === '1') parts.push(sql`p.paid_total > 0`);
  if (query.paid === '0') parts.push(sql`p.paid_total = 0`);
  return sql.join(parts, sql` and `);
}

function orderBy(sort: PlayerListQuery['sort']): SQL {
  const field = (sort ?? '-last_login_at').replace(/^-/, '');
  const direction = sort?.startsWith('-') || !sort ? sql`desc nulls last` : sql`asc nulls first`;
  const column = {
    last_login_at: sql`p.last_login_at`,
    created_at: sql`p.created_at`,
    paid_total: sql`p.paid_total`,
  }[field as 'last_login_at'];
  return sql`${column} ${direction}, p.id desc`;
}

const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();
const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : iso(value);

interface PlayerRow {
  id: number;
  openid: string;
  channel: string;
  sub_channel: string;
  region: string;
  nickname: string;
  status: string;
  created_at: unknown;
  last_login_at: unknown;
  last_ip: string;
  country: string;
  role_count: number | string;
  paid: Record<string, number | string> | null;
  matched: string | null;
}

const SUMMARY = (productId: number, matched: SQL) => sql`
  p.id, p.openid, p.channel, p.sub_channel, p.region, p.nickname,
  -- An account ban in force (started, neither lifted nor past its end) reads as banned.
  case when exists (select 1 from sanctions s where s.player_id = p.id and s.product_id = ${productId}
    and s.kind = 'account' and s.status = 'active' and s.starts_at <= now()
    and (s.ends_at is null or s.ends_at > now())) then 'banned' else p.status end as status,
  p.created_at, p.last_login_at,
  p.last_ip, p.country,
  (select count(*) from player_roles r where r.player_id = p.id) as role_count,
  (select json_object_agg(currency, total) from (
    select currency, sum(amount) as total from player_orders o
    where o.player_id = p.id and o.product_id = ${productId} and o.status <> 'refunded' group by currency) t) as paid,
  ${matched} as matched`;

function toItem(row: PlayerRow): PlayerItem & { id: number } {
  return {
    id: Number(row.id),
    openid: row.openid,
    channel: row.channel,
    sub_channel: row.sub_channel,
    region: row.region,
    nickname: row.nickname,
    status: row.status,
    created_at: iso(row.created_at),
    last_login_at: isoOrNull(row.last_login_at),
    last_ip: row.last_ip,
    country: row.country,
    role_count: Number(row.role_count),
    paid: Object.fromEntries(Object.entries(row.paid ?? {}).map(([c, v]) => [c, Number(v)])),
    ...(row.matched ? { matched: row.matched } : {}),
  };
}

/** A page of the game's players matching the search and filters. */
export async function listPlayers(
  db: Db,
  productId: number,
  query: PlayerListQuery,
): Promise<{ list: PlayerItem[]; total: number }> {
  const where = conditions(productId, query);
  const roleSearch = query.q && (query.by === 'role_id' || query.by === 'role_name');
  const matched = roleSearch ? matchedRoles(productId, query) : sql`null`;
  const offset = (query.page - 1) * query.page_size;
  const [rows, total] = await Promise.all([
    queryRows<PlayerRow>(
      db,
      sql`select ${SUMMARY(productId, matched)} from players p where ${where}
      order by ${orderBy(query.sort)} limit ${query.page_size} offset ${offset}`,
    ),
    queryRows<{ n: number | string }>(db, sql`select count(*) as n from players p where ${where}`),
  ]);
  return {
    list: rows.map((row) => {
      const { id: _id, ...item } = toItem(row);
      return item;
    }),
    total: Number(total[0]!.n),
  };
}

/** Every sheet row of a player search, a batch at a time (by id, after `afterId`). */
export async function playerBatch(
  db: Db,
  productId: number,
  query: PlayerListQuery,
  afterId: number,
  size: number,
): Promise<(PlayerItem & { id: number })[]> {
  const where = conditions(productId, query);
  const rows = await queryRows<PlayerRow>(
    db,
    sql`select ${SUMMARY(productId, sql`null`)} from players p
    where ${where} and p.id > ${afterId} order by p.id limit ${size}`,
  );
  return rows.map(toItem);
}

/** A player's profile: identity, roles, recent sign-ins, devices, addresses and orders; null when unknown. */
export async function playerProfile(
  db: Db,
  productId: number,
  openid: string,
  logins: number,
): Promise<PlayerProfile | null> {
  const found = await queryRows<PlayerRow>(
    db,
    sql`select ${SUMMARY(productId, sql`null`)} from players p
    where p.product_id = ${productId} and p.openid = ${openid}`,
  );
  const row = found[0];
  if (!row) return null;
  const id = Number(row.id);
  const [roles, recent, devices, addresses, orders] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select server, role_id, name, level, vip, last_active_at
      from player_roles where player_id = ${id} order by last_active_at desc limit 200`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select at, ip, country, device_id, device_model, os, app_version
      from player_logins where player_id = ${id} order by at desc limit ${logins}`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select device_id, device_model, os, first_seen, last_seen
      from player_devices where player_id = ${id} order by last_seen desc limit 100`,
    ),
    queryRows<{ ip: string; country: string; count: number | string }>(
      db,
      sql`
      select ip, max(country) as country, count(*) as count from player_logins
      where player_id = ${id} and ip <> '' group by ip order by count(*) desc limit 50`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select order_no, store, sku, amount, currency, status, paid_at,
      delivered_at, refunded_at from player_orders where player_id = ${id}
      order by paid_at desc nulls last limit 200`,
    ),
  ]);
  const { id: _id, ...item } = toItem(row);
  return {
    ...item,
    roles: roles.map((r) => ({
      server: String(r.server),
      role_id: String(r.role_id),
      name: String(r.name),
      level: Number(r.level),
      vip: Number(r.vip),
      last_active_at: iso(r.last_active_at),
    })),
    logins: recent.map((l) => ({
      at: iso(l.at),
      ip: String(l.ip),
      country: String(l.country),
      device_id: String(l.device_id),
      device_model: String(l.device_model),
      os: String(l.os),
      app_version: String(l.app_version),
    })),
    devices: devices.map((d) => ({
      device_id: String(d.device_id),
      device_model: String(d.device_model),
      os: String(d.os),
      first_seen: iso(d.first_seen),
      last_seen: iso(d.last_seen),
    })),
    addresses: addresses.map((a) => ({ ip: a.ip, country: a.country, count: Number(a.count) })),
    orders: orders.map((o) => ({
      order_no: String(o.order_no),
      store: String(o.store),
      sku: String(o.sku),
      amount: Number(o.amount),
      currency: String(o.currency),
      status: String(o.status),
      paid_at: isoOrNull(o.paid_at),
      delivered_at: isoOrNull(o.delivered_at),
      refunded_at: isoOrNull(o.refunded_at),
    })),
  };
}
