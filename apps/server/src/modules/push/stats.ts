import { and, eq, sql } from 'drizzle-orm';
import {
  ErrorCode,
  PUSH_PROVIDERS,
  type PushDeliveryState,
  type PushProviderName,
  type PushTaskStats,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { queryRows } from '../../lib/rows.ts';
import { pushTasks } from './tables.ts';

type PushTaskRowKind = (typeof pushTasks.$inferSelect)['kind'];

/** The task of `id` in the caller's product (404001 otherwise). */
export async function taskOf(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(pushTasks)
    .where(
      and(
        eq(pushTasks.id, id),
        eq(pushTasks.cpId, scope.cpId),
        eq(pushTasks.productId, scope.productId!),
        // The page's kind (`?kind=`): a mini-program task is not read with app push's permission.
        eq(pushTasks.kind, (scope.dimension?.value ?? 'app') as PushTaskRowKind),
      ),
    );
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** A task's deliveries in all, per provider and failures per reason: two grouped queries. */
export async function pushStats(db: Db, scope: Scope, id: number): Promise<PushTaskStats> {
  const row = await taskOf(db, scope, id);
  const rows = await queryRows<{
    provider: PushProviderName;
    state: PushDeliveryState | 'sending';
    n: number;
  }>(
    db,
    sql`select provider, state, count(*)::int as n from push_deliveries where task_id = ${id}::int group by 1, 2`,
  );
  const reasons = await queryRows<{ reason: string; n: number }>(
    db,
    sql`select reason, count(*)::int as n from push_deliveries where task_id = ${id}::int and state = 'failed'
      group by 1 order by 2 desc, 1`,
  );
  const [opened] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from push_deliveries where task_id = ${id}::int and opened_at is not null`,
  );
  const count = (state: string, provider?: string) =>
    rows
      .filter((r) => r.state === state && (!provider || r.provider === provider))
      .reduce((sum, r) => sum + Number(r.n), 0);
  const sent = count('sent');
  const failed = count('failed');
  const invalid = count('invalid_token');
  const capped = count('capped');
  return {
    targeted: row.targeted,
    sent,
    failed,
    invalid_token: invalid,
    capped,
    opened: Number(opened!.n),
    pending: Math.max(0, row.targeted - sent - failed - invalid - capped),
    providers: PUSH_PROVIDERS.filter((p) => rows.some((r) => r.provider === p)).map((provider) => ({
      provider,
      sent: count('sent', provider),
      failed: count('failed', provider),
      invalid_token: count('invalid_token', provider),
    })),
    reasons: reasons.map((r) => ({ reason: r.reason, count: Number(r.n) })),
  };
}
