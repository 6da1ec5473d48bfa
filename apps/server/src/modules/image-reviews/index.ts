import { defineModule } from '../../lib/server-module.ts';
import type { Db } from '../../db/index.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import type { Outside } from '../../lib/outside/index.ts';
import {
  imageGameRoutes,
  imageReviewRoutes,
  RESCORE_TASK,
  rescoreTask,
  resetRescoreBackoff,
} from './image-reviews.ts';

/**
 * Image review (page `/offline/image-review`): players' images arrive through the game API, the
 * game's moderation party scores them, the policy decides or leaves them to staff, who approve or
 * reject one by one or in bulk; the game reads the verdict. A failed scoring is retried with
 * backoff, then shown as failed with its reason.
 */
export const imageReviewsModule = defineModule({
  name: 'image-reviews',
  routes: imageReviewRoutes,
  gameRoutes: imageGameRoutes,
  // A failed moderation call is tried again with backoff, a one-off per retry.
  work: (context: { db: Db; outside: Outside; jobs: JobRunner }) => ({
    tasks: { [RESCORE_TASK]: rescoreTask(context) },
  }),
  reset: resetRescoreBackoff,
});
export { setRescoreBackoff } from './image-reviews.ts';
export { imagePolicies, imageReviews } from './tables.ts';
