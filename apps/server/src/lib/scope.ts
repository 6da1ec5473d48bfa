import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ErrorCode, PRODUCT_HEADER, productHeaders, queryInt, validationMessage } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import type { DimensionScope } from './access.ts';
import { products } from '../db/schema.ts';
import { ApiError } from './api-error.ts';
import { requestLanguage } from './request.ts';

/** `X-Product-Id`'s value (made once: a zod schema costs more to make than to run). */
const productIdValue = queryInt(1);

/**
 * The product named by `X-Product-Id`: 400001 (field `product_id`) when missing or not a number,
 * 403001 when it is not a product of the caller's CP.
 */
export async function requestProduct(db: Db, request: FastifyRequest, cpId: number): Promise<number> {
  const raw = request.headers[PRODUCT_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const lang = requestLanguage(request);
  if (!value) {
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { product_id: validationMessage('required', lang) },
    });
  }
  const parsed = productIdValue.safeParse(value);
  if (!parsed.success) {
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { product_id: validationMessage('invalid', lang) },
    });
  }
  const id = parsed.data;
  if (!(await productOfCp(db, id, cpId))) throw new ApiError(ErrorCode.FORBIDDEN);
  return id;
}

/**
 * Products known to be their CP's, a while (a product never moves to another CP and is disabled,
 * not deleted): a console names its game in every request. Per database (tests run several).
 */
const knownProducts = new WeakMap<Db, Map<string, number>>();
const PRODUCT_CACHE_MS = 60_000;

export async function productOfCp(db: Db, id: number, cpId: number): Promise<boolean> {
  let known = knownProducts.get(db);
  if (!known) knownProducts.set(db, (known = new Map()));
  const key = `${cpId}:${id}`;
  const at = known.get(key);
  if (at !== undefined && Date.now() - at < PRODUCT_CACHE_MS) return true;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.cpId, cpId)));
  if (!row) return false;
  if (known.size >= 10_000) known.clear();
  known.set(key, Date.now());
  return true;
}

/** Documents `X-Product-Id` (OpenAPI) on the routes a plugin registers after this call. */
export function documentProductHeader(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, headers: productHeaders };
  });
}

interface ScopedColumns {
  cpId: PgColumn;
  productId?: PgColumn;
  /** A dimensioned resource's column (dimensions.ts), read when the scope names a value. */
  platform?: PgColumn;
  media?: PgColumn;
  material?: PgColumn;
  kind?: PgColumn;
}

type RowScope = { cpId: number; productId: number | null; dimension?: DimensionScope };

/**
 * The rows a scope may see: its CP's, its product's when the table belongs to a game, and its
 * platform's or medium's when the scope is a dimensioned resource's (`?platform=`).
 */
export function inScope(table: ScopedColumns, scope: RowScope): SQL {
  const conditions = [eq(table.cpId, scope.cpId)];
  if (table.productId) {
    if (scope.productId === null) throw new Error('a product-scoped table needs a product scope');
    conditions.push(eq(table.productId, scope.productId));
  }
  if (scope.dimension) {
    const column = table[scope.dimension.name];
    if (!column) throw new Error(`a ${scope.dimension.name} scope needs a ${scope.dimension.name} column`);
    conditions.push(eq(column, scope.dimension.value));
  }
  return and(...conditions)!;
}

/** One row by id, within the scope. */
export function rowInScope(table: ScopedColumns & { id: PgColumn }, scope: RowScope, id: number): SQL {
  return and(eq(table.id, id), inScope(table, scope))!;
}

/**
 * The rows of the scope's game: its CP's and its product's, whatever page dimension the scope
 * names (`inScope` adds that too). For tables of a game that the caller reads beyond its page's
 * platform or medium, or that have no such column.
 */
export function inGame(table: { cpId: PgColumn; productId: PgColumn }, scope: RowScope): SQL {
  if (scope.productId === null) throw new Error('a game table needs a product scope');
  return and(eq(table.cpId, scope.cpId), eq(table.productId, scope.productId))!;
}

/** One row by id among the scope's game's (`inGame`). */
export function rowInGame(
  table: { id: PgColumn; cpId: PgColumn; productId: PgColumn },
  scope: RowScope,
  id: number,
): SQL {
  return and(eq(table.id, id), inGame(table, scope))!;
}
