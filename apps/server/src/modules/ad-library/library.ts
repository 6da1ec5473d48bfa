import type { FastifyInstance } from 'fastify';
import { and, count, eq, getTableName, inArray, or } from 'drizzle-orm';
import { AD_LIBRARY_SPECS, type AdLibraryEntry, type AdLibraryResource } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { containsAny } from '../../lib/list.ts';
import {
  resourceRoutes,
  resourceService,
  type ResourceImpl,
  type SortColumns,
} from '../../lib/resource-routes.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { adBatchAds, adBatches } from '../ads/index.ts';
import { adApps, adCopies, adLabels, adSources, adTitles } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Table = typeof adTitles;
type Row = Table['$inferSelect'];

/** The table of each kind. */
export const LIBRARY_TABLES = {
  'ad-titles': adTitles,
  'ad-copies': adCopies,
  'ad-labels': adLabels,
  'ad-sources': adSources,
  'ad-apps': adApps,
} as const satisfies Record<AdLibraryResource['name'], Table>;

const toItem = (row: Row): AdLibraryEntry => ({
  id: row.id,
  text: row.text,
  media: row.media,
  app_id: row.appId,
  package_name: row.packageName,
  note: row.note,
  usage_count: 0,
  ...stamps(row),
});

/**
 * How many batch ads of the same game used each text (a batch ad's title is the creative's text,
 * from the title library or copy-writing).
 */
async function withUsage(db: Db, table: Table, items: AdLibraryEntry[]): Promise<AdLibraryEntry[]> {
  if (items.length === 0) return items;
  const rows = await db
    .select({ id: table.id, productId: table.productId, text: table.text })
    .from(table)
    .where(
      inArray(
        table.id,
        items.map((item) => item.id),
      ),
    );
  const counts = await db
    .select({ productId: adBatches.productId, title: adBatchAds.title, used: count() })
    .from(adBatchAds)
    .innerJoin(adBatches, eq(adBatches.id, adBatchAds.batchId))
    .where(
      or(...rows.map((row) => and(eq(adBatches.productId, row.productId), eq(adBatchAds.title, row.text)))),
    )
    .groupBy(adBatches.productId, adBatchAds.title);
  const usage = new Map(counts.map((c) => [`${c.productId}\u0000${c.title}`, c.used]));
  const keyOf = new Map(rows.map((row) => [row.id, `${row.productId}\u0000${row.text}`]));
  return items.map((item) => ({ ...item, usage_count: usage.get(keyOf.get(item.id) ?? '') ?? 0 }));
}

function implOf<R extends AdLibraryResource>(resource: R): ResourceImpl<R, Table, AdLibraryEntry, null> {
  const table = LIBRARY_TABLES[resource.name] as Table;
  const spec = AD_LIBRARY_SPECS[resource.name];
  return {
    table,
    toItem,
    ...(spec.usage ? { complete: (db: Db, items: AdLibraryEntry[]) => withUsage(db, table, items) } : {}),
    nameOf: (row) => row.text,
    where: (f) => [
      containsAny(f.q, table.text, table.appId, table.packageName, table.note),
      f.media ? eq(table.media, f.media) : undefined,
    ],
    sortBy: {
      id: table.id,
      text: table.text,
      media: table.media,
      updated_at: table.updatedAt,
    } as SortColumns<R>,
    columns: (input) => ({
      text: input.text,
      media: input.media,
      appId: input.app_id,
      packageName: input.package_name,
      note: input.note,
    }),
    unique: { [`${getTableName(table)}_product_text`]: 'text' },
    sheet: autoSheet<AdLibraryEntry>(resource),
  };
}

/** The list routes of one kind (list, get, create, update, delete, export, import). */
export function libraryRoutes(fastify: FastifyInstance, db: Db, resource: AdLibraryResource): void {
  const impl = implOf(resource);
  resourceRoutes(fastify, db, resource, resourceService(resource, impl), impl);
}
