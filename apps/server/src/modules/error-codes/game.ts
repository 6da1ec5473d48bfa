import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gameErrorCodesQuery } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { GAME } from '../../lib/route-access.ts';
import { gameLanguage, serveCached, type GameAnswerCache } from '../game-api/index.ts';
import { gameErrorCodes } from './service.ts';

/** `GET /api/game/v1/error-codes`: the live release's texts in a language, from the answer cache. */
export function errorCodeGameRoutes(
  fastify: FastifyInstance,
  options: { db: Db; cache: GameAnswerCache },
): void {
  const { db, cache } = options;
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/error-codes',
    {
      schema: {
        tags: ['game-api'],
        summary: 'The live error-code texts in a language',
        querystring: gameErrorCodesQuery,
      },
      config: GAME,
    },
    (request, reply) =>
      serveCached(cache, request, reply, (caller) =>
        gameErrorCodes(db, caller.productId, gameLanguage(request.query.lang)),
      ),
  );
}
