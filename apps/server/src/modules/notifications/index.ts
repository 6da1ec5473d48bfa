import { defineModule } from '../../lib/server-module.ts';
import { notificationRoutes } from './routes.ts';

/** The signed-in staff member's own notifications (the header bell and the work-order page), and addressing new ones. */
export const notificationsModule = defineModule({ name: 'notifications', routes: notificationRoutes });
export { notify, type NewNotification } from './notify.ts';
