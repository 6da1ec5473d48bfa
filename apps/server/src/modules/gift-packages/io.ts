import type { GiftContent, GiftPackage } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { i18nCells, i18nFromCells, i18nHeaders, listCell, parseCell, timeCell } from '../../lib/cells.ts';
import type { FieldProblems } from '../../lib/problems.ts';
import { inScope } from '../../lib/scope.ts';
import { props } from '../props/tables.ts';

const COLUMNS = [
  ...i18nHeaders('name'),
  'contents',
  'icon_url',
  'valid_from',
  'valid_to',
  'per_player_limit',
  'usable_in',
  'status',
] as const;

export interface PropCodes {
  byCode: Map<string, number>;
  byId: Map<number, string>;
}

async function propCodes(db: Db, scope: Scope): Promise<PropCodes> {
  const rows = await db.select({ id: props.id, code: props.code }).from(props).where(inScope(props, scope));
  return { byCode: new Map(rows.map((r) => [r.code, r.id])), byId: new Map(rows.map((r) => [r.id, r.code])) };
}

/** Contents as `code*quantity|code*quantity`, props named by their immutable code. */
function contentsCell(contents: GiftContent[], codes: PropCodes): string {
  return listCell(contents.map((c) => `${codes.byId.get(c.prop_id) ?? `#${c.prop_id}`}*${c.quantity}`));
}

function contentsFromCell(text: string | undefined, codes: PropCodes, problems: FieldProblems) {
  return parseCell.list(text).map((entry) => {
    const match = /^(.+?)\s*\*\s*(\d+)$/.exec(entry);
    if (!match) {
      problems.add('contents', 'invalid');
      return { prop_id: 0, quantity: 0 };
    }
    const id = codes.byCode.get(match[1]!);
    if (id === undefined) problems.add('contents', 'unknown_ref');
    return { prop_id: id ?? 0, quantity: Number(match[2]) };
  });
}

/**
 * Gift packages as a sheet, keyed by id (empty id: a new gift); one name column per language and
 * the contents named by prop code, which the automatic sheet cannot do.
 */
export const giftSheet = {
  headers: ['id', ...COLUMNS, 'version', 'created_at', 'updated_at'],
  columns: COLUMNS,
  prepare: propCodes,
  toCells: (g: GiftPackage, codes: PropCodes) => ({
    id: g.id,
    ...i18nCells('name', g.name),
    contents: contentsCell(g.contents, codes),
    icon_url: g.icon_url,
    valid_from: timeCell(g.valid_from),
    valid_to: timeCell(g.valid_to),
    per_player_limit: g.per_player_limit,
    usable_in: listCell(g.usable_in),
    status: g.status,
    version: g.version,
    created_at: timeCell(g.created_at),
    updated_at: timeCell(g.updated_at),
  }),
  fromCells: (cells: Record<string, string>, codes: PropCodes, problems: FieldProblems) => ({
    name: i18nFromCells('name', cells),
    contents: contentsFromCell(cells.contents, codes, problems),
    icon_url: parseCell.text(cells.icon_url),
    valid_from: parseCell.nullableText(cells.valid_from),
    valid_to: parseCell.nullableText(cells.valid_to),
    per_player_limit: parseCell.number(cells.per_player_limit),
    usable_in: parseCell.list(cells.usable_in),
    status: parseCell.text(cells.status) || undefined,
  }),
  keyOf: (g: GiftPackage) => String(g.id),
};
