import { z } from 'zod';
import { keyword, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Holiday calendars of a CP (`/api/v1/holidays`, page `/offline/holidays`): one day per row, per
 * calendar region. Public holidays come from a file (the import), custom days are added by hand;
 * a make-up working day (`workday`) marks a weekend day worked. Customer service's business hours
 * and schedules marked "skip holidays" read them (server: `modules/holidays` `isHoliday`).
 */

export const HOLIDAY_KINDS = ['public', 'custom', 'workday'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

/** A calendar region: a short lower-case code (`gn`, `hw`, `th`, `cn-sh`…). */
export const holidayRegion = safeText()
  .trim()
  .min(1)
  .max(16)
  .regex(/^[a-z0-9][a-z0-9_-]*$/);

/** Whether `YYYY-MM-DD` names a day of the calendar (no 31 February). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 2999 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A day, `YYYY-MM-DD`. */
export const calendarDay = safeText().trim().refine(isCalendarDay);

const holidayFields = z.object({
  region: holidayRegion,
  date: calendarDay,
  name: safeText().trim().min(1).max(64),
  kind: z.enum(HOLIDAY_KINDS),
  note: safeText().trim().max(200),
});

export const holidayCreateBody = holidayFields.extend({
  kind: holidayFields.shape.kind.default('custom'),
  note: holidayFields.shape.note.default(''),
});
export type HolidayCreate = z.input<typeof holidayCreateBody>;

export const holidayUpdateBody = holidayFields.partial().extend({ version: versionField });
export type HolidayUpdate = z.input<typeof holidayUpdateBody>;

export const holidayItem = holidayFields.extend({ ...rowMeta, weekday: z.number().int() });
export type Holiday = z.infer<typeof holidayItem>;

export const HOLIDAY_SORTS = ['date', 'id', 'region', 'name', 'kind', 'updated_at'] as const;

const optionalDay = calendarDay.optional();
export const holidayFilters = {
  /** Part of the name or the note. */
  q: keyword,
  region: holidayRegion.optional(),
  kind: z.enum(HOLIDAY_KINDS).optional(),
  /** On or after this day. */
  from: optionalDay,
  /** On or before this day. */
  to: optionalDay,
};
export const holidayListQuery = listQuery(HOLIDAY_SORTS, holidayFilters);
export const holidayExportQuery = exportQuery(holidayFilters);
export const holidayListAnswer = listAnswer(holidayItem);

/** The regions that have a calendar (the page's region picker). */
export const holidayRegionsAnswer = z.object({ regions: z.array(z.string()) });

export const holidaysResource = defineResource({
  name: 'holidays',
  page: '/offline/holidays',
  scope: 'cp',
  logTarget: 'holiday',
  namespace: 'holidays',
  item: holidayItem,
  create: holidayCreateBody,
  update: holidayUpdateBody,
  list: holidayListQuery,
  export: holidayExportQuery,
  filters: ['q', 'region', 'kind', 'from', 'to'],
  sorts: HOLIDAY_SORTS,
  remove: 'delete',
  // A calendar file: a row with an id updates that day, a row without one adds a day (the region
  // and date are unique, so a day listed twice is refused on its row).
  sheet: { key: 'id', columns: ['region', 'date', 'name', 'kind', 'note'] },
});
