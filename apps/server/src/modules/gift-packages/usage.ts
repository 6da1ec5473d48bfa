import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { giftPackages } from './tables.ts';

/** Gift packages whose contents name the prop: the test for "a prop in use" and the list's prop filter. */
export function containsProp(propId: number): SQL {
  return sql`${giftPackages.contents} @> ${JSON.stringify([{ prop_id: propId }])}::jsonb`;
}

/** A row of another module that hands out a gift (a code batch, a mail): `live` ones keep it from deletion. */
export interface GiftUserRow {
  id: number;
  name: string;
  status: string;
  live: boolean;
}

/**
 * Modules that hand out gifts (codes, mail…) register what of theirs names a gift, so "used by"
 * lists them and a gift a live one names is disabled instead of deleted (422001), without this
 * module importing theirs.
 */
const giftUsers = new Map<string, (db: Db, scope: Scope, giftId: number) => Promise<GiftUserRow[]>>();

export function registerGiftUser(
  type: string,
  rowsOf: (db: Db, scope: Scope, giftId: number) => Promise<GiftUserRow[]>,
): void {
  giftUsers.set(type, rowsOf);
}

/** Every registered module's rows naming the gift, with their type. */
export async function giftUserRows(
  db: Db,
  scope: Scope,
  giftId: number,
): Promise<(GiftUserRow & { type: string })[]> {
  const all: (GiftUserRow & { type: string })[] = [];
  for (const [type, rowsOf] of giftUsers) {
    for (const row of await rowsOf(db, scope, giftId)) all.push({ type, ...row });
  }
  return all;
}
