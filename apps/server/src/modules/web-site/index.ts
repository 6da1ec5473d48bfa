/** The web recharge site's configuration and protocols: console routes, and what the site reads through the game API. */
export { webSiteGameRoutes, webSiteRoutes } from './routes.ts';
