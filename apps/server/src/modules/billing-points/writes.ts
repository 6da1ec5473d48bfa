import { and, eq } from 'drizzle-orm';
import { billingResource, type BillingPoint } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { logChange } from '../../lib/operation-log.ts';
import { inTransaction, ruleError } from '../../lib/problems.ts';
import { rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import {
  BILLING_UNIQUE,
  billingColumns,
  checkBilling,
  checkStoreFrozen,
  toBilling,
  type BillingChanges,
} from './service.ts';
import { checkBillingStatus } from './lifecycle.ts';
import { billingPoints } from './tables.ts';

/**
 * Edits the current row. A live SKU keeps its store and SKU, and its reward (or first-purchase
 * bonus) changes only through a new version: the row is retired and the answer is the new current
 * row (new id, `sku_version` + 1, `previous_id` the old row), so orders keep what they bought.
 */
export function updateBilling(
  db: Db,
  scope: Scope,
  id: number,
  input: BillingChanges,
): Promise<BillingPoint> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      const target = rowInScope(billingPoints, scope, id);
      const before = toBilling(await findOr404(tx, billingPoints, target));
      if (!before.current) throw ruleError(scope.lang, 'old_version', { current: false });
      const live = before.status === 'live';
      if (live) checkStoreFrozen(scope, input, before);
      // Status edits follow the shared lifecycle (lifecycle.ts): e.g. a disabled SKU never goes live again.
      checkBillingStatus(scope, before.status, input.status);
      await checkBilling(tx, scope, input, before);
      const { version, ...changes } = input;
      const rewardChanges =
        (changes.reward_gift_id !== undefined && changes.reward_gift_id !== before.reward_gift_id) ||
        (changes.bonus_gift_id !== undefined && changes.bonus_gift_id !== before.bonus_gift_id);
      if (!(live && rewardChanges)) {
        const row = await updateVersioned(tx, billingPoints, target, version, billingColumns(changes));
        const item = toBilling(row);
        await logChange(tx, scope, {
          action: 'update',
          targetType: billingResource.logTarget,
          targetId: id,
          targetName: row.name,
          before,
          after: item,
        });
        return item;
      }
      const retired = await updateVersioned(
        tx,
        billingPoints,
        and(target, eq(billingPoints.current, true))!,
        version,
        {
          current: false,
          status: 'retired',
        },
      );
      const [row] = await tx
        .insert(billingPoints)
        .values({
          ...billingColumns({ ...before, ...changes, status: changes.status ?? 'live' }),
          cpId: scope.cpId,
          productId: scope.productId!,
          skuVersion: before.sku_version + 1,
          previousId: id,
        } as typeof billingPoints.$inferInsert)
        .returning();
      const item = toBilling(row!);
      await logChange(tx, scope, {
        action: 'new_version',
        targetType: billingResource.logTarget,
        targetId: row!.id,
        targetName: row!.name,
        before: toBilling(retired),
        after: item,
      });
      return item;
    },
    BILLING_UNIQUE,
  );
}
