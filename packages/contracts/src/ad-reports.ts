import { z } from 'zod';
import { AD_MEDIA, type AdMedium } from './dimensions.ts';
import { queryInt, rowMeta } from './fields.ts';
import { calendarDay } from './holidays.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Ad reports (issue 31 item 4): each advertiser account's daily figures as its medium reports them
 * (`/api/v1/ad-reports?media=jrtt`), served on every medium's `data-report` page. A daily job pulls
 * the last `AD_REPORT_RESTATE_DAYS` days of every authorised account again through the medium's
 * adapter (Ocean Engine's advertiser report, Tencent's `daily_reports`), so a day the medium restated
 * replaces the figures held; staff may pull a range of up to `AD_REPORT_MAX_DAYS` days by hand.
 */

/** The media that have a report page (their registry entry names a `data-report` page). */
export const AD_REPORT_MEDIA = (AD_MEDIA as readonly AdMedium[])
  .filter((m) => m.pages['data-report'])
  .map((m) => m.code) as [string, ...string[]];

/** Days the daily pull takes again (the media restate recent days as late conversions arrive). */
export const AD_REPORT_RESTATE_DAYS = 7;
/** The longest range one pull (or one export) covers. */
export const AD_REPORT_MAX_DAYS = 90;

export const adReportMediaParam = z.enum(AD_REPORT_MEDIA);

const adReportFields = {
  media: z.string(),
  /** The console's row of the advertiser account. */
  ad_account_id: z.number().int(),
  /** The medium's id of the account and its name. */
  account_id: z.string(),
  account_name: z.string(),
  /** The day (the medium's calendar: Beijing time for the domestic media). */
  day: z.string(),
  /** Spend in cents of `currency`. */
  cost: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  /** Cost per conversion in cents (null without conversions); click-through rate 0–1 (null without impressions). */
  cpa: z.number().int().nullable(),
  ctr: z.number().nullable(),
  currency: z.string(),
  /** When the figures were last pulled from the medium. */
  pulled_at: z.string(),
  /**
   * Revenue attributed through the channel mapping: paid, not refunded orders in `currency` that day
   * (the medium's calendar) of players whose sub-channel maps to this account, and how many players
   * paid. ROI: revenue ÷ spend (null without spend). `mapped`: the account has an enabled mapping —
   * an unmapped account's spend has no revenue to set against it.
   */
  revenue: z.number().int(),
  paying_users: z.number().int(),
  roi: z.number().nullable(),
  /**
   * Cohort revenue and ROI: the players registered on the day (the medium's calendar) through a
   * sub-channel mapped to the account, their paid, not refunded orders in `currency` within 1, 3 and
   * 7 days of registering (the registration day is day 1) ÷ the day's spend (null without spend). A
   * day less than N days ago has an incomplete day-N figure.
   */
  cohort_revenue_d1: z.number().int(),
  cohort_revenue_d3: z.number().int(),
  cohort_revenue_d7: z.number().int(),
  roi_d1: z.number().nullable(),
  roi_d3: z.number().nullable(),
  roi_d7: z.number().nullable(),
  mapped: z.boolean(),
};

export const adReportItem = z.object({ id: rowMeta.id, ...adReportFields });
export type AdReportRow = z.infer<typeof adReportItem>;

export const AD_REPORT_SORTS = ['day', 'cost', 'impressions', 'clicks', 'conversions', 'id'] as const;

const optionalDay = calendarDay.optional();
export const adReportFilters = {
  media: adReportMediaParam,
  /** One advertiser account (the console's row id). */
  ad_account_id: queryInt(1).optional(),
  /** On or after this day. */
  from: optionalDay,
  /** On or before this day. */
  to: optionalDay,
};
export const adReportListQuery = listQuery(AD_REPORT_SORTS, adReportFilters);
export const adReportExportQuery = exportQuery(adReportFilters);
export const adReportSummaryQuery = z.object(adReportFilters);

const figures = {
  cost: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  cpa: z.number().int().nullable(),
  ctr: z.number().nullable(),
  /** Attributed revenue (cents), distinct paying players, revenue ÷ spend (null without spend). */
  revenue: z.number().int(),
  paying_users: z.number().int(),
  roi: z.number().nullable(),
  /** The days' registration cohorts' revenue within 1, 3, 7 days and its ROI (see the rows). */
  cohort_revenue_d1: z.number().int(),
  cohort_revenue_d3: z.number().int(),
  cohort_revenue_d7: z.number().int(),
  roi_d1: z.number().nullable(),
  roi_d3: z.number().nullable(),
  roi_d7: z.number().nullable(),
};

/** The filtered rows' totals and their sums per day (the chart), oldest day first. */
export const adReportSummary = z.object({
  totals: z.object(figures),
  days: z.array(z.object({ day: z.string(), ...figures })),
  currency: z.string(),
  /** Spend of accounts without an enabled channel mapping (no revenue can be attributed to it). */
  unmapped_cost: z.number().int(),
});
export type AdReportSummary = z.infer<typeof adReportSummary>;

/** Pull a range again now (a job): every authorised account of the medium, or one. */
/** Whole days from one `YYYY-MM-DD` to another. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const adReportPullBody = z
  .object({
    from: calendarDay,
    to: calendarDay,
    ad_account_id: z.number().int().min(1).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.from > b.to) ctx.addIssue({ code: 'custom', path: ['to'], params: { key: 'end_before_start' } });
    else if (daysBetween(b.from, b.to) >= AD_REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], params: { key: 'range_too_long' } });
  });
export type AdReportPull = z.input<typeof adReportPullBody>;

export const adReportsResource = defineResource({
  name: 'ad-reports',
  page: AD_MEDIA[0].pages['data-report'],
  scope: 'product',
  logTarget: 'ad_report',
  namespace: 'ads',
  item: adReportItem,
  create: adReportPullBody,
  update: z.object({}),
  list: adReportListQuery,
  export: adReportExportQuery,
  filters: ['ad_account_id', 'from', 'to'],
  sorts: AD_REPORT_SORTS,
  remove: 'none',
  dimension: { name: 'media', kind: 'data-report', values: AD_REPORT_MEDIA },
});

/** The advertiser accounts the page filters by (read with the report's own permission). */
export const adReportAccountsAnswer = z.object({
  list: z.array(z.object({ id: z.number().int(), account_id: z.string(), name: z.string() })),
});
export type AdReportAccounts = z.infer<typeof adReportAccountsAnswer>;

/**
 * ROI per campaign (`/ad-reports/campaigns?media=`): each campaign's figures over the filtered days
 * from the medium's campaign-level report (Tencent v3: its ad groups), pulled with the account days.
 * Revenue is attributed to a campaign only through a channel mapping that names it (`mapped`); a
 * campaign no mapping names shows spend, conversions and CPA, and null revenue and ROI — its
 * account's revenue is never split over its campaigns.
 */
export const AD_REPORT_CAMPAIGN_SORTS = ['cost', 'conversions', 'clicks', 'impressions'] as const;
export const adReportCampaignQuery = listQuery(AD_REPORT_CAMPAIGN_SORTS, adReportFilters);

export const adReportCampaignItem = z.object({
  ad_account_id: z.number().int(),
  account_id: z.string(),
  account_name: z.string(),
  /** The medium's id of the campaign and its latest name in the report. */
  campaign_id: z.string(),
  campaign_name: z.string(),
  /** How many of the filtered days the campaign had figures. */
  days: z.number().int(),
  cost: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  cpa: z.number().int().nullable(),
  ctr: z.number().nullable(),
  currency: z.string(),
  /** Whether an enabled channel mapping names this campaign (revenue and ROI are null otherwise). */
  mapped: z.boolean(),
  revenue: z.number().int().nullable(),
  paying_users: z.number().int().nullable(),
  roi: z.number().nullable(),
});
export type AdReportCampaign = z.infer<typeof adReportCampaignItem>;
export const adReportCampaignsAnswer = listAnswer(adReportCampaignItem);
export type AdReportCampaigns = z.infer<typeof adReportCampaignsAnswer>;
