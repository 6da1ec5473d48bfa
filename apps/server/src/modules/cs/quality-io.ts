import type { FastifyInstance } from 'fastify';
import { csQualityAccess, csRubricBody, csRubricExportQuery, type CsRubric } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { parseCell, timeCell } from '../../lib/cells.ts';
import type { ImportSpec } from '../../lib/import.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { tableRoutes, type ExportSpec } from '../../lib/table-io.ts';
import { createRubric, rubricBatch, updateRubric, type CsRubricCreate } from './quality.ts';

/**
 * Quality rubrics as a sheet: one row per rubric, keyed by its name, its items in one cell as
 * `label=max` pairs separated by `|`. A `|`, `=` or backslash inside a label is escaped with a
 * backslash, so any label the console accepts comes back unchanged.
 */

const escapeLabel = (label: string) => label.replace(/[\\|=]/g, (c) => `\\${c}`);

/** The items of a rubric in one cell. */
export function itemsCell(items: CsRubric['items']): string {
  return items.map((item) => `${escapeLabel(item.label)}=${item.max}`).join('|');
}

/**
 * The items of a cell. An unterminated pair or a maximum that is not a number is passed on as NaN
 * (or an empty label) for the schema to refuse under `items`.
 */
export function itemsFromCell(cell: string | undefined): { label: string; max: number }[] {
  const text = (cell ?? '').trim();
  if (!text) return [];
  const items: { label: string; max: number }[] = [];
  let label = '';
  let value = '';
  let inValue = false;
  const push = () => {
    items.push({ label: label.trim(), max: inValue && value.trim() !== '' ? Number(value.trim()) : NaN });
    label = '';
    value = '';
    inValue = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      const next = text[++i]!;
      if (inValue) value += next;
      else label += next;
    } else if (c === '|') push();
    else if (c === '=' && !inValue) inValue = true;
    else if (inValue) value += c;
    else label += c;
  }
  push();
  return items;
}

const RUBRIC_COLUMNS = ['items', 'enabled'] as const;

export const rubricTable: ExportSpec<CsRubric, Record<string, never>, null> &
  ImportSpec<CsRubric, CsRubricCreate, null> = {
  name: 'cs-quality-rubrics',
  headers: ['id', 'name', ...RUBRIC_COLUMNS, 'max_total', 'version', 'updated_at'],
  key: 'name',
  columns: RUBRIC_COLUMNS,
  schema: csRubricBody,
  prepare: async () => null,
  toCells: (r) => ({
    id: r.id,
    name: r.name,
    items: itemsCell(r.items),
    enabled: r.enabled,
    max_total: r.max_total,
    version: r.version,
    updated_at: timeCell(r.updated_at),
  }),
  fromCells: (cells) => ({
    name: parseCell.text(cells.name),
    items: itemsFromCell(cells.items),
    enabled: parseCell.bool(cells.enabled),
  }),
  batch: (db, scope, _filters, afterId, limit) => rubricBatch(db, scope as ProductScope, afterId, limit),
  existing: (db, scope) => rubricBatch(db, scope as ProductScope, 0, 1_000_000),
  keyOf: (r) => r.name,
  create: (db, scope, input) => createRubric(db, scope as ProductScope, input),
  update: (db, scope, item, input) =>
    updateRubric(db, scope as ProductScope, item.id, { ...input, version: item.version }),
};

/** `GET /cs/quality-rubrics/export` and `POST /cs/quality-rubrics/import` (dry run, then apply). */
export function csRubricSheetRoutes(fastify: FastifyInstance, db: Db): void {
  tableRoutes(fastify, db, {
    path: '/cs/quality-rubrics',
    tags: ['cs'],
    exportQuery: csRubricExportQuery,
    access: async (request) => scopeOf(request),
    config: (action) => can(csQualityAccess, action),
    exporter: rubricTable,
    importer: rubricTable,
  });
}
