import { defineModule } from '../../lib/server-module.ts';
import { feedbackTypeRoutes } from './routes.ts';

/** Feedback types of a product: the `/feedback-types` routes. */
export const feedbackTypesModule = defineModule({ name: 'feedback-types', routes: feedbackTypeRoutes });
/** The product's feedback types nested (the service workbench's picker reads them). */
export { feedbackTypeTree } from './service.ts';
