import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Language, Region } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { products } from '../db/schema.ts';
import type { ApiError } from './api-error.ts';
import { ruleError } from './problems.ts';

/** Whether the product belongs to a publish area (`gn` domestic, `hw` overseas). */
export async function isProductIn(db: Db, productId: number, region: Region): Promise<boolean> {
  const [row] = await db.select({ region: products.region }).from(products).where(eq(products.id, productId));
  return row?.region === region;
}

/** 422001: this serves overseas products only (the catalogue shows its pages in area `hw`). */
export const overseasOnly = (lang: Language): ApiError => ruleError(lang, 'overseas_only', { region: 'hw' });

/**
 * Refuses (422001) every route of the plugin for a product outside the overseas area, once the
 * route's access rule has established the caller's product (the global preHandler runs first).
 * The menu hides these pages elsewhere; this is the server's side of the same rule.
 */
export function overseasProductsOnly(fastify: FastifyInstance, db: Db): void {
  fastify.addHook('preHandler', async (request) => {
    const scope = request.scope;
    if (scope?.productId && !(await isProductIn(db, scope.productId, 'hw'))) throw overseasOnly(scope.lang);
  });
}
