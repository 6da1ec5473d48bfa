import { setImmediate as nextLoop } from 'node:timers/promises';
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  AD_REPORT_MEDIA,
  AD_REPORT_RESTATE_DAYS,
  adReportsResource,
  type AdReportRow,
  type AdReportSummary,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { JobRunner, WholeContext, WholeResult } from '../../lib/jobs/index.ts';
import { isOutsideError } from '../../lib/outside/index.ts';
import { resourceReads, type Filters } from '../../lib/resource-routes.ts';
import type { Scope } from '../../lib/access.ts';
import { inScope } from '../../lib/scope.ts';
import type { AdsContext } from './accounts.ts';
import { adPartyOf } from './media/parties.ts';
import { adAccounts, adReportDays } from './tables.ts';

/** The job that pulls reports from the media (a range of days, for one game). */
export const REPORT_PULL_JOB = 'ads:report-pull';
export const REPORT_DAILY_TASK = 'ads.pull_reports';
/** The media's calendar (the domestic media report in Beijing time). */
export const REPORT_ZONE = 'Asia/Shanghai';

type DayRow = typeof adReportDays.$inferSelect;

/** What a pull job is asked: the game, the days, and optionally one medium or one account. */
export interface PullParams {
  productId: number;
  from: string;
  to: string;
  media?: string;
  adAccountId?: number;
}

/** `YYYY-MM-DD` of a moment in a time zone. */
export function dayIn(at: Date, zone = REPORT_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A `YYYY-MM-DD` moved by whole days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

const cpaOf = (cost: number, conversions: number) =>
  conversions > 0 ? Math.round(cost / conversions) : null;
const ctrOf = (clicks: number, impressions: number) =>
  impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 10_000 : null;

async function itemsOf(db: Db, rows: DayRow[]): Promise<AdReportRow[]> {
  if (!rows.length) return [];
  const accounts = await db
    .select({ id: adAccounts.id, accountId: adAccounts.accountId, name: adAccounts.name })
    .from(adAccounts)
    .where(inArray(adAccounts.id, [...new Set(rows.map((r) => r.adAccountId))]));
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return rows.map((r) => ({
    id: r.id,
    media: r.media,
    ad_account_id: r.adAccountId,
    account_id: byId.get(r.adAccountId)?.accountId ?? '',
    account_name: byId.get(r.adAccountId)?.name ?? '',
    day: r.day,
    cost: r.cost,
    impressions: r.impressions,
    clicks: r.clicks,
    conversions: r.conversions,
    cpa: cpaOf(r.cost, r.conversions),
    ctr: ctrOf(r.clicks, r.impressions),
    currency: r.currency,
    pulled_at: r.pulledAt.toISOString(),
  }));
}

type ReportFilters = Partial<Filters<typeof adReportsResource>>;

function where(filters: ReportFilters): (SQL | undefined)[] {
  return [
    filters.ad_account_id ? eq(adReportDays.adAccountId, filters.ad_account_id) : undefined,
    filters.from ? gte(adReportDays.day, filters.from) : undefined,
    filters.to ? lte(adReportDays.day, filters.to) : undefined,
  ];
}

/** The reads of report days (list, export batches), within the caller's game and medium. */
export const reportReads = resourceReads(adReportsResource, {
  table: adReportDays,
  items: itemsOf,
  where,
  sortBy: {
    day: adReportDays.day,
    cost: adReportDays.cost,
    impressions: adReportDays.impressions,
    clicks: adReportDays.clicks,
    conversions: adReportDays.conversions,
    id: adReportDays.id,
  },
});

/** The filtered rows' totals and their sums per day (the page's chart). */
export async function reportSummary(db: Db, scope: Scope, filters: ReportFilters): Promise<AdReportSummary> {
  const sums = {
    cost: sql<string>`coalesce(sum(${adReportDays.cost}), 0)`,
    impressions: sql<string>`coalesce(sum(${adReportDays.impressions}), 0)`,
    clicks: sql<string>`coalesce(sum(${adReportDays.clicks}), 0)`,
    conversions: sql<string>`coalesce(sum(${adReportDays.conversions}), 0)`,
  };
  const condition = and(inScope(adReportDays, scope), ...where(filters));
  const figures = (s: { cost: string; impressions: string; clicks: string; conversions: string }) => {
    const cost = Number(s.cost);
    const impressions = Number(s.impressions);
    const clicks = Number(s.clicks);
    const conversions = Number(s.conversions);
    return {
      cost,
      impressions,
      clicks,
      conversions,
      cpa: cpaOf(cost, conversions),
      ctr: ctrOf(clicks, impressions),
    };
  };
  const [total] = await db.select(sums).from(adReportDays).where(condition);
  const days = await db
    .select({ day: adReportDays.day, ...sums })
    .from(adReportDays)
    .where(condition)
    .groupBy(adReportDays.day)
    .orderBy(asc(adReportDays.day))
    .limit(366);
  const [currency] = await db
    .select({ currency: adReportDays.currency })
    .from(adReportDays)
    .where(condition)
    .limit(1);
  return {
    totals: figures(total!),
    days: days.map((d) => ({ day: d.day, ...figures(d) })),
    currency: currency?.currency ?? 'CNY',
  };
}

type PullItem = NonNullable<WholeResult['items']>[number];

/**
 * Pulls the days of one grant's advertiser accounts from the medium, one account at a time: each
 * account's days in the range are replaced by what the medium answers now (a restated day's new
 * figures; a day it no longer reports goes). A failing account is recorded with the medium's
 * reason and the others go on.
 */
async function pullGrant(
  ctx: AdsContext,
  productId: number,
  media: string,
  grantAccount: string,
  params: PullParams,
): Promise<PullItem[]> {
  const rows = await ctx.db
    .select()
    .from(adAccounts)
    .where(
      and(
        eq(adAccounts.productId, productId),
        eq(adAccounts.media, media),
        eq(adAccounts.grantAccount, grantAccount),
        eq(adAccounts.enabled, true),
        eq(adAccounts.role, 'advertiser'),
        params.adAccountId ? eq(adAccounts.id, params.adAccountId) : undefined,
      ),
    )
    .orderBy(asc(adAccounts.id));
  if (!rows.length) return [];
  const input = (row: (typeof rows)[number]) => ({
    media,
    account_id: row.accountId,
    from: params.from,
    to: params.to,
  });
  let adapter;
  try {
    adapter = await ctx.outside.open(ctx.db, adPartyOf(media), productId, { account: grantAccount });
  } catch (error) {
    if (!isOutsideError(error)) throw error;
    return rows.map((row) => ({ input: input(row), status: 'error' as const, message: error.message }));
  }
  const items: PullItem[] = [];
  for (const row of rows) {
    try {
      const days = (await adapter.report([row.accountId], params.from, params.to)).filter(
        (d) => d.accountId === row.accountId && d.day >= params.from && d.day <= params.to,
      );
      const pulledAt = new Date();
      await ctx.db.transaction(async (tx) => {
        await tx
          .delete(adReportDays)
          .where(
            and(
              eq(adReportDays.adAccountId, row.id),
              gte(adReportDays.day, params.from),
              lte(adReportDays.day, params.to),
            ),
          );
        for (let i = 0; i < days.length; i += 500)
          await tx.insert(adReportDays).values(
            days.slice(i, i + 500).map((d) => ({
              cpId: row.cpId,
              productId: row.productId,
              media,
              adAccountId: row.id,
              day: d.day,
              cost: d.cost,
              impressions: d.impressions,
              clicks: d.clicks,
              conversions: d.conversions,
              currency: row.currency,
              pulledAt,
            })),
          );
      });
      items.push({ input: input(row), status: 'ok', output: { days: days.length } });
    } catch (error) {
      if (!isOutsideError(error)) throw error;
      items.push({ input: input(row), status: 'error', message: error.message.slice(0, 500) });
    }
    await nextLoop();
  }
  return items;
}

/**
 * The pull job, done as a whole (pulling again is harmless: a retry pulls every account again):
 * every grant of the game's report media (or the one asked), account by account, with a result per
 * account. The job fails when an account failed (its reason is on its item; retry pulls again).
 */
export async function runPull(ctx: AdsContext, job: WholeContext): Promise<WholeResult> {
  const params = job.job.params as unknown as PullParams;
  const media = params.media ? [params.media] : AD_REPORT_MEDIA;
  const grants = await ctx.db
    .selectDistinct({ media: adAccounts.media, grantAccount: adAccounts.grantAccount })
    .from(adAccounts)
    .where(
      and(
        eq(adAccounts.productId, params.productId),
        inArray(adAccounts.media, media),
        eq(adAccounts.enabled, true),
        params.adAccountId ? eq(adAccounts.id, params.adAccountId) : undefined,
      ),
    )
    .orderBy(asc(adAccounts.media), asc(adAccounts.grantAccount));
  const items: PullItem[] = [];
  for (const [i, grant] of grants.entries()) {
    items.push(...(await pullGrant(ctx, params.productId, grant.media, grant.grantAccount, params)));
    job.progress(i + 1, grants.length, items.filter((it) => it.status === 'error').length);
  }
  const failed = items.filter((it) => it.status === 'error').length;
  return {
    items,
    summary: { accounts: items.length, failed, from: params.from, to: params.to },
    status: failed ? 'failed' : 'succeeded',
  };
}

/** Starts a pull job for a game (staff's "pull now", or the daily schedule). */
export function startPull(
  jobs: JobRunner,
  owner: { cpId: number; productId: number; userId?: number | null; username?: string },
  params: PullParams,
): Promise<number> {
  return jobs.create(REPORT_PULL_JOB, owner, { params: { ...params } });
}

/**
 * The daily pull: for every game with report media accounts, the last AD_REPORT_RESTATE_DAYS
 * complete days again (the media restate them as late conversions come in).
 */
export async function startDailyPulls(db: Db, jobs: JobRunner, now = new Date()): Promise<number[]> {
  const to = addDays(dayIn(now), -1);
  const from = addDays(to, -(AD_REPORT_RESTATE_DAYS - 1));
  const games = await db
    .selectDistinct({ cpId: adAccounts.cpId, productId: adAccounts.productId })
    .from(adAccounts)
    .where(and(inArray(adAccounts.media, AD_REPORT_MEDIA), eq(adAccounts.enabled, true)));
  const ids: number[] = [];
  for (const game of games)
    ids.push(
      await startPull(
        jobs,
        { cpId: game.cpId, productId: game.productId, username: 'schedule' },
        {
          productId: game.productId,
          from,
          to,
        },
      ),
    );
  return ids;
}
