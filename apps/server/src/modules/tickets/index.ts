/** Feedback tickets: staff queues (`/api/v1/tickets`) and the game API's submission, thread, reopen and rating. */
export { ticketRoutes, ticketGameRoutes } from './routes.ts';
export { autoCloseTickets } from './service.ts';
