import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canonicalQuery } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ok } from '../../lib/request.ts';
import type { GameAnswerCache } from './cache.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { requestTarget, signedGameRequests, type GameCaller } from './verify.ts';

/** Whether `If-None-Match` names the answer's ETag (or `*`). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Answers a game's read from the short cache of the product's answers (per path and query), or
 * computes, caches and answers it; always with an ETag, 304 when the caller has this version. For
 * the configuration games read often (error codes, help, auto-replies, social access).
 */
export async function serveCached(
  cache: GameAnswerCache,
  request: FastifyRequest,
  reply: FastifyReply,
  compute: (caller: GameCaller) => Promise<unknown>,
): Promise<FastifyReply> {
  const caller = request.gameCaller!;
  const { path, params } = requestTarget(request);
  const key = `${path}?${canonicalQuery(params)}`;
  let answer = cache.get(caller.productId, key);
  if (!answer) {
    const generation = cache.generation(caller.productId);
    answer = cache.set(caller.productId, key, JSON.stringify(ok(await compute(caller))), generation);
  }
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
  if (notModified(request, answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/** Adds a module's game routes to the game API's plugin (the manifest's `gameRoutes`). */
export type GameRoutes = (app: FastifyInstance) => void;

/**
 * `/api/game/v1`: what games read and report, signed with a product key (see contracts/game-api.ts).
 * Every route declares `GAME`: the console's sign-in is skipped and the key's signature and nonce
 * are checked by `signedGameRequests` instead, before any route of `routes` sees the request. The
 * routes are the modules' own (each module registers its game routes in its definition, listed in
 * `src/manifest.ts`), so this module imports none of them.
 */
export async function gameApiRoutes(
  fastify: FastifyInstance,
  options: { db: Db; secrets: SecretBox; routes: readonly GameRoutes[] },
): Promise<void> {
  signedGameRequests(fastify, options.db, options.secrets);
  for (const routes of options.routes) routes(fastify);
}
