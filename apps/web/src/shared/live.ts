/**
 * Live updates from the server (`/api/v1/live`, a WebSocket): one connection per tab, opened once
 * something subscribes while a user is signed in, signed in with the access token as its first
 * message (never in the address, where it would be logged), sent again after each refresh, reopened
 * with backoff when lost, and closed when the user info goes (sign-out).
 *
 * `useLiveEvent(topic, handler)` in a component; `subscribeLive` elsewhere. Handlers get the event's
 * `data` (ids and counts: refetch what you show, with your own permissions). Some topics reach only
 * the consoles that say what they show: `useLiveWatch(topic, watch)` tells the server (again after
 * each reconnection), and null or unmounting says nothing any more.
 */
import { useEffect, useRef } from 'react';
import { API_BASE } from './api-constants.ts';
import { http } from './http.ts';
import { storage } from './storage.ts';

export type LiveTopic = 'notification' | 'job' | 'approval' | 'permissions' | 'cs';

/** What the server sends (modules/live on the server). */
type ServerMessage =
  | { type: 'ready'; user_id: number; expires_at: number }
  | { type: 'watching'; topic: LiveTopic; allowed: boolean }
  | { type: 'event'; topic: LiveTopic; data: unknown }
  | { type: 'pong' };

/** The server's close codes: see LIVE_CLOSE in apps/server/src/modules/live/routes.ts. */
const AUTH_FAILED = 4001;
const TOKEN_EXPIRED = 4002;
const SESSION_ENDED = 4003;
export const LIVE_PROTOCOL = 'rx-live';

/** How often the tab looks for a new access token (a refresh) or none (a sign-out). */
const TOKEN_CHECK_MS = 2_000;
const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
}

/** What the connection needs from the page; replaced in tests. */
export interface LiveDeps {
  open: (url: string, protocols: string[]) => SocketLike;
  url: () => string;
  token: () => string | undefined;
  /** Asks the API something small: an expired token is renewed by the client on the way. */
  renew: () => Promise<unknown>;
  random: () => number;
}

const defaultDeps: LiveDeps = {
  open: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
  url: () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${API_BASE}/live`,
  token: () => storage.userInfo.get()?.access_token,
  renew: () => http.get('/notifications', { page: 1, page_size: 1 }, { silent: true }),
  random: Math.random,
};

type Handler = (data: unknown) => void;

export class LiveConnection {
  private readonly handlers = new Map<LiveTopic, Set<Handler>>();
  /** What the page shows, by topic (sent once the connection is signed in). */
  private readonly watches = new Map<LiveTopic, unknown>();
  /** The server said `ready` on this connection: watches go at once. */
  private signedIn = false;
  private socket: SocketLike | null = null;
  /** The token the server last accepted or is checking. */
  private sent: string | undefined;
  /** A token the server refused: wait for another before trying again. */
  private refused: string | undefined;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private watchTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deps: LiveDeps = defaultDeps) {}

  subscribe(topic: LiveTopic, handler: Handler): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
    this.start();
    return () => {
      set.delete(handler);
    };
  }

  /**
   * Tells the server what the page shows of `topic` (null: nothing), now when signed in, else once
   * the connection is, and again on each new connection.
   */
  watch(topic: LiveTopic, watch: unknown): void {
    if (watch === null) this.watches.delete(topic);
    else this.watches.set(topic, watch);
    if (this.signedIn) this.socket?.send(JSON.stringify({ type: 'watch', topic, watch }));
    if (watch !== null) this.start();
  }

  /** Watches the token and connects when there is one. */
  start(): void {
    if (this.watchTimer) return;
    this.watchTimer = setInterval(() => this.check(), TOKEN_CHECK_MS);
    this.check();
  }

  /** Closes the connection and stops watching (tests; a sign-out closes it by itself). */
  stop(): void {
    clearInterval(this.watchTimer);
    clearTimeout(this.retryTimer);
    this.watchTimer = undefined;
    this.retryTimer = undefined;
    this.disconnect();
  }

  /** The tab's token changed, appeared or went: follow it. */
  check(): void {
    const token = this.deps.token();
    if (!token) {
      // Signed out: nothing to receive until the next sign-in.
      this.disconnect();
      this.refused = undefined;
      return;
    }
    if (token === this.refused) return;
    if (!this.socket) {
      if (!this.retryTimer) this.connect();
      return;
    }
    // A refreshed token: the server checks it and keeps the connection.
    if (this.socket.readyState === 1 && token !== this.sent) this.authenticate(token);
  }

  private authenticate(token: string): void {
    this.sent = token;
    this.socket?.send(JSON.stringify({ type: 'auth', token }));
  }

  private connect(): void {
    const token = this.deps.token();
    if (!token) return;
    const socket = this.deps.open(this.deps.url(), [LIVE_PROTOCOL]);
    this.socket = socket;
    this.signedIn = false;
    socket.onopen = () => {
      const current = this.deps.token();
      if (current) this.authenticate(current);
      else this.disconnect();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.signedIn = false;
      this.closed(event.code);
    };
  }

  private disconnect(): void {
    const socket = this.socket;
    this.socket = null;
    this.sent = undefined;
    this.signedIn = false;
    if (socket) {
      socket.onclose = null;
      socket.close(1000);
    }
  }

  private receive(raw: unknown): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(raw)) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'ready') {
      this.attempts = 0;
      // A new connection knows nothing of what the page shows (a renewal's keeps it).
      if (!this.signedIn) {
        this.signedIn = true;
        for (const [topic, watch] of this.watches)
          this.socket?.send(JSON.stringify({ type: 'watch', topic, watch }));
      }
    }
    if (message.type !== 'event') return;
    for (const handler of this.handlers.get(message.topic) ?? []) {
      try {
        handler(message.data);
      } catch (error) {
        console.error(error);
      }
    }
  }

  private closed(code: number): void {
    if (!this.watchTimer) return;
    if (code === AUTH_FAILED || code === SESSION_ENDED || code === TOKEN_EXPIRED) {
      // This token will not do: wait for the next one (a refresh or a new sign-in).
      this.refused = this.sent;
      this.sent = undefined;
      // An expired token: a small request renews it (the client refreshes before sending).
      if (code === TOKEN_EXPIRED) void this.deps.renew().catch(() => undefined);
      return;
    }
    // Lost (network, server restart): again after 1 s, 2 s, 4 s… up to 30 s, spread out.
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.attempts);
    this.attempts += 1;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = undefined;
        this.check();
      },
      delay / 2 + (this.deps.random() * delay) / 2,
    );
  }
}

/** The tab's one connection. */
export const live = new LiveConnection();

export function subscribeLive(topic: LiveTopic, handler: Handler): () => void {
  return live.subscribe(topic, handler);
}

/** Calls `handler` with the data of each `topic` event while the component is mounted. */
export function useLiveEvent(topic: LiveTopic, handler: Handler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeLive(topic, (data) => latest.current(data)), [topic]);
}

/**
 * Tells the server what the component shows of `topic` while it is mounted (see `watch`): the same
 * watch, compared by its JSON, is sent once.
 */
export function useLiveWatch(topic: LiveTopic, watch: unknown): void {
  const key = JSON.stringify(watch);
  useEffect(() => {
    live.watch(topic, JSON.parse(key) as unknown);
  }, [topic, key]);
  // Nothing any more once unmounted (a new watch simply replaces the last).
  useEffect(() => () => live.watch(topic, null), [topic]);
}
