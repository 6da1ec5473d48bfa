/** Chat and friend access of a product: the `/social-access` routes, and what the game API reads. */
export { socialAccessRoutes, SOCIAL_SEE } from './routes.ts';
export { gameSocialAccess } from './service.ts';
