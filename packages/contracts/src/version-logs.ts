import { z } from 'zod';
import { keyword, optionalI18nText, queryInt } from './fields.ts';
import { listAnswer, listQuery } from './lists.ts';
import { actionPermission, seePermissionOf } from './pages.ts';
import {
  APP_PLATFORMS,
  CHANGELOG_MAX,
  PUBLISH_ACTIONS,
  releaseChannel,
  releasePublishItem,
} from './releases.ts';

/**
 * The release log (issue 29, `GET /api/v1/version-logs`, page `/product/product-fe/versions-log`):
 * who released what and when — every publish, halt, resume and rollback of every platform and
 * channel of the game, read from the publishes themselves (they are never edited), newest first.
 */

export const VERSION_LOG_PAGE = '/product/product-fe/versions-log';

/** The page's permissions (a read-only log: only `see` is used), for the route's access rule. */
const see = seePermissionOf(VERSION_LOG_PAGE);
export const versionLogAccess = {
  scope: 'product' as const,
  permissions: {
    see,
    edit: actionPermission(see, 'edit'),
    delete: actionPermission(see, 'delete'),
    export: actionPermission(see, 'export'),
    approve: actionPermission(see, 'approve'),
  },
};

export const VERSION_LOG_SORTS = ['created_at', 'version_code', 'platform', 'channel', 'action'] as const;
export const VERSION_LOG_FILTERS = ['q', 'platform', 'channel', 'action', 'created_by'] as const;
export const versionLogQuery = listQuery(VERSION_LOG_SORTS, {
  /** Part of the version name or the note. */
  q: keyword,
  platform: z.enum(APP_PLATFORMS).optional(),
  channel: releaseChannel.optional(),
  action: z.enum(PUBLISH_ACTIONS).optional(),
  /** Who published (exact username). */
  created_by: keyword,
});

/** One entry: a publish without its snapshot, with its version's changelog per language. */
export const versionLogItem = releasePublishItem.omit({ snapshot: true }).extend({
  changelog: optionalI18nText(CHANGELOG_MAX),
});
export type VersionLogItem = z.infer<typeof versionLogItem>;
export const versionLogAnswer = listAnswer(versionLogItem);

/** `GET /version-logs/adoption?days=`: players signing in per version of the app, per day (UTC). */
export const ADOPTION_MAX_DAYS = 90;
export const ADOPTION_TOP_VERSIONS = 6;
export const versionAdoptionQuery = z.object({
  days: queryInt(1, ADOPTION_MAX_DAYS).default(14),
});
export const versionAdoptionAnswer = z.object({
  /** The days, oldest first (YYYY-MM-DD, UTC). */
  days: z.array(z.string()),
  /**
   * The most used versions over the days (their app_version as games report it), each with its
   * players per day; the rest summed under `other` (null when there is none).
   */
  versions: z.array(z.object({ version: z.string(), players: z.array(z.number().int()) })),
  other: z.array(z.number().int()).nullable(),
  /** Distinct players signed in per day, whatever their version. */
  total: z.array(z.number().int()),
});
export type VersionAdoption = z.infer<typeof versionAdoptionAnswer>;

/**
 * `GET /version-logs/audit`: the audit of the game's versions — every create, edit, delete, import,
 * publish, halt, resume and rollback — with who did it, when, and each field changed from what to
 * what (`changelog.en`: one language of a multilingual field). Read from the operation log, where
 * every version write is recorded in its transaction.
 */
export const VERSION_AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'import',
  'publish',
  'halt',
  'resume',
  'rollback',
] as const;
export const VERSION_AUDIT_SORTS = ['created_at'] as const;
export const VERSION_AUDIT_FILTERS = ['q', 'release_id', 'action', 'created_by'] as const;
export const versionAuditQuery = listQuery(VERSION_AUDIT_SORTS, {
  /** Part of the version's name (`android/huawei 1.4.2 (142)`: platform, channel, version, build). */
  q: keyword,
  /** One version's entries. */
  release_id: queryInt(1).optional(),
  action: z.enum(VERSION_AUDIT_ACTIONS).optional(),
  /** Who (exact username). */
  created_by: keyword,
});
export const versionAuditChange = z.object({
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
});
export type VersionAuditChange = z.infer<typeof versionAuditChange>;
export const versionAuditItem = z.object({
  id: z.number().int(),
  action: z.enum(VERSION_AUDIT_ACTIONS),
  release_id: z.number().int(),
  /** The version as it was named then (`android/huawei 1.4.2 (142)`). */
  release_name: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  changes: z.array(versionAuditChange),
});
export type VersionAuditItem = z.infer<typeof versionAuditItem>;
export const versionAuditAnswer = listAnswer(versionAuditItem);
