import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gameHelpQuery } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { channelIdOfCode } from '../../lib/channel-ref.ts';
import { GAME } from '../../lib/route-access.ts';
import { gameLanguage, serveCached, type GameAnswerCache } from '../game-api/index.ts';
import { gameHelp } from './articles.ts';

/** `GET /api/game/v1/help-articles`: the published help centre of a channel, from the answer cache. */
export function helpGameRoutes(fastify: FastifyInstance, options: { db: Db; cache: GameAnswerCache }): void {
  const { db, cache } = options;
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/help-articles',
    {
      schema: {
        tags: ['game-api'],
        summary: 'The published help centre of a channel, by category, in a language (else zh)',
        querystring: gameHelpQuery,
      },
      config: GAME,
    },
    (request, reply) =>
      serveCached(cache, request, reply, async (caller) =>
        gameHelp(
          db,
          caller.productId,
          gameLanguage(request.query.lang),
          await channelIdOfCode(db, caller.productId, request.query.channel),
        ),
      ),
  );
}
