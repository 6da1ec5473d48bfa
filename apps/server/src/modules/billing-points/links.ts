import { and, eq, or, type SQL } from 'drizzle-orm';
import { billingResource, channelsResource, giftResource } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { registerReferrer, type ReferringRow } from '../../lib/references.ts';
import { inScope } from '../../lib/scope.ts';
import { billingPoints } from './tables.ts';

/** The caller's billing points that meet `where`, any version: each keeps what it names. */
async function billingRows(db: Db, scope: Scope, where: SQL | undefined): Promise<ReferringRow[]> {
  const rows = await db
    .select({ id: billingPoints.id, name: billingPoints.name, status: billingPoints.status })
    .from(billingPoints)
    .where(and(inScope(billingPoints, scope), where))
    .orderBy(billingPoints.id);
  return rows.map((r) => ({ ...r, live: true }));
}

/**
 * Billing points name a channel and gift packages (the reward and the first-purchase bonus). Any
 * of them, old versions included, keeps what it names from deletion (disabled instead), and the
 * gift's "used by" lists them (lib/references.ts): channels and gift packages import nothing of ours.
 */
export function referToChannelsAndGifts(): void {
  registerReferrer(channelsResource.logTarget, billingResource.logTarget, (db, scope, id) =>
    billingRows(db, scope, eq(billingPoints.channelId, id)),
  );
  registerReferrer(giftResource.logTarget, billingResource.logTarget, (db, scope, id) =>
    billingRows(db, scope, or(eq(billingPoints.rewardGiftId, id), eq(billingPoints.bonusGiftId, id))),
  );
}
