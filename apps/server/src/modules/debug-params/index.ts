import { defineModule } from '../../lib/server-module.ts';
import { debugParamGameRoutes, debugParamRoutes } from './debug-params.ts';

/**
 * Debug parameters (page `/offline/debug-params`): key-values for one player or device with an
 * expiry, for troubleshooting; the game reads those in force through `GET /api/game/v1/debug-params`.
 */
export const debugParamsModule = defineModule({
  name: 'debug-params',
  routes: debugParamRoutes,
  gameRoutes: debugParamGameRoutes,
});
export { debugParams } from './tables.ts';
