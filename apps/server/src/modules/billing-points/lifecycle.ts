import { BILLING_LIFECYCLE, type BillingStatus, type LifecycleAction } from '@rx/contracts';
import type { Scope } from '../../lib/access.ts';
import { checkMove, mappingOf } from '../../lib/lifecycle.ts';

/** Billing statuses on the shared lifecycle (contracts' `BILLING_LIFECYCLE`). */
export const BILLING_STATES = mappingOf(BILLING_LIFECYCLE);

/** The lifecycle action an edit of `status` from `from` to `to` is. */
export function billingMove(from: BillingStatus, to: BillingStatus): LifecycleAction {
  if (to === 'live') return 'publish';
  if (to === 'draft') return from === 'live' ? 'recall' : 'publish';
  return 'end';
}

/** Refuses (422001) an edit of `status` the lifecycle does not allow; the same status is no move. */
export function checkBillingStatus(
  scope: Pick<Scope, 'lang'>,
  from: BillingStatus,
  to: BillingStatus | undefined,
): void {
  if (to === undefined || to === from) return;
  checkMove(scope, from, billingMove(from, to), BILLING_STATES);
}
