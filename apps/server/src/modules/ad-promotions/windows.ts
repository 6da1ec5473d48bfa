import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  AD_WINDOW_IMAGE,
  adWindowChoicesQuery,
  adWindowImageProblem,
  adWindowsResource,
  ErrorCode,
  isOriginalMiniGameId,
  validationMessage,
  type AdMediumCode,
  type AdWindow,
  type AdWindowChoices,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains, containsAny } from '../../lib/list.ts';
import { fieldError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { adApps } from '../ad-library/index.ts';
import { adMaterials, materialUrl } from '../ad-materials/index.ts';
import { adPromotions, adWindows } from './tables.ts';
import { inGame, rowInGame } from '../../lib/scope.ts';
import { stamps } from '../../lib/rows.ts';

const resource = adWindowsResource;
type Row = typeof adWindows.$inferSelect;

const toItem = (row: Row): AdWindow => ({
  id: row.id,
  name: row.name,
  media: row.media as AdWindow['media'],
  kind: row.kind,
  mini_program_id: row.miniProgramId,
  path: row.path,
  url: row.url,
  app_ref_id: row.appRefId,
  material_id: row.materialId,
  enabled: row.enabled,
  note: row.note,
  app_name: '',
  image_url: '',
  image_width: null,
  image_height: null,
  promotion_count: 0,
  ...stamps(row),
});

/** The app's name, the cover's address and sides, and the plans landing on each window (three queries a page). */
async function withParts(db: Db, items: AdWindow[]): Promise<AdWindow[]> {
  if (!items.length) return items;
  const appIds = [...new Set(items.map((i) => i.app_ref_id).filter((id): id is number => id !== null))];
  const apps = appIds.length
    ? await db
        .select({ id: adApps.id, text: adApps.text, appId: adApps.appId })
        .from(adApps)
        .where(inArray(adApps.id, appIds))
    : [];
  const images = await db
    .select({
      id: adMaterials.id,
      fileId: adMaterials.fileId,
      width: adMaterials.width,
      height: adMaterials.height,
    })
    .from(adMaterials)
    .where(
      inArray(adMaterials.id, [
        ...new Set(items.map((i) => i.material_id).filter((id): id is number => id !== null)),
      ]),
    );
  const uses = await db
    .select({ windowId: adPromotions.windowId, used: count() })
    .from(adPromotions)
    .where(
      inArray(
        adPromotions.windowId,
        items.map((i) => i.id),
      ),
    )
    .groupBy(adPromotions.windowId);
  const app = new Map(apps.map((a) => [a.id, `${a.text} (${a.appId})`]));
  const image = new Map(images.map((m) => [m.id, m]));
  const used = new Map(uses.map((u) => [u.windowId, u.used]));
  return items.map((item) => {
    const cover = item.material_id === null ? undefined : image.get(item.material_id);
    return {
      ...item,
      app_name: item.app_ref_id ? (app.get(item.app_ref_id) ?? '') : '',
      image_url: cover ? materialUrl(cover.fileId) : '',
      image_width: cover?.width ?? null,
      image_height: cover?.height ?? null,
      promotion_count: used.get(item.id) ?? 0,
    };
  });
}

const invalid = (scope: Scope, field: string, key: Parameters<typeof validationMessage>[0], params = {}) =>
  new ApiError(ErrorCode.INVALID_INPUT, { fields: { [field]: validationMessage(key, scope.lang, params) } });

const ratioText = (ratio: number) => (Math.abs(ratio - 16 / 9) < 0.001 ? '16:9' : ratio.toFixed(2));

const impl: ResourceImpl<typeof resource, typeof adWindows, AdWindow, null> = {
  sheet: autoSheet<AdWindow>(resource),
  table: adWindows,
  toItem,
  complete: withParts,
  nameOf: (row) => row.name,
  where: (f) => [
    containsAny(f.q, adWindows.name, adWindows.miniProgramId, adWindows.path, adWindows.url, adWindows.note),
    f.media ? eq(adWindows.media, f.media) : undefined,
    f.kind ? eq(adWindows.kind, f.kind) : undefined,
    f.enabled === undefined ? undefined : eq(adWindows.enabled, f.enabled),
  ],
  columns: (input) => ({
    name: input.name,
    media: input.media,
    kind: input.kind,
    miniProgramId: input.mini_program_id,
    path: input.path,
    url: input.url,
    appRefId: input.app_ref_id,
    materialId: input.material_id,
    enabled: input.enabled,
    note: input.note,
  }),
  // What the kind needs (also after an update that changes the kind), the app an application of the
  // game on the same medium, the cover an image of the game's library within the medium's rule.
  async check(db, scope, input, before) {
    const media = (input.media ?? before?.media)!;
    const kind = input.kind ?? before?.kind;
    const appRefId = input.app_ref_id !== undefined ? input.app_ref_id : (before?.appRefId ?? null);
    const materialId = input.material_id ?? before?.materialId;
    const miniProgramId = input.mini_program_id ?? before?.miniProgramId ?? '';
    const url = input.url ?? before?.url ?? '';
    if (kind === 'mini_program' && !miniProgramId) throw invalid(scope, 'mini_program_id', 'required');
    // An original id (gh_…) names a mini-game asset on Ocean Engine only; the other media take the AppID.
    if (kind === 'mini_program' && isOriginalMiniGameId(miniProgramId) && media !== 'jrtt')
      throw invalid(scope, 'mini_program_id', 'invalid');
    if (kind === 'h5' && !url) throw invalid(scope, 'url', 'required');
    if (kind === 'app') {
      if (!appRefId) throw invalid(scope, 'app_ref_id', 'required');
      const [app] = await db
        .select({ id: adApps.id })
        .from(adApps)
        .where(and(eq(adApps.id, appRefId), inGame(adApps, scope), eq(adApps.media, media)));
      if (!app) throw fieldError(scope.lang, 'app_ref_id', 'unknown_ref');
    }
    if (input.material_id === undefined && input.media === undefined) return;
    if (!materialId) throw invalid(scope, 'material_id', 'required');
    const [image] = await db
      .select({ kind: adMaterials.kind, width: adMaterials.width, height: adMaterials.height })
      .from(adMaterials)
      .where(rowInGame(adMaterials, scope, materialId!));
    if (!image) throw fieldError(scope.lang, 'material_id', 'unknown_ref');
    if (image.kind !== 'image' || !image.width || !image.height)
      throw fieldError(scope.lang, 'material_id', 'ad_material_kind');
    const rule = AD_WINDOW_IMAGE[media as AdMediumCode];
    const problem = adWindowImageProblem(media, image.width, image.height);
    if (problem === 'ratio')
      throw invalid(scope, 'material_id', 'image_ratio', { ratio: ratioText(rule.ratio) });
    if (problem === 'small')
      throw invalid(scope, 'material_id', 'image_too_small', {
        width: rule.minWidth,
        height: rule.minHeight,
      });
  },
};

export const windowService = resourceService(resource, impl);

const CHOICES = 200;

/** What the form chooses from: the medium's applications of the game and the game's images. */
async function choices(db: Db, scope: Scope, query: { media: string; q?: string }): Promise<AdWindowChoices> {
  const apps = await db
    .select({ id: adApps.id, text: adApps.text, app_id: adApps.appId })
    .from(adApps)
    .where(and(inGame(adApps, scope), eq(adApps.media, query.media)))
    .orderBy(asc(adApps.text))
    .limit(CHOICES);
  const rule = AD_WINDOW_IMAGE[query.media as AdMediumCode];
  const images = await db
    .select({
      id: adMaterials.id,
      name: adMaterials.name,
      fileId: adMaterials.fileId,
      width: adMaterials.width,
      height: adMaterials.height,
    })
    .from(adMaterials)
    .where(
      and(
        inGame(adMaterials, scope),
        eq(adMaterials.kind, 'image'),
        // Only covers the medium takes: wide enough and within 1% of its ratio.
        sql`${adMaterials.width} >= ${rule.minWidth} and ${adMaterials.height} >= ${rule.minHeight}
          and abs(${adMaterials.width}::float / ${adMaterials.height} / ${rule.ratio} - 1) <= 0.01`,
        query.q ? contains(adMaterials.name, query.q) : undefined,
      ),
    )
    .orderBy(asc(adMaterials.id))
    .limit(CHOICES);
  return {
    apps,
    images: images.map((m) => ({
      id: m.id,
      name: m.name,
      url: materialUrl(m.fileId),
      width: m.width,
      height: m.height,
    })),
  };
}

/** `/ad-windows`: the windows (CRUD, export, import) and the form's choices. */
export function adWindowRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/ad-windows/choices',
    {
      config: can(resource, 'read'),
      schema: {
        tags: [resource.name],
        summary: 'The medium’s applications and the game’s cover images a window may use',
        querystring: adWindowChoicesQuery,
      },
    },
    async (request) => ok(await choices(db, scopeOf(request), request.query)),
  );
  resourceRoutes(fastify, db, resource, windowService, impl);
}
