import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { gameSocialQuery } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { products } from '../../db/schema.ts';
import { channelIdOfCode } from '../../lib/channel-ref.ts';
import { GAME } from '../../lib/route-access.ts';
import { serveCached, type GameAnswerCache } from '../game-api/index.ts';
import { gameSocialAccess } from './service.ts';

/** `GET /api/game/v1/social-access`: what chat and friend features a region and channel allow now. */
export function socialGameRoutes(
  fastify: FastifyInstance,
  options: { db: Db; cache: GameAnswerCache },
): void {
  const { db, cache } = options;
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/social-access',
    {
      schema: {
        tags: ['game-api'],
        summary:
          'What chat and friend features a region and channel allow now (the product region by default)',
        querystring: gameSocialQuery,
      },
      config: GAME,
    },
    (request, reply) =>
      serveCached(cache, request, reply, async (caller) => {
        const [product] = await db
          .select({ region: products.region })
          .from(products)
          .where(eq(products.id, caller.productId));
        return gameSocialAccess(
          db,
          caller.productId,
          request.query.region ?? product!.region,
          await channelIdOfCode(db, caller.productId, request.query.channel),
        );
      }),
  );
}
