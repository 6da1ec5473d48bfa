import { defineModule } from '../../lib/server-module.ts';
import { imageGameRoutes, imageReviewRoutes } from './image-reviews.ts';

/**
 * Image review (page `/offline/image-review`): players' images arrive through the game API, the
 * game's moderation party scores them, the policy decides or leaves them to staff, who approve or
 * reject one by one or in bulk; the game reads the verdict.
 */
export const imageReviewsModule = defineModule({
  name: 'image-reviews',
  routes: imageReviewRoutes,
  gameRoutes: imageGameRoutes,
});
export { imagePolicies, imageReviews } from './tables.ts';
