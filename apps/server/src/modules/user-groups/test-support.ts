import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { products, users } from '../../db/schema.ts';
import { queryRows } from '../../lib/rows.ts';

/** Test fixtures: a fresh game of the admin's CP with a known set of players (no demo data counted). */

export async function freshProduct(db: Db, code: string, cpOf = 'admin'): Promise<number> {
  const [owner] = await db.select({ cpId: users.cpId }).from(users).where(eq(users.username, cpOf));
  const [row] = await db
    .insert(products)
    .values({ cpId: owner!.cpId, code, name: code, region: 'gn', platforms: ['android'] })
    .returning({ id: products.id });
  return row!.id;
}

export interface FixturePlayer {
  openid: string;
  channel?: string;
  region?: string;
  country?: string;
  createdDaysAgo?: number;
  lastLoginDaysAgo?: number | null;
  paidTotal?: number;
  /** Orders: [amount, days ago, refunded?]. */
  orders?: [number, number, boolean?][];
  /** Sign-ins, in days ago. */
  logins?: number[];
  roles?: { server: string; level: number; vip: number; activeDaysAgo?: number }[];
}

const ago = (days: number) => sql`now() - make_interval(days => ${days}::int)`;

export async function addPlayers(
  db: Db,
  productId: number,
  list: FixturePlayer[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const f of list) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into players (product_id, openid, channel, region, country, nickname, created_at, last_login_at, paid_total)
        values (${productId}::int, ${f.openid}, ${f.channel ?? 'official'}, ${f.region ?? 'cn'}, ${f.country ?? 'CN'},
          ${`nick_${f.openid}`}, ${ago(f.createdDaysAgo ?? 100)},
          ${f.lastLoginDaysAgo === null ? sql`null` : ago(f.lastLoginDaysAgo ?? 1)}, ${f.paidTotal ?? 0}::bigint)
        returning id`,
    );
    const id = Number(row!.id);
    ids.set(f.openid, id);
    for (const [i, [amount, days, refunded]] of (f.orders ?? []).entries()) {
      await db.execute(sql`insert into player_orders (product_id, order_no, player_id, store, sku, amount, currency, status, paid_at)
        values (${productId}::int, ${`${f.openid}-o${i}`}, ${id}::bigint, 'google_play', 'sku', ${amount}::bigint, 'CNY',
          ${refunded ? 'refunded' : 'paid'}, ${ago(days)})`);
    }
    for (const days of f.logins ?? []) {
      await db.execute(
        sql`insert into player_logins (product_id, player_id, at) values (${productId}::int, ${id}::bigint, ${ago(days)})`,
      );
    }
    for (const [i, role] of (f.roles ?? []).entries()) {
      await db.execute(sql`insert into player_roles (product_id, player_id, server, role_id, level, vip, last_active_at)
        values (${productId}::int, ${id}::bigint, ${role.server}, ${`${f.openid}-r${i}`}, ${role.level}::int, ${role.vip}::int, ${ago(role.activeDaysAgo ?? 1)})`);
    }
  }
  return ids;
}

export async function addTag(
  db: Db,
  productId: number,
  name: string,
  type: 'boolean' | 'enum' | 'number' | 'date',
  values: [number, boolean | string | number | Date][],
): Promise<void> {
  const [tag] = await queryRows<{ id: number }>(
    db,
    sql`insert into profile_tags (cp_id, product_id, name, label, type, source)
      select cp_id, id, ${name}, ${name}, ${type}, 'manual' from products where id = ${productId}::int returning id`,
  );
  for (const [playerId, value] of values) {
    const column =
      type === 'boolean'
        ? sql`value_bool`
        : type === 'enum'
          ? sql`value_text`
          : type === 'number'
            ? sql`value_num`
            : sql`value_time`;
    const v =
      value instanceof Date
        ? sql`${value.toISOString()}::timestamptz`
        : typeof value === 'boolean'
          ? sql`${value}::boolean`
          : typeof value === 'number'
            ? sql`${value}::float8`
            : sql`${value}::text`;
    await db.execute(
      sql`insert into player_tag_values (product_id, tag_id, player_id, ${column}, source) values (${productId}::int, ${tag!.id}::int, ${playerId}::bigint, ${v}, 'manual')`,
    );
  }
}
