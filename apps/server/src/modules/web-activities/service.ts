import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { webActivities, webActivityGrants, webActivityOrders, webActivityProgress } from './tables.ts';

export interface TopUpInput {
  cpId: number;
  productId: number;
  openid: string;
  orderNo: string;
  currency: string;
  amountMinor: number;
  paidAt: Date;
}

export interface TopUpReward {
  activityId: number;
  kind: 'first' | 'cumulative';
  /** The cumulative tier reached (1 = the lowest); absent for a first top-up gift. */
  tier?: number;
  giftPackageId: number;
}

/** The tier number a first top-up gift is recorded under (one per player and activity). */
const FIRST_TIER = 0;

/**
 * The top-up rewards a paid web order earns, recorded inside the caller's transaction `tx` (never
 * the app's `db`). Every activity live at `paidAt` counts the order once: a first top-up activity
 * grants its gift on the player's first paid order within it; a cumulative one adds the amount (in
 * its currency only) to the player's running total and grants every tier newly reached. Each
 * (activity, order) and each (activity, player, tier) is unique, so calling again for the same
 * order grants nothing new and answers the same lines: the caller delivers what is answered.
 */
export async function grantTopUpRewards(tx: Db, input: TopUpInput): Promise<TopUpReward[]> {
  const live = await tx
    .select()
    .from(webActivities)
    .where(
      and(
        eq(webActivities.cpId, input.cpId),
        eq(webActivities.productId, input.productId),
        eq(webActivities.status, 'live'),
        lte(webActivities.startsAt, input.paidAt),
        gt(webActivities.endsAt, input.paidAt),
      ),
    )
    .orderBy(asc(webActivities.id));

  for (const activity of live) {
    const counts = activity.kind === 'cumulative' && activity.currency === input.currency;
    const amount = counts ? Math.max(0, Math.trunc(input.amountMinor)) : 0;
    const counted = await tx
      .insert(webActivityOrders)
      .values({ activityId: activity.id, orderNo: input.orderNo, openid: input.openid, amountMinor: amount })
      .onConflictDoNothing()
      .returning({ orderNo: webActivityOrders.orderNo });
    if (counted.length === 0) continue; // this order was counted before (a retried payment)

    const grant = (tier: number, giftPackageId: number) =>
      tx
        .insert(webActivityGrants)
        .values({
          activityId: activity.id,
          cpId: input.cpId,
          productId: input.productId,
          openid: input.openid,
          tier,
          giftPackageId,
          orderNo: input.orderNo,
          grantedAt: input.paidAt,
        })
        .onConflictDoNothing();

    if (activity.kind === 'first') {
      const gift = activity.tiers[0];
      if (gift) await grant(FIRST_TIER, gift.gift_package_id);
      continue;
    }
    if (amount <= 0) continue;
    const [progress] = await tx
      .insert(webActivityProgress)
      .values({ activityId: activity.id, openid: input.openid, totalMinor: amount })
      .onConflictDoUpdate({
        target: [webActivityProgress.activityId, webActivityProgress.openid],
        set: { totalMinor: sql`${webActivityProgress.totalMinor} + ${amount}`, updatedAt: sql`now()` },
      })
      .returning({ total: webActivityProgress.totalMinor });
    const total = Number(progress!.total);
    const before = total - amount;
    for (const [index, tier] of activity.tiers.entries()) {
      if (tier.threshold > before && tier.threshold <= total) await grant(index + 1, tier.gift_package_id);
    }
  }

  const granted = await tx
    .select({
      activityId: webActivityGrants.activityId,
      tier: webActivityGrants.tier,
      giftPackageId: webActivityGrants.giftPackageId,
      kind: webActivities.kind,
    })
    .from(webActivityGrants)
    .innerJoin(webActivities, eq(webActivities.id, webActivityGrants.activityId))
    .where(
      and(
        eq(webActivityGrants.productId, input.productId),
        eq(webActivityGrants.orderNo, input.orderNo),
        eq(webActivityGrants.openid, input.openid),
      ),
    )
    .orderBy(asc(webActivityGrants.activityId), asc(webActivityGrants.tier));
  return granted.map((row) =>
    row.kind === 'first'
      ? { activityId: row.activityId, kind: 'first', giftPackageId: row.giftPackageId }
      : { activityId: row.activityId, kind: 'cumulative', tier: row.tier, giftPackageId: row.giftPackageId },
  );
}

/** Players granted per tier of an activity (tier 0: the first top-up gift). */
export async function grantStats(
  db: Db,
  activityIds: number[],
): Promise<Map<number, Record<number, number>>> {
  const stats = new Map<number, Record<number, number>>();
  if (activityIds.length === 0) return stats;
  const rows = await db
    .select({
      activityId: webActivityGrants.activityId,
      tier: webActivityGrants.tier,
      players: sql<number>`count(*)::int`,
    })
    .from(webActivityGrants)
    .where(sql`${webActivityGrants.activityId} in ${activityIds}`)
    .groupBy(webActivityGrants.activityId, webActivityGrants.tier);
  for (const row of rows) {
    const entry = stats.get(row.activityId) ?? {};
    entry[row.tier] = Number(row.players);
    stats.set(row.activityId, entry);
  }
  return stats;
}
