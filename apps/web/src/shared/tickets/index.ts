/** Feedback ticket queues, shared by the product-feedback and player-feedback pages. */
export { TicketQueuePage } from './TicketQueuePage.tsx';
