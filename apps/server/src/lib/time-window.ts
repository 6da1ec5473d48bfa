import { isoOrNull } from './rows.ts';
import type { FieldProblems } from './problems.ts';

/** A time of a create or update body as its column takes it: unsent stays unsent, empty is null. */
export const timeInput = (value: string | null | undefined): Date | null | undefined =>
  value === undefined ? undefined : value ? new Date(value) : null;

/** The calendar day of `at` in a time zone, `YYYY-MM-DD`. */
export function calendarDay(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** One side of a window: what the body sends (undefined when unsent) and what the row keeps. */
type Side = [sent: string | null | undefined, kept: Date | null | undefined];

/**
 * The end of a window must come after its start, checked against what the row keeps (an update may
 * send one side): else `end_before_start` on `endField`.
 */
export function checkWindow(problems: FieldProblems, endField: string, start: Side, end: Side): void {
  const from = start[0] !== undefined ? start[0] : isoOrNull(start[1] ?? null);
  const to = end[0] !== undefined ? end[0] : isoOrNull(end[1] ?? null);
  if (from && to && Date.parse(to) <= Date.parse(from)) problems.add(endField, 'end_before_start');
}
