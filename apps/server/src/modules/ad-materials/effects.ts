import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, gt, gte, lte, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  adMaterialEffectsResource,
  adMaterialEffectsSummaryQuery,
  type AdMaterialEffect,
  type AdMaterialEffectsSummary,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes, type Filters } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { inScope } from '../../lib/scope.ts';
import { adObjects, adReportDays } from '../ads/index.ts';
import { materialUrl, materialWhere } from './materials.ts';
import { adMaterialAds, adMaterials } from './tables.ts';

const resource = adMaterialEffectsResource;
type EffectFilters = Partial<Filters<typeof resource>>;

/**
 * Each material's share of its advertiser accounts' days: an account whose ad groups include `k`
 * using the material, of `n` live ad groups in all, gives it k/n of each day's figures (the media
 * report by account and day; the mirror says which ad groups carry the material).
 */
function shares(db: Db, productId: number) {
  const groups = db.$with('groups').as(
    db
      .select({ accountId: adObjects.adAccountId, n: sql<number>`count(*)`.as('n') })
      .from(adObjects)
      .where(
        and(
          eq(adObjects.productId, productId),
          eq(adObjects.level, 'adgroup'),
          ne(adObjects.status, 'deleted'),
        ),
      )
      .groupBy(adObjects.adAccountId),
  );
  const uses = db.$with('uses').as(
    db
      .select({
        materialId: adMaterialAds.materialId,
        accountId: sql<number>`${adObjects.adAccountId}`.as('account_id'),
        k: sql<number>`count(*)`.as('k'),
      })
      .from(adMaterialAds)
      .innerJoin(adObjects, eq(adObjects.id, adMaterialAds.adObjectId))
      .where(eq(adObjects.productId, productId))
      .groupBy(adMaterialAds.materialId, adObjects.adAccountId),
  );
  const share = db.$with('share').as(
    db
      .with(groups, uses)
      .select({
        materialId: uses.materialId,
        accountId: uses.accountId,
        part: sql<number>`${uses.k}::float8 / greatest(coalesce(${groups.n}, 0), ${uses.k})`.as('part'),
      })
      .from(uses)
      .leftJoin(groups, eq(groups.accountId, uses.accountId)),
  );
  return share;
}

/** The figures of the joined report days, weighted by the share. */
function sums(part: SQL) {
  // Named, so that the list can be ordered by them.
  const sum = (column: AnyColumn, name: string) =>
    sql<number>`coalesce(round(sum(${column} * ${part})), 0)::bigint`.mapWith(Number).as(name);
  return {
    cost: sum(adReportDays.cost, 'cost'),
    impressions: sum(adReportDays.impressions, 'impressions'),
    clicks: sum(adReportDays.clicks, 'clicks'),
    conversions: sum(adReportDays.conversions, 'conversions'),
  };
}

type Figures = { cost: number; impressions: number; clicks: number; conversions: number };
const ratios = (f: Figures) => ({
  ...f,
  ctr: f.impressions ? f.clicks / f.impressions : null,
  cvr: f.clicks ? f.conversions / f.clicks : null,
  cpa: f.conversions ? Math.round(f.cost / f.conversions) : null,
});

function conditions(scope: ProductScope, filters: EffectFilters): SQL | undefined {
  return and(inScope(adMaterials, scope), ...materialWhere(filters));
}

/** One page (or an export batch) of materials with their figures over the range. */
async function effects(
  db: Db,
  scope: ProductScope,
  filters: EffectFilters,
  page: { order: SQL[]; limit: number; offset: number; afterId?: number },
): Promise<AdMaterialEffect[]> {
  const share = shares(db, scope.productId);
  const figures = sums(sql`${share.part}`);
  const rows = await db
    .with(share)
    .select({
      id: adMaterials.id,
      name: adMaterials.name,
      kind: adMaterials.kind,
      fileId: adMaterials.fileId,
      ad_count: sql<number>`(select count(*)::int from ${adMaterialAds} where ${adMaterialAds.materialId} = ${adMaterials.id})`,
      ...figures,
    })
    .from(adMaterials)
    .leftJoin(share, eq(share.materialId, adMaterials.id))
    .leftJoin(
      adReportDays,
      and(
        eq(adReportDays.adAccountId, share.accountId),
        filters.from ? gte(adReportDays.day, filters.from) : undefined,
        filters.to ? lte(adReportDays.day, filters.to) : undefined,
      ),
    )
    .where(
      and(
        conditions(scope, filters),
        page.afterId !== undefined ? gt(adMaterials.id, page.afterId) : undefined,
      ),
    )
    .groupBy(adMaterials.id)
    .orderBy(...page.order)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ fileId, ...row }) => ({ ...ratios(row), ...row, url: materialUrl(fileId) }));
}

const SORTS = {
  cost: 'cost',
  impressions: 'impressions',
  clicks: 'clicks',
  conversions: 'conversions',
} as const;

/** The filtered materials' totals and their sums per day, oldest first. */
async function summary(
  db: Db,
  scope: ProductScope,
  filters: EffectFilters,
): Promise<AdMaterialEffectsSummary> {
  const share = shares(db, scope.productId);
  const figures = sums(sql`${share.part}`);
  const days = await db
    .with(share)
    .select({ day: adReportDays.day, ...figures })
    .from(share)
    .innerJoin(adMaterials, eq(adMaterials.id, share.materialId))
    .innerJoin(adReportDays, eq(adReportDays.adAccountId, share.accountId))
    .where(
      and(
        conditions(scope, filters),
        filters.from ? gte(adReportDays.day, filters.from) : undefined,
        filters.to ? lte(adReportDays.day, filters.to) : undefined,
      ),
    )
    .groupBy(adReportDays.day)
    .orderBy(asc(adReportDays.day));
  const totals = days.reduce<Figures>(
    (t, d) => ({
      cost: t.cost + d.cost,
      impressions: t.impressions + d.impressions,
      clicks: t.clicks + d.clicks,
      conversions: t.conversions + d.conversions,
    }),
    { cost: 0, impressions: 0, clicks: 0, conversions: 0 },
  );
  return {
    totals: ratios(totals),
    days: days.map((d) => ratios(d) as AdMaterialEffectsSummary['days'][number]),
    currency: 'CNY',
  };
}

/**
 * `/ad-material-effects`: each material's figures over a range of days (list sorted by any figure,
 * export), and `/summary`: the filtered materials' totals and their days (the chart).
 */
export function effectRoutes(fastify: FastifyInstance, db: Db): void {
  queryRoutes(
    fastify,
    db,
    resource,
    {
      async list(db2, scope, query) {
        const { page, page_size, sort, ...filters } = query;
        const [{ total } = { total: 0 }] = await db2
          .select({ total: count() })
          .from(adMaterials)
          .where(conditions(scope, filters));
        const field = (sort ?? '-cost').replace(/^-/, '') as keyof typeof SORTS | 'id';
        const direction = sort?.startsWith('-') || !sort ? desc : asc;
        const order =
          field === 'id'
            ? [direction(adMaterials.id)]
            : [direction(sql.identifier(SORTS[field])), asc(adMaterials.id)];
        const list = await effects(db2, scope, filters, {
          order,
          limit: page_size,
          offset: (page - 1) * page_size,
        });
        return { list, total };
      },
      batch: (db2, scope, filters, afterId, limit) =>
        effects(db2, scope, filters, { order: [asc(adMaterials.id)], limit, offset: 0, afterId }),
    },
    {
      summary: "Each material's spend, impressions, clicks, conversions, CTR, CVR and CPA over the days",
      exporter: {
        headers: [
          'id',
          'name',
          'kind',
          'ad_count',
          'cost',
          'impressions',
          'clicks',
          'conversions',
          'ctr',
          'cvr',
          'cpa',
        ],
        toCells: (item) => ({
          ...item,
          cost: item.cost / 100,
          cpa: item.cpa === null ? '' : item.cpa / 100,
          ctr: item.ctr ?? '',
          cvr: item.cvr ?? '',
        }),
      },
    },
  );

  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/ad-material-effects/summary',
    {
      schema: {
        tags: [resource.name],
        summary: "The filtered materials' totals and their sums per day (the chart)",
        querystring: adMaterialEffectsSummaryQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) => ok(await summary(db, scopeOf(request) as ProductScope, request.query)),
  );
}
