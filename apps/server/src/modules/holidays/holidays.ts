import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gte, ilike, lte, ne, or } from 'drizzle-orm';
import { holidayRegionsAnswer, holidaysResource, type Holiday, type HolidayKind } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { holidays } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof holidays.$inferSelect;

/** The day of the week of `YYYY-MM-DD`: 0 Sunday … 6 Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** `%…%` with the LIKE wildcards of the text taken literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const impl: ResourceImpl<typeof holidaysResource, typeof holidays, Holiday, null> = {
  table: holidays,
  toItem: (row: Row): Holiday => ({
    id: row.id,
    region: row.region,
    date: row.day,
    weekday: weekdayOf(row.day),
    name: row.name,
    kind: row.kind,
    note: row.note,
    ...stamps(row),
  }),
  nameOf: (row) => `${row.region} ${row.day} ${row.name}`,
  where: (f) => [
    f.q ? or(ilike(holidays.name, likeText(f.q)), ilike(holidays.note, likeText(f.q))) : undefined,
    f.region ? eq(holidays.region, f.region) : undefined,
    f.kind ? eq(holidays.kind, f.kind) : undefined,
    f.from ? gte(holidays.day, f.from) : undefined,
    f.to ? lte(holidays.day, f.to) : undefined,
  ],
  sortBy: {
    date: holidays.day,
    id: holidays.id,
    region: holidays.region,
    name: holidays.name,
    kind: holidays.kind,
    updated_at: holidays.updatedAt,
  },
  columns: (input) => ({
    region: input.region,
    day: input.date,
    name: input.name,
    kind: input.kind,
    note: input.note,
  }),
  // One row per day of a calendar: a second one is refused on its date.
  unique: { holidays_cp_region_day: 'date' },
  sheet: autoSheet<Holiday>(holidaysResource),
};

export const holidayService = resourceService(holidaysResource, impl);

/** A day of a calendar as the read functions answer it. */
export interface HolidayDay {
  date: string;
  name: string;
  kind: HolidayKind;
}

/**
 * Whether a day is a holiday in a CP's calendar for a region: a public or custom day is; a make-up
 * working day (`workday`) and a day the calendar does not list are not (weekends are the caller's
 * business hours, not the calendar's).
 */
export async function isHoliday(db: Db, cpId: number, region: string, date: string): Promise<boolean> {
  const [row] = await db
    .select({ id: holidays.id })
    .from(holidays)
    .where(
      and(
        eq(holidays.cpId, cpId),
        eq(holidays.region, region),
        eq(holidays.day, date),
        ne(holidays.kind, 'workday'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The days a CP's calendar for a region lists from `from` to `to` (both included, `YYYY-MM-DD`),
 * in date order, make-up working days included (their `kind` is `workday`). At most 3,700 rows
 * (ten years of days).
 */
export async function holidaysBetween(
  db: Db,
  cpId: number,
  region: string,
  from: string,
  to: string,
): Promise<HolidayDay[]> {
  return db
    .select({ date: holidays.day, name: holidays.name, kind: holidays.kind })
    .from(holidays)
    .where(
      and(
        eq(holidays.cpId, cpId),
        eq(holidays.region, region),
        gte(holidays.day, from),
        lte(holidays.day, to),
      ),
    )
    .orderBy(asc(holidays.day))
    .limit(3700);
}

/** `/holidays`: the CP's calendars; `/holidays/regions`: the regions that have one. */
export async function holidayRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/holidays/regions',
    {
      config: can(holidaysResource, 'read'),
      schema: { tags: ['holidays'], summary: 'The calendar regions of the CP' },
    },
    async (request) => {
      const scope = scopeOf(request);
      const rows = await db
        .selectDistinct({ region: holidays.region })
        .from(holidays)
        .where(eq(holidays.cpId, scope.cpId))
        .orderBy(asc(holidays.region));
      return ok(holidayRegionsAnswer.parse({ regions: rows.map((r) => r.region) }));
    },
  );
  resourceRoutes(fastify, db, holidaysResource, holidayService, impl);
}
