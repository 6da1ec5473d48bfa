import type { Db } from '../db/index.ts';
import { operationLogs } from '../db/schema.ts';

export interface LogEntry {
  cpId: number;
  productId?: number | null;
  userId?: number | null;
  username?: string;
  action: string;
  targetType: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  ip?: string;
}

/** Appends to the operation log; call it inside the write's transaction. */
export async function writeOperationLog(db: Db, entry: LogEntry): Promise<void> {
  await db.insert(operationLogs).values({
    cpId: entry.cpId,
    productId: entry.productId ?? null,
    userId: entry.userId ?? null,
    username: entry.username ?? '',
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined ? '' : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? '',
  });
}
