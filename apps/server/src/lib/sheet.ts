import type { z } from 'zod';
import { LANGUAGES, type Resource } from '@rx/contracts';
import { i18nCells, i18nFromCells, i18nHeaders, listCell, parseCell, timeCell, type Cell } from './cells.ts';

/** How a field is written to a cell and read back, from its type in the create schema. */
type CellKind = 'text' | 'number' | 'nullableNumber' | 'bool' | 'list' | 'i18n';

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The field's kind, looking through defaults, optionals and pipes. */
export function cellKind(schema: z.ZodType): CellKind {
  let nullable = false;
  for (let s: z.ZodType | undefined = schema; s;) {
    const def = defOf(s);
    switch (def.type) {
      case 'default':
      case 'prefault':
      case 'optional':
      case 'readonly':
        s = def.innerType;
        continue;
      case 'nullable':
        nullable = true;
        s = def.innerType;
        continue;
      case 'pipe':
        s = def.in;
        continue;
      case 'number':
        return nullable ? 'nullableNumber' : 'number';
      case 'boolean':
        return 'bool';
      case 'array':
        return 'list';
      case 'object':
        return def.shape && LANGUAGES.every((lang) => lang in def.shape!) ? 'i18n' : 'text';
      default:
        return 'text';
    }
  }
  return 'text';
}

/**
 * The sheet of a resource worked out from its description: one column per writable field (one per
 * language for a text per language), lists joined with `|`, plus the id, version and times. A
 * resource whose cells need more (codes of referred rows, nested lists) writes its own.
 */
export function autoSheet<Item extends { id: number }>(resource: Resource) {
  if (!resource.sheet) throw new Error(`${resource.name} has no sheet`);
  const shape = (resource.create as unknown as { shape: Record<string, z.ZodType> }).shape;
  const { key, columns } = resource.sheet;
  const kinds = new Map(columns.map((field) => [field, cellKind(shape[field]!)]));
  const expand = (field: string) => (kinds.get(field) === 'i18n' ? i18nHeaders(field) : [field]);
  const writable = columns.flatMap(expand);
  const leading = key === 'id' ? ['id'] : ['id', key];
  return {
    /** The columns the import reads (besides the key). */
    columns: writable,
    headers: [...leading, ...writable, 'version', 'created_at', 'updated_at'],
    prepare: async () => null,
    keyOf: (item: Item) => String((item as Record<string, unknown>)[key]),
    toCells(item: Item): Record<string, Cell> {
      const row = item as Record<string, unknown>;
      const cells: Record<string, Cell> = { id: item.id, [key]: row[key] as Cell };
      for (const [field, kind] of kinds) {
        const value = row[field];
        if (kind === 'i18n') Object.assign(cells, i18nCells(field, value as Record<string, string>));
        else if (kind === 'list') cells[field] = listCell(value as string[]);
        else cells[field] = value as Cell;
      }
      return {
        ...cells,
        version: row.version as number,
        created_at: timeCell(row.created_at as string),
        updated_at: timeCell(row.updated_at as string),
      };
    },
    fromCells(cells: Record<string, string>): unknown {
      const body: Record<string, unknown> = key === 'id' ? {} : { [key]: parseCell.text(cells[key]) };
      for (const [field, kind] of kinds) {
        const raw = cells[field];
        if (kind === 'i18n') body[field] = i18nFromCells(field, cells);
        else if (kind === 'list') body[field] = parseCell.list(raw);
        else if (kind === 'bool') body[field] = parseCell.bool(raw);
        else if (kind === 'number') body[field] = parseCell.number(raw);
        else if (kind === 'nullableNumber') body[field] = parseCell.nullableNumber(raw);
        // An empty text takes the schema's default, or reads "required".
        else body[field] = parseCell.text(raw) || undefined;
      }
      return body;
    },
  };
}
