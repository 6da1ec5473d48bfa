import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { ErrorCode } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { ApiError } from './api-error.ts';

type Versioned = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

/** Updates the rows `where` names with `values`, moving their version on and stamping the time; answers them. */
async function updateNext<T extends Versioned>(
  db: Db,
  table: T,
  where: SQL | undefined,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'][]> {
  const set = {
    ...values,
    version: sql`${table.version} + 1`,
    updatedAt: new Date(),
  } as PgUpdateSetSource<T>;
  return (await db.update(table).set(set).where(where).returning()) as T['$inferSelect'][];
}

/**
 * `UPDATE … SET …, version = version + 1 WHERE <target> AND version = <version>`, where `target`
 * names the row within the caller's scope (id and cp_id, product_id). No row: 404001 when the row is
 * absent (or another CP's), 409001 when it moved on since the caller read it.
 */
export async function updateVersioned<T extends Versioned>(
  db: Db,
  table: T,
  target: SQL,
  version: number,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect']> {
  const rows = await updateNext(db, table, and(target, eq(table.version, version)), values);
  if (rows[0]) return rows[0];
  const [exists] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(target);
  throw new ApiError(exists ? ErrorCode.CONFLICT : ErrorCode.NOT_FOUND);
}

/** The row named by `target` (id within the scope), or 404001. */
export async function findOr404<T extends PgTable>(
  db: Db,
  table: T,
  target: SQL,
): Promise<T['$inferSelect']> {
  const [row] = (await db
    .select()
    .from(table as PgTable)
    .where(target)) as T['$inferSelect'][];
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** An update without a version check (a state change the server makes, e.g. disabling a row in use); the version still moves on. */
export async function bumpVersion<T extends Versioned>(
  db: Db,
  table: T,
  target: SQL,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect']> {
  const [row] = await updateNext(db, table, target, values);
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}
