import { and, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.ts';
import type { Scope } from './access.ts';
import type { FieldProblems } from './problems.ts';
import { inScope } from './scope.ts';

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
