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
        item: (tx, input) => sendChunk(context.db, context.outside, tx, input as ChunkInput, context.jobs),
        ended: sendEnded(context.jobs),
      },
    },
  }),
});
export { pushTokens, pushTasks, pushDeliveries } from './tables.ts';
export { wallAt, wallToInstant } from './local-time.ts';
