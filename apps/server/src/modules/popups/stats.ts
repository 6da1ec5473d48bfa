import { sql } from 'drizzle-orm';
import { POPUP_STATS_MAX_DAYS, type PopupStats, type PopupStatsDay } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { fieldError } from '../../lib/problems.ts';
import { queryRows } from '../../lib/rows.ts';

const DAY = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const ctr = (clicks: number, exposures: number) =>
  exposures ? Math.round((clicks / exposures) * 10_000) / 10_000 : 0;

/**
 * A pop-up's exposures, clicks, closes, players and CTR per day (UTC) from `from` to `to`
 * (inclusive; default the last 30 days), every day of the span present, and their totals (players
 * counted once over the span). The pop-up was checked to be in scope by the caller.
 */
export async function popupStats(
  db: Db,
  scope: Scope & { productId: number },
  popupId: number,
  range: { from?: string; to?: string },
  now: Date = new Date(),
): Promise<PopupStats> {
  const to = range.to ?? dayOf(now);
  const from = range.from ?? dayOf(new Date(Date.parse(to) - 29 * DAY));
  const span = (Date.parse(to) - Date.parse(from)) / DAY + 1;
  if (span < 1) throw fieldError(scope.lang, 'to', 'end_before_start');
  if (span > POPUP_STATS_MAX_DAYS) throw fieldError(scope.lang, 'from', 'too_small');
  const window = sql`product_id = ${scope.productId}::int and popup_id = ${popupId}::int
    and at >= ${from}::date and at < (${to}::date + 1)`;
  const rows = await queryRows<{
    day: string;
    exposures: number;
    clicks: number;
    closes: number;
    players: number;
  }>(
    db,
    sql`select to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
          (count(*) filter (where type = 'exposure'))::int as exposures,
          (count(*) filter (where type = 'click'))::int as clicks,
          (count(*) filter (where type = 'close'))::int as closes,
          (count(distinct openid) filter (where type = 'exposure'))::int as players
        from popup_events where ${window} group by 1 order by 1`,
  );
  const [whole] = await queryRows<{ players: number }>(
    db,
    sql`select (count(distinct openid) filter (where type = 'exposure'))::int as players from popup_events where ${window}`,
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: PopupStatsDay[] = [];
  for (let i = 0; i < span; i++) {
    const day = dayOf(new Date(Date.parse(from) + i * DAY));
    const row = byDay.get(day);
    const exposures = Number(row?.exposures ?? 0);
    const clicks = Number(row?.clicks ?? 0);
    days.push({
      day,
      exposures,
      clicks,
      closes: Number(row?.closes ?? 0),
      players: Number(row?.players ?? 0),
      ctr: ctr(clicks, exposures),
    });
  }
  const exposures = days.reduce((sum, d) => sum + d.exposures, 0);
  const clicks = days.reduce((sum, d) => sum + d.clicks, 0);
  return {
    popup_id: popupId,
    from,
    to,
    days,
    totals: {
      exposures,
      clicks,
      closes: days.reduce((sum, d) => sum + d.closes, 0),
      players: Number(whole?.players ?? 0),
      ctr: ctr(clicks, exposures),
    },
  };
}
