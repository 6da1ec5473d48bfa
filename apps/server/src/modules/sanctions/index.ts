import { defineModule } from '../../lib/server-module.ts';
import { resetGameAdapter } from './adapter.ts';
import { sanctionGameRoutes, sanctionRoutes } from './routes.ts';
import { sanctionWork } from './work.ts';

/**
 * Sanctions of players (bans, mutes, kicks): the console's routes, the game API's status route, and
 * what the players' event intake asks before accepting a sign-in.
 */
export const sanctionsModule = defineModule({
  name: 'sanctions',
  routes: sanctionRoutes,
  gameRoutes: sanctionGameRoutes,
  work: sanctionWork,
  reset: resetGameAdapter,
});
export { isLoginRefused, expireSanctions } from './service.ts';
export { FakeGameAdapter, gameAdapter, setGameAdapter, setKickTimeout, type GameAdapter } from './adapter.ts';
export { scheduleSanctionEnd, deliverSanction } from './routes.ts';
export { insertSanction, playerOf, toItem, type SanctionRow } from './service.ts';
