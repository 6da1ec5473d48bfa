import { z } from 'zod';
import {
  codeField,
  i18nText,
  i18nTextPatch,
  idField,
  int32,
  keyword,
  optionalI18nText,
  queryFlag,
  queryInt,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Feedback types of a product (`X-Product-Id`): `/api/v1/feedback-types` (page
 * `/service/feedbackConfig/feedback-configure`). A tree: a type drives the player's feedback form
 * (which fields are required), the service queue the ticket goes to and the first auto-reply.
 * A node with children is not deleted (422001); a node cannot move under its own descendant (422001).
 */

const feedbackTypeFields = z.object({
  /** What the game and the tickets name the type by; it never changes once created. */
  code: codeField(32),
  /** null: a top-level type. */
  parent_id: idField.nullable(),
  name: i18nText(64),
  require_order_no: z.boolean(),
  require_screenshot: z.boolean(),
  require_server_role: z.boolean(),
  /** The service queue new tickets of this type are routed to. */
  queue: codeField(32),
  /** The first automatic reply a player gets, per language (empty: none, or the zh one). */
  auto_reply: optionalI18nText(1000),
  enabled: z.boolean(),
  sort: int32(0, 9999),
});

export const feedbackTypeCreateBody = feedbackTypeFields.extend({
  parent_id: feedbackTypeFields.shape.parent_id.default(null),
  require_order_no: z.boolean().default(false),
  require_screenshot: z.boolean().default(false),
  require_server_role: z.boolean().default(false),
  queue: feedbackTypeFields.shape.queue.default('default'),
  auto_reply: optionalI18nText(1000).prefault({}),
  enabled: z.boolean().default(true),
  sort: feedbackTypeFields.shape.sort.default(0),
});
export type FeedbackTypeCreate = z.input<typeof feedbackTypeCreateBody>;

/** Fields left out keep their value (languages too); `code` is immutable; a new `parent_id` moves the node. */
export const feedbackTypeUpdateBody = feedbackTypeFields
  .partial()
  .extend({ auto_reply: i18nTextPatch(1000).optional(), version: versionField });
export type FeedbackTypeUpdate = z.input<typeof feedbackTypeUpdateBody>;

export const feedbackTypeItem = feedbackTypeFields.extend({ ...rowMeta, product_id: idField });
export type FeedbackType = z.infer<typeof feedbackTypeItem>;

/** `GET /feedback-types/tree`: every type of the product, nested, by `sort` then id. */
export type FeedbackTypeNode = FeedbackType & { children: FeedbackTypeNode[] };

export const FEEDBACK_TYPE_SORTS = ['id', 'code', 'sort', 'queue', 'created_at', 'updated_at'] as const;
export const feedbackTypeFilters = {
  /** Matches the code or the name in any language. */
  q: keyword,
  /** The children of one node; `0`: the top-level types. */
  parent_id: queryInt(0).optional(),
  enabled: queryFlag,
  queue: safeText().trim().max(32).optional(),
};
export const feedbackTypeListQuery = listQuery(FEEDBACK_TYPE_SORTS, feedbackTypeFilters);
export const feedbackTypeExportQuery = exportQuery(feedbackTypeFilters);
export const feedbackTypeListAnswer = listAnswer(feedbackTypeItem);

/** Feedback types: a tree per product (export only; the tree is edited in the console). */
export const feedbackTypesResource = defineResource({
  name: 'feedback-types',
  page: '/service/feedbackConfig/feedback-configure',
  scope: 'product',
  logTarget: 'feedback_type',
  namespace: 'feedbackTypes',
  item: feedbackTypeItem,
  create: feedbackTypeCreateBody,
  update: feedbackTypeUpdateBody,
  list: feedbackTypeListQuery,
  export: feedbackTypeExportQuery,
  filters: ['q', 'parent_id', 'enabled', 'queue'],
  // Siblings are shown in their `sort` order by default.
  sorts: ['sort', 'id', 'code', 'queue', 'created_at', 'updated_at'],
  remove: 'delete',
});
