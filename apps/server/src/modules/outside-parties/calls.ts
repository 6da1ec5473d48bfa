import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { OutsideCallItem, OutsideCallStatus, outsideCallListQuery } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { outsideCalls } from '../../db/outside.ts';
import type { ProductScope } from '../../lib/access.ts';
import { listRows, sortOrder, type ListPage } from '../../lib/list.ts';
import { deleteInBatches } from '../../lib/rows.ts';
import { inGame } from '../../lib/scope.ts';

type Row = typeof outsideCalls.$inferSelect;

function toItem(row: Row): OutsideCallItem {
  return {
    id: row.id,
    party: row.party,
    account: row.account,
    operation: row.operation,
    mode: row.mode,
    status: row.status as OutsideCallStatus,
    http_status: row.httpStatus,
    attempt: row.attempt,
    latency_ms: row.latencyMs,
    request_id: row.requestId,
    idempotency_key: row.idempotencyKey,
    error: row.error,
    created_at: row.createdAt.toISOString(),
  };
}

/** The game's calls to its outside parties, filtered, newest first unless sorted. */
export function listCalls(
  db: Db,
  scope: ProductScope,
  query: z.output<typeof outsideCallListQuery>,
): Promise<ListPage<OutsideCallItem>> {
  const conditions: SQL[] = [inGame(outsideCalls, scope)];
  if (query.party) conditions.push(eq(outsideCalls.party, query.party));
  if (query.operation) conditions.push(eq(outsideCalls.operation, query.operation));
  if (query.status) conditions.push(eq(outsideCalls.status, query.status));
  const order = sortOrder(
    query.sort,
    { id: outsideCalls.id, latency_ms: outsideCalls.latencyMs },
    '-id',
    outsideCalls.id,
    scope.lang,
  );
  return listRows(db, outsideCalls, and(...conditions), order, query, (rows) => rows.map(toItem));
}

/** Removes calls older than `days` days, in batches (the daily sweep). */
export function sweepCalls(db: Db, days: number): Promise<number> {
  const before = new Date(Date.now() - days * 86_400_000);
  return deleteInBatches(
    db,
    5000,
    () =>
      sql`delete from outside_calls where id in (select id from outside_calls where ${lt(outsideCalls.createdAt, before)} limit 5000) returning id`,
  );
}
