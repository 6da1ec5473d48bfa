import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { ErrorCode } from '@rx/contracts';
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
  /** /api/game/v1 calls refused for their signature (none, unknown key, bad), per address. */
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

/**
 * Counts the request and answers 429001 (the usual envelope, by the app's error handler) with
 * `Retry-After` once its counter is past the limit. `count: false` only looks, refusing once the
 * counter has reached it (the refused-game-call counter, counted when a call is refused).
 */
async function check(limiter: Limiter, request: FastifyRequest, reply: FastifyReply, count = true) {
  const result = await limiter(request, { increment: count });
  if (result.isAllowed) return;
  if (count ? result.isExceeded : result.remaining === 0) {
    reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
    throw new ApiError(ErrorCode.TOO_MANY_ATTEMPTS);
  }
}

function accessOf(request: FastifyRequest): AccessRule | undefined {
  return request.routeOptions.config?.access;
}

/**
 * The request rate limits (@fastify/rate-limit), each counted in a fixed window:
 * - `/api/v1`: per signed-in staff member (checked once the access token is, before any other
 *   work), per address for the public routes; the sign-in routes per address with their own budget;
 * - `/api/game/v1`: per game key once the signature holds (before the answer is computed), and,
 *   per address, calls refused for their signature: an address past that budget is refused before
 *   its key is even looked up.
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
  const gameRefused = limiter('game-refused', limits.gameUnsigned, byAddress);

  // After the access hook's sign-in (hooks of one level run in the order they were added).
  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    const rule = accessOf(request);
    if (!url || !rule) return;
    if (rule.kind === 'game') {
      // Past its budget of refused calls, an address is refused before its key is looked up.
      await check(gameRefused, request, reply, false);
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
    // A call refused for its signature (401xxx) counts against its address.
    if (accessOf(request)?.kind === 'game' && reply.statusCode === 401) await gameRefused(request);
  });
}
