import pg from 'pg';
import {
  Column,
  Placeholder,
  and,
  asc,
  count,
  desc,
  getTableColumns,
  getTableName,
  gt,
  gte,
  is,
  lt,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
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

/** What a list reads of a row: columns by their key (default every column of the table). */
export type ListColumns = Record<string, AnyColumn | SQL.Aliased>;

/**
 * Every column of `table` but `internal` (a generated search column, the CP a scope already fixes):
 * what a resource's list and export batches read when its answer never returns those. Each name must
 * be a column of the table (a start-up error otherwise).
 */
export function columnsWithout<T extends PgTable>(
  table: T,
  internal: readonly (keyof T['$inferSelect'] & string)[],
): ListColumns {
  const all: Record<string, AnyColumn> = getTableColumns(table);
  for (const name of internal) {
    if (!Object.hasOwn(all, name)) throw new Error(`${getTableName(table)} has no column ${name}`);
  }
  return Object.fromEntries(Object.entries(all).filter(([name]) => !internal.includes(name)));
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
  columns?: ListColumns,
): Promise<ListPage<Item>> {
  const offset = (paging.page - 1) * paging.page_size;
  const page = await pageRows(db, table, where, order, columns, paging.page_size, offset);
  // Past the last page there is no row to carry the total.
  const total = page.total ?? (offset === 0 ? 0 : await countWhere(db, table, where));
  return { list: await items(page.rows as T['$inferSelect'][]), total };
}

/** The field of a list's rows that carries the total (no table has such a column). */
const LIST_TOTAL = '__list_total';

/**
 * A list page's statement, made once per query shape and reused with the request's values.
 *
 * Building a page with the query builder (the selection, the count, the order, then the text) was
 * most of a list request's own work, the same for every request of one shape. So the conditions and
 * the order are only rendered (cheap), with a marker for each value; that text is the shape: the
 * page's statement for it is built once, as a named prepared statement (PostgreSQL parses it once
 * per connection too) whose values are the rendered ones. Two shapes share a statement only when
 * their text is the same, so different filters, sorts or directions never do. The page and the
 * total stay one statement: the count is a subquery of its own on the same conditions (evaluated
 * once, the page's plan unchanged), so a list costs one round trip and one connection.
 */
type PageQuery = (values: Record<string, unknown>) => Promise<PageRows>;

/** Renders SQL with `\0n\0` for the n-th value instead of `$n+1`: the shape's text, values apart. */
class ShapeDialect extends PgDialect {
  override escapeParam(num: number): string {
    return `\0${num}\0`;
  }
}
const shapeDialect = new ShapeDialect();
/** Between the conditions and the order in one rendering (no SQL text holds a NUL or a U+0001). */
const ORDER_MARK = '\u0001';
const VALUE = /\0(\d+)\0/;

/** The statements per database (a transaction's die with it), per table, per shape. */
const statementCache = new WeakMap<Db, WeakMap<PgTable, Map<string, PageQuery>>>();
/** Shapes kept per table and database: beyond it (a list of many shapes) a page is built each time. */
export const SHAPES_PER_TABLE = 200;
let statements = 0;

/** The page statements made so far, process-wide (each has its own name): tests follow the cache with it. */
export function listStatementsMade(): number {
  return statements;
}

/** The keys of a list's columns, joined once per columns object (a resource's is made once). */
const columnKeys = new WeakMap<ListColumns, string>();
function columnsKey(columns: ListColumns): string {
  let key = columnKeys.get(columns);
  if (key === undefined) columnKeys.set(columns, (key = Object.keys(columns).join(',')));
  return key;
}

/** SQL text with `\0n\0` markers as SQL whose n-th value is the placeholder `vn`. */
function withPlaceholders(text: string): SQL {
  const chunks: SQL[] = [];
  text.split(VALUE).forEach((part, i) => {
    if (i % 2 === 1) chunks.push(sql`${sql.placeholder(`v${part}`)}`);
    else if (part) chunks.push(sql.raw(part));
  });
  return sql.join(chunks);
}

/** The page's rows, each a row of the table's (or the chosen columns'), and the total. */
interface PageRows {
  rows: Record<string, unknown>[];
  /** The total carried by the first row (undefined on a page past the last). */
  total: number | undefined;
}

/**
 * The types pg hands over as text: as drizzle's own driver reads them (its columns' decoders parse
 * them: a timestamp becomes a Date once, not twice).
 */
const RAW_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const asText = (value: string) => value;
const pageTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    RAW_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A page statement read straight from the pool (drizzle's `$client`), rows as arrays: drizzle's
 * mapping checked each field's kind on every row of every page; here the columns' decoders are
 * found once per shape and each row is one loop over them. Only for a selection of plain columns
 * on a pool (not in a transaction, whose statements run on its own connection).
 */
function pooledPage(
  pool: pg.Pool,
  name: string,
  built: { sql: string; params: unknown[] },
  selection: ListColumns,
): PageQuery | undefined {
  const keys = Object.keys(selection);
  const decoders: Column[] = [];
  for (const key of keys) {
    const field = selection[key];
    if (!is(field, Column)) return undefined;
    decoders.push(field);
  }
  // Each parameter: a placeholder's name, or a value the shape holds itself.
  const params = built.params.map((param): { placeholder: string } | { value: unknown } =>
    is(param, Placeholder) ? { placeholder: param.name } : { value: param },
  );
  const count = keys.length;
  return async (values) => {
    const result = await pool.query<unknown[]>({
      name,
      text: built.sql,
      values: params.map((param) => ('placeholder' in param ? values[param.placeholder] : param.value)),
      rowMode: 'array',
      types: pageTypes,
    });
    const rows = result.rows.map((array) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < count; i++) {
        const value = array[i];
        row[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return row;
    });
    return { rows, total: result.rows.length ? Number(result.rows[0]![count]) : undefined };
  };
}

/**
 * The page's rows and its total from the statement of the query's shape: `where` and `order`
 * rendered with markers for their values give the shape's text and the values.
 */
function pageRows(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  order: SQL[],
  columns: ListColumns | undefined,
  limit: number,
  offset: number,
): Promise<PageRows> {
  const rendered = shapeDialect.sqlToQuery(
    sql`${where ?? sql``}${sql.raw(ORDER_MARK)}${sql.join(order, sql`, `)}`,
  );
  const values: Record<string, unknown> = { limit, offset };
  rendered.params.forEach((value, i) => (values[`v${i}`] = value));
  // A page of chosen columns (their keys) is another shape than one of every column.
  const key = `${columns ? columnsKey(columns) : '*'}\u0002${where ? '' : '-'}${rendered.sql}`;
  let byTable = statementCache.get(db);
  if (!byTable) statementCache.set(db, (byTable = new WeakMap()));
  let shapes = byTable.get(table);
  if (!shapes) byTable.set(table, (shapes = new Map()));
  const known = shapes.get(key);
  if (known) return known(values);

  const [whereText, orderText] = rendered.sql.split(ORDER_MARK) as [string, string];
  const shapeWhere = where ? withPlaceholders(whereText) : undefined;
  const counted =
    sql<number>`(select count(*) from ${table}${shapeWhere ? sql` where ${shapeWhere}` : sql``})`.mapWith(
      Number,
    );
  const selection = columns ?? getTableColumns(table);
  const query = db
    .select({ ...selection, [LIST_TOTAL]: counted })
    .from(table)
    .where(shapeWhere)
    .orderBy(withPlaceholders(orderText))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  const withTotal = async (rows: Promise<unknown>): Promise<PageRows> => {
    const page = (await rows) as Record<string, unknown>[];
    return {
      total: page.length ? (page[0]![LIST_TOTAL] as number) : undefined,
      rows: page.map((row) => {
        const { [LIST_TOTAL]: _, ...rest } = row;
        return rest;
      }),
    };
  };
  if (shapes.size >= SHAPES_PER_TABLE) return withTotal(query.execute(values));
  const name = `list_page_${++statements}`;
  const client = (db as { $client?: unknown }).$client;
  const pooled = client instanceof pg.Pool ? pooledPage(client, name, query.toSQL(), selection) : undefined;
  let run: PageQuery;
  if (pooled) run = pooled;
  else {
    const prepared = query.prepare(name);
    run = (v) => withTotal(prepared.execute(v));
  }
  shapes.set(key, run);
  return run(values);
}

/** The rows matching `where` with `id > afterId`, by id: the batches of exports and imports. */
export async function rowsAfter<T extends PgTable & { id: PgColumn }>(
  db: Db,
  table: T,
  where: SQL | undefined,
  afterId: number,
  limit: number,
  /** What a row reads (default every column). */
  columns?: ListColumns,
): Promise<T['$inferSelect'][]> {
  return (await db
    .select((columns ?? getTableColumns(table)) as Record<string, PgColumn | SQL.Aliased>)
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

/** The search `q` as a case-insensitive "contains" on any of the columns; no condition without `q`. */
export function containsAny(q: string | undefined, ...columns: (AnyColumn | SQL)[]): SQL | undefined {
  return q ? or(...columns.map((column) => contains(column, q))) : undefined;
}

/** A case-insensitive "contains" on any language of a text per language (a jsonb object). */
export function anyLanguageContains(column: AnyColumn, keyword: string): SQL {
  return sql`exists (select 1 from jsonb_each_text(${column}) as texts(lang, value) where ${contains(sql.raw('value'), keyword)})`;
}
