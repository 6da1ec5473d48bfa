import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adBatchTaskAdsQuery, adBatchTasksResource, idParam } from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { rowInScope } from '../../lib/scope.ts';
import { findOr404 } from '../../lib/versioned.ts';
import type { AdsContext } from './accounts.ts';
import { BATCH_FIGURE_COLUMNS } from './batch-routes.ts';
import { batchAdsRoute, batchCells, retryBatch, taskReads } from './batches.ts';
import { adBatches } from './tables.ts';

const resource = adBatchTasksResource;
const tags = [resource.name];

/**
 * `/ad-batch-tasks`: the batches of every medium as tasks (the batch-task pages; `?media=` keeps to
 * one) — list and export, one task, its ads with the medium's ids or reasons, retry of the failed
 * ads only (each with its request id, so an ad the medium made after a lost answer is not made again).
 */
export async function adBatchTaskRoutes(
  fastify: FastifyInstance,
  ctx: AdsContext & { jobs: JobRunner },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  queryRoutes(fastify, db, resource, taskReads, {
    summary: 'List the batch tasks of every medium',
    exporter: {
      headers: ['id', 'media', 'name', 'status', 'layout', ...BATCH_FIGURE_COLUMNS],
      toCells: batchCells,
    },
  });

  app.get(
    '/ad-batch-tasks/:id',
    { schema: { tags, summary: 'One batch task', params: idParam }, config: can(resource, 'read') },
    async (request) => ok(await taskReads.get(db, scopeOf(request), request.params.id)),
  );

  batchAdsRoute(app, db, {
    name: 'ad-batch-task-ads',
    path: '/ad-batch-tasks/:id/ads',
    summary: "A task's ads with the medium's ids or reasons",
    query: adBatchTaskAdsQuery,
    resource,
  });

  app.post(
    '/ad-batch-tasks/:id/retry',
    {
      schema: { tags, summary: 'Make the failed ads again (same request ids)', params: idParam },
      config: can(resource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      const batch = await findOr404(db, adBatches, rowInScope(adBatches, scope, request.params.id));
      return ok(await retryBatch(ctx, scope, batch));
    },
  );
}
