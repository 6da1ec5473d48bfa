/** Automatic replies of a product: the `/auto-replies` routes, and the matching the game API uses. */
export { autoReplyRoutes } from './routes.ts';
export { matchAutoReply } from './service.ts';
