import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_TIER_SETTINGS,
  ErrorCode,
  TIER_HISTORY_DAYS,
  TIER_HISTORY_LIMIT,
  validationMessage,
  type Distribution,
  type TierHistory,
  type TierPlayer,
  type TierSettings,
  type TrendRow,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { jobs } from '../../db/jobs.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sortOrder, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { players } from '../players/tables.ts';
import { playerTierDaily, playerTierHistory, playerTiers, playerTierSettings } from './tables.ts';
import { calendarDay } from '../../lib/time-window.ts';

/** Lets other callbacks run between two ranges. */
const nextLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export const COMPUTE_JOB = 'player-tiers:compute';

/** Players per statement of the tier job: each is short, so other requests get in between. */
const CHUNK_IDS = 5_000;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type SettingsRow = typeof playerTierSettings.$inferSelect;

export function toSettings(row: SettingsRow | undefined): TierSettings {
  return row
    ? {
        basis: row.basis,
        small_min: Number(row.smallMin),
        mid_min: Number(row.midMin),
        whale_min: Number(row.whaleMin),
        time_zone: row.timeZone,
        version: row.version,
        updated_by: row.updatedBy,
        updated_at: row.updatedAt.toISOString(),
      }
    : { ...DEFAULT_TIER_SETTINGS, version: 0, updated_by: '', updated_at: '' };
}

export async function readSettings(db: Db, productId: number): Promise<TierSettings> {
  const [row] = await db.select().from(playerTierSettings).where(eq(playerTierSettings.productId, productId));
  return toSettings(row);
}

/** Whether the runtime knows a time zone name. */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Saves the thresholds (409001 on a stale version; 0 = still the defaults); logged. */
export async function saveSettings(
  db: Db,
  scope: Scope,
  body: {
    basis: 'days30' | 'lifetime';
    small_min: number;
    mid_min: number;
    whale_min: number;
    time_zone: string;
    version: number;
  },
): Promise<TierSettings> {
  if (!knownZone(body.time_zone)) {
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { time_zone: validationMessage('invalid', scope.lang) },
    });
  }
  const productId = scope.productId!;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(playerTierSettings)
      .where(eq(playerTierSettings.productId, productId))
      .for('update');
    if ((before?.version ?? 0) !== body.version) throw new ApiError(ErrorCode.CONFLICT);
    const values = {
      basis: body.basis,
      smallMin: body.small_min,
      midMin: body.mid_min,
      whaleMin: body.whale_min,
      timeZone: body.time_zone,
      updatedBy: scope.username,
      updatedAt: new Date(),
    };
    const [row] = before
      ? await tx
          .update(playerTierSettings)
          .set({ ...values, version: before.version + 1 })
          .where(eq(playerTierSettings.productId, productId))
          .returning()
      : await tx
          .insert(playerTierSettings)
          .values({ ...values, productId, cpId: scope.cpId })
          .returning();
    const after = toSettings(row);
    await logChange(tx, scope, {
      action: before ? 'update' : 'create',
      targetType: 'player_tier_settings',
      targetId: productId,
      targetName: 'player_tiers',
      before: before ? toSettings(before) : undefined,
      after,
    });
    return after;
  });
}

/**
 * The tier job for one product (see packages/contracts `player-tiers.ts` for the definitions):
 * set-based SQL over ranges of player ids, one short transaction per range, so a 200,000-player game
 * never holds row locks, a connection or the event loop for long. Each range
 * computes the tiers in one statement whose data-modifying CTEs write a history row for each player
 * whose tiers changed (the first run records everyone) and update the current tiers. Then the day's
 * distribution snapshot is rewritten and history past TIER_HISTORY_DAYS swept. Idempotent: a rerun
 * finds nothing changed.
 */
export async function computeTiers(
  db: Db,
  productId: number,
  now = new Date(),
  onProgress?: (done: number, total: number) => void,
  chunk = CHUNK_IDS,
): Promise<{ players: number; changed: number; day: string; ms: number; at: string }> {
  const started = performance.now();
  const settings = await readSettings(db, productId);
  const day = calendarDay(now, settings.time_zone);
  const at = now.toISOString();
  const [range] = rowsOf<{ lo: number | null; hi: number | null }>(
    await db.execute(
      sql`select min(id) as lo, max(id) as hi from players where product_id = ${productId}::int`,
    ),
  );
  const lo = range?.lo === null || range?.lo === undefined ? null : Number(range.lo);
  const hi = range?.hi === null || range?.hi === undefined ? null : Number(range.hi);
  const ago = (days: number) => sql`${at}::timestamptz - interval '${sql.raw(String(days))} days'`;
  // The paid amount: the lifetime total kept on the player, or the last 30 days' orders summed per
  // player of the range (one grouped scan of the orders index, not a lookup per player).
  const paid: SQL = settings.basis === 'lifetime' ? sql`p.paid_total` : sql`coalesce(o.paid, 0)`;
  let total = 0;
  let changed = 0;
  if (lo !== null && hi !== null) {
    for (let from = lo; from <= hi; from += chunk) {
      const to = from + chunk - 1;
      const [counts] = rowsOf<{ players: number; changed: number }>(
        await db.transaction((tx) =>
          tx.execute(sql`
          with orders30 as (
            select o.player_id, sum(o.amount)::bigint as paid from player_orders o
            where o.player_id between ${from}::bigint and ${to}::bigint and o.product_id = ${productId}::int
              and o.status <> 'refunded' and o.paid_at >= ${ago(30)} and o.paid_at <= ${at}::timestamptz
            group by o.player_id
          ),
          computed as (
            select p.id as player_id, (${paid})::bigint as paid,
              case when (${paid}) >= ${settings.whale_min}::bigint then 'whale'
                   when (${paid}) >= ${settings.mid_min}::bigint then 'mid'
                   when (${paid}) >= ${settings.small_min}::bigint and (${paid}) > 0 then 'small'
                   else 'non_payer' end as pay_tier,
              case when p.created_at > ${ago(7)} then 'new'
                   -- Only the recently signed-in are looked up: one index probe each.
                   when p.last_login_at > ${ago(7)} and p.created_at <= ${ago(21)}
                        and not exists (select 1 from player_logins l where l.player_id = p.id
                                        and l.at > ${ago(21)} and l.at <= ${ago(7)}) then 'returning'
                   when p.last_login_at > ${ago(7)} then 'active'
                   when p.last_login_at > ${ago(14)} then 'lapsing'
                   else 'dormant' end as activity_tier
            from players p
            left join orders30 o on o.player_id = p.id
            where p.product_id = ${productId}::int and p.id between ${from}::bigint and ${to}::bigint
          ),
          diff as (
            select c.*, t.pay_tier as previous_pay_tier, t.activity_tier as previous_activity_tier,
              (t.player_id is null or t.pay_tier <> c.pay_tier or t.activity_tier <> c.activity_tier) as moved,
              (t.player_id is null or t.paid <> c.paid) as repaid
            from computed c
            -- Bounded to the range too, so no plan reads the product's whole tier table per range.
            left join player_tiers t on t.product_id = ${productId}::int and t.player_id = c.player_id
              and t.player_id between ${from}::bigint and ${to}::bigint
          ),
          history as (
            insert into player_tier_history
              (product_id, player_id, day, pay_tier, activity_tier, previous_pay_tier, previous_activity_tier, paid, at)
            select ${productId}::int, d.player_id, ${day}::date, d.pay_tier, d.activity_tier,
                   d.previous_pay_tier, d.previous_activity_tier, d.paid, ${at}::timestamptz
            from diff d where d.moved
            returning 1
          ),
          current as (
            insert into player_tiers (product_id, player_id, pay_tier, activity_tier, paid, since, computed_at)
            select ${productId}::int, d.player_id, d.pay_tier, d.activity_tier, d.paid, ${at}::timestamptz, ${at}::timestamptz
            from diff d where d.moved or d.repaid
            on conflict (product_id, player_id) do update set
              since = case when player_tiers.pay_tier <> excluded.pay_tier
                             or player_tiers.activity_tier <> excluded.activity_tier
                           then excluded.since else player_tiers.since end,
              pay_tier = excluded.pay_tier, activity_tier = excluded.activity_tier,
              paid = excluded.paid, computed_at = excluded.computed_at
            returning 1
          )
          select (select count(*) from computed)::int as players, (select count(*) from history)::int as changed,
                 (select count(*) from current)::int as written`),
        ),
      );
      total += Number(counts?.players ?? 0);
      changed += Number(counts?.changed ?? 0);
      onProgress?.(Math.min(to, hi) - lo + 1, hi - lo + 1);
      await nextLoop();
    }
  }
  await db.transaction(async (tx) => {
    await tx
      .delete(playerTierDaily)
      .where(and(eq(playerTierDaily.productId, productId), eq(playerTierDaily.day, day)));
    await tx.execute(sql`
      insert into player_tier_daily (product_id, day, dimension, tier, players)
      select ${productId}::int, ${day}::date, 'pay', pay_tier, count(*)::int from player_tiers
        where product_id = ${productId}::int group by pay_tier
      union all
      select ${productId}::int, ${day}::date, 'activity', activity_tier, count(*)::int from player_tiers
        where product_id = ${productId}::int group by activity_tier`);
    await tx.execute(
      sql`delete from player_tier_history where product_id = ${productId}::int and at < ${ago(TIER_HISTORY_DAYS)}`,
    );
  });
  return { players: total, changed, day, ms: Math.round(performance.now() - started), at };
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

function playerFilters(productId: number, f: { channel?: string; region?: string }): SQL[] {
  return [
    sql`t.product_id = ${productId}::int`,
    ...(f.channel ? [sql`p.channel = ${f.channel}`] : []),
    ...(f.region ? [sql`p.region = ${f.region}`] : []),
  ];
}

/** When the tier job last finished for the product. */
async function lastRun(db: Db, productId: number): Promise<string | null> {
  const [row] = await db
    .select({ at: jobs.finishedAt })
    .from(jobs)
    .where(and(eq(jobs.kind, COMPUTE_JOB), eq(jobs.productId, productId), eq(jobs.status, 'succeeded')))
    .orderBy(desc(jobs.id))
    .limit(1);
  return row?.at ? row.at.toISOString() : null;
}

/** Players per tier, both dimensions, optionally per channel or region. */
export async function distribution(
  db: Db,
  productId: number,
  query: { by: 'none' | 'channel' | 'region'; channel?: string; region?: string },
): Promise<Distribution> {
  const group = query.by === 'none' ? sql`''` : query.by === 'channel' ? sql`p.channel` : sql`p.region`;
  const joined = query.by !== 'none' || query.channel || query.region;
  const from = joined ? sql`player_tiers t join players p on p.id = t.player_id` : sql`player_tiers t`;
  const where = sql.join(playerFilters(productId, query), sql` and `);
  const rows = rowsOf<{ dimension: 'pay' | 'activity'; tier: string; grp: string; n: number }>(
    await db.execute(sql`
      select dimension, tier, grp, count(*)::int as n from (
        select 'pay'::text as dimension, t.pay_tier as tier, (${group})::text as grp from ${from} where ${where}
        union all
        select 'activity'::text, t.activity_tier, (${group})::text from ${from} where ${where}
      ) x group by dimension, tier, grp order by dimension, tier, grp`),
  );
  return {
    computed_at: await lastRun(db, productId),
    rows: rows.map((r) => ({
      dimension: r.dimension,
      tier: r.tier,
      group: r.grp ?? '',
      players: Number(r.n),
    })),
  };
}

/** The daily snapshots of the last `days` days. */
export async function trend(db: Db, productId: number, days: number): Promise<{ rows: TrendRow[] }> {
  const rows = await db
    .select()
    .from(playerTierDaily)
    .where(
      and(
        eq(playerTierDaily.productId, productId),
        sql`${playerTierDaily.day} > current_date - ${days}::int`,
      ),
    )
    .orderBy(playerTierDaily.day, playerTierDaily.dimension, playerTierDaily.tier);
  return {
    rows: rows.map((r) => ({ day: String(r.day), dimension: r.dimension, tier: r.tier, players: r.players })),
  };
}

const tierPlayer = (r: {
  openid: string;
  nickname: string;
  channel: string;
  region: string;
  payTier: string;
  activityTier: string;
  paid: number;
  lastLoginAt: Date | null;
  since: Date;
}): TierPlayer => ({
  openid: r.openid,
  nickname: r.nickname,
  channel: r.channel,
  region: r.region,
  pay_tier: r.payTier as TierPlayer['pay_tier'],
  activity_tier: r.activityTier as TierPlayer['activity_tier'],
  paid: Number(r.paid),
  last_login_at: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
  since: r.since.toISOString(),
});

const playerColumns = {
  openid: players.openid,
  nickname: players.nickname,
  channel: players.channel,
  region: players.region,
  payTier: playerTiers.payTier,
  activityTier: playerTiers.activityTier,
  paid: playerTiers.paid,
  lastLoginAt: players.lastLoginAt,
  since: playerTiers.since,
};

/** Players of a tier (paged). */
export async function tierPlayers(
  db: Db,
  scope: Scope,
  query: {
    page: number;
    page_size: number;
    sort?: string;
    pay_tier?: string;
    activity_tier?: string;
    channel?: string;
    region?: string;
  },
): Promise<ListPage<TierPlayer>> {
  const where = and(
    eq(playerTiers.productId, scope.productId!),
    query.pay_tier ? eq(playerTiers.payTier, query.pay_tier) : undefined,
    query.activity_tier ? eq(playerTiers.activityTier, query.activity_tier) : undefined,
    query.channel ? eq(players.channel, query.channel) : undefined,
    query.region ? eq(players.region, query.region) : undefined,
  );
  const order = sortOrder(
    query.sort as 'paid' | '-paid' | 'openid' | '-openid' | 'since' | '-since' | undefined,
    { paid: playerTiers.paid, openid: players.openid, since: playerTiers.since },
    '-paid',
    players.id,
    scope.lang,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(playerColumns)
      .from(playerTiers)
      .innerJoin(players, eq(players.id, playerTiers.playerId))
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(playerTiers)
      .innerJoin(players, eq(players.id, playerTiers.playerId))
      .where(where),
  ]);
  return { list: rows.map(tierPlayer), total: Number(count!.n) };
}

/** A player's current tiers and change history (newest first). 404 for an unknown openid. */
export async function tierHistory(db: Db, productId: number, openid: string): Promise<TierHistory> {
  const [player] = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.productId, productId), eq(players.openid, openid)));
  if (!player) throw new ApiError(ErrorCode.NOT_FOUND);
  const [current] = await db
    .select(playerColumns)
    .from(playerTiers)
    .innerJoin(players, eq(players.id, playerTiers.playerId))
    .where(and(eq(playerTiers.productId, productId), eq(playerTiers.playerId, player.id)));
  const history = await db
    .select()
    .from(playerTierHistory)
    .where(and(eq(playerTierHistory.productId, productId), eq(playerTierHistory.playerId, player.id)))
    .orderBy(desc(playerTierHistory.at), desc(playerTierHistory.id))
    .limit(TIER_HISTORY_LIMIT);
  return {
    openid,
    current: current ? tierPlayer(current) : null,
    history: history.map((h) => ({
      day: String(h.day),
      at: h.at.toISOString(),
      pay_tier: h.payTier as TierPlayer['pay_tier'],
      activity_tier: h.activityTier as TierPlayer['activity_tier'],
      previous_pay_tier: (h.previousPayTier as TierPlayer['pay_tier'] | null) ?? null,
      previous_activity_tier: (h.previousActivityTier as TierPlayer['activity_tier'] | null) ?? null,
      paid: Number(h.paid),
    })),
  };
}
