import { sql } from 'drizzle-orm';
import {
  SHARE_STATS_MAX_DAYS,
  SHARE_STATS_TOP_SHARERS,
  type ShareLinkStats,
  type ShareLinkStatsDay,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { fieldError } from '../../lib/problems.ts';
import { queryRows } from '../../lib/rows.ts';

const DAY = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

type Counts = Omit<ShareLinkStatsDay, 'day'>;
const ZERO: Counts = { clicks: 0, ios: 0, android: 0, desktop: 0, registers: 0, pays: 0 };

/**
 * A link's clicks (by device class), registers and pays per day (UTC) from `from` to `to`
 * (inclusive; default the last 30 days), every day of the span present, their totals, and the
 * sharers whose clicks led furthest. The link was checked to be in the caller's scope.
 */
export async function shareLinkStats(
  db: Db,
  scope: Scope,
  linkId: number,
  range: { from?: string; to?: string },
  now: Date = new Date(),
): Promise<ShareLinkStats> {
  const to = range.to ?? dayOf(now);
  const from = range.from ?? dayOf(new Date(Date.parse(to) - 29 * DAY));
  const span = (Date.parse(to) - Date.parse(from)) / DAY + 1;
  if (span < 1) throw fieldError(scope.lang, 'to', 'end_before_start');
  if (span > SHARE_STATS_MAX_DAYS) throw fieldError(scope.lang, 'from', 'too_small');
  const within = sql`link_id = ${linkId}::int and created_at >= ${from}::date and created_at < (${to}::date + 1)`;
  const day = sql`to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD')`;
  const [clicks, events, sharers] = await Promise.all([
    queryRows<{ day: string; clicks: number; ios: number; android: number; desktop: number }>(
      db,
      sql`select ${day} as day, count(*)::int as clicks,
            (count(*) filter (where device = 'ios'))::int as ios,
            (count(*) filter (where device = 'android'))::int as android,
            (count(*) filter (where device = 'desktop'))::int as desktop
          from share_clicks where ${within} group by 1`,
    ),
    queryRows<{ day: string; registers: number; pays: number }>(
      db,
      sql`select ${day} as day,
            (count(*) filter (where type = 'register'))::int as registers,
            (count(*) filter (where type = 'pay'))::int as pays
          from share_events where ${within} group by 1`,
    ),
    queryRows<{ sharer: string; clicks: number; registers: number; pays: number }>(
      db,
      sql`select sharer, sum(clicks)::int as clicks, sum(registers)::int as registers, sum(pays)::int as pays
          from (
            select sharer, 1 as clicks, 0 as registers, 0 as pays from share_clicks
              where ${within} and sharer is not null
            union all
            select sharer, 0, (type = 'register')::int, (type = 'pay')::int from share_events
              where ${within} and sharer is not null
          ) t
          group by sharer
          order by registers desc, pays desc, clicks desc, sharer
          limit ${SHARE_STATS_TOP_SHARERS}`,
    ),
  ]);
  const byDay = new Map<string, Counts>();
  const at = (d: string) => byDay.get(d) ?? byDay.set(d, { ...ZERO }).get(d)!;
  for (const row of clicks) {
    Object.assign(at(row.day), {
      clicks: Number(row.clicks),
      ios: Number(row.ios),
      android: Number(row.android),
      desktop: Number(row.desktop),
    });
  }
  for (const row of events) {
    Object.assign(at(row.day), { registers: Number(row.registers), pays: Number(row.pays) });
  }
  const days: ShareLinkStatsDay[] = [];
  const totals: Counts = { ...ZERO };
  for (let i = 0; i < span; i++) {
    const d = dayOf(new Date(Date.parse(from) + i * DAY));
    const counts = byDay.get(d) ?? ZERO;
    days.push({ day: d, ...counts });
    for (const key of Object.keys(totals) as (keyof Counts)[]) totals[key] += counts[key];
  }
  return {
    link_id: linkId,
    from,
    to,
    days,
    totals,
    sharers: sharers.map((s) => ({
      sharer: s.sharer,
      clicks: Number(s.clicks),
      registers: Number(s.registers),
      pays: Number(s.pays),
    })),
  };
}
