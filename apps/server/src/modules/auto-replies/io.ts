import type { AutoReplyRule } from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import { timeCell } from '../../lib/cells.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { autoReplyBatch, type AutoReplyFilters } from './service.ts';

/** Auto-reply rules as a sheet (export only); keywords and replies as JSON, since regexes may hold `|`. */
export const autoReplyTable: ExportSpec<AutoReplyRule, AutoReplyFilters, null> = {
  name: 'auto-replies',
  headers: [
    'id',
    'name',
    'channel_id',
    'platform',
    'keywords',
    'replies',
    'mode',
    'priority',
    'start_at',
    'end_at',
    'enabled',
    'version',
    'created_at',
    'updated_at',
  ],
  prepare: async () => null,
  toCells: (r) => ({
    id: r.id,
    name: r.name,
    channel_id: r.channel_id,
    platform: r.platform,
    keywords: JSON.stringify(r.keywords),
    replies: JSON.stringify(r.replies),
    mode: r.mode,
    priority: r.priority,
    start_at: timeCell(r.start_at),
    end_at: timeCell(r.end_at),
    enabled: r.enabled,
    version: r.version,
    created_at: timeCell(r.created_at),
    updated_at: timeCell(r.updated_at),
  }),
  batch: (db, scope, filters, afterId, limit) =>
    autoReplyBatch(db, scope as ProductScope, filters, afterId, limit),
};
