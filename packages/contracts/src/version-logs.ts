import { z } from 'zod';
import { keyword } from './fields.ts';
import { listAnswer, listQuery } from './lists.ts';
import { actionPermission, seePermissionOf } from './pages.ts';
import { APP_PLATFORMS, PUBLISH_ACTIONS, releaseChannel, releasePublishItem } from './releases.ts';

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

/** One entry: a publish without its snapshot. */
export const versionLogItem = releasePublishItem.omit({ snapshot: true });
export type VersionLogItem = z.infer<typeof versionLogItem>;
export const versionLogAnswer = listAnswer(versionLogItem);
