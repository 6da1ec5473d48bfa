/** Chat and friend access of a product: the `/social-access` routes, and what the game API reads. */
export { socialAccessRoutes } from './routes.ts';
export { gameSocialAccess } from './service.ts';
