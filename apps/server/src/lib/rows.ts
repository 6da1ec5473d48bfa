import { sql, type SQL } from 'drizzle-orm';
import { setImmediate as nextLoop } from 'node:timers/promises';
import type { Db } from '../db/index.ts';

/** Something that runs SQL: the database or a transaction on it. */
export type Runner = Pick<Db, 'execute'>;

/**
 * The rows a raw SQL query answers. node-postgres answers `execute` with `{ rows }`; Drizzle types it loosely, so the caller names the row type.
 */
export async function queryRows<T>(db: Runner, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] };
  return result.rows ?? [];
}

/**
 * Deletes in batches until a batch comes back short: `statement` deletes at most `batch` rows and
 * returns one row per row deleted. The event loop runs between batches (a sweep of a large table
 * must not hold the server). Answers how many rows went.
 */
export async function deleteInBatches(db: Runner, batch: number, statement: () => SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = (await queryRows(db, statement())).length;
    total += gone;
    if (gone < batch) return total;
    await nextLoop();
  }
}

/** A row's version and times (the columns of `editStamps`) as its item carries them. */
export const stamps = (row: { version: number; createdAt: Date; updatedAt: Date }) => ({
  version: row.version,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A timestamp column read as raw rows (a Date, or text on some drivers) as ISO text; null stays null. */
export const isoOrNull = (at: Date | string | null): string | null =>
  at === null ? null : new Date(at).toISOString();

/**
 * One page of a raw query and the total: `columns` read from `source` (the `from … where …`) in
 * `order`, and the count of the same source.
 */
export async function rawPage<T>(
  db: Runner,
  paging: { page: number; page_size: number },
  columns: SQL,
  source: SQL,
  order: SQL,
): Promise<{ rows: T[]; total: number }> {
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${source}`);
  const rows = await queryRows<T>(
    db,
    sql`select ${columns} from ${source} order by ${order}
      limit ${paging.page_size} offset ${(paging.page - 1) * paging.page_size}`,
  );
  return { rows, total: Number(total!.n) };
}
