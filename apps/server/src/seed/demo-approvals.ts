import { billingResource, codeBatchResource, errorCodesResource, mailsResource } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { approvalPolicies } from '../db/tables.ts';

/**
 * The demo's two-person approval: on the domestic CP's second game (坦克大作战), publishing error
 * codes always waits for a second person (with a reason); a change of a live billing point does
 * when its price reaches 100; an exchange-code batch of 50,000 codes or more; a mail to 10,000
 * players or more, or whose attachments are worth 10,000.00 or more in all (props' unit value,
 * cents). Sign in as `admin` to ask and as `ops_gn` to decide (or the other way round). The other
 * games have no policy, so their pages work as before.
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
    {
      cpId: product.cpId,
      productId: product.id,
      action: codeBatchResource.permissions.approve,
      threshold: 50_000,
    },
    {
      cpId: product.cpId,
      productId: product.id,
      action: mailsResource.permissions.approve,
      threshold: 10_000,
      valueThreshold: 1_000_000,
      reasonRequired: true,
    },
  ]);
}
