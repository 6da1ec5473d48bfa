import {
  billingResource,
  codeBatchResource,
  errorCodesResource,
  mailsResource,
  refundsResource,
  sanctionsResource,
} from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { approvalPolicies } from '../db/tables.ts';

/**
 * The demo's two-person approval, on every game (issue 27: no mass action goes out on one click):
 * a mail to 10,000 players or more, or whose attachments are worth 10,000.00 or more in all
 * (props' unit value, cents), waits for a second person with a reason; so does an exchange-code
 * batch of 10,000 codes or more, sanctions of 100 players or more in a day, and every waiver of a
 * refund's claw-back. On the domestic CP's second game (坦克大作战) publishing error codes also always
 * waits (with a reason), and a change of a live billing point does when its price reaches 100.
 * Sign in as `admin` to ask and as `ops_gn` to decide (or the other way round).
 */
export async function seedDemoApprovals(
  db: Db,
  product: { id: number; cpId: number },
  options: { strict: boolean; everyGame: boolean },
): Promise<void> {
  const scope = { cpId: product.cpId, productId: product.id };
  const mail = {
    ...scope,
    action: mailsResource.permissions.approve,
    threshold: 10_000,
    valueThreshold: 1_000_000,
    reasonRequired: true,
  };
  const strict = [
    { ...scope, action: errorCodesResource.permissions.approve, threshold: null, reasonRequired: true },
    { ...scope, action: billingResource.permissions.approve, threshold: 100 },
  ];
  const policies = options.everyGame
    ? [
        mail,
        { ...scope, action: codeBatchResource.permissions.approve, threshold: 10_000, reasonRequired: true },
        { ...scope, action: sanctionsResource.permissions.approve, threshold: 100 },
        { ...scope, action: refundsResource.permissions.approve, threshold: null, reasonRequired: true },
        ...(options.strict ? strict : []),
      ]
    : // The API tests' fixture: 坦克大作战 only, as before.
      options.strict
      ? [...strict, { ...scope, action: codeBatchResource.permissions.approve, threshold: 50_000 }, mail]
      : [];
  if (policies.length) await db.insert(approvalPolicies).values(policies);
}
