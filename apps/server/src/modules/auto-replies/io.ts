import type { z } from 'zod';
import { autoRepliesResource, type AutoReplyRule, type autoReplyExportQuery } from '@rx/contracts';
import { STAMP_HEADERS, stampCells, timeCell } from '../../lib/cells.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { autoReplyService } from './service.ts';

type AutoReplyFilters = Omit<z.output<typeof autoReplyExportQuery>, 'format'>;

/** Auto-reply rules as a sheet (export only); keywords and replies as JSON, since regexes may hold `|`. */
export const autoReplyTable: ExportSpec<AutoReplyRule, AutoReplyFilters, null> = {
  name: autoRepliesResource.name,
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
    ...STAMP_HEADERS,
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
    ...stampCells(r),
  }),
  batch: autoReplyService.batch,
};
