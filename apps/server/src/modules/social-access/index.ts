import { defineModule } from '../../lib/server-module.ts';
import { socialGameRoutes } from './game.ts';
import { socialAccessRoutes } from './routes.ts';

/** Chat and friend access of a product: the `/social-access` routes, and what games read. */
export const socialAccessModule = defineModule({
  name: 'social-access',
  routes: socialAccessRoutes,
  gameRoutes: socialGameRoutes,
});
