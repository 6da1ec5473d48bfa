import type { PushQuietHours } from '@rx/contracts';

/**
 * Wall-clock arithmetic in a player's time zone (IANA names, through Intl): a wall-clock moment to
 * an instant, and the instant a push is due once quiet hours are honoured.
 */

const formats = new Map<string, Intl.DateTimeFormat | null>();

function formatOf(zone: string): Intl.DateTimeFormat | null {
  let format = formats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null;
    }
    if (formats.size > 1000) formats.clear();
    formats.set(zone, format);
  }
  return format;
}

/** Whether Intl knows the zone. */
export const knownZone = (zone: string): boolean => !!zone && formatOf(zone) !== null;

/** The zone's offset from UTC at `at`, in milliseconds (east positive). */
export function offsetAt(zone: string, at: Date): number {
  const format = formatOf(zone);
  if (!format) return 0;
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a wall-clock moment (`YYYY-MM-DDTHH:MM`) is in the zone (a time skipped by DST: after the gap). */
export function wallToInstant(wall: string, zone: string): Date {
  const asUtc = Date.parse(`${wall}:00Z`);
  let at = asUtc - offsetAt(zone, new Date(asUtc));
  // Once more: the offset at the guess may differ from the offset at the answer (near a DST change).
  at = asUtc - offsetAt(zone, new Date(at));
  return new Date(at);
}

/** The earliest instant a wall-clock moment happens anywhere (UTC+14): when a local-time task goes live. */
export const firstZoneMoment = (wall: string): Date => new Date(Date.parse(`${wall}:00Z`) - 14 * 3600_000);

/** The zone's wall clock at `at`, as `YYYY-MM-DDTHH:MM`. */
export function wallAt(at: Date, zone: string): string {
  return new Date(at.getTime() + offsetAt(zone, at)).toISOString().slice(0, 16);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a time of day (minutes) falls inside quiet hours [start, end) (across midnight when end < start). */
export function inQuietHours(quiet: PushQuietHours, minute: number): boolean {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * When a push is due for a player of `zone`: at `wall` in their zone (null: `now`), moved to the end
 * of their quiet hours when it falls inside them. `quiet` says it falls inside and the task drops.
 */
export function dueFor(
  now: Date,
  zone: string,
  wall: string | null,
  quiet: PushQuietHours | null,
): { at: Date; quiet: boolean } {
  let at = wall ? wallToInstant(wall, zone) : now;
  if (at < now) at = now;
  if (!quiet) return { at, quiet: false };
  const local = wallAt(at, zone);
  if (!inQuietHours(quiet, minutesOf(local.slice(11, 16)))) return { at, quiet: false };
  if (quiet.action === 'drop') return { at, quiet: true };
  // The end of quiet hours: today's end when it is still ahead, else tomorrow's.
  const day = local.slice(0, 10);
  const endToday = `${day}T${quiet.end}`;
  const end =
    quiet.end > local.slice(11, 16)
      ? endToday
      : new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) + `T${quiet.end}`;
  return { at: wallToInstant(end, zone), quiet: false };
}
