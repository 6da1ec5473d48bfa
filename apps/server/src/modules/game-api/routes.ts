import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  canonicalQuery,
  gameAutoReplyQuery,
  gameErrorCodesQuery,
  gameHelpQuery,
  gameSocialQuery,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { products } from '../../db/schema.ts';
import { ok } from '../../lib/request.ts';
import { GAME } from '../../lib/route-access.ts';
import { matchAutoReply } from '../auto-replies/index.ts';
import { channels } from '../channels/tables.ts';
import { gameErrorCodes } from '../error-codes/index.ts';
import { gameHelp } from '../help-center/index.ts';
import { gameSocialAccess } from '../social-access/index.ts';
import { playerEventRoutes } from '../players/index.ts';
import { announcementGameRoutes } from '../announcements/index.ts';
import { mailGameRoutes } from '../mails/index.ts';
import { sanctionGameRoutes } from '../sanctions/index.ts';
import { ticketGameRoutes } from '../tickets/index.ts';
import { refundGameRoutes } from '../refunds/index.ts';
import { webShopGameRoutes } from '../web-shop/index.ts';
import { violationGameRoutes } from '../violations/index.ts';
import { webSiteGameRoutes } from '../web-site/index.ts';
import type { GameConfigRouteOptions } from './cache.ts';
import { gameLanguage } from './language.ts';
import { requestTarget, signedGameRequests, type GameCaller } from './verify.ts';

/** The id of the product's channel with this code, or null (unknown or absent: the all-channel content). */
async function channelId(db: Db, productId: number, code: string | undefined): Promise<number | null> {
  if (!code) return null;
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.productId, productId), eq(channels.code, code)));
  return row?.id ?? null;
}

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
 * `/api/game/v1`: what games read, signed with a product key (see contracts/game-api.ts). Answers
 * are the usual envelope, cached per product and query for a short time, with an ETag. Every route
 * declares `GAME`: the console's sign-in is skipped and the key's signature and nonce are checked by
 * `signedGameRequests` instead.
 */
export async function gameApiRoutes(
  fastify: FastifyInstance,
  options: Omit<GameConfigRouteOptions, 'authenticate'>,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, cache } = options;
  const tags = ['game-api'];
  signedGameRequests(fastify, db, options.secrets);

  /** Answers from the cache, or computes, caches and answers; 304 when the caller has this version. */
  async function serve(
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

  app.get(
    '/error-codes',
    {
      schema: { tags, summary: 'The live error-code texts in a language', querystring: gameErrorCodesQuery },
      config: GAME,
    },
    (request, reply) =>
      serve(request, reply, (caller) =>
        gameErrorCodes(db, caller.productId, gameLanguage(request.query.lang)),
      ),
  );
  app.get(
    '/help-articles',
    {
      schema: {
        tags,
        summary: 'The published help centre of a channel, by category, in a language (else zh)',
        querystring: gameHelpQuery,
      },
      config: GAME,
    },
    (request, reply) =>
      serve(request, reply, async (caller) =>
        gameHelp(
          db,
          caller.productId,
          gameLanguage(request.query.lang),
          await channelId(db, caller.productId, request.query.channel),
        ),
      ),
  );
  app.get(
    '/auto-reply/match',
    {
      schema: { tags, summary: "The automatic reply to a player's text", querystring: gameAutoReplyQuery },
      config: GAME,
    },
    (request, reply) =>
      serve(request, reply, async (caller) =>
        matchAutoReply(db, caller.productId, {
          text: request.query.text,
          channelId: await channelId(db, caller.productId, request.query.channel),
          platform: request.query.platform ?? null,
        }),
      ),
  );
  // The same with the player's text in the body: long texts, and nothing of them in access logs.
  app.post(
    '/auto-reply/match',
    {
      schema: {
        tags,
        summary: "The automatic reply to a player's text (JSON body)",
        body: gameAutoReplyQuery,
      },
      config: GAME,
    },
    async (request) => {
      const caller = request.gameCaller!;
      return ok(
        await matchAutoReply(db, caller.productId, {
          text: request.body.text,
          channelId: await channelId(db, caller.productId, request.body.channel),
          platform: request.body.platform ?? null,
        }),
      );
    },
  );
  app.get(
    '/social-access',
    {
      schema: {
        tags,
        summary:
          'What chat and friend features a region and channel allow now (the product region by default)',
        querystring: gameSocialQuery,
      },
      config: GAME,
    },
    (request, reply) =>
      serve(request, reply, async (caller) => {
        const [product] = await db
          .select({ region: products.region })
          .from(products)
          .where(eq(products.id, caller.productId));
        return gameSocialAccess(
          db,
          caller.productId,
          request.query.region ?? product!.region,
          await channelId(db, caller.productId, request.query.channel),
        );
      }),
  );
  // What games report: their players' events.
  playerEventRoutes(fastify, db);
  // The live notices a player sees.
  announcementGameRoutes(fastify, db);
  mailGameRoutes(fastify, db);
  // A player's bans and mutes in force (modules/sanctions).
  sanctionGameRoutes(fastify, db);
  // Feedback tickets: submission, the player's thread, reopen, rating (modules/tickets).
  ticketGameRoutes(fastify, db);
  refundGameRoutes(fastify, db);
  webShopGameRoutes(fastify, db);
  // Violation events of players (modules/violations; rule + score also reach anti-cheat).
  violationGameRoutes(fastify, db);
  // The web recharge site's configuration and published protocols (modules/web-site).
  webSiteGameRoutes(fastify, db);
}
