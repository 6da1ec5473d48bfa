import { defineModule } from '../../lib/server-module.ts';
import { announcementGameRoutes } from './game.ts';
import { announcementRoutes } from './routes.ts';

/** Announcements: the console's routes and the game API's live notices. */
export const announcementsModule = defineModule({
  name: 'announcements',
  routes: announcementRoutes,
  gameRoutes: announcementGameRoutes,
});
export { liveNotices } from './game.ts';
export { announcements } from './tables.ts';
