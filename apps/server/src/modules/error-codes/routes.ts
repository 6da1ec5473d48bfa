import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  actionPermission,
  errorCodeCreateBody,
  errorCodeExportQuery,
  errorCodeListQuery,
  errorCodeMissingQuery,
  errorCodePublishBody,
  errorCodeUpdateBody,
  idParam,
  releaseListQuery,
  releaseParam,
  seePermissionOf,
} from '@rx/contracts';
import { productAccess, type Action, type ProductScope } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import { requirePermission } from '../acs/authenticate.ts';
import { invalidateOnWrite, type GameConfigRouteOptions } from '../game-api/cache.ts';
import { errorCodeTable } from './io.ts';
import {
  createErrorCode,
  deleteErrorCode,
  getErrorCode,
  getRelease,
  listErrorCodes,
  listReleases,
  missingTranslations,
  publishErrorCodes,
  rollbackErrorCodes,
  updateErrorCode,
} from './service.ts';

export const ERROR_CODE_SEE = seePermissionOf('/basic/error-code');

/**
 * `/error-codes`: the product's error-code texts (page `/basic/error-code`). Publishing and rolling
 * back change what players see, so they need the page's approve permission.
 */
export async function errorCodeRoutes(
  fastify: FastifyInstance,
  options: GameConfigRouteOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['error-codes'];
  const can = (request: FastifyRequest, action: Action) => productAccess(db, request, ERROR_CODE_SEE, action);
  const canApprove = async (request: FastifyRequest): Promise<ProductScope> => {
    await requirePermission(db, request, actionPermission(ERROR_CODE_SEE, 'approve'));
    return can(request, 'read');
  };
  app.addHook('onRequest', options.authenticate);
  invalidateOnWrite(app, options.cache);

  app.get(
    '/error-codes',
    { schema: { tags, summary: 'List error codes (the working copy)', querystring: errorCodeListQuery } },
    async (request) => ok(await listErrorCodes(db, await can(request, 'read'), request.query)),
  );
  app.get(
    '/error-codes/missing',
    {
      schema: {
        tags,
        summary:
          'Missing-translation report: enabled codes without a text in `lang` (any language when absent)',
        querystring: errorCodeMissingQuery,
      },
    },
    async (request) => ok(await missingTranslations(db, await can(request, 'read'), request.query)),
  );
  app.get(
    '/error-codes/releases',
    {
      schema: {
        tags,
        summary: 'The releases, newest first (the newest is live)',
        querystring: releaseListQuery,
      },
    },
    async (request) => ok(await listReleases(db, await can(request, 'read'), request.query)),
  );
  app.get(
    '/error-codes/releases/:n',
    { schema: { tags, summary: 'One release with the codes it holds', params: releaseParam } },
    async (request) => ok(await getRelease(db, await can(request, 'read'), request.params.n)),
  );
  app.post(
    '/error-codes/publish',
    {
      schema: {
        tags,
        summary: 'Publish the enabled codes as a new live release',
        body: errorCodePublishBody,
      },
    },
    async (request) => ok(await publishErrorCodes(db, await canApprove(request), request.body.note)),
  );
  app.post(
    '/error-codes/releases/:n/rollback',
    {
      schema: {
        tags,
        summary: "Make release n's content live again, as a new release (the working copy is unchanged)",
        params: releaseParam,
        body: errorCodePublishBody,
      },
    },
    async (request) =>
      ok(await rollbackErrorCodes(db, await canApprove(request), request.params.n, request.body.note)),
  );
  app.get(
    '/error-codes/:id',
    { schema: { tags, summary: 'One error code', params: idParam } },
    async (request) => ok(await getErrorCode(db, await can(request, 'read'), request.params.id)),
  );
  app.post(
    '/error-codes',
    { schema: { tags, summary: 'Create an error code', body: errorCodeCreateBody } },
    async (request) => ok(await createErrorCode(db, await can(request, 'create'), request.body)),
  );
  app.put(
    '/error-codes/:id',
    {
      schema: {
        tags,
        summary: 'Update an error code (body carries its version)',
        params: idParam,
        body: errorCodeUpdateBody,
      },
    },
    async (request) =>
      ok(await updateErrorCode(db, await can(request, 'update'), request.params.id, request.body)),
  );
  app.delete(
    '/error-codes/:id',
    {
      schema: {
        tags,
        summary: 'Delete an error code; one of the live release is disabled instead (422001)',
        params: idParam,
      },
    },
    async (request) => ok(await deleteErrorCode(db, await can(request, 'delete'), request.params.id)),
  );
  tableRoutes(app, db, {
    path: '/error-codes',
    tags,
    exportQuery: errorCodeExportQuery,
    access: (request, action) => can(request, action),
    exporter: errorCodeTable,
    importer: errorCodeTable,
  });
}
