import {
  and,
  asc,
  count,
  desc,
  getTableColumns,
  gt,
  gte,
  lt,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ErrorCode, validationMessage, type Language, type SortParam } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { ApiError } from './api-error.ts';

export interface Paging {
  page: number;
  page_size: number;
}

export interface ListPage<T> {
  list: T[];
  total: number;
}

/**
 * `ORDER BY` for a `sort` parameter (`field` or `-field`) from the resource's allowed map, then by
 * the tie-breaker so pages never overlap. A field outside the map is 400001 on `sort`.
 */
export function sortOrder<K extends string>(
  sort: SortParam<K> | undefined,
  columns: Record<K, AnyColumn | SQL>,
  fallback: SortParam<K>,
  tieBreaker: AnyColumn,
  lang: Language,
): SQL[] {
  const wanted = sort ?? fallback;
  const descending = wanted.startsWith('-');
  const field = (descending ? wanted.slice(1) : wanted) as K;
  if (!Object.hasOwn(columns, field)) {
    throw new ApiError(ErrorCode.INVALID_INPUT, { fields: { sort: validationMessage('invalid', lang) } });
  }
  const column = columns[field];
  return [descending ? desc(column) : asc(column), descending ? desc(tieBreaker) : asc(tieBreaker)];
}

/** One page and the total: `rows(limit, offset)` reads the page, `total()` counts the same filter. */
export async function runList<T>(
  paging: Paging,
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<number>,
): Promise<ListPage<T>> {
  const [list, n] = await Promise.all([
    rows(paging.page_size, (paging.page - 1) * paging.page_size),
    total(),
  ]);
  return { list, total: n };
}

/** One page of `table`'s rows matching `where` in `order`, as items (`items` may read more), and the total. */
export async function listRows<T extends PgTable, Item>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  paging: Paging,
  items: (rows: T['$inferSelect'][]) => Item[] | Promise<Item[]>,
  /** What a row reads (default all the table's columns; a page may leave out a heavy one). */
  columns: Record<string, AnyColumn | SQL.Aliased> = getTableColumns(table as PgTable),
): Promise<ListPage<Item>> {
  const offset = (paging.page - 1) * paging.page_size;
  // The page and the total in one statement: the count is a subquery of its own (evaluated once,
  // the page's plan unchanged), so a list costs one round trip and one connection.
  const counted = sql<number>`(select count(*) from ${table}${where ? sql` where ${where}` : sql``})`.mapWith(
    Number,
  );
  const rows = await db
    .select({ ...columns, [LIST_TOTAL]: counted })
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(paging.page_size)
    .offset(offset);
  // Past the last page there is no row to carry the total.
  const total = rows.length ? rows[0]![LIST_TOTAL]! : offset === 0 ? 0 : await countWhere(db, table, where);
  const page = rows.map((row) => {
    const { [LIST_TOTAL]: _, ...rest } = row;
    return rest;
  });
  return { list: await items(page as T['$inferSelect'][]), total };
}

/** The field of a list's rows that carries the total (no table has such a column). */
const LIST_TOTAL = '__list_total';

/** The rows matching `where` with `id > afterId`, by id: the batches of exports and imports. */
export async function rowsAfter<T extends PgTable & { id: PgColumn }>(
  db: Db,
  table: T,
  where: SQL | undefined,
  afterId: number,
  limit: number,
): Promise<T['$inferSelect'][]> {
  return (await db
    .select()
    .from(table as PgTable)
    .where(and(where, gt(table.id, afterId)))
    .orderBy(table.id)
    .limit(limit)) as T['$inferSelect'][];
}

/**
 * A list's `from`/`to` days (UTC, `YYYY-MM-DD`, both included) on a time column: from the start of
 * `from` to before the start of the day after `to`. Either may be absent.
 */
export function dayRange(column: AnyColumn, from?: string, to?: string): SQL[] {
  const range: SQL[] = [];
  if (from) range.push(gte(column, new Date(`${from}T00:00:00Z`)));
  if (to) range.push(lt(column, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000)));
  return range;
}

/** `select count(*) from table where …`. */
export async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** A case-insensitive "contains" on text: `column ILIKE %keyword%`, with `%`, `_` and `\` taken literally. */
export function contains(column: AnyColumn | SQL, keyword: string): SQL {
  const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${column} ilike ${`%${escaped}%`}`;
}

/** A case-insensitive "contains" on any language of a text per language (a jsonb object). */
export function anyLanguageContains(column: AnyColumn, keyword: string): SQL {
  return sql`exists (select 1 from jsonb_each_text(${column}) as texts(lang, value) where ${contains(sql.raw('value'), keyword)})`;
}
