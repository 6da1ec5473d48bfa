import { date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { HolidayKind } from '@rx/contracts';
import { cpRef, editStamps, serialId } from '../../db/schema.ts';

/** The holiday calendars of a CP: one day per row and calendar region. */
export const holidays = pgTable(
  'holidays',
  {
    id: serialId(),
    cpId: cpRef(),
    /** The calendar: a short lower-case code (`gn`, `hw`, `th`…). */
    region: text('region').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    /** `public` (from a calendar file), `custom` (added by hand), `workday` (a weekend day worked). */
    kind: text('kind').$type<HolidayKind>().notNull().default('custom'),
    note: text('note').notNull().default(''),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('holidays_cp_region_day').on(t.cpId, t.region, t.day),
    index('holidays_cp_day').on(t.cpId, t.day),
  ],
);
