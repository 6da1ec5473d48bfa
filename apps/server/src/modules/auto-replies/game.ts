import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { gameAutoReplyQuery } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { channelIdOfCode } from '../../lib/channel-ref.ts';
import { ok } from '../../lib/request.ts';
import { GAME } from '../../lib/route-access.ts';
import { gameLanguage, serveCached, type GameAnswerCache } from '../game-api/index.ts';
import { matchAutoReply } from './service.ts';

/** `/api/game/v1/auto-reply/match`: the automatic reply to a player's text. */
export function autoReplyGameRoutes(
  fastify: FastifyInstance,
  options: { db: Db; cache: GameAnswerCache },
): void {
  const { db, cache } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['game-api'];
  const match = async (productId: number, query: z.infer<typeof gameAutoReplyQuery>) =>
    matchAutoReply(db, productId, {
      text: query.text,
      channelId: await channelIdOfCode(db, productId, query.channel),
      platform: query.platform ?? null,
      lang: gameLanguage(query.lang),
    });
  app.get(
    '/auto-reply/match',
    {
      schema: { tags, summary: "The automatic reply to a player's text", querystring: gameAutoReplyQuery },
      config: GAME,
    },
    (request, reply) =>
      serveCached(cache, request, reply, (caller) => match(caller.productId, request.query)),
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
    async (request) => ok(await match(request.gameCaller!.productId, request.body)),
  );
}
