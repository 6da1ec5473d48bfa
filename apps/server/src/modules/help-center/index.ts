/** The help centre of a product: the `/help-categories` and `/help-articles` routes, and what the game API reads. */
export { helpCenterRoutes } from './routes.ts';
export { gameHelp } from './articles.ts';
