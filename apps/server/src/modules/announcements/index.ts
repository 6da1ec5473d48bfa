/** Announcements: the console's routes and the game API's live notices. */
export { announcementRoutes } from './routes.ts';
export { announcementGameRoutes, liveNotices } from './game.ts';
export { announcements } from './tables.ts';
