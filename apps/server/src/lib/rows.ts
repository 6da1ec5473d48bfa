import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';

/** Something that runs SQL: the database or a transaction on it. */
export type Runner = Pick<Db, 'execute'>;

/**
 * The rows a raw SQL query answers. Both drivers (node-postgres, PGlite) answer `execute` with
 * `{ rows }`; Drizzle types it loosely, so the caller names the row type.
 */
export async function queryRows<T>(db: Runner, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] };
  return result.rows ?? [];
}
