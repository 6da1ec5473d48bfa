import { sql } from 'drizzle-orm';
import { ADOPTION_TOP_VERSIONS, type VersionAdoption } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { playerLogins } from './tables.ts';

const DAY_MS = 86_400_000;

/**
 * Players signing in per app version and day (UTC) over the last `days` days, from the sign-ins
 * games report (`app_version`): the most used versions one by one, the others summed. The database
 * counts (one grouped scan of the days' sign-ins, by their time index); nothing is looped here but
 * the answer's cells.
 */
export async function versionAdoption(db: Db, productId: number, days: number): Promise<VersionAdoption> {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const since = new Date(today - (days - 1) * DAY_MS);
  const dayList = Array.from({ length: days }, (_, i) =>
    new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  const index = new Map(dayList.map((d, i) => [d, i]));
  const l = playerLogins;
  const rows = await queryRows<{ day: string; version: string; players: number }>(
    db,
    sql`select to_char(${l.at} at time zone 'UTC', 'YYYY-MM-DD') as day, ${l.appVersion} as version,
          count(distinct ${l.playerId})::int as players
        from ${l}
        where ${l.productId} = ${productId} and ${l.at} >= ${since}
        group by 1, 2`,
  );
  const totals = await queryRows<{ day: string; players: number }>(
    db,
    sql`select to_char(${l.at} at time zone 'UTC', 'YYYY-MM-DD') as day, count(distinct ${l.playerId})::int as players
        from ${l}
        where ${l.productId} = ${productId} and ${l.at} >= ${since}
        group by 1`,
  );
  const byVersion = new Map<string, number[]>();
  for (const row of rows) {
    const at = index.get(row.day);
    if (at === undefined) continue;
    const version = row.version || '?';
    const cells = byVersion.get(version) ?? new Array<number>(days).fill(0);
    cells[at] = row.players;
    byVersion.set(version, cells);
  }
  const sum = (cells: number[]) => cells.reduce((a, b) => a + b, 0);
  const ranked = [...byVersion.entries()].sort((a, b) => sum(b[1]) - sum(a[1]) || b[0].localeCompare(a[0]));
  const top = ranked.slice(0, ADOPTION_TOP_VERSIONS);
  const rest = ranked.slice(ADOPTION_TOP_VERSIONS);
  const total = new Array<number>(days).fill(0);
  for (const row of totals) {
    const at = index.get(row.day);
    if (at !== undefined) total[at] = row.players;
  }
  return {
    days: dayList,
    versions: top.map(([version, players]) => ({ version, players })),
    other: rest.length ? dayList.map((_, i) => rest.reduce((n, [, cells]) => n + cells[i]!, 0)) : null,
    total,
  };
}
