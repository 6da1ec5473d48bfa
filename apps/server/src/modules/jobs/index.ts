import type { Db } from '../../db/index.ts';
import { defineModule } from '../../lib/server-module.ts';
import { jobRetentionWork } from './retention.ts';
import { jobRoutes } from './routes.ts';

/** Background jobs: the caller's (admins: the CP's) jobs, items, result files, cancel and retry. */
export const jobsModule = defineModule({
  name: 'jobs',
  routes: jobRoutes,
  // Finished jobs and old one-off schedules are swept daily.
  work: (context: { db: Db; jobRetentionDays?: number }) =>
    jobRetentionWork(context.db, context.jobRetentionDays),
});
export { DEFAULT_JOB_RETENTION_DAYS, sweepJobs } from './retention.ts';
