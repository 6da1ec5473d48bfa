import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedbackTypesResource as resource } from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { ok } from '../../lib/request.ts';
import { resourceTableRoutes, standardRoutes } from '../../lib/resource-routes.ts';
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
 * service (moves, a delete refused while children remain), so the standard routes call this
 * module's own functions, each declaring the action it needs on the resource.
 */
export async function feedbackTypeRoutes(
  fastify: FastifyInstance,
  options: GameConfigRouteOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = [resource.name];
  const scope = (request: FastifyRequest) => scopeOf(request) as ProductScope;

  standardRoutes(
    app,
    db,
    resource,
    {
      list: listFeedbackTypes,
      get: getFeedbackType,
      create: createFeedbackType,
      update: updateFeedbackType,
      remove: deleteFeedbackType,
    },
    {
      list: 'List feedback types (flat)',
      get: 'One feedback type',
      create: 'Create a feedback type',
      update: 'Update or move a feedback type (body carries its version; under its own descendant: 422001)',
      delete: 'Delete a feedback type; one with children is refused (422001)',
    },
  );
  app.get(
    '/feedback-types/tree',
    {
      schema: { tags, summary: 'Every feedback type of the product, nested' },
      config: can(resource, 'read'),
    },
    async (request) => ok(await feedbackTypeTree(db, scope(request))),
  );
  resourceTableRoutes(app, db, resource, { exporter: feedbackTypeTable });
}
