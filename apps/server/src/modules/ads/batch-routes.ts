import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { adBatchAdsQuery, adBatchesResource, idParam } from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import { keysetBatches, sendExport } from '../../lib/export.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import { logChange } from '../../lib/operation-log.ts';
import { ok } from '../../lib/request.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404 } from '../../lib/versioned.ts';
import type { AdsContext } from './accounts.ts';
import { batchAds, batchCells, batchReads, createBatch, previewDrafts, retryBatch } from './batches.ts';
import { adAccounts, adBatches } from './tables.ts';

const resource = adBatchesResource;
const tags = [resource.name];
const mediaQuery = resource.list.pick({ media: true });
const EXPORT_COLUMNS = [
  'id',
  'name',
  'status',
  'budget',
  'bid',
  'total',
  'ok',
  'failed',
  'created_by',
  'created_at',
] as const;

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

  app.get(
    '/ad-batches',
    { schema: { tags, summary: 'List batches', querystring: resource.list }, config: can(resource, 'read') },
    async (request) => ok(await batchReads.list(db, scopeOf(request), request.query)),
  );

  app.get(
    '/ad-batches/export',
    {
      schema: { tags, summary: 'Export the filtered batches (CSV or XLSX)', querystring: resource.export },
      config: can(resource, 'export'),
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { format, media, ...filters } = request.query;
      await logChange(db, scope, { action: 'export', targetType: resource.name, after: { format, filters } });
      async function* rows() {
        for await (const batch of keysetBatches((after, limit) =>
          batchReads.batch(db, scope, filters, after, limit),
        ))
          yield batch.map((b) => EXPORT_COLUMNS.map((column) => batchCells(b)[column]));
      }
      return sendExport(reply, format, `${resource.name}-${media}`, EXPORT_COLUMNS, rows());
    },
  );

  app.get(
    '/ad-batches/accounts',
    {
      schema: {
        tags,
        summary: "The medium's advertiser accounts a batch can make ads on",
        querystring: mediaQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) => {
      const rows = await db
        .select({ id: adAccounts.id, account_id: adAccounts.accountId, name: adAccounts.name })
        .from(adAccounts)
        .where(and(inScope(adAccounts, scopeOf(request)), eq(adAccounts.role, 'advertiser')))
        .orderBy(asc(adAccounts.name), asc(adAccounts.id))
        .limit(1000);
      return ok({ list: rows });
    },
  );

  app.post(
    '/ad-batches',
    {
      schema: {
        tags,
        summary: 'Make a batch of ads (its job starts at once)',
        querystring: mediaQuery,
        body: resource.create,
      },
      config: can(resource, 'create'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      return ok(await createBatch(ctx, scope, scope.dimension!.value, request.body));
    },
  );

  app.post(
    '/ad-batches/drafts',
    {
      schema: {
        tags,
        summary: "The drafts of a batch checked against the medium's rules (nothing is made)",
        querystring: mediaQuery,
        body: resource.create,
      },
      config: can(resource, 'create'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      return ok(await previewDrafts(ctx, scope, scope.dimension!.value, request.body));
    },
  );

  app.get(
    '/ad-batches/:id',
    {
      schema: { tags, summary: 'One batch', params: idParam, querystring: mediaQuery },
      config: can(resource, 'read'),
    },
    async (request) => ok(await batchReads.get(db, scopeOf(request), request.params.id)),
  );

  app.get(
    '/ad-batches/:id/ads',
    {
      schema: {
        tags,
        summary: "A batch's ads with the medium's ids or reasons",
        params: idParam,
        querystring: adBatchAdsQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const batch = await findOr404(db, adBatches, rowInScope(adBatches, scope, request.params.id));
      const { page, page_size, status } = request.query;
      return ok(await batchAds(db, batch.id, { page, page_size, ...(status ? { status } : {}) }));
    },
  );

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
