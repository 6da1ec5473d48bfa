import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, arrayContains, asc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  PUBLIC_FILE_PREFIX,
  adMaterialAdChoicesQuery,
  adMaterialAdsBody,
  adMaterialsResource,
  idParam,
  validationMessage,
  type AdMaterial,
  type AdMaterialAd,
  type AdMaterialKind,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { inTransaction } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import {
  resourceRoutes,
  resourceService,
  rowReadRoute,
  type ResourceImpl,
} from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { adLabels, adSources } from '../ad-library/index.ts';
import { adAccounts, adObjects } from '../ads/index.ts';
import { files } from '../files/tables.ts';
import { adMaterialAds, adMaterials } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

const resource = adMaterialsResource;
type Row = typeof adMaterials.$inferSelect;

/** The public address of a material's file (images and videos are served there). */
export const materialUrl = (fileId: string) => `${PUBLIC_FILE_PREFIX}${fileId}`;

const invalid = (scope: Scope, field: string, key: Parameters<typeof validationMessage>[0]) =>
  new ApiError(ErrorCode.INVALID_INPUT, { fields: { [field]: validationMessage(key, scope.lang) } });

/** What the upload service read of the file, taken by `columns` of the same create. */
interface Probed {
  kind: AdMaterialKind;
  name: string;
  contentType: string;
  size: number;
  md5: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}
const probed = new WeakMap<object, Probed>();

/** How many ad groups use each material (the mirror's rows still there). */
const adCount = sql<number>`(select count(*)::int from ${adMaterialAds} where ${adMaterialAds.materialId} = ${adMaterials.id})`;

const toItem = (row: Row): AdMaterial => ({
  id: row.id,
  file_id: row.fileId,
  url: materialUrl(row.fileId),
  name: row.name,
  kind: row.kind,
  content_type: row.contentType,
  size: row.size,
  md5: row.md5,
  width: row.width,
  height: row.height,
  duration_ms: row.durationMs,
  label_ids: row.labelIds,
  labels: [],
  source_id: row.sourceId,
  source: '',
  note: row.note,
  ad_count: 0,
  ...stamps(row),
});

/** The labels' and the source's texts, and the ad counts. */
async function complete(db: Db, items: AdMaterial[]): Promise<AdMaterial[]> {
  if (items.length === 0) return items;
  const labelIds = [...new Set(items.flatMap((m) => m.label_ids))];
  const sourceIds = [...new Set(items.flatMap((m) => (m.source_id ? [m.source_id] : [])))];
  const [labels, sources, counts] = await Promise.all([
    labelIds.length
      ? db
          .select({ id: adLabels.id, text: adLabels.text })
          .from(adLabels)
          .where(inArray(adLabels.id, labelIds))
      : [],
    sourceIds.length
      ? db
          .select({ id: adSources.id, text: adSources.text })
          .from(adSources)
          .where(inArray(adSources.id, sourceIds))
      : [],
    db
      .select({ id: adMaterialAds.materialId, count: sql<number>`count(*)::int` })
      .from(adMaterialAds)
      .where(
        inArray(
          adMaterialAds.materialId,
          items.map((m) => m.id),
        ),
      )
      .groupBy(adMaterialAds.materialId),
  ]);
  const labelText = new Map(labels.map((l) => [l.id, l.text]));
  const sourceText = new Map(sources.map((s) => [s.id, s.text]));
  const countOf = new Map(counts.map((c) => [c.id, c.count]));
  return items.map((m) => ({
    ...m,
    labels: m.label_ids.flatMap((id) => (labelText.has(id) ? [{ id, text: labelText.get(id)! }] : [])),
    source: m.source_id ? (sourceText.get(m.source_id) ?? '') : '',
    ad_count: countOf.get(m.id) ?? 0,
  }));
}

/** An uploaded image or video of the caller's CP, read as the upload service recorded it. */
async function probe(db: Db, scope: Scope, fileId: string): Promise<Probed> {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.cpId, scope.cpId), inArray(files.use, ['image', 'video'])));
  if (!file?.md5) throw invalid(scope, 'file_id', 'material_file');
  return {
    kind: file.use === 'video' ? 'video' : 'image',
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    md5: file.md5,
    width: file.width,
    height: file.height,
    durationMs: file.durationMs,
  };
}

/** The ids of these tables' rows that exist in the caller's game. */
async function existing(db: Db, scope: Scope, table: typeof adLabels, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), inScope(table, scope)));
  return new Set(rows.map((r) => r.id));
}

/** The library's filters as conditions (the effect report filters the same way). */
export function materialWhere(f: {
  q?: string;
  kind?: AdMaterialKind;
  label_id?: number;
  source_id?: number;
  dims?: string;
  max_kb?: number;
}): (SQL | undefined)[] {
  const [width, height] = (f.dims ?? '').split('x').map(Number);
  return [
    f.q
      ? or(
          contains(adMaterials.name, f.q),
          contains(adMaterials.note, f.q),
          eq(adMaterials.md5, f.q.toLowerCase()),
        )
      : undefined,
    f.kind ? eq(adMaterials.kind, f.kind) : undefined,
    f.label_id ? arrayContains(adMaterials.labelIds, [f.label_id]) : undefined,
    f.source_id ? eq(adMaterials.sourceId, f.source_id) : undefined,
    f.dims ? and(eq(adMaterials.width, width!), eq(adMaterials.height, height!)) : undefined,
    f.max_kb ? lte(adMaterials.size, f.max_kb * 1024) : undefined,
  ];
}

const impl: ResourceImpl<typeof resource, typeof adMaterials, AdMaterial, null> = {
  table: adMaterials,
  toItem,
  complete,
  nameOf: (row) => row.name,
  where: (f) => materialWhere(f),
  sortBy: {
    id: adMaterials.id,
    name: adMaterials.name,
    size: adMaterials.size,
    ad_count: adCount,
    updated_at: adMaterials.updatedAt,
  },
  /** The file an upload of the CP not yet in the game's library; labels and source of the game. */
  async check(db, scope, input, before) {
    // (An update names the file only when an imported sheet repeats it; `immutable` refuses another.)
    if (input.file_id !== undefined && !before) {
      const file = await probe(db, scope, input.file_id);
      const [twin] = await db
        .select({ id: adMaterials.id })
        .from(adMaterials)
        .where(and(eq(adMaterials.md5, file.md5), inScope(adMaterials, scope)));
      if (twin) throw invalid(scope, 'file_id', 'material_duplicate');
      probed.set(input, file);
    }
    if (input.label_ids?.length) {
      const found = await existing(db, scope, adLabels, input.label_ids);
      if (input.label_ids.some((id) => !found.has(id))) throw invalid(scope, 'label_ids', 'unknown_ref');
    }
    if (input.source_id) {
      const found = await existing(db, scope, adSources, [input.source_id]);
      if (!found.has(input.source_id)) throw invalid(scope, 'source_id', 'unknown_ref');
    }
  },
  columns: (input) => {
    const file = probed.get(input);
    return {
      ...(file
        ? // The probed file's facts are the material's columns; its name only when none is given.
          { fileId: input.file_id, ...file, name: input.name || file.name.slice(0, 100) }
        : { name: input.name === '' ? undefined : input.name }),
      labelIds: input.label_ids,
      sourceId: input.source_id,
      note: input.note,
    };
  },
  immutable: ['file_id'],
  // Two uploads of the same file at once: the second is refused like a later one.
  unique: { ad_materials_product_md5: 'file_id' },
  sheet: autoSheet<AdMaterial>(resource),
};
export const adMaterialService = resourceService(resource, impl);

/** The ad groups of the game's delivery mirror: the given ones, or those matching a keyword. */
async function adGroups(
  db: Db,
  scope: Scope,
  where: { ids?: number[]; q?: string },
): Promise<AdMaterialAd[]> {
  const rows = await db
    .select({
      ad_object_id: adObjects.id,
      media: adObjects.media,
      object_id: adObjects.objectId,
      name: adObjects.name,
      status: adObjects.status,
      account_id: adAccounts.accountId,
      account_name: adAccounts.name,
    })
    .from(adObjects)
    .innerJoin(adAccounts, eq(adAccounts.id, adObjects.adAccountId))
    .where(
      and(
        inScope(adObjects, scope),
        eq(adObjects.level, 'adgroup'),
        where.ids ? inArray(adObjects.id, where.ids.length ? where.ids : [0]) : undefined,
        where.q ? or(contains(adObjects.name, where.q), eq(adObjects.objectId, where.q)) : undefined,
      ),
    )
    .orderBy(asc(adObjects.media), asc(adObjects.name), asc(adObjects.id))
    .limit(where.ids ? where.ids.length || 1 : 50);
  return rows;
}

async function linkedAds(db: Db, scope: Scope, materialId: number): Promise<AdMaterialAd[]> {
  const links = await db
    .select({ id: adMaterialAds.adObjectId })
    .from(adMaterialAds)
    .where(eq(adMaterialAds.materialId, materialId));
  return links.length ? adGroups(db, scope, { ids: links.map((l) => l.id) }) : [];
}

/**
 * `/ad-materials`: the library's list, get, create (from an upload), update, delete, export and
 * import (names and notes), plus the ad groups that use a material (`/:id/ads`, set all at once)
 * and the ad groups to choose from (`/ad-choices`).
 */
export function materialRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [resource.name];

  app.get(
    '/ad-materials/ad-choices',
    {
      schema: {
        tags,
        summary: "Ad groups of the game's delivery mirror a material can be linked to",
        querystring: adMaterialAdChoicesQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) => ok({ list: await adGroups(db, scopeOf(request), { q: request.query.q ?? '' }) }),
  );

  app.get(
    '/ad-materials/options',
    {
      schema: { tags, summary: "The game's labels and sources a material can carry" },
      config: can(resource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const texts = (table: typeof adLabels) =>
        db
          .select({ id: table.id, text: table.text })
          .from(table)
          .where(inScope(table, scope))
          .orderBy(asc(table.text))
          .limit(500);
      const [labels, sources] = await Promise.all([texts(adLabels), texts(adSources)]);
      return ok({ labels, sources });
    },
  );

  rowReadRoute(app, db, {
    path: '/ad-materials/:id/ads',
    tags,
    summary: 'The ad groups that use a material',
    resource,
    table: adMaterials,
    read: async (material, scope) => ({ list: await linkedAds(db, scope, material.id) }),
  });

  app.put(
    '/ad-materials/:id/ads',
    {
      schema: {
        tags,
        summary: 'Set the ad groups that use a material (ad groups of the game; the version of the material)',
        params: idParam,
        body: adMaterialAdsBody,
      },
      config: can(resource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      const { ad_object_ids: ids, version } = request.body;
      return ok(
        await inTransaction(db, scope.lang, async (tx) => {
          const target = rowInScope(adMaterials, scope, id);
          await findOr404(tx, adMaterials, target);
          const found = await adGroups(tx, scope, { ids });
          if (found.length !== ids.length) throw invalid(scope, 'ad_object_ids', 'unknown_ref');
          const before = await linkedAds(tx, scope, id);
          const row = await updateVersioned(tx, adMaterials, target, version, {});
          await tx.delete(adMaterialAds).where(eq(adMaterialAds.materialId, id));
          if (ids.length)
            await tx.insert(adMaterialAds).values(ids.map((adObjectId) => ({ materialId: id, adObjectId })));
          const [item] = await complete(tx, [toItem(row)]);
          await logChange(tx, scope, {
            action: 'update',
            targetType: resource.logTarget,
            targetId: id,
            targetName: row.name,
            before: { ad_object_ids: before.map((a) => a.ad_object_id) },
            after: { ad_object_ids: ids },
          });
          return item!;
        }),
      );
    },
  );

  resourceRoutes(fastify, db, resource, adMaterialService, impl);
}
