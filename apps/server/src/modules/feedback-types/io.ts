import type { FeedbackType } from '@rx/contracts';
import { feedbackTypes } from './tables.ts';
import { i18nCells, i18nHeaders, STAMP_HEADERS, stampCells } from '../../lib/cells.ts';
import { inScope } from '../../lib/scope.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { feedbackTypeBatch, type FeedbackTypeFilters } from './service.ts';

/** Feedback types as a sheet (export only: the tree is edited in the console); parents by code. */
export const feedbackTypeTable: ExportSpec<FeedbackType, FeedbackTypeFilters, Map<number, string>> = {
  name: 'feedback-types',
  headers: [
    'id',
    'code',
    'parent_code',
    ...i18nHeaders('name'),
    'require_order_no',
    'require_screenshot',
    'require_server_role',
    'queue',
    ...i18nHeaders('auto_reply'),
    'enabled',
    'sort',
    ...STAMP_HEADERS,
  ],
  prepare: async (db, scope) =>
    new Map(
      (
        await db
          .select({ id: feedbackTypes.id, code: feedbackTypes.code })
          .from(feedbackTypes)
          .where(inScope(feedbackTypes, scope))
      ).map((row) => [row.id, row.code]),
    ),
  toCells: (f, codes) => ({
    id: f.id,
    code: f.code,
    parent_code: f.parent_id === null ? '' : (codes.get(f.parent_id) ?? ''),
    ...i18nCells('name', f.name),
    require_order_no: f.require_order_no,
    require_screenshot: f.require_screenshot,
    require_server_role: f.require_server_role,
    queue: f.queue,
    ...i18nCells('auto_reply', f.auto_reply),
    enabled: f.enabled,
    sort: f.sort,
    ...stampCells(f),
  }),
  batch: feedbackTypeBatch,
};
