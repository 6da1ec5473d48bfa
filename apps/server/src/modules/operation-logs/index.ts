/** The operation log's read-only API; modules write to it with `logChange` (lib/operation-log.ts). */
export { operationLogRoutes, OPERATION_LOG_SEE } from './routes.ts';
