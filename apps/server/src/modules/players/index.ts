/** Players: what games report (the signed game API) and what staff look up (`/api/v1/players`). */
export { playerRoutes, playerEventRoutes } from './routes.ts';
export { ingestPlayerEvents } from './events.ts';
export { seedDemoPlayers } from './demo.ts';
export { DEFAULT_PLAYER_RETENTION, sweepPlayerData, type PlayerRetention } from './retention.ts';
