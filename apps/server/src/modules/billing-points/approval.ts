import { ErrorCode, type ApprovalPending, type BillingPoint } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { EventBus } from '../../lib/events.ts';
import { rowInScope } from '../../lib/scope.ts';
import { findOr404 } from '../../lib/versioned.ts';
import { registerApprovalAction, submitChange } from '../approvals/index.ts';
import { checkBillingStatus } from './lifecycle.ts';
import { checkBilling, checkStoreFrozen, toBilling, type BillingChanges } from './service.ts';
import { billingPoints } from './tables.ts';
import { updateBilling } from './writes.ts';

/**
 * A change of a live billing point goes through two-person approval when the CP's policy for the
 * page's approve permission asks for it; the number compared with its threshold is the SKU's
 * highest price after the change. Drafts change at once.
 */

interface UpdatePayload {
  id: number;
  input: BillingChanges;
}

export function registerBillingApprovals(): void {
  registerApprovalAction<UpdatePayload>('billing_points.update', {
    apply: (tx, maker, p) => updateBilling(tx, maker, p.id, p.input),
  });
}

/** Updates a billing point, or (live, policy) asks for approval: the answer is then `{ approval }`. */
export async function updateOrAsk(
  db: Db,
  events: EventBus,
  scope: Scope,
  id: number,
  input: BillingChanges,
): Promise<BillingPoint | ApprovalPending> {
  const before = toBilling(await findOr404(db, billingPoints, rowInScope(billingPoints, scope, id)));
  if (!before.current || before.status !== 'live') return updateBilling(db, scope, id, input);
  // What would be refused anyway is refused now, not after a second person approved it.
  if (input.version !== before.version) throw new ApiError(ErrorCode.CONFLICT);
  checkStoreFrozen(scope, input, before);
  checkBillingStatus(scope, before.status, input.status);
  await checkBilling(db, scope, input, before);
  const { version: _version, ...changes } = input;
  const changed = Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof BillingPoint]),
    ),
  );
  const prices = input.prices ?? before.prices;
  const outcome = await submitChange<UpdatePayload>(db, events, scope, {
    kind: 'billing_points.update',
    amount: Math.max(0, ...prices.map((p) => p.amount)),
    reason: '',
    target: { type: 'billing_point', id, name: before.name },
    before: Object.fromEntries(Object.keys(changed).map((key) => [key, before[key as keyof BillingPoint]])),
    after: changed,
    payload: { id, input },
  });
  return outcome.applied ? (outcome.result as BillingPoint) : { approval: outcome.request };
}
