import { TicketQueuePage } from '@/shared/tickets/index.ts';

/** Player feedback: in-game tickets, with reports against other players. */
export function PlayerFeedbackPage() {
  return <TicketQueuePage kind="player" />;
}
