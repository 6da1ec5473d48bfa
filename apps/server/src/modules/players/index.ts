import type { Db } from '../../db/index.ts';
import { defineModule } from '../../lib/server-module.ts';
import { retentionWork, type PlayerRetention } from './retention.ts';
import { playerEventRoutes, playerRoutes } from './routes.ts';

/** Players: what games report (the signed game API) and what staff look up (`/api/v1/players`). */
export const playersModule = defineModule({
  name: 'players',
  routes: playerRoutes,
  gameRoutes: playerEventRoutes,
  // Old sign-ins and reported event ids are swept daily.
  work: (context: { db: Db; playerRetention?: Partial<PlayerRetention> }) =>
    retentionWork(context.db, context.playerRetention),
});
export { ingestPlayerEvents } from './events.ts';
export { seedDemoPlayers } from './demo.ts';
export { DEFAULT_PLAYER_RETENTION, sweepPlayerData, type PlayerRetention } from './retention.ts';
// Players per app version and day, from their sign-ins (the version log's adoption chart).
export { versionAdoption } from './adoption.ts';
export { onPlayerSignIn, type PlayerSignInHook } from './sign-in-hooks.ts';
export { players } from './tables.ts';
