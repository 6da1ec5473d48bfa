import { billingResource, errorCodesResource } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { approvalPolicies } from '../db/tables.ts';

/**
 * The demo's two-person approval: on the domestic CP's second game (坦克大作战), publishing error
 * codes always waits for a second person (with a reason), and a change of a live billing point does
 * when its price reaches 100. Sign in as `admin` to ask and as `ops_gn` to decide (or the other way
 * round). The other games have no policy, so their pages work as before.
 */
export async function seedDemoApprovals(db: Db, product: { id: number; cpId: number }): Promise<void> {
  await db.insert(approvalPolicies).values([
    {
      cpId: product.cpId,
      productId: product.id,
      action: errorCodesResource.permissions.approve,
      threshold: null,
      reasonRequired: true,
    },
    {
      cpId: product.cpId,
      productId: product.id,
      action: billingResource.permissions.approve,
      threshold: 100,
    },
  ]);
}
