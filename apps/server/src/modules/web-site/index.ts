import { defineModule } from '../../lib/server-module.ts';
import { webSiteGameRoutes, webSiteRoutes } from './routes.ts';

/** The web recharge site's configuration and protocols: console routes, and what the site reads through the game API. */
export const webSiteModule = defineModule({
  name: 'web-site',
  routes: webSiteRoutes,
  gameRoutes: webSiteGameRoutes,
});
