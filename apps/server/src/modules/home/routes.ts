import { productHeaders } from '@rx/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/index.ts';
import { ok } from '../../lib/request.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth, requirePermission } from '../../lib/authenticate.ts';
import { eq } from 'drizzle-orm';
import { cps } from '../../db/schema.ts';
import { requestProduct } from '../../lib/scope.ts';
import { cockpit } from './cockpit.ts';
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

  app.get(
    '/home/cockpit',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['home'],
        summary:
          "The chosen game's today and last 30 days (players, payments, redemptions, mail, tickets, campaigns, approvals, jobs), each part only when its page is the caller's",
        headers: productHeaders,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const grants = await requirePermission(db, request);
      const productId = await requestProduct(db, request, auth.cpId);
      const [cp] = await db.select({ area: cps.publishArea }).from(cps).where(eq(cps.id, auth.cpId));
      return ok(
        await cockpit(db, { cpId: auth.cpId, userId: auth.userId, area: cp?.area ?? '', productId, grants }),
      );
    },
  );
}
