import { defineModule } from '../../lib/server-module.ts';
import { errorCodeGameRoutes } from './game.ts';
import { errorCodeRoutes } from './routes.ts';

/** Error-code texts of a product: the `/error-codes` routes and what games read of them. */
export const errorCodesModule = defineModule({
  name: 'error-codes',
  routes: errorCodeRoutes,
  gameRoutes: errorCodeGameRoutes,
});
