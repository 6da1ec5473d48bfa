import { z } from 'zod';
import { AD_MEDIA } from './dimensions.ts';
import { idField, int32, keyword, queryFlag, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { calendarDay } from './holidays.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { adReportPullBody } from './ad-reports.ts';
import { defineResource } from './resource.ts';

/**
 * Tencent's mini-game monitor (issue 31 item 4; page `tencent/minigame-monitor`): WeChat mini-games
 * promoted through Tencent ads, per advertiser account, mini-game and day — spend, impressions,
 * clicks, activations, registrations, first-day and cumulative paying users and revenue, ROI on day
 * 1, 3 and 7 (`/api/v1/ad-minigame-reports`). The figures come through the Tencent adapter
 * (`v3.0/daily_reports/get` at the promoted-object level grouped by date and mini-game); a daily job
 * pulls the last days again (restatements) and staff may pull a range by hand (a job).
 *
 * Alerts (`/api/v1/ad-minigame-alerts`) are thresholds staff set — "day-1 ROI under 10%", "spend over
 * 5,000 yuan" — for every account or one; a day row breaking an enabled threshold carries it in
 * `alerts`, and the list filters `alerting=1` to those rows.
 */

const PAGE = (AD_MEDIA as readonly { code: string; pages: Record<string, string | undefined> }[]).find(
  (m) => m.code === 'tencent',
)!.pages['minigame-monitor']!;

/** What a threshold watches: ROI in percent, money in cents. */
export const AD_MINIGAME_METRICS = ['roi_d1', 'roi_d3', 'roi_d7', 'cost', 'register_cost'] as const;
export type AdMinigameMetric = (typeof AD_MINIGAME_METRICS)[number];
export const AD_MINIGAME_OPS = ['lt', 'gt'] as const;

const minigameFigures = {
  /** Spend, revenue in cents (CNY). */
  cost: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  activations: z.number().int(),
  registrations: z.number().int(),
  pay_users_d1: z.number().int(),
  pay_amount_d1: z.number().int(),
  pay_amount_d3: z.number().int(),
  pay_amount_d7: z.number().int(),
  /** Paying users and revenue of the day's registrations so far. */
  pay_users: z.number().int(),
  pay_amount: z.number().int(),
  /** Revenue ÷ spend as a percentage with two decimals (null without spend). */
  roi_d1: z.number().nullable(),
  roi_d3: z.number().nullable(),
  roi_d7: z.number().nullable(),
  /** Spend per registration in cents (null without registrations). */
  register_cost: z.number().int().nullable(),
};

export const adMinigameRowItem = z.object({
  id: rowMeta.id,
  ad_account_id: z.number().int(),
  account_id: z.string(),
  account_name: z.string(),
  /** The WeChat mini-game's AppID. */
  mini_game_id: z.string(),
  day: z.string(),
  ...minigameFigures,
  /** The enabled thresholds this day breaks. */
  alerts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  pulled_at: z.string(),
});
export type AdMinigameRow = z.infer<typeof adMinigameRowItem>;

export const AD_MINIGAME_SORTS = ['day', 'cost', 'registrations', 'pay_amount', 'id'] as const;
export const adMinigameFilters = {
  ad_account_id: queryInt(1).optional(),
  mini_game_id: safeText()
    .trim()
    .regex(/^wx[0-9a-f]{16}$/)
    .optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  /** Only days breaking an enabled threshold. */
  alerting: queryFlag,
};
export const adMinigameListQuery = listQuery(AD_MINIGAME_SORTS, adMinigameFilters);
export const adMinigameExportQuery = exportQuery(adMinigameFilters);
export const adMinigameSummaryQuery = z.object(adMinigameFilters);
export const adMinigameListAnswer = listAnswer(adMinigameRowItem);

export const adMinigameReportsResource = defineResource({
  name: 'ad-minigame-reports',
  page: PAGE,
  scope: 'product',
  logTarget: 'ad_minigame_report',
  namespace: 'adMinigames',
  item: adMinigameRowItem,
  create: adReportPullBody,
  update: z.object({}),
  list: adMinigameListQuery,
  export: adMinigameExportQuery,
  filters: ['ad_account_id', 'mini_game_id', 'from', 'to', 'alerting'],
  sorts: AD_MINIGAME_SORTS,
  remove: 'none',
});

/** The filtered days' totals (the cards) and the mini-games and accounts seen (the filters). */
export const adMinigameSummary = z.object({
  totals: z.object(minigameFigures),
  alerting_days: z.number().int(),
  mini_games: z.array(z.string()),
  accounts: z.array(z.object({ id: z.number().int(), account_id: z.string(), name: z.string() })),
});
export type AdMinigameSummary = z.infer<typeof adMinigameSummary>;

const alertFields = z.object({
  name: safeText().trim().min(1).max(60),
  metric: z.enum(AD_MINIGAME_METRICS),
  op: z.enum(AD_MINIGAME_OPS),
  /** Percent for ROI, cents for spend and cost per registration. */
  value: int32(0, 1_000_000_000),
  /** One advertiser account (a Tencent advertiser of the game), or null for all. */
  ad_account_id: idField.nullable(),
  enabled: z.boolean(),
});
export const adMinigameAlertCreateBody = alertFields.extend({
  ad_account_id: alertFields.shape.ad_account_id.default(null),
  enabled: z.boolean().default(true),
});
export type AdMinigameAlertCreate = z.input<typeof adMinigameAlertCreateBody>;
export const adMinigameAlertItem = alertFields.extend({
  ...rowMeta,
  ad_account_id: z.number().int().nullable(),
  account_name: z.string(),
  /** Days of the last 7 breaking it. */
  recent_hits: z.number().int(),
});
export type AdMinigameAlert = z.infer<typeof adMinigameAlertItem>;
export const AD_MINIGAME_ALERT_SORTS = ['id', 'name', 'updated_at'] as const;
const alertFilters = { q: keyword, metric: z.enum(AD_MINIGAME_METRICS).optional(), enabled: queryFlag };

export const adMinigameAlertsResource = defineResource({
  name: 'ad-minigame-alerts',
  page: PAGE,
  scope: 'product',
  logTarget: 'ad_minigame_alert',
  namespace: 'adMinigames',
  item: adMinigameAlertItem,
  create: adMinigameAlertCreateBody,
  update: alertFields.partial().extend({ version: versionField }),
  list: listQuery(AD_MINIGAME_ALERT_SORTS, alertFilters),
  export: exportQuery(alertFilters),
  filters: ['q', 'metric', 'enabled'],
  sorts: AD_MINIGAME_ALERT_SORTS,
  remove: 'delete',
  sheet: { key: 'id', columns: ['name', 'metric', 'op', 'value', 'ad_account_id', 'enabled'] },
});
