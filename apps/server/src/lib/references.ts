import { and, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LogTargetType } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import type { Scope } from './access.ts';
import type { FieldProblems } from './problems.ts';
import { inScope } from './scope.ts';

/**
 * Links between modules' rows. A module whose rows name another module's row (a billing point its
 * gift package, a gift package its props, a mail its gift) registers how to find them here, under
 * the kind of row they name; the named module asks here what refers to a row — to list it ("used
 * by") and to keep a row something needs from deletion (disabled instead, 422001) — without
 * importing the modules that name it. So the dependency runs one way: the referring module imports
 * the referred one, never back.
 */

/** A row of another module that names the referred row: `live` ones keep it from deletion. */
export interface ReferringRow {
  id: number;
  name: string;
  status: string;
  live: boolean;
}

export type ReferringRows = (db: Db, scope: Scope, id: number) => Promise<ReferringRow[]>;

const referrers = new Map<LogTargetType, Map<string, ReferringRows>>();

/** Registers the rows of kind `type` that name rows of kind `target` (when the module's routes are registered). */
export function registerReferrer(target: LogTargetType, type: string, rowsOf: ReferringRows): void {
  let byType = referrers.get(target);
  if (!byType) referrers.set(target, (byType = new Map()));
  byType.set(type, rowsOf);
}

/** Every registered module's rows that name row `id` of kind `target`, with their type, in registration order. */
export async function referringRows(
  db: Db,
  scope: Scope,
  target: LogTargetType,
  id: number,
): Promise<(ReferringRow & { type: string })[]> {
  const all: (ReferringRow & { type: string })[] = [];
  for (const [type, rowsOf] of referrers.get(target) ?? []) {
    for (const row of await rowsOf(db, scope, id)) all.push({ type, ...row });
  }
  return all;
}

/** What keeps row `id` from deletion: the live referring rows, counted by type (a resource's `usage`). */
export async function liveReferences(
  db: Db,
  scope: Scope,
  target: LogTargetType,
  id: number,
): Promise<{ type: string; count: number }[]> {
  const counts = new Map<string, number>();
  for (const row of await referringRows(db, scope, target, id))
    if (row.live) counts.set(row.type, (counts.get(row.type) ?? 0) + 1);
  return [...counts].map(([type, count]) => ({ type, count }));
}

/** A table a body may refer to by id: its rows belong to a CP, and to a game where it has `productId`. */
type ReferredTable = PgTable & { id: PgColumn; cpId: PgColumn; productId?: PgColumn };

/** One id a body carries, and the field that carries it (`user_group_ids`, `contents.2.prop_id`). */
export interface Reference {
  field: string;
  id: number;
}

/** The references of a list of ids, each on its own field (`field.0`, `field.1`…). */
export const eachOf = (field: string, ids: readonly number[]): Reference[] =>
  ids.map((id, i) => ({ field: `${field}.${i}`, id }));

/** The references of a list of ids, all answered on one field. */
export const allOn = (field: string, ids: readonly number[]): Reference[] => ids.map((id) => ({ field, id }));

/**
 * Every id reference a request body carries is checked here, the same way: the id must name a row
 * of `table` in the caller's scope (its CP, and its game for a game's table) that `usable` accepts
 * (active, usable for this kind…), unless the row already held it (`kept`: a disabled prop stays
 * in the gift that had it). Otherwise `unknown_ref` on the reference's field — an id of another CP,
 * of another game or of no row at all reads the same.
 */
export async function checkReferences<T extends ReferredTable>(
  db: Db,
  scope: Pick<Scope, 'cpId' | 'productId'>,
  problems: FieldProblems,
  table: T,
  references: readonly Reference[],
  options: { usable?: (row: T['$inferSelect']) => boolean; kept?: Iterable<number> } = {},
): Promise<void> {
  if (!references.length) return;
  const ids = [...new Set(references.map((r) => r.id))];
  const rows = (await db
    .select()
    .from(table as ReferredTable)
    .where(and(inScope(table, scope), inArray(table.id, ids)))) as (T['$inferSelect'] & { id: number })[];
  const kept = new Set(options.kept);
  const usable = new Set(
    rows.filter((row) => kept.has(row.id) || (options.usable?.(row) ?? true)).map((row) => row.id),
  );
  for (const reference of references) {
    if (!usable.has(reference.id)) problems.add(reference.field, 'unknown_ref');
  }
}
