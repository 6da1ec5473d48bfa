import { z } from 'zod';
import { EXPORT_FORMATS, listAnswer, listQuery } from './lists.ts';
import { queryFlag, queryInt, safeText } from './fields.ts';

/**
 * Background jobs (imports of more than IMPORT_SYNC_MAX_ROWS rows, bulk actions): who started it,
 * its status and progress, its items' results, and a result file (CSV/XLSX) made on demand.
 */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatusName = (typeof JOB_STATUSES)[number];
export const JOB_ITEM_STATUSES = ['pending', 'ok', 'error'] as const;
export type JobItemStatusName = (typeof JOB_ITEM_STATUSES)[number];

/** An import of more rows than this answers `{ job_id }` (HTTP 202) and runs in the background. */
export const IMPORT_SYNC_MAX_ROWS = 1000;

/**
 * The kinds of background job the modules define besides imports (`import:<resource>`): the
 * console names each one (jobs:kinds), and a server test fails on a kind missing here.
 */
export const JOB_KINDS = [
  'user-groups:materialize',
  'sanctions.bulk',
  'sanctions.kick',
  'player-tiers:compute',
  'code_batches.generate',
  'profile-tags:import',
  'profile-tags:evaluate',
  'mails.fanout',
  'refunds.clawback',
  'cheat-flags.bulk',
  'web_shop.deliver',
  'ads:report-pull',
  'push.send',
  'ads:batch-create',
  'account_cancellations.erase',
  'ads:minigame-pull',
] as const;

export const jobItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  user_id: z.number().int().nullable(),
  username: z.string(),
  product_id: z.number().int().nullable(),
  /**
   * What the task answered at the end (an import: its diff, the same answer as a synchronous
   * import). Only `GET /jobs/:id` carries it; in the list it is null (a diff can be megabytes).
   */
  summary: z.unknown().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type JobItem = z.infer<typeof jobItem>;

export const JOB_SORTS = ['created_at', 'id', 'status', 'kind', 'finished_at'] as const;
export const jobListQuery = listQuery(JOB_SORTS, {
  kind: safeText().trim().max(64).optional(),
  status: z.enum(JOB_STATUSES).optional(),
  /** Only the caller's own (admins see the whole CP's otherwise). */
  mine: queryFlag,
});
export const jobListAnswer = listAnswer(jobItem);

export const jobEntry = z.object({
  seq: z.number().int(),
  status: z.enum(JOB_ITEM_STATUSES),
  message: z.string(),
  input: z.unknown(),
  output: z.unknown(),
  done_at: z.string().nullable(),
});
export type JobEntry = z.infer<typeof jobEntry>;

export const jobItemsQuery = z.object({
  page: queryInt(1, 1_000_000).default(1),
  page_size: queryInt(1, 100).default(10),
  status: z.enum(JOB_ITEM_STATUSES).optional(),
});
export const jobItemsAnswer = listAnswer(jobEntry);

export const jobResultQuery = z.object({ format: z.enum(EXPORT_FORMATS).default('csv') });

/** What an action that became a job answers (HTTP 202). */
export const jobStartedAnswer = z.object({ job_id: z.number().int() });
export type JobStarted = z.infer<typeof jobStartedAnswer>;
