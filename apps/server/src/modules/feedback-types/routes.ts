import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  feedbackTypeCreateBody,
  feedbackTypeExportQuery,
  feedbackTypeListQuery,
  feedbackTypesResource as resource,
  feedbackTypeUpdateBody,
  idParam,
} from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import { can, resourceScope, scopeOf } from '../../lib/route-access.ts';
import { ok } from '../../lib/request.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import type { GameConfigRouteOptions } from '../game-api/index.ts';
import { feedbackTypeTable } from './io.ts';
import {
  createFeedbackType,
  deleteFeedbackType,
  feedbackTypeTree,
  getFeedbackType,
  listFeedbackTypes,
  updateFeedbackType,
} from './service.ts';

/**
 * `/feedback-types`: the product's feedback type tree. A tree does not fit the standard resource
 * routes (moves, a delete refused while children remain), so they are written here, each declaring
 * the action it needs on the resource.
 */
export async function feedbackTypeRoutes(
  fastify: FastifyInstance,
  options: GameConfigRouteOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = [resource.name];
  const scope = (request: FastifyRequest) => scopeOf(request) as ProductScope;

  app.get(
    '/feedback-types',
    {
      schema: { tags, summary: 'List feedback types (flat)', querystring: feedbackTypeListQuery },
      config: can(resource, 'read'),
    },
    async (request) => ok(await listFeedbackTypes(db, scope(request), request.query)),
  );
  app.get(
    '/feedback-types/tree',
    {
      schema: { tags, summary: 'Every feedback type of the product, nested' },
      config: can(resource, 'read'),
    },
    async (request) => ok(await feedbackTypeTree(db, scope(request))),
  );
  app.get(
    '/feedback-types/:id',
    { schema: { tags, summary: 'One feedback type', params: idParam }, config: can(resource, 'read') },
    async (request) => ok(await getFeedbackType(db, scope(request), request.params.id)),
  );
  app.post(
    '/feedback-types',
    {
      schema: { tags, summary: 'Create a feedback type', body: feedbackTypeCreateBody },
      config: can(resource, 'create'),
    },
    async (request) => ok(await createFeedbackType(db, scope(request), request.body)),
  );
  app.put(
    '/feedback-types/:id',
    {
      schema: {
        tags,
        summary:
          'Update or move a feedback type (body carries its version; under its own descendant: 422001)',
        params: idParam,
        body: feedbackTypeUpdateBody,
      },
      config: can(resource, 'update'),
    },
    async (request) => ok(await updateFeedbackType(db, scope(request), request.params.id, request.body)),
  );
  app.delete(
    '/feedback-types/:id',
    {
      schema: {
        tags,
        summary: 'Delete a feedback type; one with children is refused (422001)',
        params: idParam,
      },
      config: can(resource, 'delete'),
    },
    async (request) => ok(await deleteFeedbackType(db, scope(request), request.params.id)),
  );
  tableRoutes(app, db, {
    path: '/feedback-types',
    tags,
    exportQuery: feedbackTypeExportQuery,
    access: (request, action) => resourceScope(db, request, resource, action),
    config: (action) => can(resource, action),
    exporter: feedbackTypeTable,
  });
}
