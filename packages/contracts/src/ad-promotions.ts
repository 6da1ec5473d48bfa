import { z } from 'zod';
import { AD_MEDIUM_CODES } from './dimensions.ts';
import { distinct, idField, int32, keyword, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { calendarDay } from './holidays.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Promotion activities (issue 31 item 5; `/api/v1/ad-promotions`, page `promotion-activitie`): a
 * game's campaign plan across media — its days, budget and target KPIs, the advertiser accounts
 * (and optionally the campaigns) whose ads carry it, the window its ads land on — moving draft →
 * active → ended (`POST /ad-promotions/:id/status`; an ended plan no longer changes). Each row rolls
 * up its accounts' reported figures over its days (to today while active): spend, impressions,
 * clicks, conversions, CPA, CTR and the share of the budget spent, with whether the KPIs are met.
 */

const AD = '/rxlaunch/rxlaunch-fe/deliver-manage';

export const AD_PROMOTION_STATUSES = ['draft', 'active', 'ended'] as const;
export type AdPromotionStatus = (typeof AD_PROMOTION_STATUSES)[number];
/** From each status, where each action leads. */
export const AD_PROMOTION_MOVES: Record<
  AdPromotionStatus,
  Partial<Record<'activate' | 'end', AdPromotionStatus>>
> = {
  draft: { activate: 'active', end: 'ended' },
  active: { end: 'ended' },
  ended: {},
};
export const AD_PROMOTION_MAX_ACCOUNTS = 200;
/** The longest plan (days). */
export const AD_PROMOTION_MAX_DAYS = 366;

const campaignId = safeText()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/);

const adPromotionFields = z.object({
  name: safeText().trim().min(1).max(60),
  media: distinct(z.enum(AD_MEDIUM_CODES), AD_MEDIUM_CODES.length).min(1),
  start_day: calendarDay,
  end_day: calendarDay,
  /** The plan's whole budget in cents (0: none set). */
  budget: int32(0),
  /** Target CPA in cents and target ROI in percent (0: no target). */
  target_cpa: int32(0, 100_000_000),
  target_roi: int32(0, 100_000),
  target_conversions: int32(0),
  /** Rows of ad-accounts (advertisers of the game on the chosen media). */
  ad_account_ids: distinct(idField, AD_PROMOTION_MAX_ACCOUNTS).min(1),
  /** The media's campaign ids it covers (empty: the accounts' whole figures). */
  campaign_ids: distinct(campaignId, 100),
  /** A window of `ad-windows` its ads land on, or null. */
  window_id: idField.nullable(),
  note: safeText().trim().max(500),
});

const daysInOrder = (b: { start_day?: string; end_day?: string }, ctx: z.RefinementCtx) => {
  if (!b.start_day || !b.end_day) return;
  if (b.start_day > b.end_day)
    ctx.addIssue({ code: 'custom', path: ['end_day'], params: { key: 'end_before_start' } });
  else if (Date.parse(b.end_day) - Date.parse(b.start_day) >= AD_PROMOTION_MAX_DAYS * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['end_day'], params: { key: 'range_too_long' } });
};

export const adPromotionCreateBody = adPromotionFields
  .extend({
    budget: adPromotionFields.shape.budget.default(0),
    target_cpa: adPromotionFields.shape.target_cpa.default(0),
    target_roi: adPromotionFields.shape.target_roi.default(0),
    target_conversions: adPromotionFields.shape.target_conversions.default(0),
    campaign_ids: adPromotionFields.shape.campaign_ids.default([]),
    window_id: adPromotionFields.shape.window_id.default(null),
    note: adPromotionFields.shape.note.default(''),
  })
  .superRefine(daysInOrder);
export type AdPromotionCreate = z.input<typeof adPromotionCreateBody>;
export const adPromotionUpdateBody = adPromotionFields
  .partial()
  .extend({ version: versionField })
  .superRefine(daysInOrder);

const rollup = z.object({
  /** Spend in cents, over the plan's days so far. */
  cost: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  /** Cents per conversion and clicks ÷ impressions (null without). */
  cpa: z.number().int().nullable(),
  ctr: z.number().nullable(),
  /** Spend ÷ budget, 0–1+ (null without a budget). */
  budget_used: z.number().nullable(),
  /** Whether the CPA and conversions targets are met so far (null: no target or no figures). */
  cpa_met: z.boolean().nullable(),
  conversions_met: z.boolean().nullable(),
});
export type AdPromotionRollup = z.infer<typeof rollup>;

export const adPromotionItem = adPromotionFields.extend({
  ...rowMeta,
  media: z.array(z.string()),
  window_id: z.number().int().nullable(),
  status: z.enum(AD_PROMOTION_STATUSES),
  window_name: z.string(),
  accounts: z.array(
    z.object({ id: z.number().int(), account_id: z.string(), name: z.string(), media: z.string() }),
  ),
  rollup,
});
export type AdPromotion = z.infer<typeof adPromotionItem>;

export const AD_PROMOTION_SORTS = ['id', 'name', 'start_day', 'end_day', 'budget', 'updated_at'] as const;
const filters = {
  /** Part of the name or the note. */
  q: keyword,
  media: z.enum(AD_MEDIUM_CODES).optional(),
  status: z.enum(AD_PROMOTION_STATUSES).optional(),
  /** Plans running on this day. */
  day: calendarDay.optional(),
  ad_account_id: queryInt(1).optional(),
};
export const adPromotionListQuery = listQuery(AD_PROMOTION_SORTS, filters);
export const adPromotionExportQuery = exportQuery(filters);
export const adPromotionListAnswer = listAnswer(adPromotionItem);

export const adPromotionsResource = defineResource({
  name: 'ad-promotions',
  page: `${AD}/promotion-activitie`,
  scope: 'product',
  logTarget: 'ad_promotion',
  namespace: 'adPromotions',
  item: adPromotionItem,
  create: adPromotionCreateBody,
  update: adPromotionUpdateBody,
  list: adPromotionListQuery,
  export: adPromotionExportQuery,
  filters: ['q', 'media', 'status', 'day', 'ad_account_id'],
  sorts: AD_PROMOTION_SORTS,
  remove: 'delete',
});

/** Moves a plan: draft → active → ended (or draft → ended). */
export const adPromotionStatusBody = z.object({
  action: z.enum(['activate', 'end']),
  version: versionField,
});

/** What the form chooses from: the game's advertisers of the media and its enabled windows. */
export const adPromotionChoices = z.object({
  accounts: z.array(
    z.object({ id: z.number().int(), account_id: z.string(), name: z.string(), media: z.string() }),
  ),
  windows: z.array(z.object({ id: z.number().int(), name: z.string(), media: z.string() })),
});
export type AdPromotionChoices = z.infer<typeof adPromotionChoices>;
