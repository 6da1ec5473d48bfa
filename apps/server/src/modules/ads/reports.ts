import { setImmediate as nextLoop } from 'node:timers/promises';
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  AD_REPORT_MEDIA,
  AD_REPORT_RESTATE_DAYS,
  adReportsResource,
  type AdReportCampaigns,
  type AdReportRow,
  type AdReportSummary,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { JobRunner, WholeContext, WholeResult } from '../../lib/jobs/index.ts';
import { isOutsideError } from '../../lib/outside/index.ts';
import { resourceReads, type Filters } from '../../lib/resource-routes.ts';
import type { ProductScope, Scope } from '../../lib/access.ts';
import { queryRows } from '../../lib/rows.ts';
import { inScope } from '../../lib/scope.ts';
import { calendarDay } from '../../lib/time-window.ts';
import { grantedAccounts, type AdsContext } from './accounts.ts';
import { adPartyOf } from './media/parties.ts';
import type { MediumCampaignDay, MediumReportDay } from './media/adapter.ts';
import { adAccounts, adReportCampaignDays, adReportDays } from './tables.ts';

/** The job that pulls reports from the media (a range of days, for one game). */
export const REPORT_PULL_JOB = 'ads:report-pull';
export const REPORT_DAILY_TASK = 'ads.pull_reports';
/** The media's calendar (the domestic media report in Beijing time). */
export const REPORT_ZONE = 'Asia/Shanghai';

type DayRow = typeof adReportDays.$inferSelect;

type Figures = { cost: number; impressions: number; clicks: number; conversions: number };

/** A medium's figures with the rates they give: cost per conversion and click-through. */
const withRates = (f: Figures) => ({
  cost: f.cost,
  impressions: f.impressions,
  clicks: f.clicks,
  conversions: f.conversions,
  cpa: cpaOf(f.cost, f.conversions),
  ctr: ctrOf(f.clicks, f.impressions),
});

/** Figures summed by the database (bigint sums arrive as text) as numbers. */
const summed = (s: Record<keyof Figures, string | number>): Figures => ({
  cost: Number(s.cost),
  impressions: Number(s.impressions),
  clicks: Number(s.clicks),
  conversions: Number(s.conversions),
});

/** The advertiser account of a report row as the row's item names it, for the accounts of `rows`. */
async function accountFields(db: Db, rows: { adAccountId: number }[]) {
  const accounts = await db
    .select({ id: adAccounts.id, accountId: adAccounts.accountId, name: adAccounts.name })
    .from(adAccounts)
    .where(inArray(adAccounts.id, [...new Set(rows.map((r) => r.adAccountId))]));
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return (id: number) => ({
    ad_account_id: id,
    account_id: byId.get(id)?.accountId ?? '',
    account_name: byId.get(id)?.name ?? '',
  });
}

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
  return calendarDay(at, zone);
}

/** A `YYYY-MM-DD` moved by whole days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

const cpaOf = (cost: number, conversions: number) =>
  conversions > 0 ? Math.round(cost / conversions) : null;
const ctrOf = (clicks: number, impressions: number) =>
  impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 10_000 : null;
/** Revenue ÷ spend, four decimals (null without spend). */
export const roiOf = (revenue: number, cost: number) =>
  cost > 0 ? Math.round((revenue / cost) * 10_000) / 10_000 : null;

/**
 * The game's enabled channel mappings of a medium, one advertiser account per sub-channel: a
 * sub-channel mapped to several (per campaign) counts for its whole-account mapping, else its oldest,
 * so no payment is attributed twice.
 */
const mappedSubChannels = (productId: number, media: string) => sql`
  select distinct on (sub_channel_id) sub_channel_id, ad_account_id, campaign_id from ad_mappings
  where product_id = ${productId} and media = ${media} and enabled
  order by sub_channel_id, (campaign_id = '') desc, id`;

/** Midnight of a `YYYY-MM-DD` in the medium's calendar, as a moment. */
const startOf = (day: string) => sql`(${day}::timestamp at time zone ${REPORT_ZONE})`;

/**
 * Revenue and paying players attributed to the report days matching `condition` (within one game
 * and medium): paid, not refunded orders of the players whose sub-channel maps to the day's account,
 * paid that day (the medium's calendar) in the day's currency — per report row, per day or in total.
 * With `campaigns`, the campaign days instead, per account and campaign: only sub-channels whose
 * mapping names that campaign count (a sub-channel mapped to the whole account is the account's
 * alone, never split over its campaigns). `range` bounds the orders' payment days.
 */
async function attributed(
  db: Db,
  at: { productId: number; media: string },
  condition: SQL | undefined,
  by: 'row' | 'day' | 'total' | 'campaign',
  range: { from?: string; to?: string },
): Promise<Map<string, { revenue: number; payers: number }>> {
  const t = sql.raw(by === 'campaign' ? 'ad_report_campaign_days' : 'ad_report_days');
  const key =
    by === 'row'
      ? sql`${t}.id::text`
      : by === 'day'
        ? sql`${t}.day`
        : by === 'campaign'
          ? sql`${t}.ad_account_id::text || '|' || ${t}.campaign_id`
          : sql`''`;
  const rows = await queryRows<{ k: string; revenue: string; payers: string }>(
    db,
    sql`with m as (${mappedSubChannels(at.productId, at.media)})
      select ${key} as k, coalesce(sum(o.amount), 0) as revenue, count(distinct o.player_id) as payers
      from ${t}
      join m on m.ad_account_id = ${t}.ad_account_id
        ${by === 'campaign' ? sql`and m.campaign_id = ${t}.campaign_id` : sql``}
      join sub_channels s on s.id = m.sub_channel_id and s.product_id = ${t}.product_id
      join players p on p.product_id = ${t}.product_id and p.sub_channel = s.code
      join player_orders o on o.product_id = ${t}.product_id and o.player_id = p.id
        and o.status <> 'refunded' and o.currency = ${t}.currency
        and to_char(o.paid_at at time zone ${REPORT_ZONE}, 'YYYY-MM-DD') = ${t}.day
        ${range.from ? sql`and o.paid_at >= ${startOf(range.from)}` : sql``}
        ${range.to ? sql`and o.paid_at < ${startOf(addDays(range.to, 1))}` : sql``}
      where ${t}.product_id = ${at.productId} and ${t}.media = ${at.media}
        ${condition ? sql`and ${condition}` : sql``}
      group by 1`,
  );
  return new Map(rows.map((r) => [String(r.k), { revenue: Number(r.revenue), payers: Number(r.payers) }]));
}

export interface Cohort {
  d1: number;
  d3: number;
  d7: number;
}
export const NO_COHORT: Cohort = { d1: 0, d3: 0, d7: 0 };

/**
 * Cohort revenue of the report days matching `condition`: the players registered on a report day
 * (the medium's calendar) whose sub-channel maps to the day's account, and their paid, not refunded
 * orders in the day's currency paid before the end of their registration day + 0, 2 and 6 days
 * (day 1, 3 and 7) — per report row, per day or in total. `range` bounds the registrations and
 * payments read to the days asked (and 7 days after).
 */
async function cohorts(
  db: Db,
  at: { productId: number; media: string },
  condition: SQL | undefined,
  by: 'row' | 'day' | 'total',
  range: { from?: string; to?: string },
): Promise<Map<string, Cohort>> {
  const key = by === 'row' ? sql`ad_report_days.id::text` : by === 'day' ? sql`ad_report_days.day` : sql`''`;
  const endOf = (n: number) =>
    sql`((ad_report_days.day::date + ${n}::int)::timestamp at time zone ${REPORT_ZONE})`;
  const rows = await queryRows<{ k: string; d1: string; d3: string; d7: string }>(
    db,
    sql`with m as (${mappedSubChannels(at.productId, at.media)})
      select ${key} as k,
        coalesce(sum(o.amount) filter (where o.paid_at < ${endOf(1)}), 0) as d1,
        coalesce(sum(o.amount) filter (where o.paid_at < ${endOf(3)}), 0) as d3,
        coalesce(sum(o.amount), 0) as d7
      from ad_report_days
      join m on m.ad_account_id = ad_report_days.ad_account_id
      join sub_channels s on s.id = m.sub_channel_id and s.product_id = ad_report_days.product_id
      join players p on p.product_id = ad_report_days.product_id and p.sub_channel = s.code
        and p.created_at >= ${endOf(0)} and p.created_at < ${endOf(1)}
        ${range.from ? sql`and p.created_at >= ${startOf(range.from)}` : sql``}
        ${range.to ? sql`and p.created_at < ${startOf(addDays(range.to, 1))}` : sql``}
      join player_orders o on o.product_id = ad_report_days.product_id and o.player_id = p.id
        and o.status <> 'refunded' and o.currency = ad_report_days.currency
        and o.paid_at >= p.created_at and o.paid_at < ${endOf(7)}
      where ad_report_days.product_id = ${at.productId} and ad_report_days.media = ${at.media}
        ${condition ? sql`and ${condition}` : sql``}
      group by 1`,
  );
  return new Map(rows.map((r) => [String(r.k), { d1: Number(r.d1), d3: Number(r.d3), d7: Number(r.d7) }]));
}

/** A cohort's figures against a spend. */
export const cohortFigures = (c: Cohort, cost: number) => ({
  cohort_revenue_d1: c.d1,
  cohort_revenue_d3: c.d3,
  cohort_revenue_d7: c.d7,
  roi_d1: roiOf(c.d1, cost),
  roi_d3: roiOf(c.d3, cost),
  roi_d7: roiOf(c.d7, cost),
});

/** Which of these accounts have an enabled channel mapping. */
async function mappedAccounts(db: Db, productId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct ad_account_id as id from ad_mappings
      where product_id = ${productId} and enabled and ad_account_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

async function itemsOf(db: Db, rows: DayRow[]): Promise<AdReportRow[]> {
  if (!rows.length) return [];
  const revenue = new Map<string, { revenue: number; payers: number }>();
  const cohort = new Map<string, Cohort>();
  const mapped = new Set<number>();
  // A page is one game's and one medium's; grouped all the same.
  const groups = new Map<string, DayRow[]>();
  for (const r of rows) {
    const key = `${r.productId}|${r.media}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const group of groups.values()) {
    const { productId, media } = group[0]!;
    const days = group.map((r) => r.day).sort();
    const found = await attributed(
      db,
      { productId, media },
      inArray(
        adReportDays.id,
        group.map((r) => r.id),
      ),
      'row',
      { from: days[0], to: days.at(-1) },
    );
    for (const [k, v] of found) revenue.set(k, v);
    const ids = inArray(
      adReportDays.id,
      group.map((r) => r.id),
    );
    for (const [k, v] of await cohorts(db, { productId, media }, ids, 'row', {
      from: days[0],
      to: days.at(-1),
    }))
      cohort.set(k, v);
    for (const id of await mappedAccounts(db, productId, [...new Set(group.map((r) => r.adAccountId))]))
      mapped.add(id);
  }
  const account = await accountFields(db, rows);
  return rows.map((r) => ({
    id: r.id,
    media: r.media,
    ...account(r.adAccountId),
    day: r.day,
    ...withRates(r),
    currency: r.currency,
    pulled_at: r.pulledAt.toISOString(),
    revenue: revenue.get(String(r.id))?.revenue ?? 0,
    paying_users: revenue.get(String(r.id))?.payers ?? 0,
    roi: roiOf(revenue.get(String(r.id))?.revenue ?? 0, r.cost),
    ...cohortFigures(cohort.get(String(r.id)) ?? NO_COHORT, r.cost),
    mapped: mapped.has(r.adAccountId),
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
});

/** The filtered rows' totals and their sums per day (the page's chart), with attributed revenue and ROI. */
export async function reportSummary(db: Db, scope: Scope, filters: ReportFilters): Promise<AdReportSummary> {
  const sums = {
    cost: sql<string>`coalesce(sum(${adReportDays.cost}), 0)`,
    impressions: sql<string>`coalesce(sum(${adReportDays.impressions}), 0)`,
    clicks: sql<string>`coalesce(sum(${adReportDays.clicks}), 0)`,
    conversions: sql<string>`coalesce(sum(${adReportDays.conversions}), 0)`,
  };
  const filtered = and(...where(filters));
  const condition = and(inScope(adReportDays, scope), filtered);
  const at = { productId: (scope as ProductScope).productId, media: scope.dimension!.value };
  const range = { from: filters.from, to: filters.to };
  const byDay = await attributed(db, at, filtered, 'day', range);
  const overall = await attributed(db, at, filtered, 'total', range);
  const cohortByDay = await cohorts(db, at, filtered, 'day', range);
  const cohortOverall = await cohorts(db, at, filtered, 'total', range);
  const none = { revenue: 0, payers: 0 };
  const figures = (
    s: { cost: string; impressions: string; clicks: string; conversions: string },
    paid: { revenue: number; payers: number },
    cohort: Cohort,
  ) => {
    const f = summed(s);
    return {
      ...withRates(f),
      revenue: paid.revenue,
      paying_users: paid.payers,
      roi: roiOf(paid.revenue, f.cost),
      ...cohortFigures(cohort, f.cost),
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
  // Spend of accounts no enabled mapping names: shown apart, nothing to set revenue against.
  const [unmapped] = await db
    .select({ cost: sums.cost })
    .from(adReportDays)
    .where(
      and(
        condition,
        sql`not exists (select 1 from ad_mappings m where m.ad_account_id = ${adReportDays.adAccountId}
          and m.product_id = ${adReportDays.productId} and m.enabled)`,
      ),
    );
  return {
    totals: figures(total!, overall.get('') ?? none, cohortOverall.get('') ?? NO_COHORT),
    days: days.map((d) => ({
      day: d.day,
      ...figures(d, byDay.get(d.day) ?? none, cohortByDay.get(d.day) ?? NO_COHORT),
    })),
    currency: currency?.currency ?? 'CNY',
    unmapped_cost: Number(unmapped?.cost ?? 0),
  };
}

/**
 * The campaigns of the filtered days, each summed over them (most spend first unless sorted), a
 * page of them, with revenue and ROI where a channel mapping names the campaign (see `attributed`).
 */
export async function campaignReport(
  db: Db,
  scope: Scope,
  query: ReportFilters & { page: number; page_size: number; sort?: string },
): Promise<AdReportCampaigns> {
  const c = adReportCampaignDays;
  const condition = and(
    inScope(c, scope),
    query.ad_account_id ? eq(c.adAccountId, query.ad_account_id) : undefined,
    query.from ? gte(c.day, query.from) : undefined,
    query.to ? lte(c.day, query.to) : undefined,
  );
  const sums = {
    cost: sql<string>`sum(${c.cost})`,
    impressions: sql<string>`sum(${c.impressions})`,
    clicks: sql<string>`sum(${c.clicks})`,
    conversions: sql<string>`sum(${c.conversions})`,
  };
  const field = (query.sort ?? '-cost').replace(/^-/, '') as keyof typeof sums;
  const order = sql`${sums[field] ?? sums.cost} ${sql.raw(query.sort?.startsWith('-') === false ? 'asc' : 'desc')}`;
  const [counted] = await db
    .select({ n: sql<number>`count(distinct (${c.adAccountId}, ${c.campaignId}))::int` })
    .from(c)
    .where(condition);
  const rows = await db
    .select({
      adAccountId: c.adAccountId,
      campaignId: c.campaignId,
      // The name of its latest day (media let staff rename campaigns).
      campaignName: sql<string>`(array_agg(${c.campaignName} order by ${c.day} desc))[1]`,
      currency: sql<string>`min(${c.currency})`,
      days: sql<number>`count(*)::int`,
      ...sums,
    })
    .from(c)
    .where(condition)
    .groupBy(c.adAccountId, c.campaignId)
    .orderBy(order, asc(c.adAccountId), asc(c.campaignId))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  if (!rows.length) return { list: [], total: counted?.n ?? 0 };
  const at = { productId: (scope as ProductScope).productId, media: scope.dimension!.value };
  const pairs = sql.join(
    rows.map((r) => sql`(${r.adAccountId}::int, ${r.campaignId}::text)`),
    sql`, `,
  );
  const page = sql`(${c.adAccountId}, ${c.campaignId}) in (${pairs})`;
  const revenue = await attributed(db, at, and(condition, page), 'campaign', {
    from: query.from,
    to: query.to,
  });
  // Campaigns an enabled mapping names (the same choice of mapping per sub-channel as revenue).
  const named = await queryRows<{ k: string }>(
    db,
    sql`select distinct ad_account_id::text || '|' || campaign_id as k
      from (${mappedSubChannels(at.productId, at.media)}) m where campaign_id <> ''`,
  );
  const mapped = new Set(named.map((r) => r.k));
  const account = await accountFields(db, rows);
  return {
    total: counted?.n ?? 0,
    list: rows.map((r) => {
      const key = `${r.adAccountId}|${r.campaignId}`;
      const f = summed(r);
      const isMapped = mapped.has(key);
      const paid = revenue.get(key) ?? { revenue: 0, payers: 0 };
      return {
        ...account(r.adAccountId),
        campaign_id: r.campaignId,
        campaign_name: r.campaignName,
        days: r.days,
        ...withRates(f),
        currency: r.currency,
        mapped: isMapped,
        revenue: isMapped ? paid.revenue : null,
        paying_users: isMapped ? paid.payers : null,
        roi: isMapped ? roiOf(paid.revenue, f.cost) : null,
      };
    }),
  };
}

export type PullItem = NonNullable<WholeResult['items']>[number];

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
        ...grantedAccounts(productId, media, grantAccount),
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
    // The account's campaigns' days come with its days and are replaced with them.
    let campaigns: MediumCampaignDay[] = [];
    const inRange = (d: { accountId: string; day: string }) =>
      d.accountId === row.accountId && d.day >= params.from && d.day <= params.to;
    // What an account's day and each of its campaigns' days are filed under, and their figures.
    const filed = {
      cpId: row.cpId,
      productId: row.productId,
      media,
      adAccountId: row.id,
      currency: row.currency,
    };
    const dayFigures = (d: MediumReportDay) => ({
      day: d.day,
      cost: d.cost,
      impressions: d.impressions,
      clicks: d.clicks,
      conversions: d.conversions,
    });
    items.push(
      await replacePulledDays(
        ctx.db,
        adReportDays,
        row,
        params,
        input(row),
        async () => {
          const days = await adapter.report([row.accountId], params.from, params.to);
          campaigns = (await adapter.campaignReport([row.accountId], params.from, params.to)).filter(inRange);
          return days;
        },
        (d, pulledAt) => ({ ...filed, ...dayFigures(d), pulledAt }),
        async (tx, pulledAt) => {
          await tx
            .delete(adReportCampaignDays)
            .where(
              and(
                eq(adReportCampaignDays.adAccountId, row.id),
                gte(adReportCampaignDays.day, params.from),
                lte(adReportCampaignDays.day, params.to),
              ),
            );
          for (let i = 0; i < campaigns.length; i += 500)
            await tx.insert(adReportCampaignDays).values(
              campaigns.slice(i, i + 500).map((d) => ({
                ...filed,
                campaignId: d.campaignId,
                campaignName: d.campaignName.slice(0, 200),
                ...dayFigures(d),
                pulledAt,
              })),
            );
        },
      ),
    );
  }
  return items;
}

/**
 * One advertiser account's pulled days of `range` (a medium's daily report or its mini-game days):
 * those the medium answered for this account and range replace what was kept (a restatement
 * overwrites), in one transaction with whatever `alsoReplace` writes beside them (figures pulled
 * with the days); the account's item says how many, or the outside error. Yields to the event loop
 * after each account.
 */
export async function replacePulledDays<
  T extends PgTable & { adAccountId: PgColumn; day: PgColumn },
  Day extends { accountId: string; day: string },
>(
  db: Db,
  table: T,
  row: { id: number; accountId: string },
  range: { from: string; to: string },
  input: unknown,
  fetch: () => Promise<Day[]>,
  value: (day: Day, pulledAt: Date) => T['$inferInsert'],
  alsoReplace?: (tx: Db, pulledAt: Date) => Promise<void>,
): Promise<PullItem> {
  let item: PullItem;
  try {
    const days = (await fetch()).filter(
      (d) => d.accountId === row.accountId && d.day >= range.from && d.day <= range.to,
    );
    const pulledAt = new Date();
    await db.transaction(async (tx) => {
      await tx
        .delete(table)
        .where(and(eq(table.adAccountId, row.id), gte(table.day, range.from), lte(table.day, range.to)));
      for (let i = 0; i < days.length; i += 500)
        await tx.insert(table as PgTable).values(days.slice(i, i + 500).map((d) => value(d, pulledAt)));
      await alsoReplace?.(tx, pulledAt);
    });
    item = { input, status: 'ok', output: { days: days.length } };
  } catch (error) {
    if (!isOutsideError(error)) throw error;
    item = { input, status: 'error', message: error.message.slice(0, 500) };
  }
  await nextLoop();
  return item;
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
