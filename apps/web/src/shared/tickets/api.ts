import type {
  CannedReply,
  TicketAssignee,
  TicketCounts,
  TicketDetail,
  TicketItem,
  TicketQueue,
  TicketPriority,
  TicketStaffMove,
  TicketTypeOption,
} from '@rx/contracts/tickets';
import { resourceKey } from '@/shared/crud/resource.ts';
import { http, request } from '@/shared/http.ts';

/** Calls of the staff's ticket queues (`/api/v1/tickets`); every list names its queue (`kind`). */
export const TICKETS = 'tickets';
export const ticketKeys = {
  all: () => resourceKey(TICKETS),
  list: (query: object) => resourceKey(TICKETS, 'list', query),
  counts: (query: object) => resourceKey(TICKETS, 'counts', query),
  item: (id: number) => resourceKey(TICKETS, 'item', id),
  assignees: (kind: TicketQueue) => resourceKey(TICKETS, 'assignees', kind),
  canned: (kind: TicketQueue, ticketId: number) => resourceKey(TICKETS, 'canned', kind, ticketId),
  types: (kind: TicketQueue) => resourceKey(TICKETS, 'types', kind),
};

type Query = Record<string, string | number>;
export const ticketApi = {
  list: (query: Query, signal?: AbortSignal) =>
    http.get<{ list: TicketItem[]; total: number }>(`/${TICKETS}`, query, { signal }),
  counts: (query: Query, signal?: AbortSignal) =>
    http.get<TicketCounts>(`/${TICKETS}/counts`, query, { signal }),
  detail: (id: number, signal?: AbortSignal) =>
    http.get<TicketDetail>(`/${TICKETS}/${id}`, undefined, { signal }),
  assignees: (kind: TicketQueue) => http.get<TicketAssignee[]>(`/${TICKETS}/assignees`, { kind }),
  /** The canned replies for a ticket, in its player's language. */
  canned: (kind: TicketQueue, ticketId: number) =>
    http.get<CannedReply[]>(`/${TICKETS}/canned-replies`, { kind, ticket_id: ticketId }),
  types: (kind: TicketQueue) => http.get<TicketTypeOption[]>(`/${TICKETS}/types`, { kind }),
  assign: (id: number, userId: number) =>
    http.post<TicketItem>(`/${TICKETS}/${id}/assign`, { user_id: userId }),
  move: (id: number, action: TicketStaffMove) =>
    http.post<TicketDetail>(`/${TICKETS}/${id}/transition`, { action }),
  reply: (id: number, body: string, internal: boolean) =>
    http.post<TicketDetail>(`/${TICKETS}/${id}/replies`, { body, internal }),
  priority: (id: number, priority: TicketPriority) =>
    request<TicketItem>(`/${TICKETS}/${id}`, { method: 'PATCH', body: { priority } }),
};
