import { and, eq, gt, gte, inArray, lt, notInArray, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SESSION_LOG_ACTIONS,
  type OPERATION_LOG_SORTS,
  type OperationLog,
  type operationLogListQuery,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { operationLogs } from '../../db/schema.ts';
import type { Scope } from '../../lib/access.ts';
import { contains, countWhere, runList, sortOrder, type ListPage } from '../../lib/list.ts';
import { findOr404 } from '../../lib/versioned.ts';
import { channels } from '../channels/tables.ts';

/** The operation log, read-only: every write of every module, within the caller's CP. */

type Row = typeof operationLogs.$inferSelect;
type Query = z.output<typeof operationLogListQuery>;
export type LogFilters = Omit<Query, 'page' | 'page_size' | 'sort'>;

const SORT: Record<(typeof OPERATION_LOG_SORTS)[number], AnyColumn> = {
  id: operationLogs.id,
  created_at: operationLogs.createdAt,
  username: operationLogs.username,
  action: operationLogs.action,
  target_type: operationLogs.targetType,
};

export function toLog(row: Row): OperationLog {
  // A sign-in is about the staff member who signed in: their name is the entry's username.
  const ownAccount = row.targetType === 'staff' && row.targetId === String(row.userId ?? '');
  return {
    id: row.id,
    user_id: row.userId,
    username: row.username,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    target_name: row.targetName || (ownAccount ? row.username : ''),
    target_scope: null,
    product_id: row.productId,
    before: row.before,
    after: row.after,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
}

function logWhere(scope: Scope, f: LogFilters): SQL {
  return and(
    eq(operationLogs.cpId, scope.cpId),
    f.user_id ? eq(operationLogs.userId, f.user_id) : undefined,
    f.username ? contains(operationLogs.username, f.username) : undefined,
    f.action ? eq(operationLogs.action, f.action) : undefined,
    f.kind === 'sessions' ? inArray(operationLogs.action, [...SESSION_LOG_ACTIONS]) : undefined,
    f.kind === 'changes' ? notInArray(operationLogs.action, [...SESSION_LOG_ACTIONS]) : undefined,
    f.target_type ? eq(operationLogs.targetType, f.target_type) : undefined,
    f.target_id ? eq(operationLogs.targetId, f.target_id) : undefined,
    f.product_id ? eq(operationLogs.productId, f.product_id) : undefined,
    f.from ? gte(operationLogs.createdAt, new Date(f.from)) : undefined,
    f.to ? lt(operationLogs.createdAt, new Date(f.to)) : undefined,
  )!;
}

export function listLogs(db: Db, scope: Scope, query: Query): Promise<ListPage<OperationLog>> {
  const where = logWhere(scope, query);
  return runList(
    query,
    async (limit, offset) =>
      withScopes(
        db,
        scope,
        (
          await db
            .select()
            .from(operationLogs)
            .where(where)
            .orderBy(...sortOrder(query.sort, SORT, '-id', operationLogs.id, scope.lang))
            .limit(limit)
            .offset(offset)
        ).map(toLog),
      ),
    () => countWhere(db, operationLogs, where),
  );
}

const SOCIAL_TARGETS = new Set(['chat_access', 'friend_access']);
/** `gn:7`, `gn:all`: how policy entries named their scope. */
const SCOPE_NAME = /^(gn|hw):(\d+|all)\b/;

/** The region and channel id a chat or friend access entry is about (channel null: every channel). */
function socialScope(log: OperationLog): { region: string; channelId: number | null } | null {
  if (!SOCIAL_TARGETS.has(log.target_type)) return null;
  const row = (log.after ?? log.before) as { region?: unknown; channel_id?: unknown } | null;
  if (row && typeof row.region === 'string') {
    return { region: row.region, channelId: typeof row.channel_id === 'number' ? row.channel_id : null };
  }
  const named = SCOPE_NAME.exec(log.target_name) ?? SCOPE_NAME.exec(log.target_id);
  if (!named) return null;
  return { region: named[1]!, channelId: named[2] === 'all' ? null : Number(named[2]) };
}

/** Chat and friend access entries get their region and their channel's current name. */
async function withScopes(db: Db, scope: Scope, logs: OperationLog[]): Promise<OperationLog[]> {
  const scopes = logs.map(socialScope);
  const ids = [...new Set(scopes.flatMap((s) => (s?.channelId ? [s.channelId] : [])))];
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: channels.id, name: channels.name })
            .from(channels)
            .where(and(eq(channels.cpId, scope.cpId), inArray(channels.id, ids)))
        ).map((c) => [c.id, c.name])
      : [],
  );
  return logs.map((log, i) => {
    const found = scopes[i];
    if (!found) return log;
    const channel = found.channelId === null ? null : (names.get(found.channelId) ?? `#${found.channelId}`);
    return { ...log, target_scope: { region: found.region, channel } };
  });
}

export async function logBatch(db: Db, scope: Scope, f: LogFilters, afterId: number, limit: number) {
  const rows = await db
    .select()
    .from(operationLogs)
    .where(and(logWhere(scope, f), gt(operationLogs.id, afterId)))
    .orderBy(operationLogs.id)
    .limit(limit);
  return rows.map(toLog);
}

export async function getLog(db: Db, scope: Scope, id: number): Promise<OperationLog> {
  const row = await findOr404(
    db,
    operationLogs,
    and(eq(operationLogs.id, id), eq(operationLogs.cpId, scope.cpId))!,
  );
  const [log] = await withScopes(db, scope, [toLog(row)]);
  return log!;
}
