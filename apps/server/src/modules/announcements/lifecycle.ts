import { eq } from 'drizzle-orm';
import {
  ErrorCode,
  LANGUAGES,
  approvedState,
  type Announcement,
  type ApprovalRequest,
  type AnnouncementAction,
  type LifecycleAction,
  type LifecycleState,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { EventBus } from '../../lib/events.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import { illegalMove, moveRow, planMove, type StateMapping, schedulerScope } from '../../lib/lifecycle.ts';
import { ruleError } from '../../lib/problems.ts';
import { registerApprovalAction, submitChange } from '../approvals/index.ts';
import { rowTarget, toItem } from './announcements.ts';
import { announcements } from './tables.ts';

/**
 * An announcement's moves along the shared lifecycle:
 * - publish (a draft): through two-person approval when the CP's policy asks for it (the notice
 *   waits in `pending_approval`; approving makes it live or scheduled, rejecting or cancelling
 *   the request brings it back to draft); otherwise at once — live, or scheduled when its start is
 *   still ahead;
 * - recall (pending, scheduled or live → draft) and end (→ ended), by hand;
 * - the scheduler publishes a scheduled notice at its start and ends a live one at its end
 *   (`planMove`); the game API checks the window itself, so a late scheduler never shows a notice
 *   past its end.
 */

type Row = typeof announcements.$inferSelect;

export const PUBLISH_TASK = 'announcements.publish';
export const END_TASK = 'announcements.end';

interface PublishPayload {
  id: number;
  version: number;
}
export interface TaskPayload {
  cpId: number;
  productId: number;
  id: number;
}

const log = { targetType: 'announcement' as const, name: (row: Row) => row.title.zh, item: toItem };

/** Approving leads to scheduled instead of live when the start is still ahead. */
function approving(startAt: Date | null): StateMapping<LifecycleState> {
  return {
    toLifecycle: (status) => status,
    fromLifecycle: (state) => (state === 'live' ? approvedState(startAt) : state),
  };
}

/** Moves the row by `action` in the caller's transaction and answers it. */
async function move(
  tx: Db,
  scope: Scope,
  id: number,
  action: LifecycleAction,
  version: number | undefined,
  extra: Partial<Row> = {},
  mapping?: StateMapping<LifecycleState>,
): Promise<Row> {
  return moveRow(tx, scope, {
    table: announcements,
    target: rowTarget(scope, id),
    state: announcements.status,
    action,
    version,
    values: extra,
    mapping,
    log,
  });
}

async function lockRow(tx: Db, scope: Scope, id: number): Promise<Row> {
  const [row] = await tx.select().from(announcements).where(rowTarget(scope, id)).for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** Publishes a draft now, or schedules it for its start; the moments the scheduler must act. */
async function goLive(tx: Db, scope: Scope, row: Row, version: number | undefined): Promise<Row> {
  if (row.endAt && row.endAt.getTime() <= Date.now()) throw ruleError(scope.lang, 'window_over');
  const ahead = row.startAt !== null && row.startAt.getTime() > Date.now();
  const now = new Date();
  if (row.status === 'pending_approval')
    return move(
      tx,
      scope,
      row.id,
      'approve',
      version,
      { approvalId: null, publishedAt: ahead ? null : now },
      approving(row.startAt),
    );
  return move(tx, scope, row.id, ahead ? 'schedule' : 'publish', version, {
    publishedAt: ahead ? null : now,
  });
}

/** Keeps the scheduler's plans in line with the row's state (after the move committed). */
export async function planFor(jobs: JobRunner | undefined, row: Row): Promise<void> {
  const payload: TaskPayload = { cpId: row.cpId, productId: row.productId, id: row.id };
  const rowKey = `announcement:${row.id}`;
  const waiting = row.status === 'scheduled';
  const showing = row.status === 'scheduled' || row.status === 'live';
  await planMove(jobs, {
    task: PUBLISH_TASK,
    rowKey,
    action: 'publish',
    at: waiting ? row.startAt : null,
    payload,
  });
  await planMove(jobs, { task: END_TASK, rowKey, action: 'end', at: showing ? row.endAt : null, payload });
}

/** How many languages a notice is written in: the number an approver sees. */
function languagesOf(row: Row): number {
  return LANGUAGES.filter((lang) => row.title[lang]).length;
}

export interface ActionContext {
  db: Db;
  events: EventBus;
  jobs?: JobRunner;
}

/**
 * A staff member's lifecycle action on a notice; answers the notice, or `{ approval }` (HTTP 202)
 * when publishing waits for a second person (the notice is then `pending_approval`).
 */
export async function act(
  ctx: ActionContext,
  scope: Scope,
  id: number,
  action: AnnouncementAction,
  body: { version: number; reason: string },
): Promise<Announcement | { approval: ApprovalRequest }> {
  let row: Row;
  let approval: ApprovalRequest | null = null;
  if (action === 'publish') {
    row = await ctx.db.transaction(async (tx) => {
      const current = await lockRow(tx, scope, id);
      if (current.version !== body.version) throw new ApiError(ErrorCode.CONFLICT);
      // A scheduled notice (already approved) may go live before its start.
      if (current.status === 'scheduled')
        return move(tx, scope, id, 'publish', body.version, { publishedAt: new Date() });
      if (current.status !== 'draft') throw illegalMove(scope, current.status, 'publish');
      if (current.endAt && current.endAt.getTime() <= Date.now()) throw ruleError(scope.lang, 'window_over');
      const outcome = await submitChange<PublishPayload>(tx, ctx.events, scope, {
        kind: 'announcements.publish',
        amount: languagesOf(current),
        reason: body.reason,
        target: { type: 'announcement', id: current.id, name: current.title.zh },
        before: { status: current.status },
        after: { status: 'live', start_at: current.startAt, end_at: current.endAt },
        payload: { id: current.id, version: current.version },
      });
      if (outcome.applied) return outcome.result as Row;
      approval = outcome.request;
      return move(tx, scope, id, 'submit', body.version, { approvalId: outcome.request.id });
    });
  } else {
    row = await ctx.db.transaction((tx) =>
      move(
        tx,
        scope,
        id,
        action,
        body.version,
        action === 'end'
          ? { endedAt: new Date(), approvalId: null }
          : { approvalId: null, publishedAt: null },
      ),
    );
  }
  await planFor(ctx.jobs, row);
  return approval ? { approval } : toItem(row);
}

/** What approved, rejected and cancelled publish requests do; the scheduler's tasks. */
export function registerAnnouncementLifecycle(ctx: ActionContext): void {
  registerApprovalAction<PublishPayload>('announcements.publish', {
    apply: async (tx, maker, payload) => {
      const row = await lockRow(tx, maker, payload.id);
      // Applied at once (no approval needed): the draft the maker read; after approval: the pending one.
      return goLive(tx, maker, row, row.status === 'draft' ? payload.version : undefined);
    },
    afterApply: (maker, payload) => {
      void replan(ctx, maker, payload.id);
    },
    settle: async (tx, maker, payload) => {
      const [row] = await tx.select().from(announcements).where(rowTarget(maker, payload.id)).for('update');
      if (row?.status === 'pending_approval')
        await move(tx, maker, row.id, 'reject', undefined, { approvalId: null });
    },
  });
  // Both run in the schedule's own transaction (task.db); the end was planned with the start.
  ctx.jobs?.defineTask(PUBLISH_TASK, async (raw, task) => {
    await publishDue(task.db, raw as TaskPayload);
  });
  ctx.jobs?.defineTask(END_TASK, async (raw, task) => {
    await endDue(task.db, raw as TaskPayload);
  });
}

/**
 * The scheduler's publish at the start time (in the task's transaction): a notice still scheduled
 * goes live, or ends when its end has passed meanwhile; one recalled or moved since is left alone.
 */
export async function publishDue(tx: Db, payload: TaskPayload): Promise<Row | null> {
  const scope = schedulerScope(payload);
  const [current] = await tx.select().from(announcements).where(rowTarget(scope, payload.id)).for('update');
  if (current?.status !== 'scheduled') return null;
  if (current.endAt && current.endAt.getTime() <= Date.now())
    return move(tx, scope, current.id, 'end', undefined, { endedAt: new Date() });
  return move(tx, scope, current.id, 'publish', undefined, { publishedAt: new Date() });
}

/** The scheduler's end at the end time: a live or scheduled notice ends. */
export async function endDue(tx: Db, payload: TaskPayload): Promise<Row | null> {
  const scope = schedulerScope(payload);
  const [current] = await tx.select().from(announcements).where(rowTarget(scope, payload.id)).for('update');
  if (current?.status !== 'live' && current?.status !== 'scheduled') return null;
  return move(tx, scope, current.id, 'end', undefined, { endedAt: new Date() });
}

async function replan(ctx: ActionContext, scope: Scope, id: number): Promise<void> {
  const [row] = await ctx.db.select().from(announcements).where(eq(announcements.id, id));
  if (row && row.cpId === scope.cpId) await planFor(ctx.jobs, row);
}
