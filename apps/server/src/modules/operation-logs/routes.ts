import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bigIdParam,
  operationLogExportQuery,
  operationLogListQuery,
  seePermissionOf,
  type OperationLog,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { access, type Action } from '../../lib/access.ts';
import { timeCell } from '../../lib/cells.ts';
import { ok } from '../../lib/request.ts';
import { tableRoutes, type ExportSpec } from '../../lib/table-io.ts';
import { getLog, listLogs, logBatch, type LogFilters } from './service.ts';

export const OPERATION_LOG_SEE = seePermissionOf('/useraccount/account-operation-log');

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

const logTable: ExportSpec<OperationLog, LogFilters, null> = {
  name: 'operation-logs',
  headers: [
    'id',
    'created_at',
    'user_id',
    'username',
    'action',
    'target_type',
    'target_id',
    'target_name',
    'product_id',
    'ip',
    'before',
    'after',
  ],
  prepare: async () => null,
  // The file keeps the target as written; the page's readable scope is not a column.
  toCells: ({ target_scope: _scope, ...l }) => ({
    ...l,
    created_at: timeCell(l.created_at),
    before: json(l.before),
    after: json(l.after),
  }),
  batch: logBatch,
};

/** `/operation-logs`: read-only, filtered, exported as a stream (page `/useraccount/account-operation-log`). */
export async function operationLogRoutes(
  fastify: FastifyInstance,
  options: { db: Db; authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['operation-logs'];
  const can = (request: FastifyRequest, action: Action) => access(db, request, OPERATION_LOG_SEE, action);
  app.addHook('onRequest', options.authenticate);

  app.get(
    '/operation-logs',
    {
      schema: {
        tags,
        summary:
          'List the operation log (newest first unless sorted): staff, action, target type, time range',
        querystring: operationLogListQuery,
      },
    },
    async (request) => ok(await listLogs(db, await can(request, 'read'), request.query)),
  );
  app.get(
    '/operation-logs/:id',
    { schema: { tags, summary: 'One entry', params: bigIdParam } },
    async (request) => ok(await getLog(db, await can(request, 'read'), request.params.id)),
  );
  tableRoutes(app, db, {
    path: '/operation-logs',
    tags,
    exportQuery: operationLogExportQuery,
    access: can,
    exporter: logTable,
  });
}
