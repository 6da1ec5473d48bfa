import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  idParam,
  JOB_SORTS,
  jobItemsQuery,
  jobListQuery,
  jobResultQuery,
  type JobItem,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { jobItems, jobs } from '../../db/jobs.ts';
import { ApiError } from '../../lib/api-error.ts';
import { requireAuth } from '../../lib/authenticate.ts';
import { userGrants } from '../../lib/grants.ts';
import { jobResultFile, type JobRow } from '../../lib/jobs/index.ts';
import { listRoute, tableList } from '../../lib/resource-routes.ts';
import { ok, requestLanguage } from '../../lib/request.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';

/**
 * What the routes read of a job: never `params` (an import keeps the whole file's cells there,
 * hundreds of KB that would be sent and parsed at every poll of its progress),
 * and the summary (an import's diff, up to MBs) only for one job, not for a page of them.
 */
const { params: _params, ...shown } = getTableColumns(jobs);
const listed = { ...shown, summary: sql<null>`null`.as('summary') };
type ShownJob = Omit<JobRow, 'params'>;

function toItem(job: ShownJob): JobItem {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    total: job.total,
    done: job.done,
    failed: job.failed,
    user_id: job.userId,
    username: job.username,
    product_id: job.productId,
    summary: job.summary ?? null,
    error: job.error,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

/** The jobs the caller may see: their own; a CP admin, all of the CP's. Never another CP's. */
async function visibility(
  db: Db,
  request: FastifyRequest,
): Promise<{ where: SQL; userId: number; cpId: number }> {
  const auth = requireAuth(request);
  const grants = await userGrants(db, auth.userId, auth.permChangedAt);
  const cp = eq(jobs.cpId, auth.cpId);
  return {
    where: grants.isAdmin ? cp : and(cp, eq(jobs.userId, auth.userId))!,
    userId: auth.userId,
    cpId: auth.cpId,
  };
}

async function visibleJob(db: Db, request: FastifyRequest, id: number): Promise<ShownJob> {
  const { where } = await visibility(db, request);
  const [job] = await db
    .select(shown)
    .from(jobs)
    .where(and(where, eq(jobs.id, id)));
  if (!job) throw new ApiError(ErrorCode.NOT_FOUND);
  return job;
}

/** A page of jobs (never their parameters, nor their summaries), with live progress. */
function jobListOf(withLiveProgress: (job: ShownJob) => ShownJob) {
  return tableList({
    table: jobs,
    sortBy: {
      created_at: jobs.createdAt,
      id: jobs.id,
      status: jobs.status,
      kind: jobs.kind,
      finished_at: jobs.finishedAt,
    },
    fallback: '-created_at',
    columns: listed,
    items: (_db, rows) => rows.map((row) => toItem(withLiveProgress(row as ShownJob))),
  });
}

/** A page of a job's items, in their order. */
const itemList = tableList({
  table: jobItems,
  sortBy: { seq: jobItems.seq },
  fallback: 'seq',
  tieBreaker: jobItems.seq,
  items: (_db, rows) =>
    rows.map((item) => ({
      seq: item.seq,
      status: item.status,
      message: item.message,
      input: item.input,
      output: item.output ?? null,
      done_at: item.doneAt?.toISOString() ?? null,
    })),
});

export async function jobRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['jobs'];
  const jobList = jobListOf((job) => fastify.jobs.withLiveProgress(job));

  listRoute(fastify, {
    name: 'jobs',
    path: '/jobs',
    tags,
    summary: "Background jobs: the caller's own; a CP admin sees all of the CP's (`mine=1`: own only)",
    query: jobListQuery,
    filters: ['kind', 'status', 'mine'],
    sorts: JOB_SORTS,
    config: SIGNED_IN,
    async list(request, { kind, status, mine, ...paging }) {
      const seen = await visibility(db, request);
      const where = and(
        seen.where,
        mine ? eq(jobs.userId, seen.userId) : undefined,
        kind ? eq(jobs.kind, kind) : undefined,
        status ? eq(jobs.status, status) : undefined,
      );
      return jobList(db, where, paging, requestLanguage(request));
    },
  });

  app.get(
    '/jobs/:id',
    {
      schema: { tags, summary: 'One job with its progress and summary', params: idParam },
      config: SIGNED_IN,
    },
    async (request) =>
      ok(toItem(fastify.jobs.withLiveProgress(await visibleJob(db, request, request.params.id)))),
  );

  listRoute(fastify, {
    name: 'jobs',
    path: '/jobs/:id/items',
    tags,
    summary: "A job's items with their status and message (`status=error`: the failed ones)",
    query: jobItemsQuery,
    params: idParam,
    filters: ['status'],
    sorts: ['seq'],
    config: SIGNED_IN,
    async list(request, { status, ...paging }, { id }) {
      const job = await visibleJob(db, request, id);
      const where = and(eq(jobItems.jobId, job.id), status ? eq(jobItems.status, status) : undefined);
      return itemList(db, where, paging, requestLanguage(request));
    },
  });

  app.get(
    '/jobs/:id/result',
    {
      schema: {
        tags,
        summary: "The job's items with their status and message as CSV or XLSX, made on demand",
        params: idParam,
        querystring: jobResultQuery,
      },
      config: SIGNED_IN,
    },
    async (request, reply) => {
      const job = await visibleJob(db, request, request.params.id);
      return jobResultFile(reply, db, job.id, request.query.format);
    },
  );

  app.post(
    '/jobs/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Stop a queued or running job between batches (its remaining items stay pending)',
        params: idParam,
      },
      config: SIGNED_IN,
    },
    async (request) => {
      const job = await visibleJob(db, request, request.params.id);
      if (!(await fastify.jobs.cancel(job.id))) throw new ApiError(ErrorCode.BUSINESS_RULE);
      return ok(toItem((await fastify.jobs.find(job.id))!));
    },
  );

  app.post(
    '/jobs/:id/retry',
    {
      schema: { tags, summary: 'Run the failed items again (the others stay as they are)', params: idParam },
      config: SIGNED_IN,
    },
    async (request) => {
      const job = await visibleJob(db, request, request.params.id);
      if (!(await fastify.jobs.retry(job.id))) throw new ApiError(ErrorCode.BUSINESS_RULE);
      return ok(toItem((await fastify.jobs.find(job.id))!));
    },
  );
}
