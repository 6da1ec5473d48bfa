import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/index.ts';
import { ok } from '../../lib/request.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth, requirePermission } from '../../lib/authenticate.ts';
import { homeSummary } from './summary.ts';

/** The home page's figures: any signed-in staff member, each seeing only what their permissions allow. */
export async function homeRoutes(
  fastify: FastifyInstance,
  options: { db: Db; authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;

  app.get(
    '/home/summary',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['home'],
        summary: "What waits for the caller, their CP's games with today's counts, their recent operations",
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const grants = await requirePermission(db, request);
      return ok(await homeSummary(db, { cpId: auth.cpId, userId: auth.userId, grants }));
    },
  );
}
