import { z } from 'zod';
import {
  idField,
  iconUrl,
  int32,
  isoTime,
  keyword,
  queryFlag,
  queryInt,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './languages.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { GAME_PLATFORMS } from './products.ts';
import { defineResource } from './resource.ts';

/**
 * Automatic replies of a product's player service (`X-Product-Id`): `/api/v1/auto-replies` (page
 * `/projectbase/projectbase-fe/auto-reply`). A rule applies to a channel and a platform (null: all)
 * and fires when one of its keywords matches the player's text: the enabled, active rule with the
 * highest priority wins. When none matches, the scope's `no_match` reply answers; `on_enter`
 * greets a player entering the service. Keywords that two enabled rules of one scope share come back
 * as `warnings` from create and update.
 */

export const KEYWORD_MATCHES = ['equal', 'contains', 'regex'] as const;
export type KeywordMatch = (typeof KEYWORD_MATCHES)[number];
export const REPLY_MODES = ['reply_all', 'random_one'] as const;
export type ReplyMode = (typeof REPLY_MODES)[number];
export const SPECIAL_REPLY_KINDS = ['on_enter', 'no_match'] as const;
export type SpecialReplyKind = (typeof SPECIAL_REPLY_KINDS)[number];

/** Longest player text a rule is matched against (longer texts are cut). */
export const MAX_MATCH_TEXT = 500;

/**
 * A keyword; a `regex` one is an RE2 pattern matched case-insensitively in linear time. The server
 * refuses, on save, a pattern RE2 cannot compile (lookaround, backreferences) or one too large.
 */
const keywordItem = z.object({
  text: safeText().trim().min(1).max(100),
  match: z.enum(KEYWORD_MATCHES),
});
export type ReplyKeyword = z.infer<typeof keywordItem>;

const link = iconUrl.refine((url) => url !== '', { params: { key: 'required' } });

export const replyItem = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: safeText().trim().min(1).max(2000),
    /** The language it is written in: players (and tickets) in that language get it; '' or none: any. */
    lang: z.union([z.enum(LANGUAGES), z.literal('')]).optional(),
  }),
  z.object({ type: z.literal('image'), url: link }),
  z.object({ type: z.literal('link'), title: safeText().trim().min(1).max(100), url: link }),
  z.object({
    type: z.literal('card'),
    title: safeText().trim().min(1).max(100),
    description: safeText().trim().max(500).default(''),
    image_url: iconUrl.default(''),
    url: link,
  }),
]);
export type Reply = z.infer<typeof replyItem>;

/**
 * The replies for a player in `lang` (null: not known). A text reply is written for one language or
 * for any (''; rules saved before texts had a language): the texts in the player's language answer,
 * else those for any language, else those in the CP's language, then zh, as the console falls back.
 * Images, links and cards go to every player.
 */
export function repliesInLanguage(
  replies: readonly Reply[],
  lang: Language | null,
  cpLang: Language,
): Reply[] {
  const langOf = (reply: Reply) => (reply.type === 'text' ? (reply.lang ?? '') : null);
  const written = new Set(replies.map(langOf));
  const order: (Language | '' | null)[] = [lang, '', cpLang, FALLBACK_LANGUAGE];
  const chosen = order.find((l) => l !== null && written.has(l));
  return replies.filter((reply) => reply.type !== 'text' || langOf(reply) === chosen);
}
const replies = z.array(replyItem).min(1).max(10);

const ruleFields = z.object({
  name: safeText().trim().min(1).max(64),
  /** null: every channel. */
  channel_id: idField.nullable(),
  /** null: every platform. */
  platform: z.enum(GAME_PLATFORMS).nullable(),
  keywords: z.array(keywordItem).min(1).max(50),
  replies,
  mode: z.enum(REPLY_MODES),
  /** Higher fires first. */
  priority: int32(0, 10000),
  /** The active window; null: open-ended. */
  start_at: isoTime.nullable(),
  end_at: isoTime.nullable(),
  enabled: z.boolean(),
});

const endAfterStart = (value: { start_at?: string | null; end_at?: string | null }, ctx: z.RefinementCtx) => {
  if (value.start_at && value.end_at && Date.parse(value.end_at) <= Date.parse(value.start_at)) {
    ctx.addIssue({ code: 'custom', path: ['end_at'], params: { key: 'end_before_start' } });
  }
};

export const autoReplyCreateBody = ruleFields
  .extend({
    channel_id: ruleFields.shape.channel_id.default(null),
    platform: ruleFields.shape.platform.default(null),
    mode: ruleFields.shape.mode.default('reply_all'),
    priority: ruleFields.shape.priority.default(0),
    start_at: ruleFields.shape.start_at.default(null),
    end_at: ruleFields.shape.end_at.default(null),
    enabled: z.boolean().default(true),
  })
  .superRefine(endAfterStart);
export type AutoReplyCreate = z.input<typeof autoReplyCreateBody>;
/** Fields left out keep their value; the window is checked on the merged result. */
export const autoReplyUpdateBody = ruleFields
  .partial()
  .extend({ version: versionField })
  .superRefine(endAfterStart);
export type AutoReplyUpdate = z.input<typeof autoReplyUpdateBody>;

export const autoReplyItem = ruleFields.extend({ ...rowMeta, product_id: idField });
export type AutoReplyRule = z.infer<typeof autoReplyItem>;

/** A keyword this rule shares with another enabled rule of the same channel and platform. */
export const keywordWarning = z.object({ keyword: z.string(), rule_id: idField, rule_name: z.string() });
export type KeywordWarning = z.infer<typeof keywordWarning>;
/** Create and update answer the rule and the overlaps found. */
export const autoReplySaveAnswer = autoReplyItem.extend({ warnings: z.array(keywordWarning) });

export const AUTO_REPLY_SORTS = ['id', 'name', 'priority', 'created_at', 'updated_at'] as const;
export const autoReplyFilters = {
  /** Matches the name or a keyword. */
  q: keyword,
  /** A channel id, or `0` for the rules of every channel. */
  channel_id: queryInt(0).optional(),
  platform: z.enum(GAME_PLATFORMS).optional(),
  enabled: queryFlag,
};
export const autoReplyListQuery = listQuery(AUTO_REPLY_SORTS, autoReplyFilters);
export const autoReplyExportQuery = exportQuery(autoReplyFilters);
export const autoReplyListAnswer = listAnswer(autoReplyItem);

/**
 * Auto-reply rules of a game. The list's default order is `-priority` (what fires first); the
 * export writes keywords and replies as JSON and has no import.
 */
export const autoRepliesResource = defineResource({
  name: 'auto-replies',
  page: '/projectbase/projectbase-fe/auto-reply',
  scope: 'product',
  logTarget: 'auto_reply',
  namespace: 'autoReply',
  item: autoReplyItem,
  create: autoReplyCreateBody,
  update: autoReplyUpdateBody,
  list: autoReplyListQuery,
  export: autoReplyExportQuery,
  filters: ['q', 'channel_id', 'platform', 'enabled'],
  sorts: AUTO_REPLY_SORTS,
  remove: 'delete',
});

/** `PUT /auto-replies/specials`: sets the on-enter or no-match reply of a channel (null: every channel). */
export const specialReplyBody = z.object({
  kind: z.enum(SPECIAL_REPLY_KINDS),
  channel_id: idField.nullable(),
  replies,
  enabled: z.boolean().default(true),
  /** The version read; required when the reply exists already (409001 when stale). */
  version: versionField.optional(),
});
export type SpecialReplyInput = z.input<typeof specialReplyBody>;
export const specialReplyItem = z.object({
  ...rowMeta,
  product_id: idField,
  kind: z.enum(SPECIAL_REPLY_KINDS),
  channel_id: idField.nullable(),
  replies: z.array(replyItem),
  enabled: z.boolean(),
});
export type SpecialReply = z.infer<typeof specialReplyItem>;

/** The test box: what would answer this text. */
export const autoReplyTestBody = z.object({
  text: safeText().trim().min(1).max(MAX_MATCH_TEXT),
  channel_id: idField.optional(),
  platform: z.enum(GAME_PLATFORMS).optional(),
  /** The player's language: which text replies a player in it gets. */
  lang: z.enum(LANGUAGES).optional(),
});
export const autoReplyMatch = z.object({
  /** `rule`: a rule fired; `no_match`: the no-match reply answered; `none`: nothing answers. */
  source: z.enum(['rule', 'no_match', 'none']),
  rule: z.object({ id: idField, name: z.string(), priority: z.number().int() }).nullable(),
  keyword: keywordItem.nullable(),
  replies: z.array(replyItem),
});
export type AutoReplyMatch = z.infer<typeof autoReplyMatch>;
