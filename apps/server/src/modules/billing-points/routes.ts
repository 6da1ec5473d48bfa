import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingCreateBody,
  billingExportQuery,
  billingListQuery,
  billingUpdateBody,
  idParam,
  seePermissionOf,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { productAccess, type Action } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { documentProductHeader } from '../../lib/scope.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import { billingTable } from './io.ts';
import { billingVersions, deleteBilling, getBilling, listBilling } from './service.ts';
import { createBilling, updateBilling } from './writes.ts';

export const BILLING_SEE = seePermissionOf('/commercialbasic/shop-billing-config');

/** `/billing-points` of the product in `X-Product-Id`: purchasable SKUs per channel and store. */
export async function billingRoutes(
  fastify: FastifyInstance,
  options: { db: Db; authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['billing-points'];
  const can = (request: FastifyRequest, action: Action) => productAccess(db, request, BILLING_SEE, action);
  app.addHook('onRequest', options.authenticate);
  documentProductHeader(app);

  app.get(
    '/billing-points',
    {
      schema: {
        tags,
        summary: 'List the billing points of the product (current versions; history=1 for all)',
        querystring: billingListQuery,
      },
    },
    async (request) => ok(await listBilling(db, await can(request, 'read'), request.query)),
  );
  app.get(
    '/billing-points/:id',
    { schema: { tags, summary: 'One billing point', params: idParam } },
    async (request) => ok(await getBilling(db, await can(request, 'read'), request.params.id)),
  );
  app.get(
    '/billing-points/:id/versions',
    { schema: { tags, summary: 'Every version of the SKU, oldest first', params: idParam } },
    async (request) => ok(await billingVersions(db, await can(request, 'read'), request.params.id)),
  );
  app.post(
    '/billing-points',
    { schema: { tags, summary: 'Create a billing point', body: billingCreateBody } },
    async (request) => ok(await createBilling(db, await can(request, 'create'), request.body)),
  );
  app.put(
    '/billing-points/:id',
    {
      schema: {
        tags,
        summary:
          'Update a billing point (body carries its version); changing the reward of a live one answers its new version',
        params: idParam,
        body: billingUpdateBody,
      },
    },
    async (request) =>
      ok(await updateBilling(db, await can(request, 'update'), request.params.id, request.body)),
  );
  app.delete(
    '/billing-points/:id',
    {
      schema: {
        tags,
        summary: 'Delete a billing point; a live one is disabled instead (422001)',
        params: idParam,
      },
    },
    async (request) => ok(await deleteBilling(db, await can(request, 'delete'), request.params.id)),
  );
  tableRoutes(app, db, {
    path: '/billing-points',
    tags,
    exportQuery: billingExportQuery,
    access: can,
    exporter: billingTable,
    importer: billingTable,
  });
}
