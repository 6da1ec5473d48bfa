import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** The row version: edits name the version they read; a stale one is refused. */
export const rowVersion = () => integer('version').notNull().default(1);

/**
 * The columns of a timeline event (a refund's, a web order's): what happened, when, who did it
 * (none: the system), why, and the details. Spread into the table beside its owner's key.
 */
export const timelineColumns = () => ({
  kind: text('kind').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  byId: integer('by_id'),
  byName: text('by_name').notNull().default(''),
  reason: text('reason').notNull().default(''),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
});

/** A CP (tenant): a publisher account with its publish area and gateway domain. */
export const cps = pgTable('cps', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  publishArea: text('publish_area').$type<'gn' | 'hw'>().notNull(),
  gwDomain: text('gw_domain').notNull().default(''),
  version: rowVersion(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A game of a CP. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cpId: integer('cp_id')
      .notNull()
      .references(() => cps.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    iconUrl: text('icon_url').notNull().default(''),
    /** ios, android, pc, web. */
    platforms: jsonb('platforms').$type<string[]>().notNull().default([]),
    region: text('region').$type<'gn' | 'hw'>().notNull(),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('products_cp_code').on(t.cpId, t.code)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cpId: integer('cp_id')
      .notNull()
      .references(() => cps.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Set for CP developer accounts, which get the empty home. */
    usertype: smallint('usertype'),
    defaultLang: text('default_lang').notNull().default('zh'),
    isModifiedPassword: smallint('is_modified_password').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    /** Epoch ms of the last change to this user's roles or permissions; older access tokens get 305004. */
    permChangedAt: bigint('perm_changed_at', { mode: 'number' }).notNull().default(0),
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_username').on(sql`lower(${t.username})`), index('users_cp').on(t.cpId)],
);

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cpId: integer('cp_id')
      .notNull()
      .references(() => cps.id),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    /** A disabled role grants nothing (a role in use is disabled instead of deleted). */
    disabled: boolean('disabled').notNull().default(false),
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_cp_identifier').on(t.cpId, t.identifier)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.resource] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role').on(t.roleId)],
);

/** A sign-in at /login; the browser holds its token in an HttpOnly cookie. Only the hash is kept. */
export const signInSessions = pgTable(
  'sign_in_sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sign_in_sessions_token').on(t.tokenHash), index('sign_in_sessions_user').on(t.userId)],
);

/** One console sign-in (from a link): its access tokens and its chain of rotated refresh tokens. */
export const tokenFamilies = pgTable(
  'token_families',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('token_families_user').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: text('family_id')
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId)],
);

/** Sign-in links: issued by platform_link, each accepted once (its trace_id). */
export const ssoLinks = pgTable('sso_links', {
  traceId: text('trace_id').primaryKey(),
  userId: integer('user_id').notNull(),
  sessionId: text('session_id'),
  createdAt: createdAt(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Failed sign-ins per username (`u:name`) and per IP (`ip:addr`) in the current window. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
});

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Every write of every page lands here (who, what, target, before/after, IP, time). */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id'),
    userId: integer('user_id'),
    username: text('username').notNull().default(''),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull().default(''),
    /** The target's name at the time, copied in so the entry reads well after renames and deletes. */
    targetName: text('target_name').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('operation_logs_cp_time').on(t.cpId, t.createdAt),
    index('operation_logs_cp_target').on(t.cpId, t.targetType, t.targetId),
    index('operation_logs_cp_user').on(t.cpId, t.userId),
  ],
);

/** The header's notifications: work orders, approvals and system notices addressed to one staff member. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cpId: integer('cp_id')
      .notNull()
      .references(() => cps.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'work_order' | 'approval' | 'system'>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** A console path to open, e.g. a work order. */
    link: text('link').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_time').on(t.userId, t.createdAt)],
);
