import { z } from 'zod';
import { SHARE_PLATFORM_CODES } from './dimensions.ts';
import { codeField, i18nText, idField, keyword, queryInt, safeText } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Share tracking (issue 30, `/basic/tracking-config`): the funnel share → click → install →
 * register → pay, attributed to the sharer, the channel and campaign of the link, the strategy and
 * the variant; and invite rewards: the sharer gets a mail when an invitee registers or pays, once
 * per invitee. Its list is the rewards given.
 */

export const SHARE_TRACKING_PAGE = '/basic/tracking-config';

/** The funnel's steps, in order: what a day of the report counts. */
export const SHARE_FUNNEL_STEPS = ['shares', 'clicks', 'installs', 'registers', 'pays'] as const;
export type ShareFunnelStep = (typeof SHARE_FUNNEL_STEPS)[number];

/** What a report's rows are grouped by. */
export const SHARE_FUNNEL_GROUPS = [
  'platform',
  'channel',
  'campaign',
  'strategy',
  'variant',
  'sharer',
] as const;
export type ShareFunnelGroup = (typeof SHARE_FUNNEL_GROUPS)[number];

/** When an invite is rewarded: never, when the invitee registers, when the invitee first pays. */
export const SHARE_REWARD_ON = ['off', 'register', 'pay'] as const;
export type ShareRewardOn = (typeof SHARE_REWARD_ON)[number];

const trackingValue = safeText()
  .trim()
  .max(64)
  .regex(/^[\w.-]*$/);

// ——— Settings (one per game) ———

export const shareTrackingSettingsFields = z.object({
  reward_on: z.enum(SHARE_REWARD_ON),
  /** The gift package mailed to the sharer; none while rewards are off. */
  reward_gift_id: idField.nullable(),
  /** The reward mail's title per language. */
  reward_title: i18nText(100),
});
export const shareTrackingSettingsBody = shareTrackingSettingsFields
  .extend({ version: z.number().int().min(0).max(2_147_483_647) })
  .refine((s) => s.reward_on === 'off' || s.reward_gift_id !== null, {
    path: ['reward_gift_id'],
    params: { key: 'required' },
  });
export type ShareTrackingSettingsInput = z.input<typeof shareTrackingSettingsBody>;
export const shareTrackingSettings = shareTrackingSettingsFields.extend({
  /** 0 while the game has saved none (the defaults answer). */
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type ShareTrackingSettings = z.infer<typeof shareTrackingSettings>;

// ——— The funnel report ———

const platform = z.enum(SHARE_PLATFORM_CODES);

/** `GET /api/v1/share-tracking/funnel`: days (UTC) inclusive, by default the last 30. */
export const shareFunnelQuery = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  platform: platform.optional(),
  channel: trackingValue.optional(),
  campaign: trackingValue.optional(),
  strategy_id: queryInt(1).optional(),
  variant: codeField(16).optional(),
  sharer: safeText().trim().max(64).optional(),
  group_by: z.enum(SHARE_FUNNEL_GROUPS).default('channel'),
});
export type ShareFunnelQuery = z.input<typeof shareFunnelQuery>;

const counts = {
  shares: z.number().int(),
  clicks: z.number().int(),
  installs: z.number().int(),
  registers: z.number().int(),
  pays: z.number().int(),
};
export const shareFunnelCounts = z.object(counts);
export type ShareFunnelCounts = z.infer<typeof shareFunnelCounts>;
export const shareFunnelDay = z.object({ day: z.string(), ...counts });
export type ShareFunnelDay = z.infer<typeof shareFunnelDay>;
/** One value of the grouping (a channel, a variant `<strategy id>:<key>`…); `''` for none. */
export const shareFunnelGroupRow = z.object({ key: z.string(), ...counts });
export type ShareFunnelGroupRow = z.infer<typeof shareFunnelGroupRow>;
export const shareFunnelAnswer = z.object({
  from: z.string(),
  to: z.string(),
  group_by: z.enum(SHARE_FUNNEL_GROUPS),
  days: z.array(shareFunnelDay),
  totals: shareFunnelCounts,
  groups: z.array(shareFunnelGroupRow),
});
export type ShareFunnel = z.infer<typeof shareFunnelAnswer>;
/** The longest span a report answers at once, and how many groups it lists (the most registers first). */
export const SHARE_FUNNEL_MAX_DAYS = 366;
export const SHARE_FUNNEL_MAX_GROUPS = 50;

// ——— Invite rewards (the page's list) ———

export const SHARE_REWARD_STATES = ['mailed', 'no_player'] as const;
export type ShareRewardState = (typeof SHARE_REWARD_STATES)[number];

export const shareRewardItem = z.object({
  id: z.number().int(),
  sharer: z.string(),
  invitee: z.string(),
  /** What earned it: the invitee's register or first payment. */
  event: z.enum(['register', 'pay']),
  /** mailed; no_player: the sharer has never played this game, nothing could be mailed. */
  state: z.enum(SHARE_REWARD_STATES),
  mail_id: z.number().int().nullable(),
  gift_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type ShareReward = z.infer<typeof shareRewardItem>;
export const SHARE_REWARD_SORTS = ['id'] as const;
const shareRewardFilters = {
  q: keyword,
  state: z.enum(SHARE_REWARD_STATES).optional(),
};
export const shareRewardListQuery = listQuery(SHARE_REWARD_SORTS, shareRewardFilters);

const readOnly = z.object({}).strict();
export const shareTrackingResource = defineResource({
  name: 'share-tracking',
  page: SHARE_TRACKING_PAGE,
  scope: 'product',
  logTarget: 'share_tracking',
  namespace: 'shareTracking',
  item: shareRewardItem,
  create: readOnly,
  update: readOnly,
  list: shareRewardListQuery,
  export: exportQuery(shareRewardFilters),
  filters: ['q', 'state'],
  sorts: SHARE_REWARD_SORTS,
  remove: 'none',
});
export const shareRewardListAnswer = listAnswer(shareRewardItem);
