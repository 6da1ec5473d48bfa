import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  AD_PROMOTION_MOVES,
  adPromotionStatusBody,
  adPromotionsResource,
  idParam,
  type AdPromotion,
  type AdPromotionChoices,
  type AdPromotionRollup,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { containsAny } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { fieldError, ruleError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import {
  resourceRoutes,
  resourceService,
  resourceTableRoutes,
  type ResourceImpl,
} from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { inGame, rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { adAccounts, adReportCampaignDays, adReportDays, dayIn, mirroredCampaigns } from '../ads/index.ts';
import { adPromotions, adWindows } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

const resource = adPromotionsResource;
type Row = typeof adPromotions.$inferSelect;

const EMPTY_ROLLUP: AdPromotionRollup = {
  cost: 0,
  impressions: 0,
  clicks: 0,
  conversions: 0,
  cpa: null,
  ctr: null,
  budget_used: null,
  cpa_met: null,
  conversions_met: null,
};

const toItem = (row: Row): AdPromotion => ({
  id: row.id,
  name: row.name,
  media: row.media,
  start_day: row.startDay,
  end_day: row.endDay,
  budget: row.budget,
  target_cpa: row.targetCpa,
  target_roi: row.targetRoi,
  target_conversions: row.targetConversions,
  ad_account_ids: row.adAccountIds,
  campaign_ids: row.campaignIds,
  window_id: row.windowId,
  note: row.note,
  status: row.status,
  window_name: '',
  accounts: [],
  rollup: EMPTY_ROLLUP,
  ...stamps(row),
});

/** Today in the media's calendar. */
const today = () => dayIn(new Date());

/** An advertiser account as a promotion names it (its rollups and the form's choices). */
const accountColumns = {
  id: adAccounts.id,
  account_id: adAccounts.accountId,
  name: adAccounts.name,
  media: adAccounts.media,
};

/**
 * The accounts' names, the window's name and each plan's roll-up: its accounts' reported days from
 * its first day to its last (to today while it runs) — narrowed to its campaigns' days (the media's
 * campaign-level reports) when it names campaigns — summed in one grouped query per page.
 */
async function withRollups(db: Db, items: AdPromotion[]): Promise<AdPromotion[]> {
  if (!items.length) return items;
  const accountIds = [...new Set(items.flatMap((i) => i.ad_account_ids))];
  const accounts = await db.select(accountColumns).from(adAccounts).where(inArray(adAccounts.id, accountIds));
  const windowIds = [...new Set(items.map((i) => i.window_id).filter((id): id is number => id !== null))];
  const windows = windowIds.length
    ? await db
        .select({ id: adWindows.id, name: adWindows.name })
        .from(adWindows)
        .where(inArray(adWindows.id, windowIds))
    : [];
  const now = today();
  // One range per plan: (plan id, its accounts, its campaigns, its days), summed over the report
  // days — its campaigns' days when it names campaigns, else its accounts' whole days.
  const ranges = items.map((i) => {
    const accounts = sql.raw(`ARRAY[${i.ad_account_ids.map(Number).join(',')}]::int[]`);
    const campaigns = sql`array[${sql.join(
      i.campaign_ids.map((c) => sql`${c}`),
      sql`, `,
    )}]::text[]`;
    return sql`(${i.id}::int, ${accounts}, ${campaigns}, ${i.start_day}::text, ${
      i.end_day < now ? i.end_day : now
    }::text)`;
  });
  const sums = (await db.execute(sql`
    select p.id as id,
      coalesce(sum(coalesce(d.cost, c.cost)), 0)::bigint as cost,
      coalesce(sum(coalesce(d.impressions, c.impressions)), 0)::bigint as impressions,
      coalesce(sum(coalesce(d.clicks, c.clicks)), 0)::bigint as clicks,
      coalesce(sum(coalesce(d.conversions, c.conversions)), 0)::bigint as conversions
    from (values ${sql.join(ranges, sql`, `)}) as p(id, accounts, campaigns, start_day, end_day)
    left join ${adReportDays} d
      on cardinality(p.campaigns) = 0
      and d.ad_account_id = any(p.accounts) and d.day >= p.start_day and d.day <= p.end_day
    left join ${adReportCampaignDays} c
      on cardinality(p.campaigns) > 0 and c.ad_account_id = any(p.accounts)
      and c.campaign_id = any(p.campaigns) and c.day >= p.start_day and c.day <= p.end_day
    group by p.id`)) as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  const sumRows = (Array.isArray(sums) ? sums : (sums.rows ?? [])) as {
    id: number;
    cost: string;
    impressions: string;
    clicks: string;
    conversions: string;
  }[];
  const sumOf = new Map(sumRows.map((s) => [Number(s.id), s]));
  const account = new Map(accounts.map((a) => [a.id, a]));
  const window = new Map(windows.map((w) => [w.id, w.name]));
  return items.map((item) => {
    const s = sumOf.get(item.id);
    const cost = Number(s?.cost ?? 0);
    const impressions = Number(s?.impressions ?? 0);
    const clicks = Number(s?.clicks ?? 0);
    const conversions = Number(s?.conversions ?? 0);
    const cpa = conversions > 0 ? Math.round(cost / conversions) : null;
    return {
      ...item,
      window_name: item.window_id ? (window.get(item.window_id) ?? '') : '',
      accounts: item.ad_account_ids.flatMap((id) => {
        const a = account.get(id);
        return a ? [a] : [];
      }),
      rollup: {
        cost,
        impressions,
        clicks,
        conversions,
        cpa,
        ctr: impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 10_000 : null,
        budget_used: item.budget > 0 ? Math.round((cost / item.budget) * 10_000) / 10_000 : null,
        cpa_met: item.target_cpa > 0 && cpa !== null ? cpa <= item.target_cpa : null,
        conversions_met:
          item.target_conversions > 0 && cost > 0 ? conversions >= item.target_conversions : null,
      },
    };
  });
}

const impl: ResourceImpl<typeof resource, typeof adPromotions, AdPromotion, null> = {
  table: adPromotions,
  toItem,
  complete: withRollups,
  nameOf: (row) => row.name,
  where: (f) => [
    containsAny(f.q, adPromotions.name, adPromotions.note),
    f.media ? sql`${f.media} = any(${adPromotions.media})` : undefined,
    f.status ? eq(adPromotions.status, f.status) : undefined,
    f.day ? and(lte(adPromotions.startDay, f.day), gte(adPromotions.endDay, f.day)) : undefined,
    f.ad_account_id ? sql`${f.ad_account_id}::int = any(${adPromotions.adAccountIds})` : undefined,
  ],
  columns: (input) => ({
    name: input.name,
    media: input.media,
    startDay: input.start_day,
    endDay: input.end_day,
    budget: input.budget,
    targetCpa: input.target_cpa,
    targetRoi: input.target_roi,
    targetConversions: input.target_conversions,
    adAccountIds: input.ad_account_ids,
    campaignIds: input.campaign_ids,
    windowId: input.window_id,
    note: input.note,
  }),
  // An ended plan no longer changes; the days stay in order after a partial edit; the accounts are
  // advertisers of the game on the plan's media, the campaigns mirrored campaigns of those accounts,
  // the window an enabled window of the game on one of the media.
  async check(db, scope, input, before) {
    if (before?.status === 'ended') throw ruleError(scope.lang, 'not_in_this_state');
    const start = input.start_day ?? before?.startDay;
    const end = input.end_day ?? before?.endDay;
    if (start && end && start > end) throw fieldError(scope.lang, 'end_day', 'end_before_start');
    const media = input.media ?? before?.media ?? [];
    const accountIds = input.ad_account_ids ?? before?.adAccountIds ?? [];
    if (input.media !== undefined || input.ad_account_ids !== undefined) {
      const found = await db
        .select({ id: adAccounts.id })
        .from(adAccounts)
        .where(
          and(
            inArray(adAccounts.id, accountIds),
            inGame(adAccounts, scope),
            eq(adAccounts.role, 'advertiser'),
            inArray(adAccounts.media, media),
          ),
        );
      if (found.length !== accountIds.length) throw fieldError(scope.lang, 'ad_account_ids', 'unknown_ref');
    }
    const campaigns = input.campaign_ids ?? before?.campaignIds ?? [];
    if (campaigns.length && (input.campaign_ids !== undefined || input.ad_account_ids !== undefined)) {
      const found = new Set((await mirroredCampaigns(db, accountIds, campaigns)).map((c) => c.objectId));
      if (found.size !== campaigns.length) throw fieldError(scope.lang, 'campaign_ids', 'unknown_ref');
    }
    const windowId = input.window_id !== undefined ? input.window_id : (before?.windowId ?? null);
    if (windowId && (input.window_id !== undefined || input.media !== undefined)) {
      const [window] = await db
        .select({ id: adWindows.id })
        .from(adWindows)
        .where(
          and(
            rowInScope(adWindows, scope, windowId),
            eq(adWindows.enabled, true),
            inArray(adWindows.media, media),
          ),
        );
      if (!window) throw fieldError(scope.lang, 'window_id', 'unknown_ref');
    }
  },
};

export const promotionService = resourceService(resource, impl);

const EXPORT_HEADERS = [
  'id',
  'name',
  'status',
  'media',
  'start_day',
  'end_day',
  'budget',
  'cost',
  'budget_used',
  'impressions',
  'clicks',
  'conversions',
  'cpa',
  'ctr',
  'target_cpa',
  'target_conversions',
  'target_roi',
  'accounts',
  'campaign_ids',
  'window',
  'note',
] as const;

/** Cents as yuan in the sheet. */
const yuan = (cents: number | null) => (cents === null ? '' : cents / 100);

async function choices(db: Db, scope: Scope): Promise<AdPromotionChoices> {
  const accounts = await db
    .select(accountColumns)
    .from(adAccounts)
    .where(and(inGame(adAccounts, scope), eq(adAccounts.role, 'advertiser')))
    .orderBy(asc(adAccounts.media), asc(adAccounts.name))
    .limit(1000);
  const windows = await db
    .select({ id: adWindows.id, name: adWindows.name, media: adWindows.media })
    .from(adWindows)
    .where(and(inGame(adWindows, scope), eq(adWindows.enabled, true)))
    .orderBy(asc(adWindows.name))
    .limit(500);
  return { accounts, windows };
}

/** `/ad-promotions`: the plans (CRUD), their status moves, the form's choices and the export with roll-ups. */
export function adPromotionRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [resource.name];
  app.get(
    '/ad-promotions/choices',
    {
      config: can(resource, 'read'),
      schema: { tags, summary: 'The game’s advertisers and enabled windows a plan may name' },
    },
    async (request) => ok(await choices(db, scopeOf(request))),
  );
  app.post(
    '/ad-promotions/:id/status',
    {
      config: can(resource, 'update'),
      schema: {
        tags,
        summary: 'Move a plan: activate (draft → active) or end (draft or active → ended)',
        params: idParam,
        body: adPromotionStatusBody,
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const { action, version } = request.body;
      const target = rowInScope(adPromotions, scope, request.params.id);
      const item = await db.transaction(async (tx) => {
        const before = await findOr404(tx, adPromotions, target);
        const next = AD_PROMOTION_MOVES[before.status][action];
        if (!next) throw ruleError(scope.lang, 'not_in_this_state');
        const row = await updateVersioned(tx, adPromotions, target, version, { status: next });
        await logChange(tx, scope, {
          action: action === 'activate' ? 'publish' : 'end',
          targetType: resource.logTarget,
          targetId: row.id,
          targetName: row.name,
          before: { status: before.status },
          after: { status: next },
        });
        return row;
      });
      return ok((await withRollups(db, [toItem(item)]))[0]);
    },
  );
  resourceRoutes(fastify, db, resource, promotionService, impl);
  resourceTableRoutes(fastify, db, resource, {
    exporter: {
      name: resource.name,
      headers: EXPORT_HEADERS,
      prepare: async () => null,
      toCells: (p: AdPromotion) => ({
        id: p.id,
        name: p.name,
        status: p.status,
        media: p.media.join('|'),
        start_day: p.start_day,
        end_day: p.end_day,
        budget: yuan(p.budget),
        cost: yuan(p.rollup.cost),
        budget_used: p.rollup.budget_used ?? '',
        impressions: p.rollup.impressions,
        clicks: p.rollup.clicks,
        conversions: p.rollup.conversions,
        cpa: yuan(p.rollup.cpa),
        ctr: p.rollup.ctr ?? '',
        target_cpa: yuan(p.target_cpa || null),
        target_conversions: p.target_conversions || '',
        target_roi: p.target_roi || '',
        accounts: p.accounts.map((a) => `${a.name} (${a.account_id})`).join('|'),
        campaign_ids: p.campaign_ids.join('|'),
        window: p.window_name,
        note: p.note,
      }),
      batch: (db2, scope, filters, afterId, limit) =>
        promotionService.batch(
          db2,
          scope,
          filters as Parameters<typeof promotionService.batch>[2],
          afterId,
          limit,
        ),
    },
  });
}
