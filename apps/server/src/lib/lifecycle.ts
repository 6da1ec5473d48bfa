import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  ErrorCode,
  lifecycleActions,
  lifecycleTarget,
  type LifecycleAction,
  type LifecycleState,
  type LogTargetType,
  type ResourceLifecycle,
} from '@rx/contracts';
import type { Db } from '../db/index.ts';
import type { Scope } from './access.ts';
import { ApiError } from './api-error.ts';
import { logChange } from './operation-log.ts';
import { ruleError } from './problems.ts';

/**
 * Moves rows along the shared lifecycle (packages/contracts/src/lifecycle.ts): one place checks
 * that the move is allowed from the row's state (422001 otherwise, nothing written), that nobody
 * changed the row since the caller read it (its state and version, 409001), and logs the move.
 * A resource that goes live by actions (publish, send, recall…) runs on `defineLifecycle`
 * (define-lifecycle.ts), which moves its rows through here.
 */

/** A table whose rows move along the lifecycle. */
export type LifecycleRow = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

/** How a module's status values read as lifecycle states (identity when they are the same words). */
export interface StateMapping<S extends string> {
  toLifecycle(status: S): LifecycleState | null;
  fromLifecycle(state: LifecycleState, current: S): S;
}

export interface Move<T extends LifecycleRow, S extends string> {
  table: T;
  /** The row within the caller's scope (id and cp_id, product_id). */
  target: SQL;
  /** The status column. */
  state: PgColumn;
  action: LifecycleAction;
  /** The version the caller read; absent: the server's own move (a schedule firing). */
  version?: number;
  /** More columns to set with the move (e.g. when it went live). */
  values?: PgUpdateSetSource<T>;
  mapping?: StateMapping<S>;
  log: {
    targetType: LogTargetType;
    name: (row: T['$inferSelect']) => string;
    item?: (row: T['$inferSelect']) => unknown;
  };
}

const SAME: StateMapping<string> = {
  toLifecycle: (status) => status as LifecycleState,
  fromLifecycle: (state) => state,
};

/**
 * A resource's status words as lifecycle states (its `resourceLifecycle` in contracts); a move
 * enters the status the state names, or `to` (an action with a status of its own: void → voided).
 */
export function mappingOf<S extends string>(
  lifecycle: Pick<ResourceLifecycle<S, string>, 'stateOf' | 'statusIn'>,
  to?: S,
): StateMapping<S> {
  return {
    toLifecycle: (status) => lifecycle.stateOf(status) ?? null,
    fromLifecycle: (state) => to ?? lifecycle.statusIn(state),
  };
}

/**
 * 422001 naming the state and the actions it allows (the shared lifecycle's, or the resource's own
 * actions when given); the console shows it as is.
 */
export function illegalMove(
  scope: Pick<Scope, 'lang'>,
  state: LifecycleState | null,
  action: string,
  allowed: readonly string[] = state ? lifecycleActions(state) : [],
): ApiError {
  return ruleError(scope.lang, 'not_in_this_state', { state, action, allowed });
}

/** The state `action` leads to from the module's `status`, or 422001. */
export function checkMove<S extends string>(
  scope: Pick<Scope, 'lang'>,
  status: S,
  action: LifecycleAction,
  mapping: StateMapping<S> = SAME as StateMapping<S>,
): LifecycleState {
  const from = mapping.toLifecycle(status);
  const to = from && lifecycleTarget(from, action);
  if (!to) throw illegalMove(scope, from, action);
  return to;
}

/**
 * Moves one row by `action`, inside the caller's transaction: locks it, checks the move and the
 * version, sets the new state (the version moves on) and logs before/after. Answers the new row.
 */
export async function moveRow<T extends LifecycleRow, S extends string>(
  tx: Db,
  scope: Scope,
  move: Move<T, S>,
): Promise<T['$inferSelect']> {
  const mapping = move.mapping ?? (SAME as StateMapping<S>);
  const [row] = (await tx
    .select()
    .from(move.table as PgTable)
    .where(move.target)
    .for('update')) as T['$inferSelect'][];
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  const current = (row as Record<string, unknown>)[columnKey(move.table, move.state)] as S;
  if (move.version !== undefined && (row as { version: number }).version !== move.version)
    throw new ApiError(ErrorCode.CONFLICT);
  const to = checkMove(scope, current, move.action, mapping);
  const next = mapping.fromLifecycle(to, current);
  const [moved] = (await tx
    .update(move.table)
    .set({
      ...(move.values ?? {}),
      [columnKey(move.table, move.state)]: next,
      version: sql`${move.table.version} + 1`,
      updatedAt: new Date(),
    } as PgUpdateSetSource<T>)
    // The optimistic check: the row is still in the state (and version) it was read in.
    .where(
      and(move.target, eq(move.state, current), eq(move.table.version, (row as { version: number }).version)),
    )
    .returning()) as T['$inferSelect'][];
  if (!moved) throw new ApiError(ErrorCode.CONFLICT);
  const item = move.log.item ?? ((r: T['$inferSelect']) => r);
  await logChange(tx, scope, {
    action: move.action,
    targetType: move.log.targetType,
    targetId: (moved as { id: number }).id,
    targetName: move.log.name(moved),
    before: item(row),
    after: item(moved),
  });
  return moved;
}

function columnKey(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(table).find(([, value]) => value === column);
  if (!entry) throw new Error(`column ${column.name} is not of the table`);
  return entry[0];
}

/**
 * What the lifecycle needs of the job runner for "go live at" and "end at" (lib/jobs, `app.jobs`):
 * a one-off task at a time, under a key that replaces or removes it.
 */
export interface LifecycleScheduler {
  scheduleAt(task: string, key: string, at: Date, payload: unknown): Promise<unknown>;
  unschedule(key: string): Promise<unknown>;
}

/**
 * Plans the server's own move of a row (`publish` at its start time, `end` at its end time): the
 * one place the lifecycle reaches the job runner. `at` null removes a plan made before.
 */
export async function planMove(
  jobs: LifecycleScheduler | undefined,
  plan: { task: string; rowKey: string; action: 'publish' | 'end'; at: Date | null; payload: unknown },
): Promise<void> {
  if (!jobs) return;
  const key = `lifecycle:${plan.rowKey}:${plan.action}`;
  if (plan.at) await jobs.scheduleAt(plan.task, key, plan.at, plan.payload);
  else await jobs.unschedule(key);
}

/** The scope of the scheduler's own moves (a planned publish or end): logged as "scheduler". */
export function schedulerScope(row: { cpId: number; productId: number }): Scope {
  return {
    cpId: row.cpId,
    productId: row.productId,
    userId: 0,
    username: 'scheduler',
    ip: '',
    lang: 'zh',
    isAdmin: false,
  };
}
