import type { BillingStatus, LifecycleAction } from '@rx/contracts';
import type { Scope } from '../../lib/access.ts';
import { checkMove, type StateMapping } from '../../lib/lifecycle.ts';

/**
 * Billing points on the shared lifecycle: a draft goes live (publish), a live SKU is recalled to
 * draft or ended (disabled); an ended SKU stays ended (a new SKU replaces it), and retired rows are
 * old versions, ended for good.
 */
export const BILLING_STATES: StateMapping<BillingStatus> = {
  toLifecycle: (status) => (status === 'draft' ? 'draft' : status === 'live' ? 'live' : 'ended'),
  fromLifecycle: (state, current) =>
    state === 'draft' ? 'draft' : state === 'live' ? 'live' : current === 'retired' ? 'retired' : 'disabled',
};

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
