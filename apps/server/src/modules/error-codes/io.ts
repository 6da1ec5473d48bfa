import { errorCodeCreateBody, type ErrorCodeText } from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import { i18nCells, i18nFromCells, i18nHeaders, parseCell, timeCell } from '../../lib/cells.ts';
import type { ImportSpec } from '../../lib/import.ts';
import { inScope } from '../../lib/scope.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import {
  createErrorCode,
  errorCodeBatch,
  toErrorCode,
  updateErrorCode,
  type ErrorCodeFilters,
  type ErrorCodeInput,
} from './service.ts';
import { errorCodes } from './tables.ts';

const COLUMNS = ['module', 'default_text', ...i18nHeaders('texts'), 'action', 'status'];

/** Error codes as a sheet, keyed by code (translators fill the `texts.<lang>` columns); id, version and times are for reading only. */
export const errorCodeTable: ExportSpec<ErrorCodeText, ErrorCodeFilters, null> &
  ImportSpec<ErrorCodeText, ErrorCodeInput, null> = {
  name: 'error-codes',
  headers: ['id', 'code', ...COLUMNS, 'version', 'created_at', 'updated_at'],
  key: 'code',
  columns: COLUMNS,
  schema: errorCodeCreateBody,
  prepare: async () => null,
  toCells: (e) => ({
    id: e.id,
    code: e.code,
    module: e.module,
    default_text: e.default_text,
    ...i18nCells('texts', e.texts),
    action: e.action,
    status: e.status,
    version: e.version,
    created_at: timeCell(e.created_at),
    updated_at: timeCell(e.updated_at),
  }),
  fromCells: (cells) => ({
    code: parseCell.text(cells.code),
    module: parseCell.text(cells.module),
    default_text: parseCell.text(cells.default_text),
    texts: i18nFromCells('texts', cells),
    action: parseCell.text(cells.action) || undefined,
    status: parseCell.text(cells.status) || undefined,
  }),
  batch: (db, scope, filters, afterId, limit) =>
    errorCodeBatch(db, scope as ProductScope, filters, afterId, limit),
  existing: async (db, scope) =>
    (await db.select().from(errorCodes).where(inScope(errorCodes, scope))).map(toErrorCode),
  keyOf: (e) => e.code,
  create: (db, scope, input) => createErrorCode(db, scope as ProductScope, input),
  update: (db, scope, item, input) =>
    updateErrorCode(db, scope as ProductScope, item.id, { ...input, version: item.version }),
};
