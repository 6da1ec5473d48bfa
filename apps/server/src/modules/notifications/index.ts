/** The signed-in staff member's own notifications (the header bell and the work-order page). */
export { notificationRoutes } from './routes.ts';
