import { LANGUAGES, type Announcement } from '@rx/contracts';
import type { Cell } from '../../lib/cells.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { announcementService } from './announcements.ts';

type Filters = Parameters<typeof announcementService.batch>[2];

/**
 * The announcement list's export (`GET /api/v1/announcements/export`): one row per notice — its
 * title in every language, type, state, audience and window. Export only.
 */
export const announcementExporter: ExportSpec<Announcement, Filters, null> = {
  name: 'announcements',
  headers: [
    'id',
    'type',
    ...LANGUAGES.map((lang) => `title.${lang}`),
    'status',
    'priority',
    'show_rule',
    'channels',
    'servers',
    'min_version',
    'max_version',
    'user_group_ids',
    'start_at',
    'end_at',
    'published_at',
    'ended_at',
    'created_by',
    'updated_at',
  ],
  prepare: async () => null,
  toCells: (notice) => {
    const cells: Record<string, Cell> = {
      id: notice.id,
      type: notice.type,
      status: notice.status,
      priority: notice.priority,
      show_rule: notice.show_rule,
      channels: notice.channels.join(','),
      servers: notice.servers.join(','),
      min_version: notice.min_version,
      max_version: notice.max_version,
      user_group_ids: notice.user_group_ids.join(','),
      start_at: notice.start_at,
      end_at: notice.end_at,
      published_at: notice.published_at,
      ended_at: notice.ended_at,
      created_by: notice.created_by,
      updated_at: notice.updated_at,
    };
    for (const lang of LANGUAGES) cells[`title.${lang}`] = notice.title[lang] ?? '';
    return cells;
  },
  batch: (db, scope, filters, afterId, limit) =>
    announcementService.batch(db, scope, filters, afterId, limit),
};
