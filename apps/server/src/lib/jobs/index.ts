/**
 * Background jobs and schedules (pg-boss underneath, `jobs`/`job_items`/`schedules` for what staff
 * see). Every module uses it through `app.jobs`:
 *
 * - `defineJob(kind, { item })`: a job of items, each done once inside a transaction with its `ok`;
 *   or `defineJob(kind, { run })`: a job done as a whole (an import), idempotent as a whole
 * - `create(kind, owner, { items, params })` → the job's id at once; it runs in the background
 * - `cancel(id)`, `retry(id)` (failed items only)
 * - `defineTask(name, handler)`, `scheduleAt(name, key, at, payload)`,
 *   `scheduleCron(name, key, cron, tz, payload)`, `unschedule(key)`: one-off and recurring tasks
 *   that run after a restart too (a one-off whose moment passed while the server was down runs at start)
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.ts';
import type { EventBus } from '../events.ts';
import { JobRunner, type JobRunnerOptions } from './runner.ts';

export * from './runner.ts';
export { installBossSchema } from './boss.ts';
export { jobResultFile } from './result.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs and schedules (lib/jobs). */
    jobs: JobRunner;
  }
}

/**
 * Decorates `app.jobs`; starts with the server (onReady: the queue and its workers) and resumes the
 * work a crash left once the server listens (onListen; an app only injected into resumes nothing by
 * itself); stops before the database closes.
 */
export function setUpJobs(
  app: FastifyInstance,
  database: Database,
  events: EventBus,
  options: JobRunnerOptions = {},
): JobRunner {
  const runner = new JobRunner(database, events, { log: app.log, ...options });
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => {
    await runner.start();
  });
  app.addHook('onListen', async () => {
    runner.resumeLeftWork();
  });
  return runner;
}

/** Stops the runner: add after the hook that closes the database (onClose hooks run last first). */
export function stopJobsOnClose(app: FastifyInstance): void {
  app.addHook('onClose', async () => {
    await app.jobs.stop();
  });
}
