import { defineModule } from '../../lib/server-module.ts';
import { announcementGameRoutes } from './game.ts';
import { noticeLifecycle } from './lifecycle.ts';
import { announcementRoutes } from './routes.ts';

/** Announcements: the console's routes, the game API's live notices, and the scheduler's moves. */
export const announcementsModule = defineModule({
  name: 'announcements',
  routes: announcementRoutes,
  gameRoutes: announcementGameRoutes,
  work: noticeLifecycle.work,
});
export { liveNotices } from './game.ts';
export { announcements } from './tables.ts';
