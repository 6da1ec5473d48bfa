import type { Db } from '../../db/index.ts';
import type { Outside } from '../../lib/outside/index.ts';
import { defineModule } from '../../lib/server-module.ts';
import type { FileStorage } from '../files/index.ts';
import { sanctionGameRoutes, sanctionRoutes } from './routes.ts';
import { sanctionWork } from './work.ts';

/**
 * Sanctions of players (bans, mutes, kicks): the console's routes, the game API's status route, and
 * what the players' event intake asks before accepting a sign-in.
 */
export const sanctionsModule = defineModule<{ db: Db; storage: FileStorage; outside: Outside }>({
  name: 'sanctions',
  routes: sanctionRoutes,
  gameRoutes: sanctionGameRoutes,
  work: sanctionWork,
});
export { isLoginRefused, expireSanctions } from './service.ts';
export { gameAdapter, setKickTimeout } from './kick.ts';
export type { FakeGameAdapter } from '../outside-parties/index.ts';
export { scheduleSanctionEnd, deliverSanction } from './routes.ts';
export { insertSanction, playerOf, toItem, type SanctionRow } from './service.ts';
