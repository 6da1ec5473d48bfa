import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { billingResource, idParam, type BillingPoint } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { containsAny } from '../../lib/list.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import type { Scope } from '../../lib/access.ts';
import { answerPendingWith202 } from '../approvals/index.ts';
import { registerBillingApprovals, updateOrAsk } from './approval.ts';
import { referToChannelsAndGifts } from './links.ts';
import { billingSheet, type ChannelCodes } from './io.ts';
import {
  BILLING_UNIQUE,
  billingColumns,
  billingVersions,
  type BillingChanges,
  checkBilling,
  deleteBilling,
  toBilling,
} from './service.ts';
import { billingPoints } from './tables.ts';
import { updateBilling } from './writes.ts';

const impl: ResourceImpl<typeof billingResource, typeof billingPoints, BillingPoint, ChannelCodes> = {
  table: billingPoints,
  toItem: toBilling,
  nameOf: (row) => row.name,
  where: (f) => [
    // Old versions only when asked for: the list is of the SKUs on sale.
    f.history ? undefined : eq(billingPoints.current, true),
    containsAny(f.q, billingPoints.storeSku, billingPoints.name),
    f.store ? eq(billingPoints.store, f.store) : undefined,
    f.channel_id ? eq(billingPoints.channelId, f.channel_id) : undefined,
    f.kind ? eq(billingPoints.kind, f.kind) : undefined,
    f.status ? eq(billingPoints.status, f.status) : undefined,
    f.sandbox === undefined ? undefined : eq(billingPoints.sandbox, f.sandbox),
  ],
  columns: billingColumns,
  unique: BILLING_UNIQUE,
  check: (db, scope, input, before) => checkBilling(db, scope, input, before && toBilling(before)),
  sheet: billingSheet,
};

/**
 * The standard operations, except that rows are versions: an update of a live SKU's reward writes
 * a new version, and only the current row can be deleted (writes.ts, service.ts).
 */
export const billingService = {
  ...resourceService(billingResource, impl),
  update: updateBilling,
  remove: deleteBilling,
};

/** `/billing-points` of the product in `X-Product-Id`: purchasable SKUs per channel and store. */
export async function billingRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  // A change of a live SKU may wait for a second person (approval.ts): then 202 and `{ approval }`.
  registerBillingApprovals();
  referToChannelsAndGifts();
  answerPendingWith202(fastify);
  const service = {
    ...billingService,
    update: (db: Db, scope: Scope, id: number, input: BillingChanges) =>
      updateOrAsk(db, fastify.events, scope, id, input) as Promise<BillingPoint>,
  };
  resourceRoutes(fastify, db, billingResource, service, impl);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/billing-points/:id/versions',
    {
      schema: {
        tags: [billingResource.name],
        summary: 'Every version of the SKU, oldest first',
        params: idParam,
      },
      config: can(billingResource, 'read'),
    },
    async (request) => ok(await billingVersions(db, scopeOf(request), request.params.id)),
  );
}
