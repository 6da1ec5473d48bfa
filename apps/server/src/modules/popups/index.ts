import { defineModule } from '../../lib/server-module.ts';
import { popupLifecycle } from './lifecycle.ts';
import { popupGameRoutes, popupRoutes } from './routes.ts';

/** In-game pop-ups and their exposure scenes: the console's routes, the game API's answer and events, the scheduler's moves. */
export const popupsModule = defineModule({
  name: 'popups',
  routes: popupRoutes,
  gameRoutes: popupGameRoutes,
  work: popupLifecycle.work,
});
export { popupScenes, popups, popupEvents } from './tables.ts';
