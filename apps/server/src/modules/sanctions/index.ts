/**
 * Sanctions of players (bans, mutes, kicks): the console's routes, the game API's status route, and
 * what the players' event intake asks before accepting a sign-in.
 */
export { sanctionRoutes, sanctionGameRoutes } from './routes.ts';
export { isLoginRefused, expireSanctions } from './service.ts';
export { gameAdapter, setKickTimeout } from './kick.ts';
export type { FakeGameAdapter } from '../outside-parties/index.ts';
export { scheduleSanctionEnd, deliverSanction } from './routes.ts';
export { insertSanction, playerOf, toItem, type SanctionRow } from './service.ts';
