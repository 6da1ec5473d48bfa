import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  productCreateBody,
  productExportQuery,
  productListQuery,
  productUpdateBody,
  seePermissionOf,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { access } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import { productTable } from './io.ts';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './service.ts';

export const PRODUCT_SEE = seePermissionOf('/basic/product-list');

/** `/products`: the CP's games (page `/basic/product-list`). */
export async function productRoutes(
  fastify: FastifyInstance,
  options: { db: Db; authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['products'];
  const can = (request: FastifyRequest, action: Parameters<typeof access>[3]) =>
    access(db, request, PRODUCT_SEE, action);
  app.addHook('onRequest', options.authenticate);

  app.get(
    '/products',
    { schema: { tags, summary: 'List products', querystring: productListQuery } },
    async (request) => ok(await listProducts(db, await can(request, 'read'), request.query)),
  );
  app.get('/products/:id', { schema: { tags, summary: 'One product', params: idParam } }, async (request) =>
    ok(await getProduct(db, await can(request, 'read'), request.params.id)),
  );
  app.post(
    '/products',
    { schema: { tags, summary: 'Create a product', body: productCreateBody } },
    async (request) => ok(await createProduct(db, await can(request, 'create'), request.body)),
  );
  app.put(
    '/products/:id',
    {
      schema: {
        tags,
        summary: 'Update a product (body carries its version)',
        params: idParam,
        body: productUpdateBody,
      },
    },
    async (request) =>
      ok(await updateProduct(db, await can(request, 'update'), request.params.id, request.body)),
  );
  app.delete(
    '/products/:id',
    {
      schema: { tags, summary: 'Delete a product; one in use is disabled instead (422001)', params: idParam },
    },
    async (request) => ok(await deleteProduct(db, await can(request, 'delete'), request.params.id)),
  );
  tableRoutes(app, db, {
    path: '/products',
    tags,
    exportQuery: productExportQuery,
    access: can,
    exporter: productTable,
    importer: productTable,
  });
}
