import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { PRODUCT_HEADER } from '@rx/contracts';
import { globalSearchQuery } from '@rx/contracts/search';
import type { Db } from '../../db/index.ts';
import { cps } from '../../db/schema.ts';
import { requireAuth, requirePermission } from '../../lib/authenticate.ts';
import { ok } from '../../lib/request.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { requestProduct } from '../../lib/scope.ts';
import { globalSearch } from './search.ts';

/** `GET /search?q=`: the header's global search, each kind only where the caller may open its page. */
export async function searchRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  app.get(
    '/search',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['search'],
        summary:
          'Find a player (openid, role id, nickname), an order, a code, a ticket or a staff member; game data on the game of X-Product-Id',
        querystring: globalSearchQuery,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const grants = await requirePermission(db, request);
      // The game is optional here: without one only the CP's own data (staff) is searched.
      const productId = request.headers[PRODUCT_HEADER] ? await requestProduct(db, request, auth.cpId) : null;
      const [cp] = await db.select({ area: cps.publishArea }).from(cps).where(eq(cps.id, auth.cpId));
      return ok(
        await globalSearch(db, { cpId: auth.cpId, area: cp?.area ?? '', productId, grants }, request.query.q),
      );
    },
  );
}
