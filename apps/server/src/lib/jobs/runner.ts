import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { setImmediate as nextLoop } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { errorMessage } from '@rx/contracts';
import type { Database, Db } from '../../db/index.ts';
import { insertMany } from '../../db/bulk-insert.ts';
import { jobItems, jobs, schedules, type JobItemStatus, type JobStatus } from '../../db/jobs.ts';
import { ApiError } from '../api-error.ts';
import type { EventBus } from '../events.ts';
import { createBoss, startBoss, type BossOptions } from './boss.ts';

export type JobRow = typeof jobs.$inferSelect;
export type ScheduleRow = typeof schedules.$inferSelect;

/** Who a job belongs to: the staff member who started it (null user: the system, e.g. a schedule). */
export interface JobOwner {
  cpId: number;
  productId?: number | null;
  userId?: number | null;
  username?: string;
}

/**
 * Writes a job of `kind` and its items (statements of 1,000, a turn of the event loop between them)
 * through `tx`, not started: `create` starts it at once; a module queuing one in its own transaction
 * (a mail's fan-out, a push task's send) starts it once that commits. Answers the job's id.
 */
export async function insertJob(
  tx: Db,
  kind: string,
  owner: JobOwner,
  {
    items = [],
    params = {},
    total,
  }: { items?: readonly unknown[]; params?: Record<string, unknown>; total?: number },
): Promise<number> {
  const [job] = await tx
    .insert(jobs)
    .values({
      cpId: owner.cpId,
      productId: owner.productId ?? null,
      userId: owner.userId ?? null,
      username: owner.username ?? '',
      kind,
      params,
      total: total ?? items.length,
    })
    .returning({ id: jobs.id });
  for (let start = 0; start < items.length; start += 1000) {
    await tx
      .insert(jobItems)
      .values(
        items.slice(start, start + 1000).map((input, i) => ({ jobId: job!.id, seq: start + i + 1, input })),
      );
    await nextLoop();
  }
  return job!.id;
}

export interface ItemContext {
  job: JobRow;
  seq: number;
}

/** What a job run as a whole (not item by item) hands back when it ends. */
export interface WholeResult {
  summary?: Record<string, unknown>;
  /** `failed`: the job ends failed (e.g. an import refused for its rows' errors); default succeeded. */
  status?: 'succeeded' | 'failed';
  /** Per-item results to show and download (e.g. an import's rows). */
  items?: { input: unknown; status: Exclude<JobItemStatus, 'pending'>; message?: string; output?: unknown }[];
}

export interface WholeContext {
  db: Db;
  job: JobRow;
  /** Reports how far it got (published a few times per second at most). */
  progress(done: number, total?: number, failed?: number): void;
  /**
   * Records the result inside the task's own transaction, so its effect and "succeeded" commit
   * together (a task that does not call it is completed after it returns, in a transaction of its own).
   */
  complete(tx: Db, result: WholeResult): Promise<void>;
}

/**
 * A kind of job: `item` does one item inside the batch's transaction (its effect commits with its
 * `ok`, so an item is never done twice); or `run` does the whole job at once (it must be
 * idempotent as a whole: an import runs in one transaction).
 */
export type JobKind =
  | {
      item(tx: Db, input: unknown, context: ItemContext): Promise<unknown>;
      /**
       * When the last item is done (the job turns succeeded, or failed when some items failed),
       * in the same transaction: what the job's owner records then (e.g. a mail whose fan-out
       * failed in part is no longer shown as sending). Runs again after a retry ends.
       */
      ended?(tx: Db, job: JobRow): Promise<void>;
      /**
       * Items claimed per transaction for this kind (the runner's `batchSize` otherwise): fewer for
       * items that are long work each (a push batch's 500 sends), so that each transaction, the
       * locks it holds and the progress it publishes stay short.
       */
      batchSize?: number;
    }
  | { run(context: WholeContext): Promise<WholeResult | void> };

export interface TaskContext {
  /**
   * A one-off's: the transaction its run is recorded in — write through it (not through the app's
   * own `db`, whose writes would commit whether or not the run is recorded) for exactly-once effects.
   * A recurring task's: the database itself (it runs outside any transaction; see `claimCronRun`).
   */
  db: Db;
  key: string;
  /** When it was meant to run. */
  at: Date;
}

export type TaskHandler = (payload: unknown, context: TaskContext) => Promise<void>;

export interface JobRunnerOptions extends BossOptions {
  /** Items claimed per transaction. */
  batchSize?: number;
  /** Least time between two progress events of one job. */
  progressIntervalMs?: number;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

const JOB_QUEUE = 'rx-jobs';
const ONE_OFF_QUEUE = 'rx-schedules';
/** Each tick of every cron: a pg-boss message due at the tick's moment. */
const CRON_TICK_QUEUE = 'rx-cron-ticks';
/** The columns a job's event tells (lib/events `job`). */
const PUBLISHED = {
  id: jobs.id,
  cpId: jobs.cpId,
  userId: jobs.userId,
  kind: jobs.kind,
  status: jobs.status,
  done: jobs.done,
  failed: jobs.failed,
  total: jobs.total,
};

/** Jobs resumed side by side after a restart (each holds one connection per batch). */
const RESUME_AT_ONCE = 2;
/** The per-cron queues of earlier versions, scheduled with pg-boss's own cron (removed at start). */
const OLD_CRON_QUEUE_PREFIX = 'rx-cron-';

/**
 * The next moment of a cron in a time zone after `from` (cron-parser, pg-boss's own dependency);
 * null if the cron is not valid.
 */
function nextCronRun(cron: string, tz: string, from: Date = new Date()): Date | null {
  try {
    const require = createRequire(createRequire(import.meta.url).resolve('pg-boss'));
    const parser = require('cron-parser') as {
      parseExpression(
        expression: string,
        options: { tz: string; currentDate: Date },
      ): { next(): { toDate(): Date } };
    };
    return parser.parseExpression(cron, { tz, currentDate: from }).next().toDate();
  } catch {
    return null;
  }
}

/**
 * The pg-boss id of a cron's tick or a one-off's wake-up at one moment: the same on every instance,
 * so one sent twice (two instances starting, a restart) is stored once (pg-boss inserts with ON
 * CONFLICT DO NOTHING).
 */
function tickId(key: string, at: Date): string {
  const hex = createHash('sha1').update(`${key}@${at.toISOString()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? errorMessage(error.code, 'en');
  return error instanceof Error ? error.message : String(error);
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Background jobs and schedules on pg-boss. pg-boss carries the wake-ups (a job to run, a one-off's
 * moment, a cron's tick) and survives restarts; the `jobs`, `job_items` and `schedules` tables hold
 * what a job is and how far it got. Jobs started here also run here at once (no polling delay);
 * jobs left queued or running (a crash) are resumed once the server listens.
 */
export class JobRunner {
  readonly boss: PgBoss;
  private readonly db: Db;
  /** Where the work of jobs and schedules runs (the background pool): requests keep their own connections. */
  private readonly workDb: Db;
  private readonly kinds = new Map<string, JobKind>();
  private readonly tasks = new Map<string, TaskHandler>();
  /** Jobs this process is running now, and the promise of each run. */
  private readonly running = new Map<number, Promise<void>>();
  private readonly lastPublished = new Map<number, number>();
  /** Progress of jobs run as a whole here (their transaction holds it until they end). */
  private readonly wholeProgress = new Map<number, { done: number; total: number; failed: number }>();
  /** Recurring tasks running here now (a tick never starts a second run of the same key here). */
  private readonly cronRuns = new Map<string, Promise<void>>();
  /**
   * pg-boss handlers under way. pg-boss completes a message after its handler, without awaiting
   * the completion: a handler still running when `stop` gave up waiting completed on a closed pool
   * (an unhandled rejection), so `stop` waits for every handler itself.
   */
  private readonly handlers = new Set<Promise<void>>();
  private readonly batchSize: number;
  private readonly progressIntervalMs: number;
  private readonly pollingIntervalSeconds: number;
  private started = false;
  private stopping = false;

  constructor(
    private readonly database: Database,
    private readonly events: EventBus,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.db = database.db;
    this.workDb = database.background ?? database.db;
    this.batchSize = options.batchSize ?? 100;
    this.progressIntervalMs = options.progressIntervalMs ?? 300;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    this.boss = createBoss(database, options);
    this.boss.on('error', (error) => {
      if (!this.stopping) this.options.log?.warn({ err: error }, 'job queue error');
    });
  }

  /** Declares a kind of job (before jobs of it start; at start, jobs of unknown kinds wait). */
  defineJob(kind: string, definition: JobKind): void {
    this.kinds.set(kind, definition);
    if (this.started) void this.resume(kind);
  }

  /** The kinds declared so far (for the test that every kind has a name in the console). */
  definedKinds(): string[] {
    return [...this.kinds.keys()];
  }

  /** Declares what a schedule of this name does when it fires. */
  defineTask(name: string, handler: TaskHandler): void {
    this.tasks.set(name, handler);
    if (this.started) void this.fireDueOneOffs();
  }

  async start(): Promise<void> {
    await startBoss(this.database, this.boss);
    for (const queue of [JOB_QUEUE, ONE_OFF_QUEUE, CRON_TICK_QUEUE]) await this.boss.createQueue(queue);
    const polling = { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize: 1 };
    await this.boss.work<{ jobId: number }>(JOB_QUEUE, polling, ([message]) =>
      this.handle(message && (() => this.runJob(message.data.jobId))),
    );
    await this.boss.work<{ key: string; at: string }>(ONE_OFF_QUEUE, polling, ([message]) =>
      this.handle(message && (() => this.fireOneOff(message.data.key, new Date(message.data.at)))),
    );
    await this.boss.work<{ key: string; at: string }>(CRON_TICK_QUEUE, polling, ([message]) =>
      this.handle(message && (() => this.fireCronTick(message.data.key, new Date(message.data.at)))),
    );
    await this.dropOldCronQueues();
    // Each active cron's next tick (sent again after a crash between a tick and the sending of the next).
    const crons = await this.db
      .select({ key: schedules.key, nextRunAt: schedules.nextRunAt })
      .from(schedules)
      .where(and(eq(schedules.status, 'active'), sql`${schedules.cron} is not null`));
    for (const { key, nextRunAt } of crons) if (nextRunAt) await this.sendTick(key, nextRunAt);
    // Each future one-off's wake-up, likewise (a crash between its row and its message, or a
    // database moved without pg-boss's queue: db/pglite): stored once under its own id.
    const oneOffs = await this.db
      .select({ key: schedules.key, runAt: schedules.runAt })
      .from(schedules)
      .where(and(eq(schedules.status, 'active'), sql`${schedules.runAt} > now()`));
    for (const { key, runAt } of oneOffs) await this.sendOneOff(key, runAt!);
    this.started = true;
  }

  /**
   * Once the server listens (lib/jobs/index.ts): the jobs a crash or a stop left queued or running,
   * and the one-offs whose moment passed while the server was down. Never part of the start, so
   * however much work was left, it cannot hold the start past Fastify's timeout.
   */
  resumeLeftWork(): void {
    if (!this.started || this.stopping) return;
    void this.resume();
    void this.fireDueOneOffs();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    // Running jobs stop between batches; what they left stays pending for the next start.
    await Promise.allSettled([...this.running.values(), ...this.cronRuns.values(), ...this.handlers]);
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 5000 }).catch(() => undefined);
    // A handler pg-boss handed a message while it stopped (it does nothing once stopping).
    await Promise.allSettled([...this.handlers]);
  }

  /** Runs a pg-boss handler's work, known to `stop` until it ends. */
  private handle(work: (() => Promise<void>) | undefined): Promise<void> {
    if (!work) return Promise.resolve();
    const run = work();
    this.handlers.add(run);
    const done = () => void this.handlers.delete(run);
    run.then(done, done);
    return run;
  }

  // ---------------------------------------------------------------- jobs

  /** Starts a job of `kind` with its items (each one a JSON value): answers its id at once. */
  async create(
    kind: string,
    owner: JobOwner,
    {
      items = [],
      params = {},
      total,
    }: { items?: unknown[]; params?: Record<string, unknown>; total?: number },
  ): Promise<number> {
    const id = await this.db.transaction((tx) => insertJob(tx, kind, owner, { items, params, total }));
    await this.wake(id);
    return id;
  }

  /** Runs the job here now, and tells every instance through pg-boss (a crash leaves it queued). */
  private async wake(id: number): Promise<void> {
    if (!this.started) return;
    await this.boss.send(JOB_QUEUE, { jobId: id }, { expireInSeconds: 23 * 3600, retryLimit: 0 });
    void this.runJob(id);
  }

  /** Stops the job between two batches; its remaining items stay pending. False if it had ended. */
  async cancel(id: number): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ status: 'cancelled', finishedAt: new Date() })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
      .returning();
    if (rows[0]) this.publish(rows[0], true);
    return rows.length > 0;
  }

  /** Puts the failed items back to pending and runs the job again. False if nothing failed. */
  async retry(id: number): Promise<boolean> {
    const job = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
      if (!row || row.status === 'queued' || row.status === 'running') return null;
      const whole = this.kinds.get(row.kind);
      if (whole && 'run' in whole) {
        // A job done as a whole runs again as a whole (its items are its last result).
        if (row.status !== 'failed') return null;
        await tx.delete(jobItems).where(eq(jobItems.jobId, id));
      } else {
        const reset = await tx
          .update(jobItems)
          .set({ status: 'pending', message: '', output: null, doneAt: null })
          .where(and(eq(jobItems.jobId, id), eq(jobItems.status, 'error')))
          .returning({ seq: jobItems.seq });
        if (reset.length === 0 && row.status !== 'cancelled' && row.status !== 'failed') return null;
      }
      const [updated] = await tx
        .update(jobs)
        .set({
          status: 'queued',
          error: null,
          finishedAt: null,
          done:
            whole && 'run' in whole
              ? 0
              : sql`(select count(*)::int from job_items where job_id = ${id} and status = 'ok')`,
          failed: 0,
        })
        .where(eq(jobs.id, id))
        .returning();
      return updated;
    });
    if (!job) return false;
    this.publish(job, true);
    await this.wake(id);
    return true;
  }

  /**
   * Resumes jobs left queued or running (a crash or a restart): all, or those of one kind,
   * `RESUME_AT_ONCE` at a time, so that the pool keeps connections for requests.
   */
  private async resume(kind?: string): Promise<void> {
    const rows = await this.db
      .select({ id: jobs.id, kind: jobs.kind })
      .from(jobs)
      .where(inArray(jobs.status, ['queued', 'running']))
      .orderBy(jobs.id);
    const ids = rows.filter((row) => !kind || row.kind === kind).map((row) => row.id);
    for (let start = 0; start < ids.length && !this.stopping; start += RESUME_AT_ONCE) {
      await Promise.all(ids.slice(start, start + RESUME_AT_ONCE).map((id) => this.runJob(id)));
    }
  }

  /** Runs a job until no pending item is left, it is cancelled, or the server stops. */
  runJob(id: number): Promise<void> {
    const current = this.running.get(id);
    if (current) return current;
    const run = this.execute(id)
      .catch(async (error: unknown) => {
        this.options.log?.error({ err: error, job: id }, 'job failed');
        const [row] = await this.db
          .update(jobs)
          .set({ status: 'failed', error: messageOf(error), finishedAt: new Date() })
          .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
          .returning()
          .catch(() => []);
        if (row) this.publish(row, true);
      })
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
    return run;
  }

  private async execute(id: number): Promise<void> {
    if (this.stopping) return;
    const [job] = await this.db
      .update(jobs)
      .set({
        status: 'running',
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
        heartbeatAt: new Date(),
      })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
      .returning();
    if (!job) return;
    const kind = this.kinds.get(job.kind);
    if (!kind) return; // Defined later (defineJob resumes it).
    this.publish(job, true);
    if ('run' in kind) return this.executeWhole(job, kind);
    for (;;) {
      if (this.stopping) return;
      const outcome = await this.workDb.transaction(async (tx) => {
        const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
        if (!row || row.status !== 'running') return { stop: true as const };
        const claimed = rowsOf<{ seq: number; input: unknown }>(
          await tx.execute(sql`
            select seq, input from job_items
            where job_id = ${id} and status = 'pending'
            order by seq limit ${kind.batchSize ?? this.batchSize}
            for update skip locked`),
        );
        if (claimed.length === 0) {
          const pending = rowsOf<{ n: number }>(
            await tx.execute(
              sql`select count(*)::int as n from job_items where job_id = ${id} and status = 'pending'`,
            ),
          )[0]!.n;
          // Another instance still holds some: it finishes the job.
          if (pending > 0) return { stop: true as const };
          const [ended] = await tx
            .update(jobs)
            .set({
              status: row.failed > 0 ? 'failed' : 'succeeded',
              finishedAt: new Date(),
              heartbeatAt: new Date(),
            })
            .where(eq(jobs.id, id))
            .returning();
          if (kind.ended && ended) await kind.ended(tx, ended);
          return { stop: true as const, ended };
        }
        type Result = { seq: number; status: string; message: string; output: unknown };
        let results: Result[];
        try {
          // Usually every item succeeds: the whole batch under one savepoint.
          results = await tx.transaction(async (sp) => {
            const done: Result[] = [];
            for (const item of claimed) {
              const output = await kind.item(sp as unknown as Db, item.input, { job: row, seq: item.seq });
              done.push({ seq: item.seq, status: 'ok', message: '', output: output ?? null });
            }
            return done;
          });
        } catch {
          // One failed: the batch's writes are undone; again item by item, each under its own savepoint.
          results = [];
          for (const item of claimed) {
            try {
              const output = await tx.transaction((sp) =>
                kind.item(sp as unknown as Db, item.input, { job: row, seq: item.seq }),
              );
              results.push({ seq: item.seq, status: 'ok', message: '', output: output ?? null });
            } catch (error) {
              results.push({ seq: item.seq, status: 'error', message: messageOf(error), output: null });
            }
          }
        }
        await tx.execute(sql`
          update job_items j set status = u.status, message = u.message, output = u.output, done_at = now()
          from jsonb_to_recordset(${JSON.stringify(results)}::jsonb)
            as u(seq int, status text, message text, output jsonb)
          where j.job_id = ${id} and j.seq = u.seq`);
        const failed = results.filter((r) => r.status === 'error').length;
        const [updated] = await tx
          .update(jobs)
          .set({
            done: sql`${jobs.done} + ${results.length - failed}`,
            failed: sql`${jobs.failed} + ${failed}`,
            heartbeatAt: new Date(),
          })
          .where(eq(jobs.id, id))
          .returning(PUBLISHED);
        return { stop: false as const, updated };
      });
      if (outcome.stop) {
        if ('ended' in outcome && outcome.ended) this.publish(outcome.ended, true);
        return;
      }
      this.publish(outcome.updated!, false);
      // A turn of the event loop between batches: a job's progress events and callbacks never queue up.
      await nextLoop();
    }
  }

  private async executeWhole(job: JobRow, kind: Extract<JobKind, { run: unknown }>): Promise<void> {
    try {
      await this.executeWholeOnce(job, kind);
    } finally {
      this.wholeProgress.delete(job.id);
    }
  }

  private async executeWholeOnce(job: JobRow, kind: Extract<JobKind, { run: unknown }>): Promise<void> {
    let completed = false;
    let progress = { done: job.done, total: job.total, failed: job.failed };
    const complete = async (tx: Db, result: WholeResult) => {
      const items = result.items ?? [];
      await tx.delete(jobItems).where(eq(jobItems.jobId, job.id));
      // In statements of 2,000 items (one array per column) with a turn of the event loop between
      // them (a 20,000-row import's items).
      for (let start = 0; start < items.length; start += 2000) {
        if (start > 0) await nextLoop();
        const doneAt = new Date();
        await insertMany(
          tx,
          jobItems,
          items.slice(start, start + 2000).map((item, i) => ({
            jobId: job.id,
            seq: start + i + 1,
            input: item.input ?? null,
            status: item.status,
            message: item.message ?? '',
            output: item.output ?? null,
            doneAt,
          })),
          { returning: false },
        );
      }
      const failed = items.filter((i) => i.status === 'error').length;
      await tx
        .update(jobs)
        .set({
          summary: result.summary ?? null,
          total: items.length || progress.total,
          done: items.length ? items.length - failed : progress.total,
          failed,
          status: result.status ?? 'succeeded',
          finishedAt: new Date(),
          heartbeatAt: new Date(),
        })
        .where(eq(jobs.id, job.id));
      completed = true;
    };
    const result = await kind.run({
      db: this.workDb,
      job,
      progress: (done, total = progress.total, failed = progress.failed) => {
        progress = { done, total, failed };
        this.wholeProgress.set(job.id, progress);
        this.publish({ ...job, status: 'running', ...progress }, false);
      },
      complete,
    });
    if (!completed) await this.workDb.transaction((tx) => complete(tx, result ?? {}));
    // What the event tells, not the whole row: an import's params are its file's cells (MBs to parse).
    const [ended] = await this.db.select(PUBLISHED).from(jobs).where(eq(jobs.id, job.id));
    if (ended) this.publish(ended, true);
  }

  /** Tells the owner's consoles how the job moved: always on a status change, else a few times a second. */
  private publish(job: Pick<JobRow, keyof typeof PUBLISHED>, force: boolean): void {
    const now = Date.now();
    if (!force && now - (this.lastPublished.get(job.id) ?? 0) < this.progressIntervalMs) return;
    this.lastPublished.set(job.id, now);
    if (job.status !== 'running' && job.status !== 'queued') this.lastPublished.delete(job.id);
    this.events.publish({
      topic: 'job',
      cpId: job.cpId,
      userId: job.userId ?? 0,
      data: {
        id: job.id,
        kind: job.kind,
        status: job.status,
        done: job.done,
        failed: job.failed,
        total: job.total,
      },
    });
  }

  // ---------------------------------------------------------------- schedules

  /** Runs task `name` once at `at` (a one-off, e.g. "go live at 10:00 Asia/Shanghai" as a Date). */
  async scheduleAt(name: string, key: string, at: Date, payload: unknown = {}): Promise<void> {
    await this.db
      .insert(schedules)
      .values({ kind: name, key, runAt: at, payload, status: 'active', nextRunAt: at })
      .onConflictDoUpdate({
        target: schedules.key,
        set: {
          kind: name,
          runAt: at,
          cron: null,
          tz: null,
          payload,
          status: 'active',
          nextRunAt: at,
          lastError: null,
          updatedAt: new Date(),
        },
      });
    if (!this.started) return;
    if (at.getTime() <= Date.now()) {
      void this.fireOneOff(key, at);
      return;
    }
    await this.sendOneOff(key, at);
  }

  /** Runs task `name` on a cron in a time zone (e.g. '0 10 * * *', 'Asia/Shanghai') until unscheduled. */
  async scheduleCron(
    name: string,
    key: string,
    cron: string,
    tz: string,
    payload: unknown = {},
  ): Promise<void> {
    const next = nextCronRun(cron, tz);
    await this.db
      .insert(schedules)
      .values({ kind: name, key, cron, tz, payload, status: 'active', nextRunAt: next })
      .onConflictDoUpdate({
        target: schedules.key,
        set: {
          kind: name,
          runAt: null,
          cron,
          tz,
          payload,
          status: 'active',
          nextRunAt: next,
          lastError: null,
          updatedAt: new Date(),
        },
      });
    if (this.started && next) await this.sendTick(key, next);
  }

  /** Cancels a schedule (one-off or cron); false if there was none active. */
  async unschedule(key: string): Promise<boolean> {
    const rows = await this.db
      .update(schedules)
      .set({ status: 'cancelled', nextRunAt: null, updatedAt: new Date() })
      .where(and(eq(schedules.key, key), eq(schedules.status, 'active')))
      .returning({ key: schedules.key });
    // Its pending tick finds it cancelled and does nothing.
    return rows.length > 0;
  }

  /** The schedule of a key, if any. */
  async schedule(key: string): Promise<ScheduleRow | undefined> {
    const [row] = await this.db.select().from(schedules).where(eq(schedules.key, key));
    return row;
  }

  /**
   * A cron's tick at `at`: a pg-boss message due then, with the same id on every instance. (pg-boss's
   * own cron is off: its clock re-parsed every cron every 30 s, cron-parser's `prev()` with time
   * zones taking 5–35 ms each, so the server's thread stalled for 100–150 ms twice a minute.)
   */
  private async sendTick(key: string, at: Date): Promise<void> {
    await this.boss.send(
      CRON_TICK_QUEUE,
      { key, at: at.toISOString() },
      { id: tickId(key, at), startAfter: at, retryLimit: 0, expireInSeconds: 3600 },
    );
  }

  /** A one-off's wake-up at its moment, under an id of its key and moment (sent twice, stored once). */
  private async sendOneOff(key: string, at: Date): Promise<void> {
    await this.boss.send(
      ONE_OFF_QUEUE,
      { key, at: at.toISOString() },
      { id: tickId(key, at), startAfter: at, retryLimit: 0 },
    );
  }

  /** Removes the pg-boss schedules and queues of earlier versions' crons (one queue per cron). */
  private async dropOldCronQueues(): Promise<void> {
    const old = (await this.boss.getSchedules()).filter(
      (s) => s.name.startsWith(OLD_CRON_QUEUE_PREFIX) && s.name !== CRON_TICK_QUEUE,
    );
    for (const { name } of old) {
      await this.boss.unschedule(name).catch(() => undefined);
      await this.boss.deleteQueue(name).catch(() => undefined);
    }
  }

  /** One-offs whose moment has come (a server down at that moment runs them at start). */
  private async fireDueOneOffs(): Promise<void> {
    const due = await this.db
      .select({ key: schedules.key, runAt: schedules.runAt })
      .from(schedules)
      .where(and(eq(schedules.status, 'active'), sql`${schedules.runAt} <= now()`));
    for (const row of due) await this.fireOneOff(row.key, row.runAt!);
  }

  /** Runs a one-off once: its handler's writes and its "done" commit in one transaction. */
  private async fireOneOff(key: string, at: Date): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(schedules)
          .where(and(eq(schedules.key, key), eq(schedules.status, 'active')))
          .for('update', { skipLocked: true });
        // Rescheduled, cancelled, done, or another instance is on it.
        if (!row || !row.runAt || row.runAt.getTime() !== at.getTime() || row.runAt.getTime() > Date.now())
          return;
        const handler = this.tasks.get(row.kind);
        if (!handler) return; // Defined later: defineTask fires it.
        await handler(row.payload, { db: tx as unknown as Db, key, at });
        await tx
          .update(schedules)
          .set({ status: 'done', runs: sql`${schedules.runs} + 1`, lastRunAt: new Date(), nextRunAt: null })
          .where(eq(schedules.key, key));
      });
    } catch (error) {
      this.options.log?.error({ err: error, schedule: key }, 'scheduled task failed');
      await this.db
        .update(schedules)
        .set({ status: 'failed', lastError: messageOf(error), lastRunAt: new Date(), updatedAt: new Date() })
        .where(and(eq(schedules.key, key), eq(schedules.status, 'active')))
        .catch(() => undefined);
    }
  }

  /**
   * Runs a recurring task now (an admin's "run now"; tests), as its cron would: outside any
   * transaction, after recording the run. Its next tick stays where it was.
   */
  async runNow(key: string): Promise<void> {
    const claimed = await this.claimCronRun(key, null);
    if (claimed) await this.runCron(key, claimed);
  }

  /**
   * A cron's tick: records the run and the next moment, sends the next tick, then runs the task in
   * the background (a long daily task does not hold back the other crons' ticks). A tick whose
   * moment is no longer the cron's next one (rescheduled, cancelled, already done) does nothing.
   */
  private async fireCronTick(key: string, at: Date): Promise<void> {
    const claimed = await this.claimCronRun(key, at);
    if (!claimed) return;
    if (claimed.next) await this.sendTick(key, claimed.next);
    if (this.cronRuns.has(key)) return; // The last run is still going here.
    const run = this.runCron(key, claimed).finally(() => this.cronRuns.delete(key));
    this.cronRuns.set(key, run);
  }

  /**
   * Records one run of a recurring task in a short transaction; with `tick`, only if that is the
   * cron's next moment, which then moves on. The task then runs outside it, on the database itself.
   * (Recurring tasks are sweeps and polls that may take long, and are idempotent: a transaction
   * around them would hold a connection and row locks for all that time.)
   */
  private async claimCronRun(
    key: string,
    tick: Date | null,
  ): Promise<{ handler: TaskHandler; payload: unknown; next: Date | null } | null> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(schedules)
          .where(and(eq(schedules.key, key), eq(schedules.status, 'active')))
          .for('update', { skipLocked: true });
        if (!row || !row.cron) return null;
        if (tick && row.nextRunAt?.getTime() !== tick.getTime()) return null;
        const handler = this.tasks.get(row.kind);
        if (!handler) return null;
        const next = tick
          ? nextCronRun(row.cron, row.tz ?? 'UTC', new Date(Math.max(Date.now(), tick.getTime())))
          : row.nextRunAt;
        await tx
          .update(schedules)
          .set({ runs: sql`${schedules.runs} + 1`, lastRunAt: new Date(), lastError: null, nextRunAt: next })
          .where(eq(schedules.key, key));
        return { handler, payload: row.payload, next: tick ? next : null };
      });
    } catch (error) {
      this.options.log?.error({ err: error, schedule: key }, 'scheduled task failed');
      return null;
    }
  }

  private async runCron(key: string, { handler, payload }: { handler: TaskHandler; payload: unknown }) {
    try {
      await handler(payload, { db: this.workDb, key, at: new Date() });
    } catch (error) {
      this.options.log?.error({ err: error, schedule: key }, 'scheduled task failed');
      await this.db
        .update(schedules)
        .set({ lastError: messageOf(error), lastRunAt: new Date() })
        .where(eq(schedules.key, key))
        .catch(() => undefined);
    }
  }

  /** A running job's row with the progress this instance knows of (a whole job's is only in memory). */
  withLiveProgress<J extends Pick<JobRow, 'id' | 'status'>>(job: J): J {
    const live = job.status === 'running' ? this.wholeProgress.get(job.id) : undefined;
    return live ? { ...job, ...live } : job;
  }

  /** A job's row. */
  async find(id: number): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  }
}

export type { JobStatus };
