import type { FastifyInstance } from 'fastify';
import type { JobKind, JobRunner, TaskHandler } from './jobs/index.ts';

/**
 * What a server module brings, said once in its `index.ts` (`defineModule`) and listed in
 * `src/manifest.ts`: the app registers it from there, so adding a module is one line in the manifest.
 *
 * `Context` is what the module needs of the app (its database, file storage…): the manifest checks
 * that the app's context gives it, so a module asks for no more than it names.
 */
export interface ServerModule<Context> {
  /** The module's folder under `src/modules/`. */
  name: string;
  /** The console's routes (a Fastify plugin of its own), under `/api/v1`. */
  routes?: ModuleRoutes<Context>;
  /** Routes under another prefix: public files at `/files`, a provider's signed notices. */
  mounts?: readonly { prefix: string; routes: ModuleRoutes<Context> }[];
  /**
   * Its routes of the game API (`/api/game/v1`), added inside the game API's plugin, which checks
   * every request's signature first (modules/game-api): the game API itself imports no module.
   */
  gameRoutes?: (app: FastifyInstance, context: Context) => void;
  /** Its background work: kinds of jobs, tasks, and the recurring schedules of those tasks. */
  work?: (context: Context) => ModuleWork;
  /**
   * Test files share one module graph: puts back what a test changed in the module's own state
   * (a fake adapter told to fail, a lowered timeout). `test/fresh-file.ts` calls it before each file.
   */
  reset?: () => void;
}

export type ModuleRoutes<Context> = (app: FastifyInstance, context: Context) => Promise<void>;

export interface ModuleWork {
  /** Kinds of background jobs (`app.jobs.defineJob`). */
  jobs?: Record<string, JobKind>;
  /** One-off and recurring tasks by name (`app.jobs.defineTask`). */
  tasks?: Record<string, TaskHandler>;
  /** Recurring runs of its tasks, set up once the server is ready (`app.jobs.scheduleCron`). */
  schedules?: readonly CronPlan[];
}

export interface CronPlan {
  task: string;
  /** The schedule's key (one row in `schedules`, whichever instance sets it up). */
  key: string;
  cron: string;
  /** The time zone the cron reads in. */
  tz: string;
}

/** Declares a module (a typed identity: the manifest checks its context). */
export function defineModule<Context>(module: ServerModule<Context>): ServerModule<Context> {
  return module;
}

/**
 * Defines every module's jobs and tasks on the runner, and sets up their schedules once the app is
 * ready. A schedule that cannot be set up is logged; the server still starts (its task can be run by
 * hand, and the next start sets it up).
 */
export function setUpModuleWork<Context>(
  app: FastifyInstance,
  jobs: JobRunner,
  modules: readonly ServerModule<Context>[],
  context: Context,
): void {
  const schedules: CronPlan[] = [];
  for (const module of modules) {
    const work = module.work?.(context);
    for (const [kind, definition] of Object.entries(work?.jobs ?? {})) jobs.defineJob(kind, definition);
    for (const [name, handler] of Object.entries(work?.tasks ?? {})) jobs.defineTask(name, handler);
    schedules.push(...(work?.schedules ?? []));
  }
  app.addHook('onReady', async () => {
    for (const plan of schedules) {
      await jobs
        .scheduleCron(plan.task, plan.key, plan.cron, plan.tz, {})
        .catch((error: unknown) => app.log.error({ err: error, schedule: plan.key }, 'schedule not set up'));
    }
  });
}
