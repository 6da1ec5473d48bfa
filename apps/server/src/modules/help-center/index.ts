import { defineModule } from '../../lib/server-module.ts';
import { helpGameRoutes } from './game.ts';
import { helpCenterRoutes } from './routes.ts';

/** The help centre of a product: the `/help-categories` and `/help-articles` routes, and what games read. */
export const helpCenterModule = defineModule({
  name: 'help-center',
  routes: helpCenterRoutes,
  gameRoutes: helpGameRoutes,
});
