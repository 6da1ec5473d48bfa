/** Background jobs: the caller's (admins: the CP's) jobs, items, result files, cancel and retry. */
export { jobRoutes } from './routes.ts';
export { DEFAULT_JOB_RETENTION_DAYS, sweepJobs } from './retention.ts';
