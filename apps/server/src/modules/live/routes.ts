import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorCode } from '@rx/contracts';
import { ApiError } from '../../lib/api-error.ts';
import type { Auth } from '../../lib/authenticate.ts';
import type { LiveEvent } from '../../lib/events.ts';
import { PUBLIC } from '../../lib/route-access.ts';
import { OPEN, type Socket } from '../../lib/socket.ts';

/** The sub-protocol the console asks for; a second offered protocol `rx-token.<jwt>` may carry the token. */
export const LIVE_PROTOCOL = 'rx-live';
const TOKEN_PROTOCOL_PREFIX = 'rx-token.';

/**
 * Close codes (4000–4999 are the application's):
 * - `AUTH_FAILED` no token in time, a token that is not valid, or another user's on renewal;
 * - `SESSION_ENDED` signed out, disabled, password reset, the sign-in revoked: sign in again;
 * - `TOKEN_EXPIRED` the access token ran out with no renewal sent: reconnect with a fresh one;
 * - `TOO_MANY` tokens sent faster than a console refreshes.
 */
export const LIVE_CLOSE = {
  AUTH_FAILED: 4001,
  TOKEN_EXPIRED: 4002,
  SESSION_ENDED: 4003,
  /** More tokens in a minute than any refreshing console sends: each one costs a database read. */
  TOO_MANY: 4029,
} as const;

/** Tokens a connection may send per minute (a console sends one per refresh, every few minutes). */
const TOKENS_PER_MINUTE = 10;

/**
 * What the console sends: its access token (first, and again after each refresh), a ping, or what it
 * shows of a topic that has an audience (`watch`; null: nothing).
 */
type ClientMessage =
  { type: 'auth'; token: string } | { type: 'ping' } | { type: 'watch'; topic: string; watch: unknown };

/**
 * What the server sends: `ready` once signed in (again after each renewal), `watching` once a watch
 * is in place (`allowed` false: refused, nothing of the topic will come), then events.
 */
export type ServerMessage =
  | { type: 'ready'; user_id: number; expires_at: number }
  | { type: 'watching'; topic: LiveEvent['topic']; allowed: boolean }
  | { type: 'event'; topic: LiveEvent['topic']; data: unknown }
  | { type: 'pong' };

/**
 * Who hears a topic whose events concern some consoles of a CP and not others (a module's own
 * rule, `app.live.audience`): only the consoles that said what they show (a `watch` message), when
 * they may see it, and when the event concerns what they show.
 */
export interface LiveAudience<W> {
  /** What a console may say it shows (a zod schema, with limits). */
  watch: z.ZodType<W>;
  /** Whether the signed-in user may watch it: asked when it comes and again after each renewal. */
  allowed(auth: Auth, watch: W): Promise<boolean>;
  /** Whether an event of the topic, of the user's CP, goes to a console watching `watch`. */
  hears(event: LiveEvent, watch: W, auth: Auth): boolean;
}

/** The audiences by topic: filled by the modules at start (`app.live.audience`), read by the route. */
export type LiveAudiences = Map<LiveEvent['topic'], LiveAudience<unknown>>;

/** Watches a connection may set per minute (a workbench sends one per conversation opened). */
const WATCHES_PER_MINUTE = 120;

export interface LiveOptions {
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** How long a connection may stay without a token (ms). */
  authTimeoutMs?: number;
  /** How often each connection's sign-in is checked again, and the connection pinged (ms). */
  recheckMs?: number;
  /** The topics addressed by what consoles watch (setUpLive makes it; `app.live.audience` fills it). */
  audiences?: LiveAudiences;
}

interface Client {
  socket: Socket;
  token: string | null;
  auth: Auth | null;
  /** When the current access token runs out (ms). */
  expiresAt: number;
  expiryTimer?: NodeJS.Timeout;
  alive: boolean;
  checking: boolean;
  /** When the tokens of the last minute arrived (ms). */
  tokensAt: number[];
  /** What it shows, by topic, and whether its user may see that (checked on the server). */
  watches: Map<LiveEvent['topic'], { watch: unknown; allowed: boolean }>;
  /** When the watches of the last minute arrived (ms). */
  watchesAt: number[];
}

/** The `exp` of a token already verified (ms). */
function expiryOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    exp: number;
  };
  return payload.exp * 1000;
}

/**
 * Who receives an event: for a topic with an audience, the consoles watching what it concerns;
 * otherwise its user, or for a new approval request every signed-in user of the CP.
 */
function addressedTo(event: LiveEvent, client: Client, audiences: LiveAudiences): boolean {
  const auth = client.auth!;
  if (event.topic === 'game-config' || event.topic === 'session') return false;
  if (event.cpId !== auth.cpId) return false;
  const audience = audiences.get(event.topic);
  if (audience) {
    const watching = client.watches.get(event.topic);
    return watching?.allowed === true && audience.hears(event, watching.watch, auth);
  }
  if (event.topic === 'approval' && event.data.status === 'pending') return true;
  return event.userId === auth.userId;
}

/** Keeps the times of the last minute, with now; false when they number more than `limit`. */
function withinRate(times: number[], limit: number): boolean {
  const now = Date.now();
  times.splice(0, times.length, ...times.filter((at) => now - at < 60_000), now);
  return times.length <= limit;
}

/**
 * `GET /api/v1/live`, a WebSocket pushing to each signed-in staff member the events addressed to them
 * (lib/events.ts, from every instance with Redis): notifications, their jobs' progress, approvals
 * (their own requests; new requests to the CP's staff, whose consoles ask what they may decide) and
 * permission changes. Never another CP's.
 *
 * Browsers cannot set headers on a WebSocket, and a token in the address would be logged: the access
 * token comes as the first message `{"type":"auth","token":…}` (or as an offered sub-protocol
 * `rx-token.<token>` beside `rx-live`), checked exactly as a request's bearer token (signature,
 * expiry, the sign-in not revoked, the user not disabled, not on the initial password). After each
 * refresh the console sends the new token, checked again. The connection closes when the sign-in
 * ends (sign-out, disabled, password reset: at once on every instance; any other revocation at the
 * next periodic check) and when its access token runs out without a renewal.
 */
export async function liveRoutes(fastify: FastifyInstance, options: LiveOptions): Promise<void> {
  const authTimeoutMs = options.authTimeoutMs ?? 10_000;
  const recheckMs = options.recheckMs ?? 30_000;
  const audiences: LiveAudiences = options.audiences ?? new Map();
  const clients = new Set<Client>();

  /** The sign-in behind `token`, by the same checks as every request's; an ApiError when refused. */
  async function signIn(token: string): Promise<Auth> {
    const probe = {
      headers: { authorization: `Bearer ${token}` },
      method: 'GET',
      routeOptions: { url: '/api/v1/live' },
      auth: null,
    } as unknown as FastifyRequest;
    await options.authenticate(probe, undefined as unknown as FastifyReply);
    return probe.auth!;
  }

  function send(client: Client, message: ServerMessage): void {
    if (client.socket.readyState === OPEN) client.socket.send(JSON.stringify(message));
  }

  function close(client: Client, code: number, reason: string): void {
    clearTimeout(client.expiryTimer);
    clients.delete(client);
    if (client.socket.readyState === OPEN) client.socket.close(code, reason);
  }

  function closeFor(client: Client, error: unknown): void {
    const code = error instanceof ApiError ? error.code : 0;
    if (code === ErrorCode.TOKEN_EXPIRED || code === ErrorCode.TOKEN_STALE) {
      close(client, LIVE_CLOSE.TOKEN_EXPIRED, 'token expired');
    } else if (code === ErrorCode.SESSION_ENDED || code === ErrorCode.PASSWORD_CHANGE_REQUIRED) {
      close(client, LIVE_CLOSE.SESSION_ENDED, 'session ended');
    } else {
      close(client, LIVE_CLOSE.AUTH_FAILED, 'not signed in');
    }
  }

  async function authorize(client: Client, token: string): Promise<void> {
    let auth: Auth;
    try {
      auth = await signIn(token);
    } catch (error) {
      return closeFor(client, error);
    }
    if (client.socket.readyState !== OPEN) return;
    // A renewal is the same staff member's; anything else is a new connection's business.
    if (client.auth && client.auth.userId !== auth.userId)
      return close(client, LIVE_CLOSE.AUTH_FAILED, 'other user');
    client.token = token;
    client.auth = auth;
    client.expiresAt = expiryOf(token);
    clearTimeout(client.expiryTimer);
    client.expiryTimer = setTimeout(
      () => close(client, LIVE_CLOSE.TOKEN_EXPIRED, 'token expired'),
      Math.max(0, client.expiresAt - Date.now()),
    );
    clients.add(client);
    // A renewal may carry other permissions: what the connection watches is checked again.
    for (const [topic, { watch }] of client.watches) await setWatch(client, topic, watch, false);
    send(client, { type: 'ready', user_id: auth.userId, expires_at: client.expiresAt });
  }

  /**
   * Puts a watch in place once its user may see it (what it replaces stays until then); refused, the
   * topic goes silent for the connection. `tell`: answer `watching`.
   */
  async function setWatch(client: Client, topic: string, raw: unknown, tell = true): Promise<void> {
    const audience = audiences.get(topic as LiveEvent['topic']);
    const auth = client.auth;
    if (!audience || !auth || client.socket.readyState !== OPEN) return;
    const key = topic as LiveEvent['topic'];
    if (raw === null) {
      client.watches.delete(key);
      if (tell) send(client, { type: 'watching', topic: key, allowed: false });
      return;
    }
    const parsed = audience.watch.safeParse(raw);
    // A check that fails (the database away) refuses: the console polls meanwhile.
    const allowed = parsed.success && (await audience.allowed(auth, parsed.data).catch(() => false));
    client.watches.set(key, { watch: parsed.success ? parsed.data : null, allowed });
    if (tell) send(client, { type: 'watching', topic: key, allowed });
  }

  /** Checks a connection's sign-in again; a token made stale by a permission change waits for its renewal. */
  async function recheck(client: Client): Promise<void> {
    if (!client.token || client.checking) return;
    client.checking = true;
    try {
      await signIn(client.token);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === ErrorCode.TOKEN_STALE)) closeFor(client, error);
    } finally {
      client.checking = false;
    }
  }

  const unsubscribe = fastify.events.subscribe((event) => {
    if (event.topic === 'session') {
      for (const client of clients) {
        if (event.userId === 0 || client.auth?.userId === event.userId) void recheck(client);
      }
      return;
    }
    if (event.topic === 'permissions') {
      // What they watch waits for the renewal that brings their new permissions (checked again then).
      for (const client of clients) {
        if (client.auth?.userId !== event.userId || client.auth.cpId !== event.cpId) continue;
        for (const watching of client.watches.values()) watching.allowed = false;
      }
    }
    // Written once, sent to each console it is addressed to.
    let text: string | undefined;
    for (const client of clients) {
      if (client.auth && client.socket.readyState === OPEN && addressedTo(event, client, audiences)) {
        text ??= JSON.stringify({
          type: 'event',
          topic: event.topic,
          data: event.data,
        } satisfies ServerMessage);
        client.socket.send(text);
      }
    }
  });

  // Each connection: still signed in, still there (a ping unanswered by the next round ends it).
  const timer = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        close(client, LIVE_CLOSE.AUTH_FAILED, 'no answer');
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
      void recheck(client);
    }
  }, recheckMs);
  timer.unref();
  fastify.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe();
  });

  fastify.get(
    '/live',
    {
      websocket: true,
      schema: { tags: ['live'], summary: 'Live updates (WebSocket; the access token as the first message)' },
      // The upgrade itself is public: the socket signs in with its first message (see above).
      config: PUBLIC,
    },
    (socket: Socket, request) => {
      const client: Client = {
        socket,
        token: null,
        auth: null,
        expiresAt: 0,
        alive: true,
        checking: false,
        tokensAt: [],
        watches: new Map(),
        watchesAt: [],
      };
      const waiting = setTimeout(() => {
        if (!client.auth) close(client, LIVE_CLOSE.AUTH_FAILED, 'no token');
      }, authTimeoutMs);
      let queue = Promise.resolve();
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => {
        clearTimeout(waiting);
        clearTimeout(client.expiryTimer);
        clients.delete(client);
      });
      socket.on('message', (data) => {
        client.alive = true;
        let message: ClientMessage;
        try {
          message = JSON.parse(data.toString('utf8')) as ClientMessage;
        } catch {
          return close(client, LIVE_CLOSE.AUTH_FAILED, 'not JSON');
        }
        const isAuth =
          message?.type === 'auth' && typeof message.token === 'string' && message.token.length <= 4096;
        // Nothing but a token before signing in (checks in flight included); unknown messages after are ignored.
        if (!isAuth && !client.auth && !client.token)
          return close(client, LIVE_CLOSE.AUTH_FAILED, 'not signed in');
        if (message?.type === 'ping') return send(client, { type: 'pong' });
        if (message?.type === 'watch' && typeof message.topic === 'string') {
          if (!withinRate(client.watchesAt, WATCHES_PER_MINUTE))
            return close(client, LIVE_CLOSE.TOO_MANY, 'too many');
          const { topic, watch } = message;
          // In order with the sign-in: a watch sent at once after the token waits for it.
          queue = queue.then(() => setWatch(client, topic, watch ?? null));
          return;
        }
        if (!isAuth) return;
        if (!withinRate(client.tokensAt, TOKENS_PER_MINUTE))
          return close(client, LIVE_CLOSE.TOO_MANY, 'too many');
        // One check at a time, in order: a renewal never overtakes the first sign-in.
        queue = queue.then(() => authorize(client, (message as { token: string }).token));
      });
      const offered = String(request.headers['sec-websocket-protocol'] ?? '')
        .split(',')
        .map((p) => p.trim())
        .find((p) => p.startsWith(TOKEN_PROTOCOL_PREFIX));
      if (offered) queue = queue.then(() => authorize(client, offered.slice(TOKEN_PROTOCOL_PREFIX.length)));
    },
  );
}
