import { z } from 'zod';
import {
  distinct,
  i18nText,
  idField,
  int32,
  keyword,
  queryFlag,
  queryInt,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import { LANGUAGES, type Language } from './languages.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * The help centre of a product (`X-Product-Id`): `/api/v1/help-categories` and
 * `/api/v1/help-articles` (page `/projectbase/projectbase-fe/help-center`). Categories and articles
 * belong to a channel, or to every channel when `channel_id` is null. An article is one language of
 * an article group; the zh article is the group's source: when its title or body changes, the
 * other languages of the group become `stale` until they are edited. Bodies are rich HTML, cleaned
 * by the server (scripts, styles, event handlers and `javascript:` links are removed).
 */

/** null: every channel. */
const channelRef = idField.nullable();

const helpCategoryFields = z.object({
  channel_id: channelRef,
  name: i18nText(64),
  sort: int32(0, 9999),
  enabled: z.boolean(),
});

export const helpCategoryCreateBody = helpCategoryFields.extend({
  channel_id: channelRef.default(null),
  sort: helpCategoryFields.shape.sort.default(0),
  enabled: z.boolean().default(true),
});
export type HelpCategoryCreate = z.input<typeof helpCategoryCreateBody>;
export const helpCategoryUpdateBody = helpCategoryFields.partial().extend({ version: versionField });
export type HelpCategoryUpdate = z.input<typeof helpCategoryUpdateBody>;
export const helpCategoryItem = helpCategoryFields.extend({
  ...rowMeta,
  product_id: idField,
  articles: z.number().int(),
});
export type HelpCategory = z.infer<typeof helpCategoryItem>;

/** A channel filter: a channel id, or `0` for the rows of every channel. */
const channelFilter = queryInt(0).optional();

export const HELP_CATEGORY_SORTS = ['id', 'sort', 'created_at', 'updated_at'] as const;
export const helpCategoryFilters = { q: keyword, channel_id: channelFilter, enabled: queryFlag };
export const helpCategoryListQuery = listQuery(HELP_CATEGORY_SORTS, helpCategoryFilters);
export const helpCategoryExportQuery = exportQuery(helpCategoryFilters);
export const helpCategoryListAnswer = listAnswer(helpCategoryItem);

/** Help categories (export only); one with articles is disabled instead of deleted. */
export const helpCategoriesResource = defineResource({
  name: 'help-categories',
  page: '/projectbase/projectbase-fe/help-center',
  scope: 'product',
  logTarget: 'help_category',
  namespace: 'help',
  item: helpCategoryItem,
  create: helpCategoryCreateBody,
  update: helpCategoryUpdateBody,
  list: helpCategoryListQuery,
  export: helpCategoryExportQuery,
  filters: ['q', 'channel_id', 'enabled'],
  sorts: ['sort', 'id', 'created_at', 'updated_at'],
  remove: 'delete',
});

export const HELP_ARTICLE_STATUSES = ['draft', 'published'] as const;
export type HelpArticleStatus = (typeof HELP_ARTICLE_STATUSES)[number];

/** The language every article group is written in first; the other languages translate it. */
export const HELP_SOURCE_LANGUAGE: Language = 'zh';

const helpArticleFields = z.object({
  category_id: idField,
  /** Must match the category's channel when the category is for one channel. */
  channel_id: channelRef,
  language: z.enum(LANGUAGES),
  title: safeText().trim().min(1).max(200),
  /** Rich HTML; the server keeps an allow-list of tags, attributes and link schemes. */
  body: safeText().max(200_000),
  sort: int32(0, 9999),
});

export const helpArticleCreateBody = helpArticleFields
  .extend({
    /** Required unless `translation_of` is given. */
    category_id: idField.optional(),
    channel_id: channelRef.default(null),
    sort: helpArticleFields.shape.sort.default(0),
    /**
     * Another language of this article's group: the category and channel are the group's (the
     * fields given here are ignored) and the language must be new to the group.
     */
    translation_of: idField.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.translation_of === undefined && value.category_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['category_id'], params: { key: 'required' } });
    }
  });
export type HelpArticleCreate = z.input<typeof helpArticleCreateBody>;

/**
 * Fields left out keep their value; the language is immutable. A new category or channel applies
 * to every language of the group.
 */
export const helpArticleUpdateBody = helpArticleFields
  .omit({ language: true })
  .partial()
  .extend({ version: versionField });
export type HelpArticleUpdate = z.input<typeof helpArticleUpdateBody>;

export const helpArticleItem = helpArticleFields.extend({
  ...rowMeta,
  product_id: idField,
  /** The languages of one article share the group. */
  group_id: z.string(),
  status: z.enum(HELP_ARTICLE_STATUSES),
  /** The revision of the group's zh source this text was written from. */
  source_version: z.number().int(),
  /** The zh source changed since this translation was last edited. */
  stale: z.boolean(),
  published_at: z.string().nullable(),
});
export type HelpArticle = z.infer<typeof helpArticleItem>;

export const HELP_ARTICLE_SORTS = [
  'id',
  'sort',
  'title',
  'language',
  'status',
  'created_at',
  'updated_at',
] as const;
export const helpArticleFilters = {
  /** Matches the title. */
  q: keyword,
  category_id: queryInt(1).optional(),
  channel_id: channelFilter,
  language: z.enum(LANGUAGES).optional(),
  status: z.enum(HELP_ARTICLE_STATUSES).optional(),
  stale: queryFlag,
  group_id: safeText().trim().max(64).optional(),
};
export const helpArticleListQuery = listQuery(HELP_ARTICLE_SORTS, helpArticleFilters);
export const helpArticleExportQuery = exportQuery(helpArticleFilters);
export const helpArticleListAnswer = listAnswer(helpArticleItem);

/** Publish or unpublish: the version the caller read. */
export const helpArticleStateBody = z.object({ version: versionField });

/** Copies the article's group (every language, as drafts) to each channel. */
export const helpArticleCopyBody = z.object({ channel_ids: distinct(idField, 50).min(1) });
export const helpArticleCopyAnswer = z.object({ articles: z.array(helpArticleItem) });

/** `GET /help-articles/preview`: the published help centre as a player of the channel sees it (the game API's answer). */
export const helpPreviewQuery = z.object({
  channel_id: queryInt(1).optional(),
  language: z.enum(LANGUAGES).default(HELP_SOURCE_LANGUAGE),
});

/** Help articles, one row per language (export only); publish, unpublish and copy are their own routes. */
export const helpArticlesResource = defineResource({
  name: 'help-articles',
  page: '/projectbase/projectbase-fe/help-center',
  scope: 'product',
  logTarget: 'help_article',
  namespace: 'help',
  item: helpArticleItem,
  create: helpArticleCreateBody,
  update: helpArticleUpdateBody,
  list: helpArticleListQuery,
  export: helpArticleExportQuery,
  filters: ['q', 'category_id', 'channel_id', 'language', 'status', 'stale', 'group_id'],
  sorts: ['sort', 'id', 'title', 'language', 'status', 'created_at', 'updated_at'],
  remove: 'delete',
});
