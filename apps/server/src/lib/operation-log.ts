import type { LogAction, LogTargetType } from '@rx/contracts';
import { insertMany } from '../db/bulk-insert.ts';
import type { Db } from '../db/index.ts';
import { operationLogs } from '../db/schema.ts';

export interface LogEntry {
  cpId: number;
  productId?: number | null;
  userId?: number | null;
  username?: string;
  /** One of contracts' LOG_ACTIONS: the log page filters and names exactly those. */
  action: LogAction;
  targetType: LogTargetType;
  targetId?: string | number;
  /** The target's name now, copied in. */
  targetName?: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
}

/** The operation log's row of `entry`. */
function rowOf(entry: LogEntry): typeof operationLogs.$inferInsert {
  return {
    cpId: entry.cpId,
    productId: entry.productId ?? null,
    userId: entry.userId ?? null,
    username: entry.username ?? '',
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined ? '' : String(entry.targetId),
    targetName: entry.targetName ?? '',
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? '',
  };
}

/** Appends to the operation log; call it inside the write's transaction. */
export async function writeOperationLog(db: Db, entry: LogEntry): Promise<void> {
  await db.insert(operationLogs).values(rowOf(entry));
}

/** The acting staff member and their request, as the business modules hold them (a `Scope`). */
export interface Actor {
  cpId: number;
  userId: number;
  username: string;
  ip: string;
  productId: number | null;
}

/** Logs a staff member's write: who and from where come from the scope. */
export function logChange(
  db: Db,
  actor: Actor,
  entry: Omit<LogEntry, 'cpId' | 'userId' | 'username' | 'ip'>,
): Promise<void> {
  return writeOperationLog(db, {
    productId: actor.productId,
    ...entry,
    cpId: actor.cpId,
    userId: actor.userId,
    username: actor.username,
    ip: actor.ip,
  });
}

/** Appends several entries of one staff member's write in one statement (an import's rows). */
export async function logChanges(
  db: Db,
  entries: { actor: Actor; entry: Omit<LogEntry, 'cpId' | 'userId' | 'username' | 'ip'> }[],
): Promise<void> {
  if (entries.length === 0) return;
  await insertMany(
    db,
    operationLogs,
    entries.map(({ actor, entry }) =>
      rowOf({
        ...entry,
        productId: entry.productId === undefined ? actor.productId : entry.productId,
        cpId: actor.cpId,
        userId: actor.userId,
        username: actor.username,
        ip: actor.ip,
      }),
    ),
    { returning: false },
  );
}
