import { defineModule } from '../../lib/server-module.ts';
import { pushLifecycle, type PushContext } from './lifecycle.ts';
import { pushGameRoutes, pushRoutes } from './routes.ts';
import { DEFERRED_TASK, SEND_JOB, deferredDue, sendChunk, sendEnded, type ChunkInput } from './send.ts';

/** App push: device tokens from the game API, push tasks with their send job, stats and the scheduler's moves. */
export const pushModule = defineModule({
  name: 'push',
  routes: pushRoutes,
  gameRoutes: pushGameRoutes,
  work: (context: PushContext) => ({
    ...pushLifecycle.work(context),
    tasks: {
      ...pushLifecycle.work(context).tasks,
      [DEFERRED_TASK]: deferredDue(context.db, context.jobs),
    },
    jobs: {
      [SEND_JOB]: {
        item: (tx, input, item) =>
          sendChunk(context.db, context.outside, tx, input as ChunkInput, context.jobs, item.job.id),
        ended: sendEnded(context.jobs),
        // Two batches (about 1,000 pushes) a transaction: the task's counters and the job's
        // progress move every few seconds, and a stop never waits long for the task's row.
        batchSize: 2,
      },
    },
  }),
});
export { pushTokens, pushTasks, pushDeliveries } from './tables.ts';
export { wallAt, wallToInstant } from './local-time.ts';
