import { inCsQueue, type CsConversation, type CsLiveData, type CsQueue } from '@rx/contracts/cs';

/** What the workbench shows: the queue listed, its user, its game, the conversation open. */
export interface ListView {
  queue: CsQueue;
  userId: number | null;
  productId: number | null;
  selected: number | null;
}

/** The list's order, as the server sorts it: latest message first. */
function byLatest(a: CsConversation, b: CsConversation): number {
  return b.last_message_at.localeCompare(a.last_message_at) || b.id - a.id;
}

/**
 * What a live event does to the list shown: the list as it now is, and the conversation to read
 * (one row) when the event does not carry what the list shows of it — it newly belongs to the queue,
 * or it changed in more than its last message. An everyday message needs no read: it moves to the
 * top with its preview, and a player's adds to the unread count unless its agent has it open.
 */
export function applyLiveEvent(
  list: CsConversation[],
  event: CsLiveData,
  view: ListView,
): { list: CsConversation[]; read: number | null } {
  if (event.what === 'typing' || event.product_id !== view.productId) return { list, read: null };
  const index = list.findIndex((c) => c.id === event.conversation_id);
  if (!inCsQueue(view.queue, event, view.userId)) {
    return index < 0 ? { list, read: null } : { list: list.filter((_, i) => i !== index), read: null };
  }
  // A private note changes nothing the list shows.
  if (event.note && index >= 0) return { list, read: null };
  const known = list[index];
  const movedElsewhere = event.previous_assignee_id !== undefined || event.previous_state !== undefined;
  if (!known || movedElsewhere || event.last_message === undefined || event.last_message_at === undefined) {
    return { list, read: event.conversation_id };
  }
  const readByAgent = view.selected === known.id && event.assignee_id === view.userId;
  const moved: CsConversation = {
    ...known,
    state: event.state,
    assignee_id: event.assignee_id,
    last_message: event.last_message,
    last_message_at: event.last_message_at,
    unread: readByAgent ? 0 : known.unread + (event.author === 'player' ? 1 : 0),
  };
  return { list: [moved, ...list.filter((_, i) => i !== index)].sort(byLatest), read: null };
}

/** The list with `conversation` as just read: in its place by its last message, or gone from the queue. */
export function placeConversation(
  list: CsConversation[],
  conversation: CsConversation,
  view: ListView,
): CsConversation[] {
  const others = list.filter((c) => c.id !== conversation.id);
  if (conversation.product_id !== view.productId || !inCsQueue(view.queue, conversation, view.userId))
    return others;
  return [conversation, ...others].sort(byLatest);
}

/**
 * The rows shown while the agent points at the list: the rows and the order `held` had when the
 * pointer came in, each with its latest content (a new preview, an unread count), so that no row
 * moves under the pointer. `gone` marks the rows that have left the queue since; `waiting` counts the
 * conversations that came into it, shown when the pointer leaves (or on asking).
 */
export function heldRows(
  held: CsConversation[],
  live: CsConversation[],
): { rows: CsConversation[]; gone: Set<number>; waiting: number } {
  const latest = new Map(live.map((c) => [c.id, c]));
  const gone = new Set(held.filter((c) => !latest.has(c.id)).map((c) => c.id));
  const shown = new Set(held.map((c) => c.id));
  return {
    rows: held.map((c) => latest.get(c.id) ?? c),
    gone,
    waiting: live.filter((c) => !shown.has(c.id)).length,
  };
}
