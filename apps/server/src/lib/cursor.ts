import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import type { Db } from '../db/index.ts';

const dialect = new PgDialect();

/** The pool under a Drizzle database (node-postgres). */
function poolOf(db: Db): Pool {
  return (db as unknown as { $client: Pool }).$client;
}

/**
 * The rows of one query, `batch` at a time, from a server-side cursor on a connection of its own:
 * one snapshot of the data however long the reading takes, memory for one batch only, and the next
 * batch is fetched only when the consumer asks for it (an export's response stream pulls as the
 * client reads, so a slow download holds the cursor, not the server's memory). Each FETCH is a short
 * round trip: requests never wait behind it, and the event loop only parses one batch at a time.
 * Ending the iteration early (a client gone) closes the cursor and frees the connection.
 */
export async function* cursorRows<T>(db: Db, query: SQL, batch = 2000): AsyncGenerator<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await poolOf(db).connect();
  let failed = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`declare rows_out no scroll cursor for ${text}`, params);
    for (;;) {
      const { rows } = await client.query(`fetch ${batch} from rows_out`);
      if (rows.length) yield rows as T[];
      if (rows.length < batch) break;
    }
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    // A failed or abandoned read: rolling back closes the cursor; a connection in a bad state is dropped.
    const ended = await client.query('rollback').then(
      () => true,
      () => false,
    );
    client.release(failed && !ended);
  }
}
