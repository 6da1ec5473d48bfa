import { z } from 'zod';
import { queryInt, safeText } from './fields.ts';

/**
 * Lists, exports and imports: every list endpoint takes `page`, `page_size`, `sort` and its filters;
 * `…/export` takes the same filters and streams CSV or XLSX; `…/import` takes a CSV or XLSX file.
 */

export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** The header naming the product (game) a product-scoped request works on. */
export const PRODUCT_HEADER = 'x-product-id';

/** The headers of a product-scoped request (others pass through). */
export const productHeaders = z.looseObject({
  [PRODUCT_HEADER]: safeText().optional().meta({
    description: "The product (game) to work on: one of the caller's CP. Required (400001 on product_id).",
  }),
});

/** `field` sorts ascending, `-field` descending. */
export type SortParam<F extends string> = F | `-${F}`;

export function sortParam<const F extends readonly [string, ...string[]]>(fields: F) {
  const values = fields.flatMap((field) => [field, `-${field}`]) as [
    SortParam<F[number]>,
    ...SortParam<F[number]>[],
  ];
  return z.enum(values);
}

/** A list query: paging, a sort field from `sortable`, and the resource's filters. */
export function listQuery<const F extends readonly [string, ...string[]], S extends z.ZodRawShape>(
  sortable: F,
  filters: S,
) {
  return z
    .object({
      page: queryInt(1, 1_000_000).default(1),
      page_size: queryInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
      sort: sortParam(sortable).optional(),
    })
    .extend(filters);
}

export function listAnswer<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() });
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** An export: the list's filters and a format; rows come in id order. */
export function exportQuery<S extends z.ZodRawShape>(filters: S) {
  return z.object({ format: z.enum(EXPORT_FORMATS).default('csv') }).extend(filters);
}

/**
 * Imports take the file as the raw request body (not multipart): `Content-Type: text/csv` or the
 * XLSX type (`application/octet-stream` works too; the content is sniffed). The first row names the
 * columns, as in the export.
 */
export const IMPORT_CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  any: 'application/octet-stream',
} as const;

/**
 * The most data rows one import takes (the header not counted): a larger file is refused with
 * 400001 naming the limit. Readers stop at it, and the import lets other requests in between rows.
 */
export const IMPORT_MAX_ROWS = 20_000;

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

export const importQuery = z.object({
  /** 1: answer the diff and write nothing. */
  dry_run: flag,
  /** 1: apply the rows without errors and skip the others (default: all rows or none). */
  valid_only: flag,
});

/** A problem of one row: `row` is the line in the sheet (1 is the header), `field` the column. */
export const importRowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

export const importAnswer = z.object({
  dry_run: z.boolean(),
  /** New rows: their line and cells (an import job's summary leaves the cells out: the file has them). */
  create: z.array(
    z.object({ row: z.number().int(), key: z.string(), values: z.record(z.string(), z.string()).optional() }),
  ),
  /** Changed rows: the cells that change. */
  update: z.array(
    z.object({
      row: z.number().int(),
      id: z.number().int(),
      key: z.string(),
      changes: z.record(z.string(), z.object({ from: z.string(), to: z.string() })),
    }),
  ),
  unchanged: z.number().int(),
  errors: z.array(importRowError),
  /** With `valid_only`: the rows left out because of their errors (empty otherwise). */
  skipped: z.array(z.number().int()),
});
export type ImportAnswer = z.infer<typeof importAnswer>;
