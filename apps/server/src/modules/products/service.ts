import { and, eq, gt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  PRODUCT_SORTS,
  Product,
  productCreateBody,
  productListQuery,
  productUpdateBody,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { products } from '../../db/schema.ts';
import { billingPoints, channels, giftPackages, props } from '../../db/tables.ts';
import type { Scope } from '../../lib/access.ts';
import { contains, countWhere, runList, sortOrder, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { deleteOrDisable } from '../../lib/delete.ts';
import { FieldProblems, inTransaction, type Usage } from '../../lib/problems.ts';
import { rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';

/** Products (games) of the caller's CP. The table is a core one (db/schema.ts): everything hangs off it. */

type Row = typeof products.$inferSelect;
type Query = z.output<typeof productListQuery>;
export type ProductFilters = Omit<Query, 'page' | 'page_size' | 'sort'>;
export type ProductInput = z.output<typeof productCreateBody>;
export type ProductChanges = z.output<typeof productUpdateBody>;

const SORT: Record<(typeof PRODUCT_SORTS)[number], AnyColumn> = {
  id: products.id,
  code: products.code,
  name: products.name,
  region: products.region,
  status: products.status,
  created_at: products.createdAt,
  updated_at: products.updatedAt,
};

export function toProduct(row: Row): Product {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    icon_url: row.iconUrl,
    platforms: row.platforms as Product['platforms'],
    region: row.region,
    status: row.status,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function productWhere(scope: Scope, f: ProductFilters): SQL {
  return and(
    eq(products.cpId, scope.cpId),
    f.q ? or(contains(products.code, f.q), contains(products.name, f.q)) : undefined,
    f.region ? eq(products.region, f.region) : undefined,
    f.status ? eq(products.status, f.status) : undefined,
    f.platform ? sql`${products.platforms} @> ${JSON.stringify([f.platform])}::jsonb` : undefined,
  )!;
}

export function listProducts(db: Db, scope: Scope, query: Query): Promise<ListPage<Product>> {
  const where = productWhere(scope, query);
  return runList(
    query,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(products)
          .where(where)
          .orderBy(...sortOrder(query.sort, SORT, 'id', products.id, scope.lang))
          .limit(limit)
          .offset(offset)
      ).map(toProduct),
    () => countWhere(db, products, where),
  );
}

/** The export's batches: the same filters, by id. */
export async function productBatch(db: Db, scope: Scope, f: ProductFilters, afterId: number, limit: number) {
  const rows = await db
    .select()
    .from(products)
    .where(and(productWhere(scope, f), gt(products.id, afterId)))
    .orderBy(products.id)
    .limit(limit);
  return rows.map(toProduct);
}

export async function getProduct(db: Db, scope: Scope, id: number): Promise<Product> {
  return toProduct(await findOr404(db, products, rowInScope(products, scope, id)));
}

async function checkCode(db: Db, scope: Scope, code: string | undefined, exceptId = 0): Promise<void> {
  if (code === undefined) return;
  const [taken] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.cpId, scope.cpId), eq(products.code, code)));
  if (taken && taken.id !== exceptId) new FieldProblems(scope.lang).add('code', 'taken').throwIfAny();
}

const UNIQUE = { products_cp_code: 'code' };

function columns(input: Partial<ProductInput>) {
  return {
    code: input.code,
    name: input.name,
    iconUrl: input.icon_url,
    platforms: input.platforms,
    region: input.region,
    status: input.status,
  };
}

/** The operation log names the product as the product of its own entries. */
const about = (scope: Scope, row: Row) => ({ ...scope, productId: row.id });

export function createProduct(db: Db, scope: Scope, input: ProductInput): Promise<Product> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      await checkCode(tx, scope, input.code);
      const [row] = await tx
        .insert(products)
        .values({ ...columns(input), cpId: scope.cpId } as typeof products.$inferInsert)
        .returning();
      const item = toProduct(row!);
      await logChange(tx, about(scope, row!), {
        action: 'create',
        targetType: 'product',
        targetId: row!.id,
        targetName: row!.name,
        after: item,
      });
      return item;
    },
    UNIQUE,
  );
}

export function updateProduct(db: Db, scope: Scope, id: number, input: ProductChanges): Promise<Product> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      const target = rowInScope(products, scope, id);
      const before = await findOr404(tx, products, target);
      await checkCode(tx, scope, input.code, id);
      const row = await updateVersioned(tx, products, target, input.version, columns(input));
      const item = toProduct(row);
      await logChange(tx, about(scope, row), {
        action: 'update',
        targetType: 'product',
        targetId: id,
        targetName: row.name,
        before: toProduct(before),
        after: item,
      });
      return item;
    },
    UNIQUE,
  );
}

/** What refers to a product: its channels, props, gift packages and billing points. */
async function productUsage(db: Db, id: number): Promise<Usage[]> {
  const counts = await Promise.all(
    (
      [
        ['channel', channels],
        ['prop', props],
        ['gift_package', giftPackages],
        ['billing_point', billingPoints],
      ] as const
    ).map(async ([type, table]) => ({ type, count: await countWhere(db, table, eq(table.productId, id)) })),
  );
  return counts.filter((usage) => usage.count > 0);
}

/** Deletes a product nothing refers to; a product in use is disabled instead (422001). */
export function deleteProduct(db: Db, scope: Scope, id: number): Promise<{ deleted: true }> {
  return deleteOrDisable(
    db,
    { ...scope, productId: id },
    {
      table: products,
      target: rowInScope(products, scope, id),
      targetType: 'product',
      usage: (tx) => productUsage(tx, id),
      isDisabled: (row) => row.status === 'disabled',
      disable: { status: 'disabled' },
      describe: (row) => ({ name: row.name, item: toProduct(row) }),
    },
  );
}
