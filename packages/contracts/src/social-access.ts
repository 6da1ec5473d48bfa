import { z } from 'zod';
import { PUBLISH_AREAS } from './acs.ts';
import { idField, int32, isoTime, rowMeta, versionField, queryFlag, queryInt } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Chat access and friend access policies of a product (`X-Product-Id`): `/api/v1/social-access`
 * (pages `/projectbase/projectbase-fe/social/chat-access-setting` and `…/friend-access-setting`,
 * each with its own permission). One policy per region, channel (null: every channel) and kind. A
 * region's kill switch (per kind) turns every feature of that kind off, whatever the policies say.
 */

export const SOCIAL_KINDS = ['chat', 'friend'] as const;
export type SocialKind = (typeof SOCIAL_KINDS)[number];

/** 0 means no limit. */
const dailyLimit = int32(0, 1_000_000);

export const chatSettings = z.object({
  world: z.boolean(),
  private: z.boolean(),
  guild: z.boolean(),
  daily_messages: dailyLimit,
});
export type ChatSettings = z.infer<typeof chatSettings>;
export const friendSettings = z.object({
  add: z.boolean(),
  gifting: z.boolean(),
  daily_requests: dailyLimit,
  daily_gifts: dailyLimit,
});
export type FriendSettings = z.infer<typeof friendSettings>;

/** What a player must meet to use the features. */
const requirements = {
  min_level: int32(0, 10_000),
  min_account_age_days: int32(0, 3650),
  real_name_required: z.boolean(),
  adult_required: z.boolean(),
};

const commonFields = z.object({
  region: z.enum(PUBLISH_AREAS),
  /** null: every channel. */
  channel_id: idField.nullable(),
  ...requirements,
  /** The policy applies from `start_at` until `end_at` (null: open-ended). */
  start_at: isoTime.nullable(),
  end_at: isoTime.nullable(),
  enabled: z.boolean(),
});

const commonDefaults = {
  channel_id: commonFields.shape.channel_id.default(null),
  min_level: requirements.min_level.default(0),
  min_account_age_days: requirements.min_account_age_days.default(0),
  real_name_required: z.boolean().default(false),
  adult_required: z.boolean().default(false),
  start_at: commonFields.shape.start_at.default(null),
  end_at: commonFields.shape.end_at.default(null),
  enabled: z.boolean().default(true),
};

const endAfterStart = (value: { start_at?: string | null; end_at?: string | null }, ctx: z.RefinementCtx) => {
  if (value.start_at && value.end_at && Date.parse(value.end_at) <= Date.parse(value.start_at)) {
    ctx.addIssue({ code: 'custom', path: ['end_at'], params: { key: 'end_before_start' } });
  }
};

export const socialPolicyCreateBody = z
  .discriminatedUnion('kind', [
    commonFields.extend({ ...commonDefaults, kind: z.literal('chat'), chat: chatSettings }),
    commonFields.extend({ ...commonDefaults, kind: z.literal('friend'), friend: friendSettings }),
  ])
  .superRefine(endAfterStart);
export type SocialPolicyCreate = z.input<typeof socialPolicyCreateBody>;

/** Fields left out keep their value; the kind, region and channel are fixed; give the settings of the policy's kind. */
export const socialPolicyUpdateBody = commonFields
  .omit({ region: true, channel_id: true })
  .partial()
  .extend({
    chat: chatSettings.partial().optional(),
    friend: friendSettings.partial().optional(),
    version: versionField,
  })
  .superRefine(endAfterStart);
export type SocialPolicyUpdate = z.input<typeof socialPolicyUpdateBody>;

export const socialPolicyItem = commonFields.extend({
  ...rowMeta,
  product_id: idField,
  kind: z.enum(SOCIAL_KINDS),
  /** The settings of the policy's kind; the other is null. */
  chat: chatSettings.nullable(),
  friend: friendSettings.nullable(),
});
export type SocialPolicy = z.infer<typeof socialPolicyItem>;

export const SOCIAL_POLICY_SORTS = ['id', 'region', 'channel_id', 'created_at', 'updated_at'] as const;
/** A list shows one kind (each has its own page and permission). */
export const socialPolicyFilters = {
  kind: z.enum(SOCIAL_KINDS),
  region: z.enum(PUBLISH_AREAS).optional(),
  /** A channel id, or `0` for the policies of every channel. */
  channel_id: queryInt(0).optional(),
  enabled: queryFlag,
};
export const socialPolicyListQuery = listQuery(SOCIAL_POLICY_SORTS, socialPolicyFilters);
export const socialPolicyExportQuery = exportQuery(socialPolicyFilters);
export const socialPolicyListAnswer = listAnswer(socialPolicyItem);

const socialResource = {
  name: 'social-access',
  scope: 'product',
  namespace: 'social',
  item: socialPolicyItem,
  create: socialPolicyCreateBody,
  update: socialPolicyUpdateBody,
  list: socialPolicyListQuery,
  export: socialPolicyExportQuery,
  filters: ['region', 'channel_id', 'enabled'],
  sorts: SOCIAL_POLICY_SORTS,
  remove: 'delete',
} as const;

/**
 * Chat and friend access share `/api/v1/social-access` (the `kind` chooses) but are two pages, each
 * with its own permissions and log target: a request needs the permissions of its policy's kind.
 */
export const socialAccessResources = {
  chat: defineResource({
    ...socialResource,
    page: '/projectbase/projectbase-fe/social/chat-access-setting',
    logTarget: 'chat_access',
  }),
  friend: defineResource({
    ...socialResource,
    page: '/projectbase/projectbase-fe/social/friend-access-setting',
    logTarget: 'friend_access',
  }),
} satisfies Record<SocialKind, unknown>;

export const killSwitchBody = z.object({
  region: z.enum(PUBLISH_AREAS),
  kind: z.enum(SOCIAL_KINDS),
  on: z.boolean(),
});
export const killSwitchItem = z.object({
  region: z.enum(PUBLISH_AREAS),
  kind: z.enum(SOCIAL_KINDS),
  on: z.boolean(),
  updated_by: z.string(),
  updated_at: z.string(),
});
export type KillSwitch = z.infer<typeof killSwitchItem>;
export const killSwitchQuery = z.object({ kind: z.enum(SOCIAL_KINDS) });

/** What the game applies for one kind: the policy in force, or everything on by default. */
export const effectiveChatAccess = chatSettings.extend({
  ...requirements,
  /** `kill_switch`: the region's kill switch is on; `policy`: policy `policy_id` applies; `default`: no policy. */
  source: z.enum(['kill_switch', 'policy', 'default']),
  policy_id: idField.nullable(),
});
export const effectiveFriendAccess = friendSettings.extend({
  ...requirements,
  source: z.enum(['kill_switch', 'policy', 'default']),
  policy_id: idField.nullable(),
});
