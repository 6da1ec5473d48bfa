import { z } from 'zod';
import { distinct, int32, keyword, queryFlag, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * WeChat customer-service auto push (`/operation/service-reply-config`, domestic,
 * `/api/v1/wechat-service-rules`). A rule answers a trigger — the player enters the service session,
 * sends a message containing a keyword, sends their first message, or follows — with a sequence of
 * messages (text, image, mini-program card, link). WeChat posts the player's messages and events
 * to `POST /api/wechat/v1/:product/callback` (JSON; signed with the callback token: checked, a
 * message seen before ignored). The console keeps to WeChat's windows: after a player's message,
 * replies within 48 hours, at most 5; after entering the session or following, at most 3 within a
 * minute. What was sent and what a window refused are logged (`GET /wechat-service-rules/log`).
 */

export const WECHAT_TRIGGERS = ['enter_session', 'keyword', 'first_message', 'follow'] as const;
export type WechatTrigger = (typeof WECHAT_TRIGGERS)[number];
export const WECHAT_MESSAGE_TYPES = ['text', 'image', 'miniprogram', 'link'] as const;

/** WeChat's windows: after a player's message, and after an event (entering the session, following). */
export const WECHAT_WINDOWS = {
  message: { seconds: 48 * 3600, max: 5 },
  event: { seconds: 60, max: 3 },
} as const;

const mediaId = safeText()
  .trim()
  .max(128)
  .regex(/^[A-Za-z0-9_-]*$/);
const httpsUrl = safeText()
  .trim()
  .max(500)
  .regex(/^(https?:\/\/\S+)?$/);
const mpPage = safeText()
  .trim()
  .max(500)
  .regex(/^([A-Za-z0-9_][A-Za-z0-9_/.-]*(\?\S*)?)?$/);

/** One message of a sequence; the fields its type needs are checked together. */
export const wechatMessage = z
  .object({
    type: z.enum(WECHAT_MESSAGE_TYPES),
    /** text: the words (WeChat allows 2,048 bytes; kept under 600 characters). */
    text: safeText().trim().max(600).default(''),
    /** image, mini-program card (its thumbnail): a media id of the app's materials. */
    media_id: mediaId.default(''),
    /** mini-program card, link: the title. */
    title: safeText().trim().max(64).default(''),
    /** link: the description. */
    description: safeText().trim().max(120).default(''),
    /** link: where it leads; its thumbnail. */
    url: httpsUrl.default(''),
    thumb_url: httpsUrl.default(''),
    /** mini-program card: the page it opens. */
    page: mpPage.default(''),
  })
  .superRefine((m, ctx) => {
    const need = (field: keyof typeof m) => {
      if (!m[field]) ctx.addIssue({ code: 'custom', path: [field], params: { key: 'required' } });
    };
    if (m.type === 'text') need('text');
    if (m.type === 'image') need('media_id');
    if (m.type === 'miniprogram') (['title', 'page', 'media_id'] as const).forEach(need);
    if (m.type === 'link') (['title', 'url'] as const).forEach(need);
  });
export type WechatMessage = z.infer<typeof wechatMessage>;

const ruleFields = z.object({
  name: safeText().trim().min(1).max(100),
  trigger: z.enum(WECHAT_TRIGGERS),
  /** Keyword trigger: a player's message containing one of them (case-insensitive). */
  keywords: distinct(safeText().trim().min(1).max(30), 20),
  messages: z.array(wechatMessage).min(1).max(10),
  /** The higher first when several rules answer the same trigger (one rule answers). */
  priority: int32(0, 1000),
  enabled: z.boolean(),
});
const keywordsNeeded = (r: { trigger?: WechatTrigger; keywords?: string[] }, ctx: z.RefinementCtx) => {
  if (r.trigger === 'keyword' && r.keywords !== undefined && !r.keywords.length)
    ctx.addIssue({ code: 'custom', path: ['keywords'], params: { key: 'required' } });
};

export const wechatRuleCreateBody = ruleFields
  .extend({
    keywords: ruleFields.shape.keywords.default([]),
    priority: ruleFields.shape.priority.default(0),
    enabled: ruleFields.shape.enabled.default(true),
  })
  .superRefine(keywordsNeeded);
export type WechatRuleCreate = z.input<typeof wechatRuleCreateBody>;
export const wechatRuleUpdateBody = ruleFields
  .partial()
  .extend({ version: versionField })
  .superRefine(keywordsNeeded);

export const wechatRuleItem = ruleFields.extend({ ...rowMeta });
export type WechatRule = z.infer<typeof wechatRuleItem>;

export const WECHAT_RULE_SORTS = ['id', 'priority', 'updated_at'] as const;
export const wechatRuleFilters = {
  q: keyword,
  trigger: z.enum(WECHAT_TRIGGERS).optional(),
  enabled: queryFlag.optional(),
};
export const wechatRuleListQuery = listQuery(WECHAT_RULE_SORTS, wechatRuleFilters);
export const wechatRuleExportQuery = exportQuery(wechatRuleFilters);
export const wechatRuleListAnswer = listAnswer(wechatRuleItem);

export const wechatServiceRulesResource = defineResource({
  name: 'wechat-service-rules',
  page: '/operation/service-reply-config',
  scope: 'product',
  logTarget: 'wechat_service_rule',
  namespace: 'wechatService',
  item: wechatRuleItem,
  create: wechatRuleCreateBody,
  update: wechatRuleUpdateBody,
  list: wechatRuleListQuery,
  export: wechatRuleExportQuery,
  filters: ['q', 'trigger', 'enabled'],
  sorts: WECHAT_RULE_SORTS,
  remove: 'delete',
});

/** What the log says of one message: sent, refused by a window, or failed at WeChat. */
export const WECHAT_LOG_OUTCOMES = ['sent', 'refused', 'failed'] as const;
export const wechatLogQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  page_size: queryInt(1, 100).default(20),
  openid: keyword,
  outcome: z.enum(WECHAT_LOG_OUTCOMES).optional(),
});
export const wechatLogItem = z.object({
  id: z.number().int(),
  openid: z.string(),
  rule_id: z.number().int().nullable(),
  rule_name: z.string(),
  trigger: z.string(),
  message_type: z.string(),
  outcome: z.enum(WECHAT_LOG_OUTCOMES),
  /** Why it was refused or failed: `window_closed`, `window_full`, or WeChat's failure. */
  reason: z.string(),
  at: z.string(),
});
export type WechatLogItem = z.infer<typeof wechatLogItem>;
