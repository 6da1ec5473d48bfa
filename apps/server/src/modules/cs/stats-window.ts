import { sql, type AnyColumn } from 'drizzle-orm';
import { dayStartIn } from '@rx/contracts';

const nextDayOf = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * A statistics window of days in the game's service time zone: its first instant, the instant
 * after its last day, and its days in order.
 */
export function statsWindow(from: string, to: string, timeZone: string) {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDayOf(day)) days.push(day);
  return { start: dayStartIn(from, timeZone), end: dayStartIn(nextDayOf(to), timeZone), days };
}

/** A timestamp column's day (`YYYY-MM-DD`) in a time zone, in SQL. */
export const localDaySql = (column: AnyColumn, timeZone: string) =>
  sql<string>`to_char(timezone(${timeZone}, ${column}), 'YYYY-MM-DD')`;
