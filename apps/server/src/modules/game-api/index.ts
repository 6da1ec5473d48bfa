/**
 * The game-facing API (`/api/game/v1`, signed with product keys), the console's key management
 * (`/game-api-keys`) and the answer cache the console's writes invalidate.
 */
export { gameApiRoutes } from './routes.ts';
export { gameApiKeyRoutes } from './key-routes.ts';
export {
  GameAnswerCache,
  invalidateOnWrite,
  shareInvalidations,
  type GameConfigRouteOptions,
} from './cache.ts';
export { newGameKey } from './keys.ts';
/** The signature and nonce check, for a module serving its own game route (code redemption). */
export { signedGameRequests } from './verify.ts';
export { gameLanguage } from './language.ts';
