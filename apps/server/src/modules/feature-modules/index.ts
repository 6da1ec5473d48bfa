import { defineModule } from '../../lib/server-module.ts';
import { featureModuleGameRoutes, featureModuleRoutes } from './feature-modules.ts';

/**
 * Module management (page `/offline/module-manage`): feature modules per game, channel and version
 * (on or off, rollout percentage, whitelist), read by games through `GET /api/game/v1/modules`.
 */
export const featureModulesModule = defineModule({
  name: 'feature-modules',
  routes: featureModuleRoutes,
  gameRoutes: featureModuleGameRoutes,
});
export { featureModules } from './tables.ts';
