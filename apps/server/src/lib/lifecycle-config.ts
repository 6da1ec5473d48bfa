import type { FastifyInstance } from 'fastify';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  ApprovalKind,
  ApprovalRequest,
  ApprovalSubject,
  LogTargetType,
  Resource,
  ResourceAction,
  ResourceLifecycle,
} from '@rx/contracts';
import type { Db } from '../db/index.ts';
import type { Scope } from './access.ts';
import type { EventBus } from './events.ts';
import type { JobRunner } from './jobs/index.ts';
import type { LifecycleRow } from './lifecycle.ts';
import type { ModuleWork } from './server-module.ts';

/** What a resource declares to run on `defineLifecycle` (define-lifecycle.ts), and what it gets. */

/** What the lifecycle's routes and tasks work with. */
export interface LifecycleContext {
  db: Db;
  events: EventBus;
  jobs?: JobRunner;
}

/** The payload of a go-live that waits for approval: the row, as the maker read it. */
export interface GoLivePayload {
  id: number;
  version: number;
}

/** The payload of the scheduler's tasks. */
export interface DuePayload {
  cpId: number;
  productId: number;
  id: number;
}

export type Outcome = { applied: true; result: unknown } | { applied: false; request: ApprovalRequest };

/** Two-person approval of going live: a thin use of modules/approvals' public API, by the row. */
export interface LifecycleApproval<Row> {
  kind: ApprovalKind;
  /** The number the policy's threshold is compared with (the row as it would go live: e.g. its recipients). */
  amount(tx: Db, row: Row): Promise<number | null> | number | null;
  /** The value the policy's value threshold is compared with (kinds that carry one). */
  value?(tx: Db, row: Row): Promise<number | null> | number | null;
  /**
   * Who the row reaches, as a fingerprint (e.g. a mail's target and recipients): what several rows
   * sent to the same audience got through directly adds up against the policy (approvals' tallies).
   * `read` is what the `prepare` hook read before the transaction.
   */
  audience?(row: Row, read: unknown): string;
  /** What the approver sees the row would become (default: its live status and window). */
  after?(row: Row, asked: { amount: number | null; value: number | null }): unknown;
  /**
   * The row as staff know it, for the approver (modules/approvals' `describe` hook): `reader` is the
   * maker's scope in the reader's language. Optional.
   */
  describe?(db: Db, row: Row, reader: Scope): Promise<ApprovalSubject>;
  /** modules/approvals' `submitChange`. */
  submit(
    db: Db,
    events: EventBus,
    scope: Scope,
    change: {
      kind: ApprovalKind;
      amount: number | null;
      value?: number | null;
      audience?: string;
      reason: string;
      target: { type: LogTargetType; id: number; name: string };
      before: unknown;
      after: unknown;
      payload: GoLivePayload;
    },
  ): Promise<Outcome>;
  /** modules/approvals' `registerApprovalAction`. */
  register(
    kind: ApprovalKind,
    handler: {
      apply(tx: Db, maker: Scope, payload: GoLivePayload): Promise<unknown>;
      afterApply?(maker: Scope, payload: GoLivePayload): void;
      settle?(tx: Db, maker: Scope, payload: GoLivePayload): Promise<void>;
      describe?(db: Db, reader: Scope, payload: GoLivePayload): Promise<ApprovalSubject | null>;
    },
  ): void;
}

/**
 * What a resource does as its rows move. The `on…` hooks run in the move's transaction before the
 * row is written (so a refused or stale move undoes them) and answer more columns to set with it.
 */
export interface LifecycleHooks<Row, Ctx extends LifecycleContext> {
  /**
   * Before a draft goes live or to approval (its go-live action): `read` outside any transaction (a
   * file stream), then `apply` on the locked row, answering the row the approval is asked with.
   */
  prepare?: {
    read?(ctx: Ctx, scope: Scope, row: Row): Promise<unknown>;
    apply(tx: Db, scope: Scope, row: Row, read: unknown): Promise<Row>;
  };
  /** Going live (by hand, after approval, or at its start). */
  onGoLive?(tx: Db, scope: Scope, row: Row): Promise<Partial<Row>> | Partial<Row>;
  /** Ending: `action` is the console's action, or null for the scheduler's end at the end time. */
  onEnd?(tx: Db, scope: Scope, row: Row, action: string | null): Promise<Partial<Row>> | Partial<Row>;
  /** Back to draft (recalled, cancelled, or the approval refused). */
  onRecall?(tx: Db, scope: Scope, row: Row): Promise<Partial<Row>> | Partial<Row>;
  /**
   * After the move (start a job queued with it, cancel one). For the scheduler's moves it runs as
   * its task returns, before that task's transaction commits: work started here waits for it.
   */
  afterMove?(ctx: Ctx, row: Row, from: string): void | Promise<void>;
}

export type Table = LifecycleRow & { cpId: PgColumn; productId: PgColumn; approvalId: PgColumn };

/** The columns the lifecycle reads of every row. */
export interface Base<S extends string> {
  id: number;
  cpId: number;
  productId: number;
  version: number;
  approvalId: number | null;
  status: S;
}

export interface LifecycleConfig<
  T extends Table,
  S extends string,
  A extends string,
  Item,
  Ctx extends LifecycleContext,
> {
  resource: Pick<Resource, 'name' | 'logTarget' | 'permissions' | 'scope'>;
  /** The resource's statuses and actions (contracts, shared with the console). */
  lifecycle: ResourceLifecycle<S, A>;
  table: T;
  /** The status column. */
  status: PgColumn;
  toItem(row: T['$inferSelect']): Item;
  nameOf(row: T['$inferSelect']): string;
  /** When a row goes live and when it ends (null: at once, never). */
  window: { start(row: T['$inferSelect']): Date | null; end(row: T['$inferSelect']): Date | null };
  /** The scheduler's tasks (their names are stored with each plan: keep them stable). */
  tasks: { start: string; end: string };
  approval?: LifecycleApproval<T['$inferSelect']>;
  hooks?: LifecycleHooks<T['$inferSelect'], Ctx>;
}

export interface Lifecycle<Row, A extends string, Item, Ctx> {
  /** A staff member's action; answers the row, or `{ approval }` when going live waits for a second person. */
  act(
    ctx: Ctx,
    scope: Scope,
    id: number,
    action: A,
    body: { version: number; reason: string },
  ): Promise<Item | { approval: ApprovalRequest }>;
  /**
   * `POST /<resource>/:id/<action> {version, reason}` (the page's `access` permission, approve by
   * default), and what an approved, refused or withdrawn go-live does.
   */
  routes(app: FastifyInstance, ctx: Ctx, options: { summary: string; access?: ResourceAction }): void;
  /** The scheduler's tasks: live at the start, ended at the end. */
  work(ctx: Ctx): ModuleWork;
  /** The scheduler's go-live at the start (in its task's transaction); null when the row moved meanwhile. */
  startDue(tx: Db, payload: DuePayload): Promise<Row | null>;
  /** The scheduler's end at the end time. */
  endDue(tx: Db, payload: DuePayload): Promise<Row | null>;
}
