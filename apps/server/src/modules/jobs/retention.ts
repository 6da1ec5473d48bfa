import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { ModuleWork } from '../../lib/server-module.ts';
import { deleteInBatches } from '../../lib/rows.ts';

/**
 * Finished jobs (succeeded, failed, cancelled) are kept `JOB_RETENTION_DAYS` (90 by default) after
 * they ended, with their items; so are one-off schedules that ran or were cancelled. A daily sweep
 * (03:50 UTC) deletes what is older, a batch at a time: an import's job can hold 200,000 items,
 * and one statement deleting them would hold their locks and a connection for seconds.
 */
export const DEFAULT_JOB_RETENTION_DAYS = 90;
export const JOB_RETENTION_TASK = 'jobs.retention';
const BATCH = 5_000;

/** Deletes finished jobs older than `days` (items first, in batches) and old one-off schedules. */
export async function sweepJobs(
  db: Db,
  days: number,
): Promise<{ jobs: number; items: number; schedules: number }> {
  const old = sql`select id from jobs where status in ('succeeded', 'failed', 'cancelled')
    and finished_at < now() - make_interval(days => ${days}::int)`;
  const items = await deleteInBatches(
    db,
    BATCH,
    () => sql`delete from job_items i using (
      select job_id, seq from job_items where job_id in (${old}) limit ${BATCH}::int) o
      where i.job_id = o.job_id and i.seq = o.seq returning 1 as gone`,
  );
  const jobs = await deleteInBatches(
    db,
    BATCH,
    () => sql`delete from jobs where id in (${old} limit ${BATCH}::int) returning 1 as gone`,
  );
  const schedules = await deleteInBatches(
    db,
    BATCH,
    () => sql`delete from schedules where id in (
      select id from schedules where cron is null and status <> 'active'
        and updated_at < now() - make_interval(days => ${days}::int) limit ${BATCH}::int)
      returning 1 as gone`,
  );
  return { jobs, items, schedules };
}

/** The daily sweep (03:50 UTC), a recurring task: it runs outside any transaction, in batches. */
export function jobRetentionWork(db: Db, days = DEFAULT_JOB_RETENTION_DAYS): ModuleWork {
  return {
    tasks: {
      [JOB_RETENTION_TASK]: async () => {
        await sweepJobs(db, days);
      },
    },
    schedules: [{ task: JOB_RETENTION_TASK, key: 'jobs:retention', cron: '50 3 * * *', tz: 'UTC' }],
  };
}
