import { defineModule } from '../../lib/server-module.ts';
import { gameApiKeyRoutes } from './key-routes.ts';

/**
 * The game-facing API (`/api/game/v1`, signed with product keys): its plugin, which checks every
 * request's signature and adds the routes modules register (their `gameRoutes`); the console's key
 * management (`/game-api-keys`); and the answer cache the console's writes invalidate. It imports
 * no business module.
 */
export const gameApiModule = defineModule({ name: 'game-api', routes: gameApiKeyRoutes });
export { gameApiRoutes, serveCached } from './routes.ts';
export {
  GameAnswerCache,
  invalidateOnWrite,
  shareInvalidations,
  type GameConfigRouteOptions,
} from './cache.ts';
export { newGameKey } from './keys.ts';
export { gameLanguage } from './language.ts';
