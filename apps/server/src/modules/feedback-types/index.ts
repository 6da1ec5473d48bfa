/** Feedback types of a product: the `/feedback-types` routes. */
export { feedbackTypeRoutes } from './routes.ts';
