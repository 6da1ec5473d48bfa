import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  billingResource,
  type BillingPoint,
  type billingCreateBody,
  type billingUpdateBody,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { deleteOrDisable } from '../../lib/delete.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { checkReferences } from '../../lib/references.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404 } from '../../lib/versioned.ts';
import { channels } from '../channels/tables.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { billingPoints } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof billingPoints.$inferSelect;
export type BillingInput = z.output<typeof billingCreateBody>;
export type BillingChanges = z.output<typeof billingUpdateBody>;

export function toBilling(row: Row): BillingPoint {
  return {
    id: row.id,
    product_id: row.productId,
    channel_id: row.channelId,
    store: row.store,
    store_sku: row.storeSku,
    name: row.name,
    prices: row.prices,
    reward_gift_id: row.rewardGiftId,
    bonus_gift_id: row.bonusGiftId,
    limit_per_player: row.limitPerPlayer,
    limit_daily: row.limitDaily,
    kind: row.kind,
    sandbox: row.sandbox,
    status: row.status,
    sku_version: row.skuVersion,
    previous_id: row.previousId,
    current: row.current,
    ...stamps(row),
  };
}

/** Every version of the SKU of a billing point, oldest first. */
export async function billingVersions(db: Db, scope: Scope, id: number): Promise<BillingPoint[]> {
  const row = await findOr404(db, billingPoints, rowInScope(billingPoints, scope, id));
  const rows = await db
    .select()
    .from(billingPoints)
    .where(
      and(
        inScope(billingPoints, scope),
        eq(billingPoints.store, row.store),
        eq(billingPoints.storeSku, row.storeSku),
      ),
    )
    .orderBy(billingPoints.skuVersion, billingPoints.id);
  return rows.map(toBilling);
}

/** A live billing point's store and SKU stay as they are (422 `frozen` on either that changes). */
export function checkStoreFrozen(scope: Scope, input: Partial<BillingInput>, before: BillingPoint): void {
  const problems = new FieldProblems(scope.lang);
  if (input.store !== undefined && input.store !== before.store) problems.add('store', 'frozen');
  if (input.store_sku !== undefined && input.store_sku !== before.store_sku)
    problems.add('store_sku', 'frozen');
  problems.throwIfAny();
}

/**
 * The channel and gifts must be active rows of the product (gifts usable in billing points);
 * references left as they were may stay even if disabled since. (store, SKU) is unique among
 * current rows.
 */
export async function checkBilling(
  db: Db,
  scope: Scope,
  next: Partial<BillingInput>,
  before?: BillingPoint,
): Promise<void> {
  const problems = new FieldProblems(scope.lang);
  const changed = <K extends keyof BillingInput>(key: K) =>
    next[key] !== undefined && next[key] !== null && (!before || next[key] !== before[key]);
  if (changed('channel_id')) {
    await checkReferences(db, scope, problems, channels, [{ field: 'channel_id', id: next.channel_id! }], {
      usable: (channel: { status: string }) => channel.status === 'active',
    });
  }
  const gifts = (['reward_gift_id', 'bonus_gift_id'] as const).flatMap((field) =>
    changed(field) ? [{ field, id: next[field]! }] : [],
  );
  await checkReferences(db, scope, problems, giftPackages, gifts, {
    usable: (gift: { status: string; usableIn: string[] }) =>
      gift.status === 'active' && gift.usableIn.includes('billing_point'),
  });
  const store = next.store ?? before?.store;
  const sku = next.store_sku ?? before?.store_sku;
  if ((changed('store') || changed('store_sku')) && store && sku) {
    const [taken] = await db
      .select({ id: billingPoints.id })
      .from(billingPoints)
      .where(
        and(
          inScope(billingPoints, scope),
          eq(billingPoints.current, true),
          eq(billingPoints.store, store),
          eq(billingPoints.storeSku, sku),
        ),
      );
    if (taken && taken.id !== before?.id) problems.add('store_sku', 'taken');
  }
  problems.throwIfAny();
}

export const BILLING_UNIQUE = { billing_points_product_store_sku: 'store_sku' };

export function billingColumns(input: Partial<BillingInput>) {
  return {
    channelId: input.channel_id,
    store: input.store,
    storeSku: input.store_sku,
    name: input.name,
    prices: input.prices,
    rewardGiftId: input.reward_gift_id,
    bonusGiftId: input.bonus_gift_id,
    limitPerPlayer: input.limit_per_player,
    limitDaily: input.limit_daily,
    kind: input.kind,
    sandbox: input.sandbox,
    status: input.status,
  };
}

/** A live SKU is sold in its store: it is disabled instead of deleted (422001). */
export function deleteBilling(db: Db, scope: Scope, id: number): Promise<{ deleted: true }> {
  return deleteOrDisable(db, scope, {
    table: billingPoints,
    target: and(rowInScope(billingPoints, scope, id), eq(billingPoints.current, true))!,
    targetType: billingResource.logTarget,
    usage: async (_tx, row) => (row.status === 'live' ? [{ type: 'store', count: 1 }] : []),
    isDisabled: (row) => row.status === 'disabled',
    disable: { status: 'disabled' },
    describe: (row) => ({ name: row.name, item: toBilling(row) }),
  });
}
