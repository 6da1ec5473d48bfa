import { defineModule } from '../../lib/server-module.ts';
import { operationLogRoutes } from './routes.ts';

/** The operation log's read-only API; modules write to it with `logChange` (lib/operation-log.ts). */
export const operationLogsModule = defineModule({ name: 'operation-logs', routes: operationLogRoutes });
export { OPERATION_LOG_SEE } from './routes.ts';
export { toLog } from './service.ts';
