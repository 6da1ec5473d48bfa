import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, LIVE_PROTOCOL, type LiveDeps } from './live.ts';

class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // The server's side.
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  message(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];
let token: string | undefined;
let renewals: number;
let connection: LiveConnection;
const last = () => sockets[sockets.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 'token-1';
  renewals = 0;
  const deps: LiveDeps = {
    open: (url, protocols) => {
      const socket = new FakeSocket(url, protocols);
      sockets.push(socket);
      return socket;
    },
    url: () => 'ws://console.test/api/v1/live',
    token: () => token,
    renew: async () => {
      renewals += 1;
    },
    random: () => 0.5,
  };
  connection = new LiveConnection(deps);
});
afterEach(() => {
  connection.stop();
  vi.useRealTimers();
});

describe('live connection', () => {
  it('opens one connection on the first subscription, signs in with the token as a message, and dispatches by topic', () => {
    const seen: unknown[] = [];
    connection.subscribe('notification', (data) => seen.push(data));
    connection.subscribe('job', () => seen.push('job'));
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://console.test/api/v1/live');
    expect(last().url).not.toContain('token');
    expect(last().protocols).toEqual([LIVE_PROTOCOL]);
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    last().message({ type: 'ready', user_id: 1, expires_at: 0 });
    last().message({ type: 'event', topic: 'notification', data: { id: 3 } });
    last().message({ type: 'event', topic: 'approval', data: { id: 4 } });
    expect(seen).toEqual([{ id: 3 }]);
  });

  it('sends the refreshed token on the same connection, and closes on sign-out', () => {
    connection.subscribe('notification', () => undefined);
    last().open();
    token = 'token-2';
    vi.advanceTimersByTime(2_000);
    expect(sockets).toHaveLength(1);
    expect(last().sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'auth', token: 'token-2' },
    ]);
    token = undefined;
    vi.advanceTimersByTime(2_000);
    expect(last().closedWith).toBe(1000);
    // Signed in again: a new connection with the new token.
    token = 'token-3';
    vi.advanceTimersByTime(2_000);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'token-3' }]);
  });

  it('reconnects with growing delays when the connection is lost', () => {
    connection.subscribe('notification', () => undefined);
    last().open();
    last().drop(1006);
    vi.advanceTimersByTime(749);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop(1006);
    vi.advanceTimersByTime(1_499);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    // Signed in again: the delays start over.
    last().open();
    last().message({ type: 'ready', user_id: 1, expires_at: 0 });
    last().drop(1006);
    vi.advanceTimersByTime(750);
    expect(sockets).toHaveLength(4);
  });

  it('waits for a new token after the server refused or ended one, renewing an expired one', () => {
    connection.subscribe('notification', () => undefined);
    last().open();
    last().drop(4002);
    expect(renewals).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    token = 'token-2';
    vi.advanceTimersByTime(2_000);
    expect(sockets).toHaveLength(2);
    last().open();
    last().drop(4003);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
    expect(renewals).toBe(1);
  });

  it('tells the server what the page watches once signed in, again on each new connection, and when it stops', () => {
    connection.subscribe('cs', () => undefined);
    connection.watch('cs', { product_id: 1, queue: 'mine' });
    last().open();
    // Not before the server has accepted the token.
    expect(last().sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    last().message({ type: 'ready', user_id: 1, expires_at: 0 });
    const watch = (value: unknown) => ({ type: 'watch', topic: 'cs', watch: value });
    expect(last().sent.slice(1)).toEqual([watch({ product_id: 1, queue: 'mine' })]);
    // A renewal keeps the connection's watch: nothing sent again.
    last().message({ type: 'ready', user_id: 1, expires_at: 0 });
    connection.watch('cs', { product_id: 1, queue: 'all', conversation_id: 7 });
    expect(last().sent.slice(1)).toEqual([
      watch({ product_id: 1, queue: 'mine' }),
      watch({ product_id: 1, queue: 'all', conversation_id: 7 }),
    ]);
    // Lost and connected again: the latest watch, once signed in.
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    last().open();
    last().message({ type: 'ready', user_id: 1, expires_at: 0 });
    expect(last().sent).toEqual([
      { type: 'auth', token: 'token-1' },
      watch({ product_id: 1, queue: 'all', conversation_id: 7 }),
    ]);
    connection.watch('cs', null);
    expect(last().sent.at(-1)).toEqual(watch(null));
    // Nothing watched: a new connection says nothing of it.
    last().drop(1006);
    vi.advanceTimersByTime(1_000);
    last().open();
    last().message({ type: 'ready', user_id: 1, expires_at: 0 });
    expect(last().sent).toEqual([{ type: 'auth', token: 'token-1' }]);
  });
});
