import { and, sql, type SQL } from 'drizzle-orm';
import { giftResource, propsResource, textFor } from '@rx/contracts';
import { registerReferrer, type ReferringRows } from '../../lib/references.ts';
import { inScope } from '../../lib/scope.ts';
import { giftPackages } from './tables.ts';

/** Gift packages whose contents name the prop: the list's prop filter, and what keeps a prop in use. */
export function containsProp(propId: number): SQL {
  return sql`${giftPackages.contents} @> ${JSON.stringify([{ prop_id: propId }])}::jsonb`;
}

/**
 * Modules that hand out gifts (codes, mail, billing points…) register what of theirs names a gift
 * (lib/references.ts), so "used by" lists them and a gift a live one names is disabled instead of
 * deleted (422001), without this module importing theirs.
 */
export function registerGiftUser(type: string, rowsOf: ReferringRows): void {
  registerReferrer(giftResource.logTarget, type, rowsOf);
}

/** A prop a gift package contains (whatever the gift's state) is disabled, never deleted. */
export function referToProps(): void {
  registerReferrer(propsResource.logTarget, giftResource.logTarget, async (db, scope, propId) =>
    (
      await db
        .select({ id: giftPackages.id, name: giftPackages.name, status: giftPackages.status })
        .from(giftPackages)
        .where(and(inScope(giftPackages, scope), containsProp(propId)))
        .orderBy(giftPackages.id)
    ).map((r) => ({ id: r.id, name: textFor(r.name), status: r.status, live: true })),
  );
}
