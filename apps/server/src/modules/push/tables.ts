import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  I18nText,
  PushDeliveryState,
  PushFileReport,
  PushGroupLayers,
  PushKind,
  PushPlatform,
  PushProviderName,
  PushQuietHours,
  PushTagCondition,
  PushTarget,
  PushTaskState,
  PushVariant,
} from '@rx/contracts';
import { at, bigSerialId, createdBy, editStamps, gameRow } from '../../db/schema.ts';

/**
 * Players' device tokens, as games register them (`POST /api/game/v1/push/tokens`): one row per
 * (product, provider, token). A token the game unregisters, replaces or a provider calls invalid is
 * `retired` (kept, never sent to again: registered anew it comes back active).
 */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: bigSerialId(),
    productId: integer('product_id').notNull(),
    openid: text('openid').notNull(),
    platform: text('platform').$type<PushPlatform>().notNull(),
    provider: text('provider').$type<PushProviderName>().notNull(),
    token: text('token').notNull(),
    appVersion: text('app_version').notNull().default(''),
    locale: text('locale').notNull().default(''),
    timeZone: text('time_zone').notNull().default(''),
    status: text('status').$type<'active' | 'retired'>().notNull().default('active'),
    /** Why it was retired: unregistered (by the game), replaced, or the provider's reason. */
    retiredReason: text('retired_reason').notNull().default(''),
    retiredAt: at('retired_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_tokens_product_token').on(t.productId, t.provider, t.token),
    index('push_tokens_product_openid').on(t.productId, t.openid),
    index('push_tokens_product_active')
      .on(t.productId, t.id)
      .where(sql`status = 'active'`),
  ],
);

/** A product's push tasks (`/operation/push-manage/app-push`). */
export const pushTasks = pgTable(
  'push_tasks',
  {
    ...gameRow(),
    name: text('name').notNull(),
    title: jsonb('title').$type<I18nText>().notNull(),
    body: jsonb('body').$type<I18nText>().notNull(),
    image: text('image').notNull().default(''),
    deepLink: text('deep_link').notNull().default(''),
    data: jsonb('data').$type<{ key: string; value: string }[]>().notNull().default([]),
    target: text('target').$type<PushTarget>().notNull(),
    userGroupIds: jsonb('user_group_ids').$type<number[]>().notNull().default([]),
    openids: jsonb('openids').$type<string[]>().notNull().default([]),
    providers: jsonb('providers').$type<PushProviderName[]>().notNull().default([]),
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
    sendAt: at('send_at'),
    ttlSeconds: integer('ttl_seconds').notNull().default(86_400),
    capCount: integer('cap_count').notNull().default(0),
    capHours: integer('cap_hours').notNull().default(24),
    status: text('status').$type<PushTaskState>().notNull().default('draft'),
    targeted: integer('targeted').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    invalidTokens: integer('invalid_tokens').notNull().default(0),
    /** The send batches done (each once), and how many there are. */
    chunksDone: jsonb('chunks_done').$type<number[]>().notNull().default([]),
    chunkCount: integer('chunk_count').notNull().default(0),
    jobId: integer('job_id'),
    sentAt: at('sent_at'),
    finishedAt: at('finished_at'),
    approvalId: integer('approval_id'),
    createdBy: createdBy(),
    /** App push, or a WeChat subscribe message of a mini-program or mini-game (with its template and page). */
    kind: text('kind').$type<PushKind>().notNull().default('app'),
    templateId: text('template_id').notNull().default(''),
    page: text('page').notNull().default(''),
    /** A wall-clock moment (`YYYY-MM-DDTHH:MM`) in each player's own time zone; null: `send_at`. */
    localSendAt: text('local_send_at'),
    quietHours: jsonb('quiet_hours').$type<PushQuietHours | null>(),
    convertHours: integer('convert_hours').notNull().default(24),
    variants: jsonb('variants').$type<PushVariant[]>().notNull().default([]),
    /** Target `tags`: the profile tags (and values) a player carries. */
    tags: jsonb('tags').$type<PushTagCondition[]>().notNull().default([]),
    /** Target `file`: the uploaded openid list (its openids kept in `push_task_openids` when saved). */
    fileId: text('file_id'),
    fileReport: jsonb('file_report').$type<PushFileReport | null>(),
    platforms: jsonb('platforms').$type<PushPlatform[]>().notNull().default([]),
    appVersionMin: text('app_version_min').notNull().default(''),
    appVersionMax: text('app_version_max').notNull().default(''),
    appVersions: jsonb('app_versions').$type<string[]>().notNull().default([]),
    activeDays: integer('active_days'),
    /** Target `groups`: per group, some of its layers (a group not named: all its members). */
    userGroupLayers: jsonb('user_group_layers').$type<PushGroupLayers[]>().notNull().default([]),
    ...editStamps(),
  },
  (t) => [index('push_tasks_product_status').on(t.productId, t.status), index('push_tasks_cp').on(t.cpId)],
);

/** The openids of a task's uploaded file (target `file`), read when the task is saved: each once. */
export const pushTaskOpenids = pgTable(
  'push_task_openids',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => pushTasks.id, { onDelete: 'cascade' }),
    openid: text('openid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.openid] })],
);

/**
 * One push of a task to one device, claimed (`sending`) before the provider is asked and answered
 * after: a batch run again never asks twice for the same (task, token).
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => pushTasks.id, { onDelete: 'cascade' }),
    tokenId: bigint('token_id', { mode: 'number' }).notNull(),
    openid: text('openid').notNull(),
    provider: text('provider').$type<PushProviderName>().notNull(),
    state: text('state').$type<PushDeliveryState | 'sending'>().notNull().default('sending'),
    /** The provider's message id (sent), or the failure's kind or the provider's reason. */
    messageId: text('message_id').notNull().default(''),
    reason: text('reason').notNull().default(''),
    at: at('at').notNull().defaultNow(),
    /** When the player opened it (the game reports it: `POST /api/game/v1/push/opened`). */
    openedAt: at('opened_at'),
    /** When the game reported it received (`POST /api/game/v1/push/delivered`; an open says so too). */
    deliveredAt: at('delivered_at'),
    /** The A/B variant it carries ('' the task's own texts). */
    variant: text('variant').notNull().default(''),
    /** Deferred: when it is due (the player's local time, the end of their quiet hours). */
    dueAt: at('due_at'),
    /**
     * The job whose batch claimed it for sending (the send job or a wave): only that job's run
     * answers it, or fails it as interrupted when run again (another job's claim is in flight).
     */
    claimJob: integer('claim_job'),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.tokenId] }),
    index('push_deliveries_task_state').on(t.taskId, t.state),
    // The frequency cap: a player's recent pushes.
    index('push_deliveries_openid_at').on(t.openid, t.at),
    index('push_deliveries_deferred')
      .on(t.taskId, t.dueAt)
      .where(sql`state = 'deferred'`),
  ],
);

/**
 * A mini-game's subscribe message templates, synced from WeChat (`POST /push-templates/sync`), with
 * what each field says (the mapping a send uses when it names no fields of its own).
 */
export const pushTemplates = pgTable(
  'push_templates',
  {
    ...gameRow(),
    templateId: text('template_id').notNull(),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    example: text('example').notNull().default(''),
    type: integer('type').notNull().default(2),
    fields: jsonb('fields').$type<string[]>().notNull().default([]),
    mapping: jsonb('mapping').$type<{ key: string; value: string }[]>().notNull().default([]),
    status: text('status').$type<'active' | 'removed'>().notNull().default('active'),
    syncedAt: at('synced_at').notNull().defaultNow(),
    ...editStamps(),
  },
  (t) => [uniqueIndex('push_templates_product_template').on(t.productId, t.templateId)],
);

/**
 * The quota ledger of one-time subscriptions: per player and template, the grants the game reported
 * (`POST /api/game/v1/subscriptions`, one per acceptance) and those a send used. A send takes one
 * with `used = used + 1 where used < granted` (a row lock: one grant, one send, however many race).
 */
export const pushGrants = pgTable(
  'push_grants',
  {
    productId: integer('product_id').notNull(),
    openid: text('openid').notNull(),
    templateId: text('template_id').notNull(),
    granted: integer('granted').notNull().default(0),
    used: integer('used').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.openid, t.templateId] }),
    index('push_grants_template').on(t.productId, t.templateId),
  ],
);
