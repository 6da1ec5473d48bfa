import { propCreateBody, type Prop } from '@rx/contracts';
import { i18nCells, i18nFromCells, i18nHeaders, listCell, parseCell, timeCell } from '../../lib/cells.ts';
import type { ImportSpec } from '../../lib/import.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { createProp, propBatch, updateProp, type PropFilters, type PropInput } from './service.ts';

const COLUMNS = [
  ...i18nHeaders('name'),
  'type',
  'rarity',
  'icon_url',
  'stack_limit',
  'expiry_days',
  'tags',
  'status',
] as const;

/** Props as a sheet, keyed by their immutable code; one name column per language. */
export const propTable: ExportSpec<Prop, PropFilters, null> & ImportSpec<Prop, PropInput, null> = {
  name: 'props',
  headers: ['id', 'code', ...COLUMNS, 'version', 'created_at', 'updated_at'],
  key: 'code',
  columns: COLUMNS,
  schema: propCreateBody,
  prepare: async () => null,
  toCells: (p) => ({
    id: p.id,
    code: p.code,
    ...i18nCells('name', p.name),
    type: p.type,
    rarity: p.rarity,
    icon_url: p.icon_url,
    stack_limit: p.stack_limit,
    expiry_days: p.expiry_days,
    tags: listCell(p.tags),
    status: p.status,
    version: p.version,
    created_at: timeCell(p.created_at),
    updated_at: timeCell(p.updated_at),
  }),
  fromCells: (cells) => ({
    code: parseCell.text(cells.code),
    name: i18nFromCells('name', cells),
    type: parseCell.text(cells.type),
    rarity: parseCell.text(cells.rarity),
    icon_url: parseCell.text(cells.icon_url),
    stack_limit: parseCell.number(cells.stack_limit),
    expiry_days: parseCell.number(cells.expiry_days),
    tags: parseCell.list(cells.tags),
    status: parseCell.text(cells.status) || undefined,
  }),
  batch: propBatch,
  existing: (db, scope) => propBatch(db, scope, {}, 0, 1_000_000),
  keyOf: (p) => p.code,
  create: (db, scope, input) => createProp(db, scope, input),
  update: (db, scope, item, input) => updateProp(db, scope, item.id, { ...input, version: item.version }),
};
