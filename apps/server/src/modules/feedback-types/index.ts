/** Feedback types of a product: the `/feedback-types` routes. */
export { feedbackTypeRoutes, FEEDBACK_TYPE_SEE } from './routes.ts';
