import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  CS_NOTICE_LIFECYCLE,
  LANGUAGES,
  csNoticesResource,
  textFor,
  type CsNotice,
  type Language,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { defineLifecycle, draftCheck, goLiveWindow, onlyDraftsDeleted } from '../../lib/define-lifecycle.ts';
import type { LifecycleContext } from '../../lib/define-lifecycle.ts';
import { anyLanguageContains } from '../../lib/list.ts';
import {
  resourceRoutes,
  resourceService,
  resourceTableRoutes,
  type ResourceImpl,
} from '../../lib/resource-routes.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { isoOrNull, stamps } from '../../lib/rows.ts';
import { timeInput } from '../../lib/time-window.ts';
import { csNotices } from './tables.ts';

/**
 * Temporary notices (`/api/v1/cs-notices`, page `/service/temporary-notice`): a banner in the
 * player's service panel, written per language, live between its start and its end along the shared
 * lifecycle. The game API serves the ones in force (`noticesInForce`), checking the window itself so
 * a late scheduler never shows one past its end.
 */

type Row = typeof csNotices.$inferSelect;
function toItem(row: Row): CsNotice {
  return {
    id: row.id,
    text: row.text,
    languages: LANGUAGES.filter((lang) => row.text[lang]),
    start_at: isoOrNull(row.startAt),
    end_at: row.endAt.toISOString(),
    status: row.status,
    created_by: row.createdBy,
    ...stamps(row),
  };
}

const impl: ResourceImpl<typeof csNoticesResource, typeof csNotices, CsNotice, null> = {
  table: csNotices,
  toItem,
  nameOf: (row) => textFor(row.text),
  where: (f) => [
    f.q ? anyLanguageContains(csNotices.text, f.q) : undefined,
    f.status ? eq(csNotices.status, f.status) : undefined,
    f.lang ? sql`coalesce(${csNotices.text}->>${f.lang}::text, '') <> ''` : undefined,
  ],
  columns: (input) => ({
    text: input.text,
    startAt: timeInput(input.start_at),
    endAt: input.end_at === undefined ? undefined : new Date(input.end_at),
  }),
  usage: onlyDraftsDeleted,
  check: draftCheck(async (_db, scope, input, before, problems) => {
    // The window again against what the row keeps (an update may send one side), and an end still ahead.
    const start = input.start_at !== undefined ? input.start_at : isoOrNull(before?.startAt ?? null);
    const end = input.end_at ?? isoOrNull(before?.endAt ?? null);
    if (input.end_at && Date.parse(input.end_at) <= Date.now()) problems.add('end_at', 'not_in_future');
    else if (start && end && Date.parse(end) <= Date.parse(start)) problems.add('end_at', 'end_before_start');
  }),
};

export const csNoticeService = resourceService(csNoticesResource, impl);

export const csNoticeLifecycle = defineLifecycle({
  resource: csNoticesResource,
  lifecycle: CS_NOTICE_LIFECYCLE,
  table: csNotices,
  status: csNotices.status,
  toItem,
  nameOf: (row) => textFor(row.text),
  ...goLiveWindow,
  tasks: { start: 'cs.notices.publish', end: 'cs.notices.end' },
});

type Filters = Parameters<typeof csNoticeService.batch>[2];
/** The list's export: one row per notice, a column per language. */
const exporter: ExportSpec<CsNotice, Filters, null> = {
  name: 'cs-notices',
  headers: ['id', 'status', 'start_at', 'end_at', ...LANGUAGES.map((lang) => `text_${lang}`), 'updated_at'],
  prepare: async () => null,
  toCells: (notice) => ({
    id: notice.id,
    status: notice.status,
    start_at: notice.start_at,
    end_at: notice.end_at,
    ...Object.fromEntries(LANGUAGES.map((lang) => [`text_${lang}`, notice.text[lang]])),
    updated_at: notice.updated_at,
  }),
  batch: (db, scope, filters, afterId, limit) => csNoticeService.batch(db, scope, filters, afterId, limit),
};

/** List, export, get, create, edit and delete drafts, and `POST /cs-notices/:id/publish|recall|end`. */
export function csNoticeRoutes(fastify: FastifyInstance, context: LifecycleContext): void {
  resourceTableRoutes(fastify, context.db, csNoticesResource, { exporter });
  resourceRoutes(fastify, context.db, csNoticesResource, csNoticeService, impl);
  csNoticeLifecycle.routes(fastify, context, { summary: 'Publish, recall or end a temporary notice' });
}

/** The game's notices in force now written in `lang`, newest first. */
export async function noticesInForce(
  db: Db,
  productId: number,
  lang: Language,
): Promise<{ id: number; text: string; end_at: string }[]> {
  const rows = await db
    .select()
    .from(csNotices)
    .where(
      and(
        eq(csNotices.productId, productId),
        eq(csNotices.status, 'live'),
        sql`(${csNotices.startAt} is null or ${csNotices.startAt} <= now()) and ${csNotices.endAt} > now()`,
        sql`coalesce(${csNotices.text}->>${lang}::text, '') <> ''`,
      ),
    )
    .orderBy(sql`${csNotices.id} desc`)
    .limit(20);
  return rows.map((row) => ({ id: row.id, text: row.text[lang], end_at: row.endAt.toISOString() }));
}
