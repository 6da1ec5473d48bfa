import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  ErrorCode,
  approvedState,
  idParam,
  lifecycleActionBody,
  lifecycleTarget,
  type ApprovalRequest,
  type LifecycleAction,
  type LifecycleState,
} from '@rx/contracts';
import type { Db } from '../db/index.ts';
import type { Scope } from './access.ts';
import { ApiError } from './api-error.ts';
import type { JobRunner } from './jobs/index.ts';
import type {
  Base,
  DuePayload,
  GoLivePayload,
  Lifecycle,
  LifecycleConfig,
  LifecycleContext,
  Table,
} from './lifecycle-config.ts';
import { illegalMove, moveRow, planMove, schedulerScope } from './lifecycle.ts';
import { FieldProblems, ruleError } from './problems.ts';
import { ok } from './request.ts';
import { can, scopeOf } from './route-access.ts';
import { isoOrNull } from './rows.ts';
import { rowInScope } from './scope.ts';

export type {
  DuePayload,
  Lifecycle,
  LifecycleApproval,
  LifecycleConfig,
  LifecycleContext,
  LifecycleHooks,
} from './lifecycle-config.ts';

/**
 * A go-live resource's `usage` (resource-routes): only a draft is deleted; what players saw stays
 * on record (recall it first).
 */
export async function onlyDraftsDeleted(_db: unknown, scope: Pick<Scope, 'lang'>, row: { status: string }) {
  if (row.status !== 'draft') throw ruleError(scope.lang, 'draft_only');
  return [];
}

/** What players see changes only through the lifecycle: a go-live row is edited as a draft. */
export function editedAsDraft(scope: Pick<Scope, 'lang'>, before: { status: string } | undefined): void {
  if (before && before.status !== 'draft') throw ruleError(scope.lang, 'draft_only');
}

/**
 * The `check` of a go-live resource: only a draft is edited, and `rules` gather the edit's field
 * problems (against what the row keeps: an update may send one side), thrown together.
 */
export function draftCheck<Input, Before extends { status: string }>(
  rules: (
    db: Db,
    scope: Scope,
    input: Input,
    before: Before | undefined,
    problems: FieldProblems,
  ) => Promise<void> | void,
) {
  return async (db: Db, scope: Scope, input: Input, before?: Before): Promise<void> => {
    editedAsDraft(scope, before);
    const problems = new FieldProblems(scope.lang);
    await rules(db, scope, input, before, problems);
    problems.throwIfAny();
  };
}

/**
 * The window and stamps of plain go-live content (`GO_LIVE_LIFECYCLE`: announcements, pop-ups): it
 * goes live at `startAt` and ends at `endAt`; going live stamps `publishedAt`, ending `endedAt`, and
 * a recall clears `publishedAt`. Spread into a `defineLifecycle` config.
 */
export const goLiveWindow = {
  window: {
    start: (row: { startAt: Date | null }) => row.startAt,
    end: (row: { endAt: Date | null }) => row.endAt,
  },
  hooks: {
    onGoLive: () => ({ publishedAt: new Date() }),
    onEnd: () => ({ endedAt: new Date() }),
    onRecall: () => ({ publishedAt: null }),
  },
};

/** The item's fields of a plain go-live row's status, stamps and record (`goLiveWindow`'s rows). */
export function goLiveFields<S extends string>(row: {
  status: S;
  publishedAt: Date | null;
  endedAt: Date | null;
  createdBy: string;
  approvalId: number | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}) {
  return {
    status: row.status,
    published_at: isoOrNull(row.publishedAt),
    ended_at: isoOrNull(row.endedAt),
    created_by: row.createdBy,
    approval_id: row.approvalId,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * One lifecycle for everything that goes live (announcements, mail, and each go-live resource after
 * them): a module declares its table, its status words and actions (`resourceLifecycle` in
 * contracts, shared with the console), when a row starts and ends, the approval its go-live needs
 * and its hooks; `defineLifecycle` gives the action route, the approval handlers, the scheduler's
 * tasks and their plans. Every move goes through `moveRow` (422001 on a move the state does not
 * allow, 409001 on a stale version, logged with before and after).
 *
 * - go live (`go_live`): a draft goes to approval when the CP's policy asks (pending approval; the
 *   checker's approval makes it live or scheduled, a refusal or withdrawal brings it back to draft),
 *   else live now or scheduled for its start; a scheduled row goes live at once;
 * - the scheduler publishes a scheduled row at its start (or ends it when its end passed meanwhile)
 *   and ends a live or scheduled row at its end;
 * - any other action is its move of the shared lifecycle (recall, end…).
 */

export function defineLifecycle<
  T extends Table,
  S extends string,
  A extends string,
  Item,
  Ctx extends LifecycleContext = LifecycleContext,
>(config: LifecycleConfig<T, S, A, Item, Ctx>): Lifecycle<T['$inferSelect'], A, Item, Ctx> {
  type Row = T['$inferSelect'];
  const { lifecycle: spec, table, resource, hooks = {}, approval } = config;
  // The generic table, as drizzle's select takes it.
  const rows = table as PgTable;
  const base = (row: Row) => row as unknown as Base<S>;
  const stateOf = (row: Row) => spec.stateOf(base(row).status);
  const past = (at: Date | null) => at !== null && at.getTime() <= Date.now();
  const log = { targetType: resource.logTarget, name: config.nameOf, item: config.toItem };

  async function lock(
    tx: Db,
    scope: Pick<Scope, 'cpId' | 'productId'>,
    id: number,
  ): Promise<Row | undefined> {
    const [row] = await tx
      .select()
      .from(rows)
      .where(rowInScope(table, scope, id))
      .for('update');
    return row as Row | undefined;
  }

  /** Moves a locked row by `move`; `land`: where an approval lands (scheduled when its start is ahead). */
  async function transition(
    tx: Db,
    scope: Scope,
    row: Row,
    move: LifecycleAction,
    options: { version?: number; action?: string | null; land?: LifecycleState; extra?: Partial<Row> } = {},
  ): Promise<Row> {
    const from = stateOf(row);
    const target = from && lifecycleTarget(from, move);
    if (!target) throw illegalMove(scope, from, options.action ?? move);
    const landed = options.land ?? target;
    const to = (options.action && spec.actions[options.action as A]?.to) || spec.statusIn(landed);
    const hooked =
      landed === 'live'
        ? await hooks.onGoLive?.(tx, scope, row)
        : landed === 'ended'
          ? await hooks.onEnd?.(tx, scope, row, options.action ?? null)
          : landed === 'draft'
            ? await hooks.onRecall?.(tx, scope, row)
            : undefined;
    return moveRow(tx, scope, {
      table,
      target: rowInScope(table, scope, base(row).id),
      state: config.status,
      action: move,
      version: options.version,
      values: { approvalId: null, ...hooked, ...options.extra } as never,
      mapping: { toLifecycle: spec.stateOf, fromLifecycle: () => to },
      log,
    }) as Promise<Row>;
  }

  /** Live now, or scheduled for its start; from pending approval: the approval's outcome. */
  function goLive(tx: Db, scope: Scope, row: Row, version: number | undefined): Promise<Row> {
    if (past(config.window.end(row))) throw ruleError(scope.lang, 'window_over');
    const ahead = approvedState(config.window.start(row)) === 'scheduled';
    if (stateOf(row) === 'pending_approval')
      return transition(tx, scope, row, 'approve', { version, land: ahead ? 'scheduled' : 'live' });
    return transition(tx, scope, row, ahead ? 'schedule' : 'publish', { version });
  }

  /** Keeps the scheduler's plans in line with the row's state (after its move committed). */
  async function plan(jobs: JobRunner | undefined, row: Row): Promise<void> {
    const { cpId, productId, id } = base(row);
    const payload: DuePayload = { cpId, productId, id };
    const rowKey = `${resource.logTarget}:${id}`;
    const state = stateOf(row);
    const start = state === 'scheduled' ? config.window.start(row) : null;
    const end = state === 'scheduled' || state === 'live' ? config.window.end(row) : null;
    await planMove(jobs, { task: config.tasks.start, rowKey, action: 'publish', at: start, payload });
    await planMove(jobs, { task: config.tasks.end, rowKey, action: 'end', at: end, payload });
  }

  async function settled(ctx: Ctx, row: Row, from: string): Promise<void> {
    await hooks.afterMove?.(ctx, row, from);
    await plan(ctx.jobs, row);
  }

  /** Refuses (422001) an action the row's status does not offer, naming the ones it does. */
  function offered(scope: Scope, row: Row, action: A): void {
    const status = base(row).status;
    if (!spec.actions[action].from.includes(status))
      throw illegalMove(scope, spec.stateOf(status), action, spec.actionsFrom(status));
  }

  /** The go-live action: to approval when the policy asks, else live or scheduled; a scheduled row goes live. */
  async function goLiveAction(
    ctx: Ctx,
    scope: Scope,
    id: number,
    action: A,
    body: { version: number; reason: string },
  ) {
    const [first] = (await ctx.db
      .select()
      .from(rows)
      .where(rowInScope(table, scope, id))) as Row[];
    if (!first) throw new ApiError(ErrorCode.NOT_FOUND);
    const read =
      stateOf(first) === 'draft' && hooks.prepare?.read
        ? await hooks.prepare.read(ctx, scope, first)
        : undefined;
    let request: ApprovalRequest | null = null;
    const row = await ctx.db.transaction(async (tx) => {
      let current = await lock(tx, scope, id);
      if (!current) throw new ApiError(ErrorCode.NOT_FOUND);
      offered(scope, current, action);
      if (base(current).version !== body.version) throw new ApiError(ErrorCode.CONFLICT);
      // A scheduled row (already approved) may go live before its start.
      if (stateOf(current) === 'scheduled')
        return transition(tx, scope, current, 'publish', { version: body.version, action });
      if (past(config.window.end(current))) throw ruleError(scope.lang, 'window_over');
      if (hooks.prepare) current = await hooks.prepare.apply(tx, scope, current, read);
      if (!approval) return goLive(tx, scope, current, body.version);
      const amount = await approval.amount(tx, current);
      const value = (await approval.value?.(tx, current)) ?? null;
      const start = config.window.start(current);
      const outcome = await approval.submit(tx, ctx.events, scope, {
        kind: approval.kind,
        amount,
        ...(approval.value ? { value } : {}),
        ...(approval.audience ? { audience: approval.audience(current, read) } : {}),
        reason: body.reason,
        target: { type: resource.logTarget, id, name: config.nameOf(current) },
        before: { status: base(current).status },
        after: approval.after?.(current, { amount, value }) ?? {
          status: spec.statusIn('live'),
          start_at: start,
          end_at: config.window.end(current),
        },
        payload: { id, version: base(current).version },
      });
      if (outcome.applied) return outcome.result as Row;
      request = outcome.request;
      return transition(tx, scope, current, 'submit', {
        version: body.version,
        extra: { approvalId: outcome.request.id } as Partial<Row>,
      });
    });
    await settled(ctx, row, base(first).status);
    return request ? { approval: request } : config.toItem(row);
  }

  const act: Lifecycle<Row, A, Item, Ctx>['act'] = async (ctx, scope, id, action, body) => {
    if (spec.actions[action].move === 'go_live') return goLiveAction(ctx, scope, id, action, body);
    const move = spec.actions[action].move as LifecycleAction;
    let from = '';
    const row = await ctx.db.transaction(async (tx) => {
      const current = await lock(tx, scope, id);
      if (!current) throw new ApiError(ErrorCode.NOT_FOUND);
      offered(scope, current, action);
      from = base(current).status;
      return transition(tx, scope, current, move, { version: body.version, action });
    });
    await settled(ctx, row, from);
    return config.toItem(row);
  };

  async function startDue(tx: Db, payload: DuePayload): Promise<Row | null> {
    const scope = schedulerScope(payload);
    const current = await lock(tx, scope, payload.id);
    if (!current || stateOf(current) !== 'scheduled') return null;
    // Its end passed while it waited (a late scheduler): it ends instead.
    if (past(config.window.end(current))) return transition(tx, scope, current, 'end');
    return transition(tx, scope, current, 'publish');
  }

  async function endDue(tx: Db, payload: DuePayload): Promise<Row | null> {
    const scope = schedulerScope(payload);
    const current = await lock(tx, scope, payload.id);
    if (!current || !['live', 'scheduled'].includes(stateOf(current) ?? '')) return null;
    return transition(tx, scope, current, 'end');
  }

  function registerApproval(ctx: Ctx): void {
    if (!approval) return;
    approval.register(approval.kind, {
      apply: async (tx, maker, payload) => {
        const row = await lock(tx, maker, payload.id);
        if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
        // Applied at once (no approval needed): the draft the maker read; after approval: the pending one.
        return goLive(tx, maker, row, stateOf(row) === 'draft' ? payload.version : undefined);
      },
      afterApply: (maker, payload) => {
        void (async () => {
          const [row] = (await ctx.db
            .select()
            .from(rows)
            .where(rowInScope(table, maker, payload.id))) as Row[];
          if (row) await settled(ctx, row, spec.statusIn('pending_approval'));
          // The approval stands either way: a plan missed here is made again at the row's next move,
          // and what reads the row checks its window itself.
        })().catch(() => undefined);
      },
      ...(approval.describe
        ? {
            describe: async (db: Db, reader: Scope, payload: GoLivePayload) => {
              const [row] = (await db
                .select()
                .from(rows)
                .where(rowInScope(table, reader, payload.id))) as Row[];
              return row ? approval.describe!(db, row, reader) : null;
            },
          }
        : {}),
      // Refused, withdrawn through the approvals page, or failed: the row is a draft again.
      settle: async (tx, maker, payload) => {
        const row = await lock(tx, maker, payload.id);
        if (row && stateOf(row) === 'pending_approval') await transition(tx, maker, row, 'reject');
      },
    });
  }

  return {
    act,
    startDue,
    endDue,
    routes(app, ctx, options) {
      registerApproval(ctx);
      const actions = Object.keys(spec.actions) as [A, ...A[]];
      app.withTypeProvider<ZodTypeProvider>().post(
        `/${resource.name}/:id/:action`,
        {
          schema: {
            tags: [resource.name],
            summary: options.summary,
            params: idParam.extend({ action: z.enum(actions) }),
            body: lifecycleActionBody,
          },
          config: can(resource, options.access ?? 'approve'),
        },
        async (request) =>
          ok(await act(ctx, scopeOf(request), request.params.id, request.params.action as A, request.body)),
      );
    },
    work: (ctx) => ({
      tasks: {
        [config.tasks.start]: async (payload, task) => {
          const row = await startDue(task.db, payload as DuePayload);
          if (row) await hooks.afterMove?.(ctx, row, spec.statusIn('scheduled'));
        },
        [config.tasks.end]: async (payload, task) => {
          await endDue(task.db, payload as DuePayload);
        },
      },
    }),
  };
}
