import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  giftCloneBody,
  giftCreateBody,
  giftExportQuery,
  giftListQuery,
  giftUpdateBody,
  idParam,
  seePermissionOf,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { productAccess, type Action } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { documentProductHeader } from '../../lib/scope.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import { giftTable } from './io.ts';
import { cloneGift, createGift, deleteGift, getGift, giftUsedBy, listGifts, updateGift } from './service.ts';

export const GIFT_SEE = seePermissionOf('/basic/gift-list');

/** `/gift-packages` of the product in `X-Product-Id`: the reward unit other modules hand out. */
export async function giftRoutes(
  fastify: FastifyInstance,
  options: { db: Db; authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['gift-packages'];
  const can = (request: FastifyRequest, action: Action) => productAccess(db, request, GIFT_SEE, action);
  app.addHook('onRequest', options.authenticate);
  documentProductHeader(app);

  app.get(
    '/gift-packages',
    { schema: { tags, summary: 'List the gift packages of the product', querystring: giftListQuery } },
    async (request) => ok(await listGifts(db, await can(request, 'read'), request.query)),
  );
  app.get(
    '/gift-packages/:id',
    { schema: { tags, summary: 'One gift package', params: idParam } },
    async (request) => ok(await getGift(db, await can(request, 'read'), request.params.id)),
  );
  app.get(
    '/gift-packages/:id/used-by',
    { schema: { tags, summary: 'What refers to the gift package (billing points)', params: idParam } },
    async (request) => ok(await giftUsedBy(db, await can(request, 'read'), request.params.id)),
  );
  app.post(
    '/gift-packages',
    { schema: { tags, summary: 'Create a gift package', body: giftCreateBody } },
    async (request) => ok(await createGift(db, await can(request, 'create'), request.body)),
  );
  app.post(
    '/gift-packages/:id/clone',
    {
      schema: {
        tags,
        summary: 'Copy a gift package, optionally renamed',
        params: idParam,
        body: giftCloneBody,
      },
    },
    async (request) =>
      ok(await cloneGift(db, await can(request, 'create'), request.params.id, request.body?.name)),
  );
  app.put(
    '/gift-packages/:id',
    {
      schema: {
        tags,
        summary: 'Update a gift package (body carries its version)',
        params: idParam,
        body: giftUpdateBody,
      },
    },
    async (request) =>
      ok(await updateGift(db, await can(request, 'update'), request.params.id, request.body)),
  );
  app.delete(
    '/gift-packages/:id',
    {
      schema: {
        tags,
        summary: 'Delete a gift package; one in use is disabled instead (422001)',
        params: idParam,
      },
    },
    async (request) => ok(await deleteGift(db, await can(request, 'delete'), request.params.id)),
  );
  tableRoutes(app, db, {
    path: '/gift-packages',
    tags,
    exportQuery: giftExportQuery,
    access: can,
    exporter: giftTable,
    importer: giftTable,
  });
}
