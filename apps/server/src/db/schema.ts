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
  type AnyPgColumn,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LifecycleState } from '@rx/contracts';

/*
 * Column builders: the groups of columns tables share, written once. A builder makes new columns at
 * each call (a column belongs to one table); the generated schema is the same as spelling them out.
 */

/** A time column (with time zone); every time the database keeps is one. */
export const at = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();
/** The row version: edits name the version they read; a stale one is refused. */
export const rowVersion = () => integer('version').notNull().default(1);
/** Who made the row, by name (staff rows of the console). */
export const createdBy = () => text('created_by').notNull().default('');
/** Who changed the row last, by name. */
export const updatedBy = () => text('updated_by').notNull().default('');

/** An id the database numbers. */
export const serialId = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
/** An id the database numbers, for tables that grow with the players (events, orders, flags). */
export const bigSerialId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** The CP a row belongs to. */
export function cpRef() {
  return integer('cp_id')
    .notNull()
    .references(() => cps.id);
}

/** The game (product) a row belongs to. */
export function productRef() {
  return integer('product_id')
    .notNull()
    .references(() => products.id);
}

/** The CP and the game a row of a game's data belongs to (the resource toolkit scopes every query by both). */
export function gameOwner() {
  return { cpId: cpRef(), productId: productRef() };
}

/** A row of a game's data that staff manage: its id, and the CP and game it belongs to. */
export function gameRow() {
  return { id: serialId(), ...gameOwner() };
}

/** The version and times of a row staff edit (the version check of `updateVersioned`). */
export function editStamps() {
  return { version: rowVersion(), createdAt: createdAt(), updatedAt: updatedAt() };
}

/**
 * The columns of a plain go-live row's status, stamps and record (what `goLiveFields` of lib/define-lifecycle.ts
 * reads back): its state, when it went live and ended, the approval request waiting on it (pending_approval
 * only), who made it, and the edit stamps.
 */
export function goLiveColumns() {
  return {
    status: text('status').$type<LifecycleState>().notNull().default('draft'),
    publishedAt: at('published_at'),
    endedAt: at('ended_at'),
    approvalId: integer('approval_id'),
    createdBy: createdBy(),
    ...editStamps(),
  };
}

/**
 * A record about a game's players (a refund, a sanction, a flag): numbered in bigint, filed under
 * the CP and game without foreign keys (these tables grow with the players and are written in bulk).
 */
export function playerRecord() {
  return {
    id: bigSerialId(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
  };
}

/** The player a record is about: the id and the openid the game knows them by. */
export function recordPlayer() {
  return {
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    openid: text('openid').notNull(),
  };
}

/** The staff member who made a record (none: the system), by id and by name at the time. */
export function recordCreator() {
  return {
    createdById: integer('created_by_id'),
    createdByName: text('created_by_name').notNull().default(''),
  };
}

/**
 * The columns of a timeline event (a refund's, a web order's): what happened, when, who did it
 * (none: the system), why, and the details. Spread into the table beside its owner's key.
 */
export const timelineColumns = () => ({
  kind: text('kind').notNull(),
  at: at('at').notNull().defaultNow(),
  byId: integer('by_id'),
  byName: text('by_name').notNull().default(''),
  reason: text('reason').notNull().default(''),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
});

/** A CP (tenant): a publisher account with its publish area and gateway domain. */
export const cps = pgTable('cps', {
  id: serialId(),
  name: text('name').notNull(),
  publishArea: text('publish_area').$type<'gn' | 'hw'>().notNull(),
  gwDomain: text('gw_domain').notNull().default(''),
  /** The language its staff write in: the one every multilingual text must have (issue 27). */
  defaultLang: text('default_lang').notNull().default('zh'),
  /** The time zone of a player whose own is unknown (push at a local time, quiet hours). */
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  ...editStamps(),
});

/** A game of a CP. */
export const products = pgTable(
  'products',
  {
    id: serialId(),
    cpId: cpRef(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    iconUrl: text('icon_url').notNull().default(''),
    /** ios, android, pc, web. */
    platforms: jsonb('platforms').$type<string[]>().notNull().default([]),
    region: text('region').$type<'gn' | 'hw'>().notNull(),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    ...editStamps(),
  },
  (t) => [uniqueIndex('products_cp_code').on(t.cpId, t.code)],
);

export const users = pgTable(
  'users',
  {
    id: serialId(),
    cpId: cpRef(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Set for CP developer accounts, which get the empty home. */
    usertype: smallint('usertype'),
    defaultLang: text('default_lang').notNull().default('zh'),
    isModifiedPassword: smallint('is_modified_password').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    /** Epoch ms of the last change to this user's roles or permissions; older access tokens get 305004. */
    permChangedAt: bigint('perm_changed_at', { mode: 'number' }).notNull().default(0),
    ...editStamps(),
  },
  (t) => [uniqueIndex('users_username').on(sql`lower(${t.username})`), index('users_cp').on(t.cpId)],
);

export const roles = pgTable(
  'roles',
  {
    id: serialId(),
    cpId: cpRef(),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    /** A disabled role grants nothing (a role in use is disabled instead of deleted). */
    disabled: boolean('disabled').notNull().default(false),
    ...editStamps(),
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
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
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
    revokedAt: at('revoked_at'),
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
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId)],
);

/** Sign-in links: issued by platform_link, each accepted once (its trace_id). */
export const ssoLinks = pgTable('sso_links', {
  traceId: text('trace_id').primaryKey(),
  userId: integer('user_id').notNull(),
  sessionId: text('session_id'),
  createdAt: createdAt(),
  usedAt: at('used_at'),
});

/** Failed sign-ins per username (`u:name`) and per IP (`ip:addr`) in the current window. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  firstAt: at('first_at').notNull().defaultNow(),
  lastAt: at('last_at').notNull().defaultNow(),
});

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** Every write of every page lands here (who, what, target, before/after, IP, time). */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigSerialId(),
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
    id: serialId(),
    cpId: cpRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'work_order' | 'approval' | 'system'>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** A console path to open, e.g. a work order. */
    link: text('link').notNull().default(''),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_time').on(t.userId, t.createdAt)],
);

/**
 * The timeline of an owner (a refund, a web order): its events, under the owner's key (the owner's
 * `<key>_id` column, deleted with it) and read by owner in time order.
 */
export function timelineTable<K extends string>(
  name: string,
  owner: { key: K; column: `${string}_id`; references: () => AnyPgColumn },
) {
  const ownerId = () =>
    bigint(owner.column, { mode: 'number' }).notNull().references(owner.references, { onDelete: 'cascade' });
  const ownerColumns = { [owner.key]: ownerId() } as Record<K, ReturnType<typeof ownerId>>;
  return pgTable(name, { id: bigSerialId(), ...ownerColumns, ...timelineColumns() }, (t) => [
    index(`${name}_${owner.column.slice(0, -'_id'.length)}`).on(t[owner.key], t.at),
  ]);
}

/**
 * The list page cache's change stamps (lib/list-cache.ts): a statement-level trigger on each table
 * whose list pages are cached appends a row (`weight` 1) in the writing transaction, so a table's
 * stamp, the sum of its weights, grows with every committed change and never otherwise. Compaction
 * folds a table's rows into one of the same sum.
 */
export const listChanges = pgTable(
  'list_changes',
  {
    tableName: text('table_name').notNull(),
    weight: bigint('weight', { mode: 'number' }).notNull(),
  },
  (t) => [index('list_changes_table').on(t.tableName)],
);
