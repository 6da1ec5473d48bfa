import { z } from 'zod';
import { isoTime, queryInt, safeText } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/** The operation log, read-only: `/api/v1/operation-logs` (page `/useraccount/account-operation-log`). */

/**
 * Every action the server writes to the log. The server's log writes take only these (their type
 * is `LogAction`), and the log page filters and labels exactly these: a new action is added here.
 */
export const LOG_ACTIONS = [
  'create',
  'update',
  'delete',
  'disable',
  'enable',
  'clone',
  'copy',
  'move',
  'new_version',
  'publish',
  'unpublish',
  'rollback',
  'kill_switch_on',
  'kill_switch_off',
  'import',
  'export',
  'revoke',
  'sign_in',
  'link_login',
  'set_password',
  'reset_password',
  // The shared lifecycle and two-person approval.
  'submit',
  'approve',
  'reject',
  'cancel',
  'schedule',
  'recall',
  'end',
  // Version release tools: a staged rollout stopped and going again.
  'halt',
  'resume',
  // Test management and bugs: a case run, a bug resolved, closed, reopened.
  'run',
  'resolve',
  'close',
  'reopen',
  // Image review: a given-up scoring tried again by staff.
  'retry',
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

/** Kinds of row a log entry is about. */
export const LOG_ROW_TARGETS = [
  'product',
  'channel',
  'sub_channel',
  'prop',
  'gift_package',
  'billing_point',
  'feedback_type',
  'error_code',
  'error_code_release',
  'help_category',
  'help_article',
  'auto_reply',
  'auto_reply_special',
  'chat_access',
  'friend_access',
  'game_api_key',
  'staff',
  'role',
  'cp_settings',
  'approval_request',
  'approval_policy',
  'file',
  'player',
  'profile_tag',
  'player_tier_settings',
  'user_group',
  'code_batch',
  'sanction',
  'announcement',
  'violation_template',
  'mail',
  'refund',
  'ticket',
  'violator',
  'cheat_flag',
  'cheat_whitelist',
  'web_activity',
  'web_site',
  'web_protocol',
  'web_good',
  'web_order',
  'outside_party',
  'share_image',
  'share_card',
  'share_strategy',
  'share_link',
  'share_platform',
  'share_multi_image',
  'share_words',
  'popup_scene',
  'popup',
  'push_task',
  'app_release',
  'app_package',
  'version_field',
  'ad_account',
  'ad_report',
  'ad_batch',
  'cs_script',
  'cs_blacklist',
  'cs_agent',
  'holiday',
  'callback',
  'feature_module',
  'debug_param',
  'account_cancellation',
  'test_plan',
  'test_case',
  'test_account',
  'bug',
  'cs_settings',
  'cs_team',
  'cs_complaint',
  'cs_notice',
  'cs_panel',
  'lottery',
  'landing_page',
  'share_ad_slot',
  'share_tracking',
  'share_material',
  'share_video',
  'push_template',
  'wechat_service_rule',
  'incident',
  'document',
  'image_review',
  'saved_view',
  'ad_title',
  'ad_copy',
  'ad_label',
  'ad_source',
  'ad_app',
  'ad_cost_batch',
  'ad_object',
  'ad_rule',
  'ad_material',
  'ad_mapping',
  'ad_batch_template',
  'cs_classification',
  'cs_quality_rubric',
  'cs_quality_review',
  'cs_player_note',
  'ad_window',
  'ad_promotion',
  'ad_minigame_alert',
  'ad_minigame_report',
  'cs_conversation',
] as const;

/** Whole tables, the targets of imports and exports: their API names. */
export const LOG_TABLE_TARGETS = [
  'products',
  'channels',
  'sub-channels',
  'props',
  'gift-packages',
  'billing-points',
  'feedback-types',
  'error-codes',
  'help-categories',
  'help-articles',
  'auto-replies',
  'social-access',
  'staff',
  'roles',
  'operation-logs',
  'players',
  'profile-tags',
  'user-groups',
  'code-batches',
  'sanctions',
  'announcements',
  'violation-templates',
  'mails',
  'refunds',
  'tickets',
  'violations',
  'cheat-flags',
  'web-activities',
  'web-goods',
  'web-orders',
  'outside-calls',
  'share-images',
  'share-cards',
  'share-strategies',
  'share-links',
  'share-platforms',
  'share-multi-images',
  'share-words',
  'popup-scenes',
  'popups',
  'push-tasks',
  'app-releases',
  'app-packages',
  'version-fields',
  'ad-accounts',
  'ad-reports',
  'ad-batches',
  'holidays',
  'callbacks',
  'feature-modules',
  'debug-params',
  'account-cancellations',
  'cs-blacklist',
  'cs-notices',
  'test-plans',
  'test-accounts',
  'bugs',
  'lotteries',
  'lottery-draws',
  'landing-pages',
  'share-ad-slots',
  'share-tracking',
  'share-materials',
  'share-videos',
  'wechat-service-rules',
  'incidents',
  'documents',
  'image-reviews',
  'ad-titles',
  'ad-copies',
  'ad-labels',
  'ad-sources',
  'ad-apps',
  'ad-costs',
  'ad-objects',
  'ad-rules',
  'ad-materials',
  'ad-material-effects',
  'ad-mappings',
  'ad-batch-templates',
  'ad-batch-tasks',
  'cs-user-orders',
  'ad-windows',
  'ad-promotions',
  'ad-minigame-reports',
  'ad-minigame-alerts',
  'cs-quality-rubrics',
] as const;
export type LogTableTarget = (typeof LOG_TABLE_TARGETS)[number];
export type LogTargetType = (typeof LOG_ROW_TARGETS)[number] | LogTableTarget;
/** Every kind of target once (`staff` is both a row and a table). */
export const LOG_TARGET_TYPES: readonly LogTargetType[] = [
  ...new Set<LogTargetType>([...LOG_ROW_TARGETS, ...LOG_TABLE_TARGETS]),
];

/** Bookkeeping every row carries: it changes with any write, so the log does not count it as a change. */
export const LOG_BOOKKEEPING_FIELDS: readonly string[] = ['version', 'updated_at', 'created_at'];

export const operationLogItem = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  username: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** The target's name when the entry was written (it may have changed since). */
  target_name: z.string(),
  /**
   * Where a chat or friend access policy (or kill switch) applies: its region and its channel's
   * name (null: every channel), for a readable target instead of `gn:7`.
   */
  target_scope: z.object({ region: z.string(), channel: z.string().nullable() }).nullable(),
  product_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  created_at: z.string(),
});
export type OperationLog = z.infer<typeof operationLogItem>;

export const OPERATION_LOG_SORTS = ['id', 'created_at', 'username', 'action', 'target_type'] as const;

/** Signing in: logged like any action, but read apart from the changes staff made (the log's own tab). */
export const SESSION_LOG_ACTIONS = ['sign_in', 'link_login'] as const satisfies readonly LogAction[];
/** The log's two tabs: the changes staff made, or their sign-ins. */
export const LOG_KINDS = ['changes', 'sessions'] as const;
export type LogKind = (typeof LOG_KINDS)[number];
export const operationLogFilters = {
  /** The staff member: their id, or part of their username. */
  user_id: queryInt(1).optional(),
  username: safeText().trim().max(64).optional(),
  action: safeText().trim().max(32).optional(),
  /** Changes only, or sign-ins only (absent: both). */
  kind: z.enum(LOG_KINDS).optional(),
  target_type: safeText().trim().max(32).optional(),
  target_id: safeText().trim().max(64).optional(),
  product_id: queryInt(1).optional(),
  /** Time range, ISO 8601 with offset; `from` included, `to` excluded. */
  from: isoTime.optional(),
  to: isoTime.optional(),
};
export const operationLogListQuery = listQuery(OPERATION_LOG_SORTS, operationLogFilters);
export const operationLogExportQuery = exportQuery(operationLogFilters);
export const operationLogListAnswer = listAnswer(operationLogItem);

/**
 * The operation log: read-only (entries are written by the writes they record, never through its
 * API), newest first, exported as a stream. Its permissions come from its page.
 */
export const operationLogsResource = defineResource({
  name: 'operation-logs',
  page: '/useraccount/account-operation-log',
  scope: 'cp',
  logTarget: 'operation-logs',
  namespace: 'oplog',
  item: operationLogItem,
  // No create or update body: nothing writes the log through its API.
  create: z.never(),
  update: z.never(),
  list: operationLogListQuery,
  export: operationLogExportQuery,
  // The search form's (`user_id` is for links and other modules, not kept in the address).
  filters: ['kind', 'username', 'action', 'target_type', 'target_id', 'product_id', 'from', 'to'],
  sorts: OPERATION_LOG_SORTS,
  remove: 'none',
});
