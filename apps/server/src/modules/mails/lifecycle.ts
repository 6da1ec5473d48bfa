import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  ErrorCode,
  approvedState,
  type ApprovalRequest,
  type LifecycleAction,
  type LifecycleState,
  type Mail,
  type MailAction,
  type MailState,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { EventBus } from '../../lib/events.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import { illegalMove, moveRow, planMove, type StateMapping, schedulerScope } from '../../lib/lifecycle.ts';
import { ruleError } from '../../lib/problems.ts';
import { queryRows } from '../../lib/rows.ts';
import { sql } from 'drizzle-orm';
import { registerApprovalAction, submitChange } from '../approvals/index.ts';
import type { FileStorage } from '../files/index.ts';
import { countRecipients, kick, queueFanout, readOpenidFile, storeOpenids } from './fanout.ts';
import { rowTarget, toItem, valuePerCopy, type MailRow } from './mails.ts';
import { mails } from './tables.ts';

/**
 * A mail's moves. Its states read as the shared lifecycle's: sending, sent and partly failed are
 * `live`; recalled and expired are `ended`.
 * - send (a draft): through two-person approval when the CP's policy asks for it (number: the
 *   players it goes to); otherwise at once — `sending` with its fan-out job, or `scheduled` for its
 *   send time (the scheduler then starts it);
 * - cancel: a pending or scheduled mail back to draft;
 * - recall (sending, sent, partly failed → recalled): unclaimed copies are removed, claimed stay;
 * - the scheduler expires it at its expiry (claims are refused after it in any case).
 */

export const SEND_TASK = 'mails.send';
export const EXPIRE_TASK = 'mails.expire';

interface SendPayload {
  id: number;
  version: number;
}
export interface TaskPayload {
  cpId: number;
  productId: number;
  id: number;
}

const LIVE: MailState[] = ['sending', 'sent', 'partly_failed'];

/** How mail states read as lifecycle states, and which mail state a lifecycle move leads to. */
function mapping(
  live: MailState = 'sending',
  ended: MailState = 'recalled',
  sendAt: Date | null = null,
): StateMapping<MailState> {
  return {
    toLifecycle: (status) =>
      LIVE.includes(status)
        ? 'live'
        : status === 'recalled' || status === 'expired'
          ? 'ended'
          : (status as LifecycleState),
    fromLifecycle: (state) => {
      if (state === 'live') return approvedState(sendAt) === 'scheduled' ? 'scheduled' : live;
      if (state === 'ended') return ended;
      return state as MailState;
    },
  };
}

const log = { targetType: 'mail' as const, name: (row: MailRow) => row.title.zh, item: toItem };

async function move(
  tx: Db,
  scope: Scope,
  id: number,
  action: LifecycleAction,
  version: number | undefined,
  extra: Partial<MailRow> = {},
  map: StateMapping<MailState> = mapping(),
): Promise<MailRow> {
  return moveRow(tx, scope, {
    table: mails,
    target: rowTarget(scope, id),
    state: mails.status,
    action,
    version,
    values: extra,
    mapping: map,
    log,
  });
}

async function lockRow(tx: Db, scope: Scope, id: number): Promise<MailRow> {
  const [row] = await tx.select().from(mails).where(rowTarget(scope, id)).for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

const ahead = (at: Date | null) => at !== null && at.getTime() > Date.now();
const over = (at: Date | null) => at !== null && at.getTime() <= Date.now();

/**
 * Sends a draft (or an approved pending mail) now — `sending` with its job queued in this
 * transaction — or schedules it for its send time. Answers the row and the job to start.
 */
async function goSend(
  tx: Db,
  scope: Scope,
  row: MailRow,
  version: number | undefined,
): Promise<{ row: MailRow; jobId: number | null }> {
  if (over(row.expireAt)) throw ruleError(scope.lang, 'window_over');
  const later = ahead(row.sendAt);
  const extra: Partial<MailRow> = { approvalId: null, sentAt: later ? null : new Date() };
  const moved =
    row.status === 'pending_approval'
      ? await move(tx, scope, row.id, 'approve', version, extra, mapping('sending', 'recalled', row.sendAt))
      : await move(tx, scope, row.id, later ? 'schedule' : 'publish', version, extra);
  if (moved.status !== 'sending') return { row: moved, jobId: null };
  const jobId = await queueFanout(tx, scope, moved);
  const [fresh] = await tx.select().from(mails).where(eq(mails.id, moved.id));
  return { row: fresh!, jobId };
}

/** Keeps the scheduler's plans in line with the row (after the move committed). */
export async function planFor(jobs: JobRunner | undefined, row: MailRow): Promise<void> {
  const payload: TaskPayload = { cpId: row.cpId, productId: row.productId, id: row.id };
  const rowKey = `mail:${row.id}`;
  await planMove(jobs, {
    task: SEND_TASK,
    rowKey,
    action: 'publish',
    at: row.status === 'scheduled' ? row.sendAt : null,
    payload,
  });
  const showing = row.status === 'scheduled' || LIVE.includes(row.status);
  await planMove(jobs, {
    task: EXPIRE_TASK,
    rowKey,
    action: 'end',
    at: showing ? row.expireAt : null,
    payload,
  });
}

export interface ActionContext {
  db: Db;
  events: EventBus;
  jobs?: JobRunner;
  storage: FileStorage;
}

/** A staff member's action on a mail; answers it, or `{ approval }` (HTTP 202) when sending waits for a second person. */
export async function act(
  ctx: ActionContext,
  scope: Scope,
  id: number,
  action: MailAction,
  body: { version: number; reason: string },
): Promise<Mail | { approval: ApprovalRequest }> {
  let row: MailRow;
  let approval: ApprovalRequest | null = null;
  let jobId: number | null = null;
  if (action === 'send') {
    const [first] = await ctx.db.select().from(mails).where(rowTarget(scope, id));
    if (!first) throw new ApiError(ErrorCode.NOT_FOUND);
    // The openid list is read before the transaction (a stream), kept inside it.
    const openids =
      first.status === 'draft' && first.target === 'file' && first.fileId
        ? await readOpenidFile(ctx.db, ctx.storage, scope, first.fileId)
        : null;
    row = await ctx.db.transaction(async (tx) => {
      let current: MailRow = await lockRow(tx, scope, id);
      if (current.version !== body.version) throw new ApiError(ErrorCode.CONFLICT);
      if (current.status !== 'draft') throw illegalMove(scope, mapping().toLifecycle(current.status), 'send');
      if (over(current.expireAt)) throw ruleError(scope.lang, 'window_over');
      if (openids) {
        const unknown = await storeOpenids(tx, current, openids);
        current = (
          await tx.update(mails).set({ unknownOpenids: unknown }).where(eq(mails.id, id)).returning()
        )[0]!;
      }
      const estimate = await countRecipients(tx, current);
      const value = estimate * (await valuePerCopy(tx, current.productId, current.attachments));
      current = (
        await tx.update(mails).set({ recipients: estimate }).where(eq(mails.id, id)).returning()
      )[0]!;
      const outcome = await submitChange<SendPayload>(tx, ctx.events, scope, {
        kind: 'mails.send',
        amount: estimate,
        value,
        audience: audienceOf(current, openids),
        reason: body.reason,
        target: { type: 'mail', id: current.id, name: current.title.zh },
        before: { status: current.status },
        after: {
          status: 'sending',
          recipients: estimate,
          attachment_value: value,
          send_at: current.sendAt,
          expire_at: current.expireAt,
        },
        payload: { id: current.id, version: current.version },
      });
      if (outcome.applied) {
        const sent = outcome.result as { row: MailRow; jobId: number | null };
        jobId = sent.jobId;
        return sent.row;
      }
      approval = outcome.request;
      return move(tx, scope, id, 'submit', current.version, { approvalId: outcome.request.id });
    });
  } else if (action === 'cancel') {
    row = await ctx.db.transaction(async (tx) => {
      const current = await lockRow(tx, scope, id);
      if (current.status !== 'pending_approval' && current.status !== 'scheduled')
        throw illegalMove(scope, mapping().toLifecycle(current.status), 'cancel');
      return move(tx, scope, id, 'recall', body.version, { approvalId: null, sentAt: null });
    });
  } else {
    row = await ctx.db.transaction(async (tx) => {
      const current = await lockRow(tx, scope, id);
      if (!LIVE.includes(current.status))
        throw illegalMove(scope, mapping().toLifecycle(current.status), 'recall');
      if (current.version !== body.version) throw new ApiError(ErrorCode.CONFLICT);
      const removed = await queryRows<{ n: number }>(
        tx,
        sql`with gone as (delete from mail_recipients where mail_id = ${id}::int and state <> 'claimed' returning 1)
          select count(*)::int as n from gone`,
      );
      return move(tx, scope, id, 'end', body.version, {
        recalledAt: new Date(),
        recalledCopies: Number(removed[0]!.n),
      });
    });
    if (row.jobId !== null) await ctx.jobs?.cancel(row.jobId).catch(() => false);
  }
  if (jobId !== null) kick(ctx.db, ctx.jobs, jobId);
  await planFor(ctx.jobs, row);
  return approval ? { approval } : toItem(row);
}

/** Approvals' handlers and the scheduler's tasks. */
export function registerMailLifecycle(ctx: ActionContext): void {
  const started = new Map<number, number>();
  registerApprovalAction<SendPayload>('mails.send', {
    apply: async (tx, maker, payload) => {
      const row = await lockRow(tx, maker, payload.id);
      const sent = await goSend(tx, maker, row, row.status === 'draft' ? payload.version : undefined);
      if (sent.jobId !== null) started.set(row.id, sent.jobId);
      return sent;
    },
    afterApply: (maker, payload) => {
      const jobId = started.get(payload.id);
      started.delete(payload.id);
      if (jobId !== undefined) kick(ctx.db, ctx.jobs, jobId);
      void replan(ctx, maker, payload.id);
    },
    settle: async (tx, maker, payload) => {
      const [row] = await tx.select().from(mails).where(rowTarget(maker, payload.id)).for('update');
      if (row?.status === 'pending_approval')
        await move(tx, maker, row.id, 'reject', undefined, { approvalId: null });
    },
  });
  ctx.jobs?.defineTask(SEND_TASK, async (raw, task) => {
    const jobId = await sendDue(task.db, raw as TaskPayload);
    // The job was queued in the schedule's transaction: started once that committed.
    if (jobId !== null) kick(ctx.db, ctx.jobs, jobId);
  });
  ctx.jobs?.defineTask(EXPIRE_TASK, async (raw, task) => {
    await expireDue(task.db, raw as TaskPayload);
  });
}

/** The scheduler's send at the send time (in the task's transaction): answers the fan-out job queued. */
export async function sendDue(tx: Db, payload: TaskPayload): Promise<number | null> {
  const scope = schedulerScope(payload);
  const [current] = await tx.select().from(mails).where(rowTarget(scope, payload.id)).for('update');
  if (current?.status !== 'scheduled') return null;
  if (over(current.expireAt)) {
    await move(tx, scope, current.id, 'end', undefined, {}, mapping('sending', 'expired'));
    return null;
  }
  const moved = await move(tx, scope, current.id, 'publish', undefined, { sentAt: new Date() });
  return queueFanout(tx, scope, moved);
}

/** The scheduler's expiry: a scheduled or live mail becomes expired (its copies stay, unclaimable). */
export async function expireDue(tx: Db, payload: TaskPayload): Promise<MailRow | null> {
  const scope = schedulerScope(payload);
  const [current] = await tx.select().from(mails).where(rowTarget(scope, payload.id)).for('update');
  if (!current || !(current.status === 'scheduled' || LIVE.includes(current.status))) return null;
  return move(tx, scope, current.id, 'end', undefined, {}, mapping('sending', 'expired'));
}

async function replan(ctx: ActionContext, scope: Scope, id: number): Promise<void> {
  const [row] = await ctx.db.select().from(mails).where(eq(mails.id, id));
  if (row && row.cpId === scope.cpId) await planFor(ctx.jobs, row);
}

/**
 * Who a mail reaches, as a fingerprint: its target and servers, groups or openids, sorted. Five
 * mails to the same 99 players share it, so their recipients add up against the policy.
 */
function audienceOf(row: MailRow, openids: string[] | null): string {
  const who = {
    target: row.target,
    servers: [...row.servers].sort(),
    groups: [...row.userGroupIds].sort((a, b) => a - b),
    openids: openids ? [...openids].sort() : row.fileId,
  };
  return `mail:${row.productId}:${createHash('sha256').update(JSON.stringify(who)).digest('hex')}`;
}
