import { TicketQueuePage } from '@/shared/tickets/index.ts';

/** The service desk's feedback: product and player feedback in one queue, for agents. */
export function ServiceFeedbackPage() {
  return <TicketQueuePage kind="service" />;
}
