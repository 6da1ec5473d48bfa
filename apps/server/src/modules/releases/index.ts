import { defineModule } from '../../lib/server-module.ts';
import { releaseGameRoutes } from './game.ts';
import { releaseRoutes } from './routes.ts';

/**
 * Version release tools: the versions of a product's app with their immutable publishes and staged
 * rollout (`/app-releases`), and the game's version check (`GET /api/game/v1/version/check`).
 */
export const releasesModule = defineModule({
  name: 'releases',
  routes: releaseRoutes,
  gameRoutes: releaseGameRoutes,
});
export { appReleasePublishes, appReleases } from './tables.ts';
