import type { LogTargetType } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import type { Scope } from './access.ts';

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
