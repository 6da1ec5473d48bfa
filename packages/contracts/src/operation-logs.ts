import { z } from 'zod';
import { exportQuery, listAnswer, listQuery } from './lists.ts';

/** The operation log, read-only: `/api/v1/operation-logs` (page `/useraccount/account-operation-log`). */

export const operationLogItem = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  username: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** The target's name when the entry was written (it may have changed since). */
  target_name: z.string(),
  product_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  created_at: z.string(),
});
export type OperationLog = z.infer<typeof operationLogItem>;

export const OPERATION_LOG_SORTS = ['id', 'created_at', 'username', 'action', 'target_type'] as const;
export const operationLogFilters = {
  /** The staff member: their id, or part of their username. */
  user_id: z.coerce.number().int().positive().optional(),
  username: z.string().trim().max(64).optional(),
  action: z.string().trim().max(32).optional(),
  target_type: z.string().trim().max(32).optional(),
  target_id: z.string().trim().max(64).optional(),
  product_id: z.coerce.number().int().positive().optional(),
  /** Time range, ISO 8601 with offset; `from` included, `to` excluded. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
};
export const operationLogListQuery = listQuery(OPERATION_LOG_SORTS, operationLogFilters);
export const operationLogExportQuery = exportQuery(operationLogFilters);
export const operationLogListAnswer = listAnswer(operationLogItem);
