/** Background jobs: the caller's (admins: the CP's) jobs, items, result files, cancel and retry. */
export { jobRoutes } from './routes.ts';
