import { defineModule } from '../../lib/server-module.ts';
import { releaseGameRoutes } from './game.ts';
import { packageDownloadRoutes } from './packages.ts';
import { releaseRoutes } from './routes.ts';

/**
 * Version release tools: the versions of a product's app with their immutable publishes and staged
 * rollout (`/app-releases`), and the game's version check (`GET /api/game/v1/version/check`).
 */
export const releasesModule = defineModule({
  name: 'releases',
  routes: releaseRoutes,
  gameRoutes: releaseGameRoutes,
  // Players download installation packages at `/downloads/<file id>`.
  mounts: [{ prefix: '', routes: packageDownloadRoutes }],
});
export { appReleasePublishes, appReleases } from './tables.ts';
export { appPackages } from './tables.ts';
