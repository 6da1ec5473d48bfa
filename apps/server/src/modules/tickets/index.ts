import { defineModule } from '../../lib/server-module.ts';
import { ticketGameRoutes, ticketRoutes } from './routes.ts';
import { autoCloseTickets } from './service.ts';

const SWEEP_TASK = 'tickets.auto_close';

/** Feedback tickets: staff queues (`/api/v1/tickets`) and the game API's submission, thread, reopen and rating. */
export const ticketsModule = defineModule({
  name: 'tickets',
  routes: ticketRoutes,
  gameRoutes: ticketGameRoutes,
  // Tickets resolved and left alone close by themselves, daily.
  work: () => ({
    tasks: { [SWEEP_TASK]: (_payload, context) => autoCloseTickets(context.db).then(() => undefined) },
    schedules: [{ task: SWEEP_TASK, key: 'tickets:auto-close', cron: '15 3 * * *', tz: 'UTC' }],
  }),
});
export { autoCloseTickets } from './service.ts';
// Staff who hold a page's see permission (assign targets), for other queues (bugs).
export { assignees } from './service.ts';
