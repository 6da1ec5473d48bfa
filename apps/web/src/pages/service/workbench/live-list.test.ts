import { describe, expect, it } from 'vitest';
import type { CsConversation, CsLiveData } from '@rx/contracts/cs';
import { applyLiveEvent, heldRows, placeConversation, type ListView } from './live-list.ts';

const ME = 10;
const view = (over: Partial<ListView> = {}): ListView => ({
  queue: 'mine',
  userId: ME,
  productId: 1,
  selected: null,
  ...over,
});

function conversation(id: number, at: string, over: Partial<CsConversation> = {}): CsConversation {
  return {
    id,
    product_id: 1,
    openid: `p${id}`,
    nickname: '',
    server: '',
    lang: '',
    state: 'open',
    assignee_id: ME,
    assignee_name: 'me',
    snoozed_until: null,
    handed_off_at: null,
    first_response_at: null,
    resolved_at: null,
    rating: null,
    rating_comment: '',
    last_message_at: at,
    last_message: `old ${id}`,
    unread: 0,
    created_at: at,
    version: 1,
    feedback_type_id: null,
    ...over,
  };
}

const list = [
  conversation(2, '2026-01-01T10:02:00.000Z'),
  conversation(1, '2026-01-01T10:01:00.000Z', { unread: 2 }),
];

function message(id: number, over: Partial<CsLiveData> = {}): CsLiveData {
  return {
    product_id: 1,
    conversation_id: id,
    what: 'message',
    state: 'open',
    assignee_id: ME,
    author: 'player',
    last_message: 'new text',
    last_message_at: '2026-01-01T10:05:00.000Z',
    ...over,
  };
}

describe('the workbench list from live events', () => {
  it('moves a conversation with a new message to the top, with its preview and one more unread, without a read', () => {
    const { list: next, read } = applyLiveEvent(list, message(1), view());
    expect(read).toBeNull();
    expect(next.map((c) => c.id)).toEqual([1, 2]);
    expect(next[0]).toMatchObject({ last_message: 'new text', unread: 3 });
    // Its agent with it open reads it at once; an agent's own reply adds nothing unread.
    expect(applyLiveEvent(list, message(1), view({ selected: 1 })).list[0]).toMatchObject({ unread: 0 });
    expect(applyLiveEvent(list, message(1, { author: 'agent', by: ME }), view()).list[0]).toMatchObject({
      unread: 2,
      last_message: 'new text',
    });
  });

  it('reads the one conversation when the event does not carry what the list shows', () => {
    // New to the queue, a change of agent or state, a message among several: one read of that row.
    expect(applyLiveEvent(list, message(3), view()).read).toBe(3);
    const assigned: CsLiveData = {
      product_id: 1,
      conversation_id: 1,
      what: 'assigned',
      state: 'open',
      assignee_id: ME,
      previous_assignee_id: null,
    };
    expect(applyLiveEvent(list, assigned, view())).toEqual({ list, read: 1 });
    expect(applyLiveEvent(list, message(2, { last_message: undefined }), view()).read).toBe(2);
  });

  it('drops what left the queue, and ignores typing, notes, other games and what the queue never listed', () => {
    const transferred: CsLiveData = {
      product_id: 1,
      conversation_id: 2,
      what: 'assigned',
      state: 'open',
      assignee_id: 11,
      previous_assignee_id: ME,
    };
    expect(applyLiveEvent(list, transferred, view()).list.map((c) => c.id)).toEqual([1]);
    const resolved = { ...transferred, what: 'state' as const, assignee_id: ME, state: 'resolved' as const };
    expect(applyLiveEvent(list, resolved, view()).list.map((c) => c.id)).toEqual([1]);
    expect(applyLiveEvent(list, resolved, view({ queue: 'all' })).read).toBe(2);
    for (const event of [
      message(1, { what: 'typing' }),
      message(1, { note: true }),
      message(1, { product_id: 2 }),
      message(5, { assignee_id: 11 }),
    ]) {
      expect(applyLiveEvent(list, event, view())).toEqual({ list, read: null });
    }
    // Before the workbench knows its user, nothing counts as its own.
    expect(applyLiveEvent(list, message(3), view({ userId: null })).read).toBeNull();
  });

  it('places a conversation read again by its last message, or removes it from a queue that no longer lists it', () => {
    const moved = conversation(1, '2026-01-01T10:09:00.000Z', { last_message: 'latest' });
    expect(placeConversation(list, moved, view()).map((c) => c.id)).toEqual([1, 2]);
    const waiting = conversation(3, '2026-01-01T10:00:00.000Z', { assignee_id: null });
    expect(placeConversation(list, waiting, view()).map((c) => c.id)).toEqual([2, 1]);
    expect(placeConversation([], waiting, view({ queue: 'unassigned' })).map((c) => c.id)).toEqual([3]);
    expect(placeConversation([...list, waiting], waiting, view({ queue: 'all' })).map((c) => c.id)).toEqual([
      2, 1, 3,
    ]);
  });
});

describe('heldRows', () => {
  const a = conversation(1, '2026-01-01T00:00:03Z');
  const b = conversation(2, '2026-01-01T00:00:02Z');
  const c = conversation(3, '2026-01-01T00:00:01Z');

  it('keeps the order the pointer found, with each row’s latest content', () => {
    const moved = { ...c, last_message: 'newest', last_message_at: '2026-01-01T00:00:09Z', unread: 2 };
    const { rows, gone, waiting } = heldRows([a, b, c], [moved, a, b]);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(rows[2]).toMatchObject({ last_message: 'newest', unread: 2 });
    expect(gone.size).toBe(0);
    expect(waiting).toBe(0);
  });

  it('keeps a row that left the queue in its place, marked gone, and counts the newcomers', () => {
    const d = conversation(4, '2026-01-01T00:00:09Z');
    const { rows, gone, waiting } = heldRows([a, b, c], [d, a, c]);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect([...gone]).toEqual([2]);
    expect(waiting).toBe(1);
  });
});
