import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@rx/contracts';
import { ApiError } from '../../lib/api-error.ts';
import type { Auth } from '../../lib/authenticate.ts';
import type { LiveEvent } from '../../lib/events.ts';
import { PUBLIC } from '../../lib/route-access.ts';

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

/** What the console sends: its access token (first, and again after each refresh), or a ping. */
type ClientMessage = { type: 'auth'; token: string } | { type: 'ping' };

/** What the server sends: `ready` once signed in (again after each renewal), then events. */
export type ServerMessage =
  | { type: 'ready'; user_id: number; expires_at: number }
  | { type: 'event'; topic: LiveEvent['topic']; data: unknown }
  | { type: 'pong' };

export interface LiveOptions {
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** How long a connection may stay without a token (ms). */
  authTimeoutMs?: number;
  /** How often each connection's sign-in is checked again, and the connection pinged (ms). */
  recheckMs?: number;
}

/** The part of a `ws` WebSocket used here. */
interface Socket {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close' | 'pong', listener: () => void): void;
}
const OPEN = 1;

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
}

/** The `exp` of a token already verified (ms). */
function expiryOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    exp: number;
  };
  return payload.exp * 1000;
}

/** Who receives an event: its user, or for a new approval request every signed-in user of the CP. */
function addressedTo(event: LiveEvent, auth: Auth): boolean {
  if (event.topic === 'game-config' || event.topic === 'session') return false;
  if (event.cpId !== auth.cpId) return false;
  if (event.topic === 'approval' && event.data.status === 'pending') return true;
  // A service conversation not yet with an agent: every console of the CP hears its id (the
  // workbench re-reads it with its own permissions; others ignore it).
  if (event.topic === 'cs' && event.userId === 0) return true;
  return event.userId === auth.userId;
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
    send(client, { type: 'ready', user_id: auth.userId, expires_at: client.expiresAt });
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
    for (const client of clients) {
      if (client.auth && addressedTo(event, client.auth)) {
        send(client, { type: 'event', topic: event.topic, data: event.data });
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
        if (!isAuth) return;
        const now = Date.now();
        client.tokensAt = client.tokensAt.filter((at) => now - at < 60_000);
        client.tokensAt.push(now);
        if (client.tokensAt.length > TOKENS_PER_MINUTE) return close(client, LIVE_CLOSE.TOO_MANY, 'too many');
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
