import { z } from 'zod';
import { distinct, keyword, queryInt, safeText, versionField } from './fields.ts';
import { openidField } from './players.ts';

/**
 * Mini-game subscription (`/newrxlaunch/mini-game/subscription`, domestic). The mini-game's subscribe
 * message templates are synced from WeChat (`POST /api/v1/push-templates/sync`), each with a field
 * mapping (what each of its fields says; `{title}` and `{body}` are a send's texts in the player's
 * language). A player's one-time subscriptions are a quota ledger per player and template: the game
 * reports each one the player accepted (`POST /api/game/v1/subscriptions`: one grant each), and a
 * send (a push task of kind `mini_game`) reaches only players holding a grant of its template, each
 * send consuming one grant atomically (a failed send gives it back). All under the page's permissions.
 */

/** WeChat's template id (`priTmplId`). */
export const wechatTemplateId = safeText()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

const fieldKey = safeText()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/);

export const PUSH_TEMPLATE_STATES = ['active', 'removed'] as const;

export const pushTemplateItem = z.object({
  id: z.number().int(),
  template_id: z.string(),
  title: z.string(),
  /** WeChat's content: `活动名称:{{thing1.DATA}}\n…`. */
  content: z.string(),
  example: z.string(),
  /** 2: one-time; 3: long-term. */
  type: z.number().int(),
  /** The fields its content names, in order. */
  fields: z.array(z.string()),
  mapping: z.array(z.object({ key: z.string(), value: z.string() })),
  /** `removed`: no longer in the app's template list at the last sync. */
  status: z.enum(PUSH_TEMPLATE_STATES),
  synced_at: z.string(),
  version: z.number().int(),
});
export type PushTemplate = z.infer<typeof pushTemplateItem>;

/** A template's field mapping: a value per field of the template (each field at most once). */
export const pushTemplateMappingBody = z.object({
  mapping: z
    .array(z.object({ key: fieldKey, value: safeText().trim().max(200) }))
    .max(20)
    .refine((list) => new Set(list.map((m) => m.key)).size === list.length, {
      params: { key: 'duplicate_item' },
    }),
  version: versionField,
});

export const pushTemplateSyncAnswer = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
});

/** The game reports the templates a player accepted (`wx.requestSubscribeMessage`): one grant each. */
export const gameSubscriptionBody = z.object({
  openid: openidField,
  /** The player's openid of the mini-game on WeChat (default: `openid`). */
  wechat_openid: openidField.optional(),
  template_ids: distinct(wechatTemplateId, 20).refine((list) => list.length > 0, {
    params: { key: 'required' },
  }),
});
export const gameSubscriptionAnswer = z.object({
  grants: z.array(z.object({ template_id: z.string(), remaining: z.number().int() })),
});

export const pushGrantsQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  page_size: queryInt(1, 100).default(10),
  openid: keyword,
  template_id: keyword,
});
export const pushGrantItem = z.object({
  openid: z.string(),
  template_id: z.string(),
  granted: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  updated_at: z.string(),
});
export type PushGrant = z.infer<typeof pushGrantItem>;
