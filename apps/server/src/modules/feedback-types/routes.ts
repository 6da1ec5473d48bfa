import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  feedbackTypeCreateBody,
  feedbackTypeExportQuery,
  feedbackTypeListQuery,
  feedbackTypeUpdateBody,
  idParam,
  seePermissionOf,
} from '@rx/contracts';
import { productAccess, type Action } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import type { GameConfigRouteOptions } from '../game-api/cache.ts';
import { feedbackTypeTable } from './io.ts';
import {
  createFeedbackType,
  deleteFeedbackType,
  feedbackTypeTree,
  getFeedbackType,
  listFeedbackTypes,
  updateFeedbackType,
} from './service.ts';

export const FEEDBACK_TYPE_SEE = seePermissionOf('/service/feedbackConfig/feedback-configure');

/** `/feedback-types`: the product's feedback type tree (page `/service/feedbackConfig/feedback-configure`). */
export async function feedbackTypeRoutes(
  fastify: FastifyInstance,
  options: GameConfigRouteOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['feedback-types'];
  const can = (request: FastifyRequest, action: Action) =>
    productAccess(db, request, FEEDBACK_TYPE_SEE, action);
  app.addHook('onRequest', options.authenticate);

  app.get(
    '/feedback-types',
    { schema: { tags, summary: 'List feedback types (flat)', querystring: feedbackTypeListQuery } },
    async (request) => ok(await listFeedbackTypes(db, await can(request, 'read'), request.query)),
  );
  app.get(
    '/feedback-types/tree',
    { schema: { tags, summary: 'Every feedback type of the product, nested' } },
    async (request) => ok(await feedbackTypeTree(db, await can(request, 'read'))),
  );
  app.get(
    '/feedback-types/:id',
    { schema: { tags, summary: 'One feedback type', params: idParam } },
    async (request) => ok(await getFeedbackType(db, await can(request, 'read'), request.params.id)),
  );
  app.post(
    '/feedback-types',
    { schema: { tags, summary: 'Create a feedback type', body: feedbackTypeCreateBody } },
    async (request) => ok(await createFeedbackType(db, await can(request, 'create'), request.body)),
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
    },
    async (request) =>
      ok(await updateFeedbackType(db, await can(request, 'update'), request.params.id, request.body)),
  );
  app.delete(
    '/feedback-types/:id',
    {
      schema: {
        tags,
        summary: 'Delete a feedback type; one with children is refused (422001)',
        params: idParam,
      },
    },
    async (request) => ok(await deleteFeedbackType(db, await can(request, 'delete'), request.params.id)),
  );
  tableRoutes(app, db, {
    path: '/feedback-types',
    tags,
    exportQuery: feedbackTypeExportQuery,
    access: (request, action) => can(request, action),
    exporter: feedbackTypeTable,
  });
}
