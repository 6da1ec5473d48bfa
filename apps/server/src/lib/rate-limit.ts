import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { ErrorCode, GAME_KEY_HEADER } from '@rx/contracts';
import { ApiError } from './api-error.ts';
import { end } from './events.ts';
import type { AccessRule } from './route-access.ts';

/** Requests allowed per window (config.ts `rateLimitsFrom`: RATE_LIMIT_*). */
export interface RateLimits {
  windowSeconds: number;
  /** /api/v1, per signed-in staff member; per address for calls made before signing in. */
  console: number;
  /** The sign-in requests (captcha, password, signed link), per address. */
  signIn: number;
  /** /api/game/v1, per game key, counted once the signature holds. */
  game: number;
  /**
   * /api/game/v1 calls refused for their signature (none, unknown key, bad), per key id and
   * address: past it, that key's failing calls from that address answer 429 (a valid one still passes).
   */
  gameUnsigned: number;
}

/** config.ts's defaults: an admin console used all day, and games. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  windowSeconds: 60,
  console: 1200,
  signIn: 60,
  game: 30_000,
  gameUnsigned: 120,
};

/** Sign-in requests: limited per address on top of the password failure counter (modules/acs/throttle.ts). */
const SIGN_IN_ROUTES = new Set([
  'GET /api/v1/users/captcha',
  'POST /api/v1/users/login',
  'POST /api/v1/acs/user/login',
]);

type Limiter = (
  request: FastifyRequest,
  options?: { increment?: boolean },
) => Promise<
  { isAllowed: true } | { isAllowed: false; remaining: number; isExceeded: boolean; ttlInSeconds: number }
>;

/** Per-address counters: the client's address (Fastify's `request.ip`, behind TRUST_PROXY). */
const byAddress = (request: FastifyRequest) => `a:${request.ip}`;

/** The key id a game call names (`-` when none), with its address: refused calls count per pair. */
function byKeyAndAddress(request: FastifyRequest) {
  const raw = request.headers[GAME_KEY_HEADER];
  const keyId = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 64) || '-';
  return `${keyId}|${byAddress(request)}`;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * A game call whose key id and address are past their budget of refused calls: seconds until
     * the budget is back. Its signature is still checked — a valid one passes — but a failing one
     * answers 429001 (modules/game-api/verify.ts) instead of saying why.
     */
    gameRefusedPast?: number;
  }
}

/** 429001 with `Retry-After`: the answer past a limit. */
export function tooManyAttempts(reply: FastifyReply, seconds: number): ApiError {
  reply.header('retry-after', String(Math.max(1, seconds)));
  return new ApiError(ErrorCode.TOO_MANY_ATTEMPTS);
}

/**
 * Counts the request and answers 429001 (the usual envelope, by the app's error handler) with
 * `Retry-After` once its counter is past the limit. `count: false` only looks, refusing once the
 * counter has reached it (the refused-game-call counter, counted when a call is refused).
 */
async function check(limiter: Limiter, request: FastifyRequest, reply: FastifyReply, count = true) {
  const result = await limiter(request, { increment: count });
  if (result.isAllowed) return;
  if (count ? result.isExceeded : result.remaining === 0) throw tooManyAttempts(reply, result.ttlInSeconds);
}

function accessOf(request: FastifyRequest): AccessRule | undefined {
  return request.routeOptions.config?.access;
}

/**
 * The request rate limits (@fastify/rate-limit), each counted in a fixed window:
 * - `/api/v1`: per signed-in staff member (checked once the access token is, before any other
 *   work), per address for the public routes; the sign-in routes per address with their own budget;
 * - `/api/game/v1`: per game key once the signature holds (before the answer is computed), and
 *   calls refused for their signature per key id and address: bad signatures from one address never
 *   shut out other keys there, and a valid signature is never refused (see `gameRefusedPast`).
 *   Calls naming no key at all are refused before anything is looked up once their budget is spent.
 * In memory on one instance; in Redis (shared by every instance of the deployment) with `shared`. When Redis does
 * not answer, requests pass rather than fail. `/healthz`, `/readyz`, `/metrics`, the console's files
 * and the API documentation are not limited.
 *
 * Call after `enforceRouteAccess` (its sign-in hook runs first) and before the routes.
 */
export async function setUpRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  shared: { url: string; prefix: string } | undefined,
): Promise<void> {
  let redis: Redis | undefined;
  if (shared) {
    // No offline queue: while Redis is away a count fails at once and the request passes.
    redis = new Redis(shared.url, {
      connectionName: 'rx-rate-limit',
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(200 * 2 ** Math.min(times, 6), 10_000),
    });
    let lastWarning = 0;
    redis.on('error', (err) => {
      if (Date.now() - lastWarning < 10_000) return;
      lastWarning = Date.now();
      app.log.warn({ err }, 'rate limits: Redis not answering, requests are not counted');
    });
    app.addHook('onClose', () => end(redis!));
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    cache: 20_000,
    // The deployment's prefix (lib/redis-namespace.ts): another deployment's counters are not ours.
    ...(redis && shared ? { redis, nameSpace: shared.prefix } : {}),
  });
  const timeWindow = limits.windowSeconds * 1000;
  const limiter = (name: string, max: number, key: (request: FastifyRequest) => string): Limiter =>
    app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (request) => `${name}:${key(request)}`,
    }) as Limiter;

  const consoleLimit = limiter('console', limits.console, (request) =>
    request.auth ? `u:${request.auth.userId}` : byAddress(request),
  );
  const signInLimit = limiter('sign-in', limits.signIn, byAddress);
  const gameLimit = limiter('game', limits.game, (request) => `k:${request.gameCaller?.keyId ?? ''}`);
  const gameRefused = limiter('game-refused', limits.gameUnsigned, byKeyAndAddress);

  // After the access hook's sign-in (hooks of one level run in the order they were added).
  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    const rule = accessOf(request);
    if (!url || !rule) return;
    if (rule.kind === 'game') {
      const result = await gameRefused(request, { increment: false });
      if (result.isAllowed || result.remaining > 0) return;
      // A call naming no key cannot be valid: refused at once. One naming a key is still checked.
      if (!request.headers[GAME_KEY_HEADER]) throw tooManyAttempts(reply, result.ttlInSeconds);
      request.gameRefusedPast = result.ttlInSeconds;
      return;
    }
    if (!url.startsWith('/api/v1/')) return;
    await check(SIGN_IN_ROUTES.has(`${request.method} ${url}`) ? signInLimit : consoleLimit, request, reply);
  });
  // The game API's signature is checked in its own preValidation hook: by preHandler the key is known.
  app.addHook('preHandler', async (request, reply) => {
    if (accessOf(request)?.kind === 'game' && request.gameCaller) await check(gameLimit, request, reply);
  });
  app.addHook('onResponse', async (request, reply) => {
    // A call refused for its signature (401xxx) counts against its key id and address.
    if (accessOf(request)?.kind === 'game' && reply.statusCode === 401) await gameRefused(request);
  });
}
