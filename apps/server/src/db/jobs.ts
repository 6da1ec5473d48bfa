import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, cpRef, createdAt, serialId, updatedAt } from './schema.ts';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
export type JobItemStatus = 'pending' | 'ok' | 'error';

/**
 * A background job staff see: who started it, its progress and outcome. pg-boss (lib/jobs) only
 * wakes the worker; what a job is and how far it got lives here, so it survives a restart.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serialId(),
    cpId: cpRef(),
    /** The product the job works on, when it is a game's (no foreign key: a job outlives nothing). */
    productId: integer('product_id'),
    /** The staff member who started it; null for system jobs (schedules). */
    userId: integer('user_id'),
    username: text('username').notNull().default(''),
    /** The task name, e.g. `import:props`. */
    kind: text('kind').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** What the task answers at the end (an import: its diff). */
    summary: jsonb('summary').$type<Record<string, unknown> | null>(),
    /** A stored result file's name, when a task writes one (the items' CSV/XLSX is made on demand). */
    resultFile: text('result_file'),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    heartbeatAt: at('heartbeat_at'),
  },
  (t) => [
    index('jobs_cp_created').on(t.cpId, t.createdAt),
    index('jobs_cp_user').on(t.cpId, t.userId),
    index('jobs_status').on(t.status),
  ],
);

/** One unit of a job's work: done once (its effect and its `ok` commit together). */
export const jobItems = pgTable(
  'job_items',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    input: jsonb('input').$type<unknown>().notNull(),
    status: text('status').$type<JobItemStatus>().notNull().default('pending'),
    message: text('message').notNull().default(''),
    output: jsonb('output').$type<unknown>(),
    doneAt: at('done_at'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] }), index('job_items_job_status').on(t.jobId, t.status)],
);

export type ScheduleStatus = 'active' | 'done' | 'failed' | 'cancelled';

/** A task to run at a moment (one-off) or on a cron (recurring), by a unique key. */
export const schedules = pgTable(
  'schedules',
  {
    id: serialId(),
    /** The task name (`app.jobs.defineTask`). */
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    runAt: at('run_at'),
    cron: text('cron'),
    tz: text('tz'),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    status: text('status').$type<ScheduleStatus>().notNull().default('active'),
    runs: bigint('runs', { mode: 'number' }).notNull().default(0),
    lastRunAt: at('last_run_at'),
    nextRunAt: at('next_run_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('schedules_status_next').on(t.status, t.nextRunAt)],
);

/** Per-(job, seq) effects of the test and bench tasks: a unique key proves each item ran once. */
export const jobItemEffects = pgTable(
  'job_item_effects',
  {
    jobId: integer('job_id').notNull(),
    seq: integer('seq').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
