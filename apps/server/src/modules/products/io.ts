import { eq } from 'drizzle-orm';
import { productCreateBody, type Product } from '@rx/contracts';
import { products } from '../../db/schema.ts';
import { listCell, parseCell, timeCell } from '../../lib/cells.ts';
import type { ImportSpec } from '../../lib/import.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import {
  createProduct,
  productBatch,
  toProduct,
  updateProduct,
  type ProductFilters,
  type ProductInput,
} from './service.ts';

const COLUMNS = ['name', 'icon_url', 'platforms', 'region', 'status'] as const;

/** Products as a sheet: keyed by code; id, version and times are for reading only. */
export const productTable: ExportSpec<Product, ProductFilters, null> &
  ImportSpec<Product, ProductInput, null> = {
  name: 'products',
  headers: ['id', 'code', ...COLUMNS, 'version', 'created_at', 'updated_at'],
  key: 'code',
  columns: COLUMNS,
  schema: productCreateBody,
  prepare: async () => null,
  toCells: (p) => ({
    id: p.id,
    code: p.code,
    name: p.name,
    icon_url: p.icon_url,
    platforms: listCell(p.platforms),
    region: p.region,
    status: p.status,
    version: p.version,
    created_at: timeCell(p.created_at),
    updated_at: timeCell(p.updated_at),
  }),
  fromCells: (cells) => ({
    code: parseCell.text(cells.code),
    name: parseCell.text(cells.name),
    icon_url: parseCell.text(cells.icon_url),
    platforms: parseCell.list(cells.platforms),
    region: parseCell.text(cells.region),
    status: parseCell.text(cells.status) || undefined,
  }),
  batch: productBatch,
  existing: async (db, scope) =>
    (await db.select().from(products).where(eq(products.cpId, scope.cpId))).map(toProduct),
  keyOf: (p) => p.code,
  create: (db, scope, input) => createProduct(db, scope, input),
  update: (db, scope, item, input) => updateProduct(db, scope, item.id, { ...input, version: item.version }),
};
