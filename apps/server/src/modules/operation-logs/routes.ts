import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bigIdParam, type OperationLog } from '@rx/contracts';
import { operationLogsResource } from '@rx/contracts/operation-logs';
import type { Db } from '../../db/index.ts';
import { timeCell } from '../../lib/cells.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { getLog, listLogs, logBatch, type LogFilters } from './service.ts';

/** Who may read the log (the home page shows recent entries only to them). */
export const OPERATION_LOG_SEE = operationLogsResource.permissions.see;

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

const logTable: ExportSpec<OperationLog, LogFilters, null> = {
  name: operationLogsResource.name,
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

/**
 * `/operation-logs`: read-only, filtered, exported as a stream (page `/useraccount/account-operation-log`).
 * Not the standard resource routes: ids are bigints and nothing writes through this API.
 */
export async function operationLogRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const resource = operationLogsResource;
  const path = `/${resource.name}`;
  const tags = [resource.name];

  const { headers, prepare, toCells, batch } = logTable;
  queryRoutes(
    fastify,
    db,
    resource,
    { list: listLogs, batch },
    {
      summary: 'List the operation log (newest first unless sorted): staff, action, target type, time range',
      exporter: { headers, prepare, toCells },
    },
  );
  app.get(
    `${path}/:id`,
    { schema: { tags, summary: 'One entry', params: bigIdParam }, config: can(resource, 'read') },
    async (request) => ok(await getLog(db, scopeOf(request), request.params.id)),
  );
}
