import { TicketQueuePage } from '@/shared/tickets/index.ts';

/** Product feedback: platform-level tickets (login, payment, account). */
export function ProductFeedbackPage() {
  return <TicketQueuePage kind="product" />;
}
