import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { productsResource, type Product } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { products } from '../../db/schema.ts';
import { billingPoints, channels, giftPackages, props } from '../../db/tables.ts';
import { containsAny, countWhere } from '../../lib/list.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { stamps } from '../../lib/rows.ts';

/** Products (games) of the caller's CP. The table is a core one (db/schema.ts): everything hangs off it. */

type Row = typeof products.$inferSelect;

export function toProduct(row: Row): Product {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    icon_url: row.iconUrl,
    platforms: row.platforms as Product['platforms'],
    region: row.region,
    status: row.status,
    ...stamps(row),
  };
}

const impl: ResourceImpl<typeof productsResource, typeof products, Product, null> = {
  table: products,
  toItem: toProduct,
  nameOf: (row) => row.name,
  // The operation log files a product's own entries under the product.
  logScope: (scope, id) => ({ ...scope, productId: id }),
  where: (f) => [
    containsAny(f.q, products.code, products.name),
    f.region ? eq(products.region, f.region) : undefined,
    f.status ? eq(products.status, f.status) : undefined,
    f.platform ? sql`${products.platforms} @> ${JSON.stringify([f.platform])}::jsonb` : undefined,
  ],
  columns: (input) => ({
    code: input.code,
    name: input.name,
    iconUrl: input.icon_url,
    platforms: input.platforms,
    region: input.region,
    status: input.status,
  }),
  unique: { products_cp_code: 'code' },
  // A product with channels, props, gift packages or billing points is disabled, never deleted.
  usage: async (db, _scope, row) => {
    const counts = await Promise.all(
      (
        [
          ['channel', channels],
          ['prop', props],
          ['gift_package', giftPackages],
          ['billing_point', billingPoints],
        ] as const
      ).map(async ([type, table]) => ({
        type,
        count: await countWhere(db, table, eq(table.productId, row.id)),
      })),
    );
    return counts.filter((usage) => usage.count > 0);
  },
  disable: { isDisabled: (row) => row.status === 'disabled', set: { status: 'disabled' } },
  sheet: autoSheet<Product>(productsResource),
};

export const productService = resourceService(productsResource, impl);

/** `/products`: the CP's games (page `/basic/product-list`). */
export async function productRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  resourceRoutes(fastify, options.db, productsResource, productService, impl);
}
