import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  propCreateBody,
  propExportQuery,
  propListQuery,
  propUpdateBody,
  seePermissionOf,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { productAccess, type Action } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { documentProductHeader } from '../../lib/scope.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import { propTable } from './io.ts';
import { createProp, deleteProp, getProp, listProps, updateProp } from './service.ts';

export const PROP_SEE = seePermissionOf('/projectbase/projectbase-fe/game-prop-config');

/** `/props`: the item catalogue of the product in `X-Product-Id`. */
export async function propRoutes(
  fastify: FastifyInstance,
  options: { db: Db; authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['props'];
  const can = (request: FastifyRequest, action: Action) => productAccess(db, request, PROP_SEE, action);
  app.addHook('onRequest', options.authenticate);
  documentProductHeader(app);

  app.get(
    '/props',
    { schema: { tags, summary: 'List the props of the product', querystring: propListQuery } },
    async (request) => ok(await listProps(db, await can(request, 'read'), request.query)),
  );
  app.get('/props/:id', { schema: { tags, summary: 'One prop', params: idParam } }, async (request) =>
    ok(await getProp(db, await can(request, 'read'), request.params.id)),
  );
  app.post('/props', { schema: { tags, summary: 'Create a prop', body: propCreateBody } }, async (request) =>
    ok(await createProp(db, await can(request, 'create'), request.body)),
  );
  app.put(
    '/props/:id',
    {
      schema: {
        tags,
        summary: 'Update a prop (body carries its version; the code never changes)',
        params: idParam,
        body: propUpdateBody,
      },
    },
    async (request) =>
      ok(await updateProp(db, await can(request, 'update'), request.params.id, request.body)),
  );
  app.delete(
    '/props/:id',
    {
      schema: {
        tags,
        summary: 'Delete a prop; one a gift package contains is disabled instead (422001)',
        params: idParam,
      },
    },
    async (request) => ok(await deleteProp(db, await can(request, 'delete'), request.params.id)),
  );
  tableRoutes(app, db, {
    path: '/props',
    tags,
    exportQuery: propExportQuery,
    access: can,
    exporter: propTable,
    importer: propTable,
  });
}
