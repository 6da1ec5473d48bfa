import { z } from 'zod';
import { AD_DELIVERY_MEDIA, AD_OBJECT_LEVELS } from './ad-objects.ts';
import { distinct, int32, keyword, queryFlag, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource, permissionsOfPage } from './resource.ts';

/**
 * Automated rules ("AI trusteeship", issue 31 item 5; `/api/v1/ad-rules`, pages `trustship-rule`
 * and `ai-trustship`): conditions over an advertiser account's reported figures in a window of
 * days → an action on the account's live objects (pause, a budget or bid change by a percentage)
 * or a notification to the rule's owner. A rule acts on an object at most once per cool-down; a
 * dry run evaluates and records what it would do and changes nothing. Every evaluation is kept
 * with its actions (`/api/v1/ad-rules/:id/runs`).
 */

/** The figures a condition reads, summed over the window (CPA in cents, CTR in basis points). */
export const AD_RULE_METRICS = ['cost', 'impressions', 'clicks', 'conversions', 'cpa', 'ctr'] as const;
export type AdRuleMetric = (typeof AD_RULE_METRICS)[number];
export const AD_RULE_OPS = ['gt', 'gte', 'lt', 'lte'] as const;
export const AD_RULE_ACTIONS = ['pause', 'budget', 'bid', 'notify'] as const;
export type AdRuleAction = (typeof AD_RULE_ACTIONS)[number];

export const adRuleCondition = z.object({
  metric: z.enum(AD_RULE_METRICS),
  op: z.enum(AD_RULE_OPS),
  /** Cents for cost and CPA, basis points (1/100 %) for CTR, a count otherwise. */
  value: int32(0, 2_000_000_000),
});
export type AdRuleCondition = z.infer<typeof adRuleCondition>;

const adRuleFields = z.object({
  name: safeText().trim().min(1).max(64),
  media: z.enum(AD_DELIVERY_MEDIA),
  /** The advertiser accounts (rows of ad-accounts) it watches; empty: every advertiser of the medium. */
  ad_account_ids: distinct(int32(1), 200),
  /** Days summed, today included. */
  window_days: int32(1, 30),
  /** All must hold. */
  conditions: z.array(adRuleCondition).min(1).max(5),
  action: z.enum(AD_RULE_ACTIONS),
  /** The objects acted on (pause, budget, bid). */
  level: z.enum(AD_OBJECT_LEVELS),
  /** A budget or bid change in percent (−90 … +500; not 0). */
  change_percent: int32(-90, 500),
  /** An object acted on is left alone this long. */
  cooldown_minutes: int32(10, 10_080),
  enabled: z.boolean(),
});

export const adRuleCreateBody = adRuleFields
  .extend({
    ad_account_ids: adRuleFields.shape.ad_account_ids.default([]),
    window_days: adRuleFields.shape.window_days.default(1),
    level: adRuleFields.shape.level.default('campaign'),
    change_percent: adRuleFields.shape.change_percent.default(0),
    cooldown_minutes: adRuleFields.shape.cooldown_minutes.default(60),
    enabled: z.boolean().default(true),
  })
  .refine((r) => (r.action === 'budget' || r.action === 'bid') === (r.change_percent !== 0), {
    path: ['change_percent'],
    params: { key: 'required' },
  })
  .refine((r) => r.action !== 'bid' || r.level === 'adgroup', {
    path: ['level'],
    params: { key: 'invalid' },
  });
export type AdRuleCreate = z.input<typeof adRuleCreateBody>;

export const adRuleUpdateBody = adRuleFields.partial().extend({ version: versionField });

export const adRuleItem = adRuleFields.extend({
  ...rowMeta,
  created_by: z.string(),
  last_run_at: z.string().nullable(),
});
export type AdRule = z.infer<typeof adRuleItem>;

export const AD_RULE_SORTS = ['id', 'name', 'updated_at'] as const;
const filters = {
  q: keyword,
  media: z.enum(AD_DELIVERY_MEDIA).optional(),
  enabled: queryFlag,
};
export const adRuleListQuery = listQuery(AD_RULE_SORTS, filters);
export const adRuleExportQuery = exportQuery(filters);
export const adRuleListAnswer = listAnswer(adRuleItem);

export const adRulesResource = defineResource({
  name: 'ad-rules',
  page: '/rxlaunch/rxlaunch-fe/deliver-manage/trustship-rule',
  scope: 'product',
  logTarget: 'ad_rule',
  namespace: 'adRules',
  item: adRuleItem,
  create: adRuleCreateBody,
  update: adRuleUpdateBody,
  list: adRuleListQuery,
  export: adRuleExportQuery,
  filters: ['q', 'media', 'enabled'],
  sorts: AD_RULE_SORTS,
  remove: 'delete',
  // The conditions read `metric op value` and the accounts their ids, each joined by `|`.
  sheet: {
    key: 'id',
    columns: [
      'name',
      'media',
      'ad_account_ids',
      'window_days',
      'conditions',
      'action',
      'level',
      'change_percent',
      'cooldown_minutes',
      'enabled',
    ],
  },
});

/** What an evaluation did to one object (or for one account, for a notification). */
export const AD_RULE_OUTCOMES = ['done', 'would', 'cooling', 'failed', 'notified'] as const;

export const adRuleRunAction = z.object({
  account_id: z.string(),
  object_id: z.string(),
  action: z.enum(AD_RULE_ACTIONS),
  outcome: z.enum(AD_RULE_OUTCOMES),
  /** The figures the conditions read, and the medium's reason of a failure. */
  detail: z.string(),
});

export const adRuleRunItem = z.object({
  id: z.number().int(),
  rule_id: z.number().int(),
  rule_name: z.string(),
  dry_run: z.boolean(),
  /** Who ran it ('' for the schedule). */
  by: z.string(),
  accounts: z.number().int(),
  matched: z.number().int(),
  acted: z.number().int(),
  actions: z.array(adRuleRunAction),
  at: z.string(),
});
export type AdRuleRun = z.infer<typeof adRuleRunItem>;

export const adRuleRunBody = z.object({ dry_run: z.boolean().default(true) });
export const adRuleRunsQuery = z.object({
  page: queryInt(1, 1_000_000).default(1),
  page_size: queryInt(1, 100).default(10),
  rule_id: queryInt(1).optional(),
});

/** The hosted-delivery overview (`ai-trustship`): its own page, so its own permissions. */
export const AI_TRUSTSHIP_PAGE = '/rxlaunch/rxlaunch-fe/deliver-manage/ai-trustship';
export const aiTrustshipAccess = {
  permissions: permissionsOfPage(AI_TRUSTSHIP_PAGE),
  scope: 'product',
} as const;

/** What the last week's real runs of a rule did. */
export const adRuleOverviewItem = z.object({
  id: z.number().int(),
  name: z.string(),
  media: z.string(),
  enabled: z.boolean(),
  action: z.enum(AD_RULE_ACTIONS),
  level: z.enum(AD_OBJECT_LEVELS),
  /** Advertisers it watches, and their objects of its level under it (not deleted). */
  accounts: z.number().int(),
  objects: z.number().int(),
  last_run_at: z.string().nullable(),
  /** Objects acted on (or notifications sent) in the last 7 days. */
  acted_7d: z.number().int(),
  failed_7d: z.number().int(),
  /** Cents of daily budget its pauses and budget cuts took off in the last 7 days. */
  savings_7d: z.number(),
});
export type AdRuleOverviewItem = z.infer<typeof adRuleOverviewItem>;

/** One action a real run took (the overview's latest). */
export const adRuleRecentAction = adRuleRunAction.extend({
  rule_id: z.number().int(),
  rule_name: z.string(),
  object_name: z.string(),
  at: z.string(),
});
export type AdRuleRecentAction = z.infer<typeof adRuleRecentAction>;

export const adRuleOverview = z.object({
  rules: z.array(adRuleOverviewItem),
  recent: z.array(adRuleRecentAction),
});
export type AdRuleOverview = z.infer<typeof adRuleOverview>;

/** An object under a rule, with what the rule last did to it. */
export const adRuleObjectItem = z.object({
  id: z.number().int(),
  account_id: z.string(),
  account_name: z.string(),
  object_id: z.string(),
  name: z.string(),
  status: z.string(),
  budget: z.number().nullable(),
  bid: z.number().nullable(),
  last_outcome: z.enum(AD_RULE_OUTCOMES).nullable(),
  last_action_at: z.string().nullable(),
});
export type AdRuleObjectItem = z.infer<typeof adRuleObjectItem>;
export const adRuleObjectsQuery = z.object({
  page: queryInt(1, 1_000_000).default(1),
  page_size: queryInt(1, 100).default(10),
});

/** The advertiser accounts a rule of a medium can watch (the rule form's picker). */
export const adRuleAccountsQuery = z.object({ media: z.enum(AD_DELIVERY_MEDIA) });
