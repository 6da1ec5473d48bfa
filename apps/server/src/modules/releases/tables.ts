import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  PackageManifest,
  AppPlatform,
  BugPriority,
  BugResolution,
  BugSeverity,
  BugStatus,
  OptionalI18nText,
  PackageKind,
  PackageStatus,
  PublishAction,
  PublishedRelease,
  ReleaseStatus,
  TestAccountKind,
  TestResult,
  UpdateMode,
  VersionFieldType,
  VersionFieldValue,
} from '@rx/contracts';
import { at, cpRef, createdAt, createdBy, editStamps, gameRow, serialId, users } from '../../db/schema.ts';
import { files } from '../files/tables.ts';

/** The versions of a product's app per platform and channel: the working copy staff edit (`/product/product-fe/version-manage`). */
export const appReleases = pgTable(
  'app_releases',
  {
    ...gameRow(),
    platform: text('platform').$type<AppPlatform>().notNull(),
    /** Empty: every channel of the platform without a version of its own. */
    channel: text('channel').notNull().default(''),
    versionName: text('version_name').notNull(),
    versionCode: integer('version_code').notNull(),
    minVersionCode: integer('min_version_code').notNull().default(0),
    blockedVersionCodes: jsonb('blocked_version_codes').$type<number[]>().notNull().default([]),
    updateMode: text('update_mode').$type<UpdateMode>().notNull().default('optional'),
    storeUrl: text('store_url').notNull().default(''),
    downloadUrl: text('download_url').notNull().default(''),
    updateText: jsonb('update_text').$type<OptionalI18nText>().notNull(),
    /** What changed in this version, per language (the version log shows it, the game API serves it). */
    changelog: jsonb('changelog')
      .$type<OptionalI18nText>()
      .notNull()
      .default({} as OptionalI18nText),
    whitelistOpenids: jsonb('whitelist_openids').$type<string[]>().notNull().default([]),
    whitelistDevices: jsonb('whitelist_devices').$type<string[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    /** The version fields' values by key (a json field's as JSON text). */
    fieldValues: jsonb('field_values').$type<Record<string, VersionFieldValue>>().notNull().default({}),
    status: text('status').$type<ReleaseStatus>().notNull().default('draft'),
    /** The highest rollout percentage published; a publish never lowers it. */
    rolloutPercent: integer('rollout_percent').notNull().default(0),
    /** The newest publish of this version. */
    publishedNumber: integer('published_number'),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('app_releases_product_target_code').on(t.productId, t.platform, t.channel, t.versionCode),
    index('app_releases_cp').on(t.cpId),
    index('app_releases_product_updated').on(t.productId, t.updatedAt),
  ],
);

/**
 * Every publish of a product's platform and channel, numbered 1, 2, … per platform and channel;
 * the newest is what games get. Never edited: a halt, a resume and a rollback append a row too.
 */
export const appReleasePublishes = pgTable(
  'app_release_publishes',
  {
    ...gameRow(),
    platform: text('platform').$type<AppPlatform>().notNull(),
    channel: text('channel').notNull(),
    number: integer('number').notNull(),
    action: text('action').$type<PublishAction>().notNull(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => appReleases.id),
    snapshot: jsonb('snapshot').$type<PublishedRelease>().notNull(),
    percent: integer('percent').notNull(),
    halted: boolean('halted').notNull().default(false),
    rollbackOf: integer('rollback_of'),
    note: text('note').notNull().default(''),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('app_release_publishes_target_number').on(t.productId, t.platform, t.channel, t.number),
    index('app_release_publishes_release').on(t.releaseId),
    index('app_release_publishes_cp').on(t.cpId),
  ],
);

/**
 * Installation packages of a product's app (`/product/product-fe/app-package-configure`): an
 * uploaded file per platform, channel, sub-channel and build number. The file's name, size and
 * SHA-256 are copied from its upload when the package is created (a file never changes under its id).
 */
export const appPackages = pgTable(
  'app_packages',
  {
    ...gameRow(),
    platform: text('platform').$type<AppPlatform>().notNull(),
    channel: text('channel').notNull().default(''),
    subChannel: text('sub_channel').notNull().default(''),
    versionName: text('version_name').notNull(),
    versionCode: integer('version_code').notNull(),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    kind: text('kind').$type<PackageKind>().notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    downloadUrl: text('download_url').notNull().default(''),
    /** What the file's own manifest says (null: not read for its kind). */
    manifest: jsonb('manifest').$type<PackageManifest>(),
    status: text('status').$type<PackageStatus>().notNull().default('testing'),
    note: text('note').notNull().default(''),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('app_packages_product_target_code').on(
      t.productId,
      t.platform,
      t.channel,
      t.subChannel,
      t.versionCode,
    ),
    index('app_packages_file').on(t.fileId),
    index('app_packages_cp').on(t.cpId),
    index('app_packages_product_updated').on(t.productId, t.updatedAt),
  ],
);

/** Version fields of a product (`/product/product-fe/version-field-config`): typed settings each version carries. */
export const versionFields = pgTable(
  'version_fields',
  {
    ...gameRow(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<VersionFieldType>().notNull(),
    /**
     * `{ value }`: a jsonb holding a bare string that is itself JSON ('{"a":1}', "60") reads back
     * parsed (the driver and Drizzle both parse), so the value is wrapped in an object.
     */
    defaultValue: jsonb('default_value').$type<{ value: VersionFieldValue }>().notNull(),
    jsonSchema: text('json_schema').notNull().default(''),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('version_fields_product_key').on(t.productId, t.key),
    index('version_fields_cp').on(t.cpId),
    index('version_fields_product_updated').on(t.productId, t.updatedAt),
  ],
);

/** Test plans of a version (`/product/product-fe/test-manage`). */
export const testPlans = pgTable(
  'test_plans',
  {
    ...gameRow(),
    name: text('name').notNull(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => appReleases.id),
    description: text('description').notNull().default(''),
    ...editStamps(),
  },
  (t) => [
    index('test_plans_product').on(t.productId, t.updatedAt),
    index('test_plans_release').on(t.releaseId),
  ],
);

/** The cases of a plan: what to do and what should happen. */
export const testCases = pgTable(
  'test_cases',
  {
    ...gameRow(),
    planId: integer('plan_id')
      .notNull()
      .references(() => testPlans.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    steps: text('steps').notNull().default(''),
    expected: text('expected').notNull().default(''),
    ...editStamps(),
  },
  (t) => [index('test_cases_plan').on(t.planId, t.id)],
);

/** Every run of a case, never edited: the latest run of a case is its result. */
export const testRuns = pgTable(
  'test_runs',
  {
    ...gameRow(),
    planId: integer('plan_id')
      .notNull()
      .references(() => testPlans.id, { onDelete: 'cascade' }),
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    result: text('result').$type<TestResult>().notNull(),
    note: text('note').notNull().default(''),
    evidence: jsonb('evidence').$type<string[]>().notNull().default([]),
    bugId: integer('bug_id'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [index('test_runs_case').on(t.caseId, t.id), index('test_runs_plan').on(t.planId, t.id)],
);

/** Openids and devices that pass maintenance (the version check answers them none). */
export const testAccounts = pgTable(
  'test_accounts',
  {
    ...gameRow(),
    kind: text('kind').$type<TestAccountKind>().notNull(),
    value: text('value').notNull(),
    note: text('note').notNull().default(''),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('test_accounts_product_value').on(t.productId, t.kind, t.value),
    index('test_accounts_updated').on(t.productId, t.updatedAt),
    index('test_accounts_value').on(t.productId, t.value),
  ],
);

/** Bugs of a game (`/product/product-fe/bug-manage`). */
export const bugs = pgTable(
  'bugs',
  {
    ...gameRow(),
    title: text('title').notNull(),
    severity: text('severity').$type<BugSeverity>().notNull(),
    priority: text('priority').$type<BugPriority>().notNull(),
    steps: text('steps').notNull().default(''),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    foundReleaseId: integer('found_release_id').references(() => appReleases.id),
    fixedReleaseId: integer('fixed_release_id').references(() => appReleases.id),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    status: text('status').$type<BugStatus>().notNull().default('active'),
    resolution: text('resolution').$type<BugResolution>(),
    duplicateOf: integer('duplicate_of'),
    reopenCount: integer('reopen_count').notNull().default(0),
    runId: integer('run_id'),
    planId: integer('plan_id'),
    createdBy: createdBy(),
    resolvedAt: at('resolved_at'),
    closedAt: at('closed_at'),
    ...editStamps(),
  },
  (t) => [
    index('bugs_product_updated').on(t.productId, t.updatedAt),
    index('bugs_assignee')
      .on(t.assigneeId)
      .where(sql`${t.assigneeId} is not null`),
  ],
);

/** A bug's thread: staff comments and its moves, never edited. */
export const bugComments = pgTable(
  'bug_comments',
  {
    id: serialId(),
    cpId: cpRef(),
    bugId: integer('bug_id')
      .notNull()
      .references(() => bugs.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'comment' | 'resolve' | 'close' | 'reopen'>().notNull(),
    body: text('body').notNull().default(''),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [index('bug_comments_bug').on(t.bugId, t.id)],
);
