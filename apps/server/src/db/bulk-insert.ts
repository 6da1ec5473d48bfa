import { getTableColumns, is, Param, SQL, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './index.ts';

/** A serial column takes its sequence's type in an array cast. */
const ARRAY_TYPES: Record<string, string> = {
  serial: 'integer',
  bigserial: 'bigint',
  smallserial: 'smallint',
};

/**
 * The statement inserting `rows` with one array parameter per column (`insert … select * from
 * unnest($1::integer[], $2::text[], …)`): its text and parameters cost the same for 10 rows or
 * 5,000, where a multi-row VALUES has a parameter per cell, each built and bound one by one.
 * Undefined when the rows cannot be written this way (a column set in some rows only, one filled
 * in by JavaScript, an SQL value, an array column): the caller inserts them as usual then.
 */
function unnestInsert(table: PgTable, rows: readonly Record<string, unknown>[], returning: boolean) {
  const used: { name: string; type: string; values: unknown[] }[] = [];
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, Column][]) {
    let defined = 0;
    for (const row of rows) if (row[key] !== undefined) defined++;
    if (defined === 0) {
      // Left to the database's default; a default computed in JavaScript would be missed.
      if (column.defaultFn || column.onUpdateFn) return undefined;
      continue;
    }
    const type = column.getSQLType();
    if (defined < rows.length || column.generated || column.generatedIdentity || type.endsWith(']'))
      return undefined;
    const values: unknown[] = [];
    for (const row of rows) {
      const value = row[key];
      if (is(value, SQL) || is(value, Param)) return undefined;
      values.push(value === null ? null : column.mapToDriverValue(value));
    }
    used.push({ name: column.name, type: ARRAY_TYPES[type] ?? type, values });
  }
  if (used.length === 0) return undefined;
  return sql`insert into ${table} (${sql.join(
    used.map((c) => sql.identifier(c.name)),
    sql`, `,
  )}) select * from unnest(${sql.join(
    used.map((c) => sql`${sql.param(c.values)}::${sql.raw(c.type)}[]`),
    sql`, `,
  )})${returning ? sql` returning *` : sql``}`;
}

/** The rows of a `returning *` as drizzle's own queries answer them (field names, dates, JSON). */
function asSelected<T extends PgTable>(table: T, raw: Record<string, unknown>[]): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  return raw.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return out as T['$inferSelect'];
  });
}

/**
 * Inserts many rows in one statement (at most `chunk` rows a statement) and answers them as
 * inserted: what `db.insert(table).values(rows).returning()` does, without its cost per cell (an
 * import's batches, a job's items).
 */
export async function insertMany<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  { returning = true, chunk = 5000 }: { returning?: boolean; chunk?: number } = {},
): Promise<T['$inferSelect'][]> {
  const out: T['$inferSelect'][] = [];
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk) as Record<string, unknown>[];
    const statement = unnestInsert(table, part, returning);
    if (!statement) {
      const insert = db.insert(table).values(part as T['$inferInsert'][]);
      if (returning) out.push(...((await insert.returning()) as T['$inferSelect'][]));
      else await insert;
      continue;
    }
    const result = (await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
    if (returning) out.push(...asSelected(table, result.rows));
  }
  return out;
}
