import { defineModule } from '../../lib/server-module.ts';
import { feedbackTypeRoutes } from './routes.ts';

/** Feedback types of a product: the `/feedback-types` routes. */
export const feedbackTypesModule = defineModule({ name: 'feedback-types', routes: feedbackTypeRoutes });
/**
 * The product's feedback types nested (the service workbench's picker reads them), and the enabled
 * type of a code (players' tickets and conversations name one).
 */
export { enabledFeedbackType, feedbackTypeTree } from './service.ts';
