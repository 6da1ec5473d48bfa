/** The signed-in staff member's own notifications (the header bell and the work-order page), and addressing new ones. */
export { notificationRoutes } from './routes.ts';
export { notify, type NewNotification } from './notify.ts';
