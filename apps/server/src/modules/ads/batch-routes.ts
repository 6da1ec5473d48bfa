import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adBatchAdsQuery, adBatchesResource, idParam } from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { rowInScope } from '../../lib/scope.ts';
import { findOr404 } from '../../lib/versioned.ts';
import type { AdsContext } from './accounts.ts';
import {
  batchAdsRoute,
  batchCells,
  batchReads,
  batchWindows,
  createBatch,
  previewDrafts,
  retryBatch,
} from './batches.ts';
import { advertiserAccountsRoute, mediumAction, mediumFile } from './medium-routes.ts';
import { adBatches } from './tables.ts';

const resource = adBatchesResource;
const tags = [resource.name];
const mediaQuery = resource.list.pick({ media: true });
/** The figures a batch's export ends with, after what the batch is (a task's also names its medium and layout). */
export const BATCH_FIGURE_COLUMNS = [
  'budget',
  'bid',
  'total',
  'ok',
  'failed',
  'created_by',
  'created_at',
] as const;
const EXPORT_COLUMNS = ['id', 'name', 'status', ...BATCH_FIGURE_COLUMNS] as const;

/**
 * `/ad-batches?media=<code>`: batches of ads made on the medium — list, one, its ads with the
 * medium's ids or reasons, create (the job starts at once), retry the failed ads, export. Every route
 * checks the medium's batch page permissions.
 */
export async function adBatchRoutes(
  fastify: FastifyInstance,
  ctx: AdsContext & { jobs: JobRunner },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  queryRoutes(fastify, db, resource, batchReads, {
    summary: 'List batches',
    exporter: {
      headers: EXPORT_COLUMNS,
      file: mediumFile(resource),
      toCells: batchCells,
    },
  });

  advertiserAccountsRoute(fastify, db, resource, {
    path: '/ad-batches/accounts',
    summary: "The medium's advertiser accounts a batch can make ads on",
    mediaQuery,
  });

  app.get(
    '/ad-batches/windows',
    {
      schema: {
        tags,
        summary: "The game's enabled windows on the medium a batch's ads can land on",
        querystring: mediaQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      return ok({ list: await batchWindows(db, scope, scope.dimension!.value) });
    },
  );

  mediumAction(
    fastify,
    resource,
    {
      path: '/ad-batches',
      summary: 'Make a batch of ads (its job starts at once)',
      mediaQuery,
      action: 'create',
      body: resource.create,
    },
    (scope, medium, body) => createBatch(ctx, scope, medium, body),
  );
  mediumAction(
    fastify,
    resource,
    {
      path: '/ad-batches/drafts',
      summary: "The drafts of a batch checked against the medium's rules (nothing is made)",
      mediaQuery,
      action: 'create',
      body: resource.create,
    },
    (scope, medium, body) => previewDrafts(ctx, scope, medium, body),
  );

  app.get(
    '/ad-batches/:id',
    {
      schema: { tags, summary: 'One batch', params: idParam, querystring: mediaQuery },
      config: can(resource, 'read'),
    },
    async (request) => ok(await batchReads.get(db, scopeOf(request), request.params.id)),
  );

  batchAdsRoute(app, db, {
    name: 'ad-batch-ads',
    path: '/ad-batches/:id/ads',
    summary: "A batch's ads with the medium's ids or reasons",
    query: adBatchAdsQuery,
    resource,
  });

  app.post(
    '/ad-batches/:id/retry',
    {
      schema: {
        tags,
        summary: 'Make the failed ads again (same request ids)',
        params: idParam,
        querystring: mediaQuery,
      },
      config: can(resource, 'create'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      const batch = await findOr404(db, adBatches, rowInScope(adBatches, scope, request.params.id));
      return ok(await retryBatch(ctx, scope, batch));
    },
  );
}
