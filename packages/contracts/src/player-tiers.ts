import { z } from 'zod';
import { isoTime, queryInt, safeText, versionField } from './fields.ts';
import { listAnswer, listQuery } from './lists.ts';
import { actionPermission, seePermissionOf } from './pages.ts';
import { openidField } from './players.ts';

/**
 * User level query (`/commercialactivity/user-hierarchy-Query`): `/api/v1/player-tiers`. A daily
 * job gives each player of a product a payment tier and an activity tier, keeps a history of
 * changes and a daily distribution snapshot.
 *
 * Payment tier, on the paid amount in minor units (all currencies together, refunds excluded) over
 * the product's basis (`days30`: orders paid in the last 30 days; `lifetime`: the total):
 *   whale ≥ whale_min > mid ≥ mid_min > small ≥ small_min (and paid > 0) > non_payer.
 *
 * Activity tier, at the job's moment `now`, first that applies:
 *   new       — created within the last 7 days;
 *   returning — signed in within the last 7 days, and not once in the 14 days before that
 *               (no sign-in in [now − 21d, now − 7d)), created more than 21 days ago;
 *   active    — signed in within the last 7 days;
 *   lapsing   — last sign-in 7 to 14 days ago;
 *   dormant   — no sign-in for 14 days or more (or never, created 7+ days ago).
 */

export const PLAYER_TIERS_PAGE = '/commercialactivity/user-hierarchy-Query';
export const PAY_TIERS = ['non_payer', 'small', 'mid', 'whale'] as const;
export type PayTier = (typeof PAY_TIERS)[number];
export const ACTIVITY_TIERS = ['new', 'returning', 'active', 'lapsing', 'dormant'] as const;
export type ActivityTier = (typeof ACTIVITY_TIERS)[number];
export const TIER_DIMENSIONS = ['pay', 'activity'] as const;
export type TierDimension = (typeof TIER_DIMENSIONS)[number];
export const PAY_BASES = ['days30', 'lifetime'] as const;
export type PayBasis = (typeof PAY_BASES)[number];

/** Days of tier history kept (older change rows are swept by the job). */
export const TIER_HISTORY_DAYS = 400;

/** The permissions of the page (see / edit thresholds / recompute). */
export const playerTiersAccess = {
  scope: 'product' as const,
  permissions: (() => {
    const see = seePermissionOf(PLAYER_TIERS_PAGE);
    return {
      see,
      edit: actionPermission(see, 'edit'),
      delete: actionPermission(see, 'delete'),
      export: actionPermission(see, 'export'),
      approve: actionPermission(see, 'approve'),
    };
  })(),
};

const amount = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const tierSettings = z.object({
  basis: z.enum(PAY_BASES),
  small_min: amount,
  mid_min: amount,
  whale_min: amount,
  time_zone: z.string(),
  version: z.number().int(),
  updated_by: z.string(),
  updated_at: z.string(),
});
export type TierSettings = z.infer<typeof tierSettings>;

/** Thresholds must rise: small < mid < whale. */
export const tierSettingsBody = z
  .object({
    basis: z.enum(PAY_BASES),
    small_min: amount,
    mid_min: amount,
    whale_min: amount,
    time_zone: safeText()
      .max(64)
      .regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/),
    /** The version read (0 while the product still uses the defaults). */
    version: versionField.or(z.literal(0)),
  })
  .superRefine((v, ctx) => {
    if (v.mid_min <= v.small_min) {
      ctx.addIssue({ code: 'custom', path: ['mid_min'], params: { key: 'too_small' }, message: 'too_small' });
    }
    if (v.whale_min <= v.mid_min) {
      ctx.addIssue({
        code: 'custom',
        path: ['whale_min'],
        params: { key: 'too_small' },
        message: 'too_small',
      });
    }
  });
export type TierSettingsBody = z.input<typeof tierSettingsBody>;

/** The defaults (minor units): small from 1, mid from 10,000 (100.00), whale from 100,000 (1,000.00). */
export const DEFAULT_TIER_SETTINGS = {
  basis: 'days30' as PayBasis,
  small_min: 1,
  mid_min: 10_000,
  whale_min: 100_000,
  time_zone: 'Asia/Shanghai',
};

export const TIER_GROUP_BY = ['none', 'channel', 'region'] as const;
export const distributionQuery = z.object({
  by: z.enum(TIER_GROUP_BY).default('none'),
  channel: safeText().trim().max(64).optional(),
  region: safeText().trim().max(16).optional(),
});

export const distributionRow = z.object({
  dimension: z.enum(TIER_DIMENSIONS),
  tier: z.string(),
  /** The channel or region (empty when not grouped). */
  group: z.string(),
  players: z.number().int(),
});
export type DistributionRow = z.infer<typeof distributionRow>;
export const distributionAnswer = z.object({
  computed_at: z.string().nullable(),
  rows: z.array(distributionRow),
});
export type Distribution = z.infer<typeof distributionAnswer>;

export const trendQuery = z.object({ days: queryInt(1, 366).default(30) });
export const trendRow = z.object({
  day: z.string(),
  dimension: z.enum(TIER_DIMENSIONS),
  tier: z.string(),
  players: z.number().int(),
});
export type TrendRow = z.infer<typeof trendRow>;
export const trendAnswer = z.object({ rows: z.array(trendRow) });

export const TIER_PLAYER_SORTS = ['paid', 'openid', 'since'] as const;
export const tierPlayersQuery = listQuery(TIER_PLAYER_SORTS, {
  pay_tier: z.enum(PAY_TIERS).optional(),
  activity_tier: z.enum(ACTIVITY_TIERS).optional(),
  channel: safeText().trim().max(64).optional(),
  region: safeText().trim().max(16).optional(),
});
export const tierPlayerItem = z.object({
  openid: z.string(),
  nickname: z.string(),
  channel: z.string(),
  region: z.string(),
  pay_tier: z.enum(PAY_TIERS),
  activity_tier: z.enum(ACTIVITY_TIERS),
  paid: z.number().int(),
  last_login_at: z.string().nullable(),
  since: z.string(),
});
export type TierPlayer = z.infer<typeof tierPlayerItem>;
export const tierPlayersAnswer = listAnswer(tierPlayerItem);

export const tierHistoryParams = z.object({ openid: openidField });
export const tierHistoryRow = z.object({
  day: z.string(),
  at: z.string(),
  pay_tier: z.enum(PAY_TIERS),
  activity_tier: z.enum(ACTIVITY_TIERS),
  previous_pay_tier: z.enum(PAY_TIERS).nullable(),
  previous_activity_tier: z.enum(ACTIVITY_TIERS).nullable(),
  paid: z.number().int(),
});
export type TierHistoryRow = z.infer<typeof tierHistoryRow>;
export const tierHistoryAnswer = z.object({
  openid: z.string(),
  current: tierPlayerItem.nullable(),
  history: z.array(tierHistoryRow),
});
export type TierHistory = z.infer<typeof tierHistoryAnswer>;

/** What one run of the tier job did. */
export const tierRunSummary = z.object({
  players: z.number().int(),
  changed: z.number().int(),
  day: z.string(),
  ms: z.number().int(),
  at: isoTime,
});
export type TierRunSummary = z.infer<typeof tierRunSummary>;

/** Change rows a history answer holds at most (newest first). */
export const TIER_HISTORY_LIMIT = 200;
