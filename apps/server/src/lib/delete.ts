import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { ErrorCode, type LogTargetType } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import type { Scope } from './access.ts';
import { ApiError } from './api-error.ts';
import { logChange } from './operation-log.ts';
import { inUseError, type Usage } from './problems.ts';
import { bumpVersion } from './versioned.ts';

type Versioned = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

export interface DeleteOptions<T extends Versioned> {
  table: T;
  /** The row, within the caller's scope. */
  target: SQL;
  /** The target type in the operation log. */
  targetType: LogTargetType;
  /** What refers to the row; anything means it is disabled instead of deleted. */
  usage(db: Db, row: T['$inferSelect']): Promise<Usage[]>;
  isDisabled(row: T['$inferSelect']): boolean;
  /** The columns that disable a row. */
  disable: PgUpdateSetSource<T>;
  /** The row as the log keeps it: its name and its answer shape. */
  describe(row: T['$inferSelect']): { name: string; item: unknown };
  /** What else changes when the row is disabled (same transaction). */
  afterDisable?(db: Db, row: T['$inferSelect']): Promise<void>;
}

/**
 * Deletes a row nothing refers to. A row in use is disabled instead (if it is not already) and the
 * caller gets 422001 with what uses it; either way the operation log says what happened.
 */
export async function deleteOrDisable<T extends Versioned>(
  db: Db,
  scope: Scope,
  options: DeleteOptions<T>,
): Promise<{ deleted: true }> {
  const usedBy = await db.transaction(async (tx) => {
    // Locked: concurrent deletes of one row queue here, and the later ones find it gone (404001).
    const [before] = (await tx
      .select()
      .from(options.table as PgTable)
      .where(options.target)
      .for('update')) as T['$inferSelect'][];
    if (!before) throw new ApiError(ErrorCode.NOT_FOUND);
    const { name, item } = options.describe(before);
    const id = (before as { id: number }).id;
    let usage = await options.usage(tx, before);
    if (!usage.length) {
      // A table the module does not know of may refer to the row: the database has the last word.
      try {
        const deleted = await tx.transaction((sp) =>
          sp.delete(options.table).where(options.target).returning({ id: options.table.id }),
        );
        // Only the caller whose delete removed the row succeeds and logs it.
        if (!deleted.length) throw new ApiError(ErrorCode.NOT_FOUND);
      } catch (error) {
        const reference = foreignKeyViolation(error);
        if (!reference) throw error;
        usage = [await referenceUsage(tx, reference, id)];
      }
    }
    if (usage.length) {
      if (!options.isDisabled(before)) {
        const row = await bumpVersion(tx, options.table, options.target, options.disable);
        await options.afterDisable?.(tx, row);
        await logChange(tx, scope, {
          action: 'disable',
          targetType: options.targetType,
          targetId: id,
          targetName: name,
          before: item,
          after: options.describe(row).item,
        });
      }
      return usage;
    }
    await logChange(tx, scope, {
      action: 'delete',
      targetType: options.targetType,
      targetId: id,
      targetName: name,
      before: item,
    });
    return [];
  });
  if (usedBy.length) throw inUseError(scope.lang, usedBy);
  return { deleted: true };
}

interface ForeignKeyReference {
  table: string;
  constraint: string;
}

/** A foreign-key violation (PostgreSQL 23503): the referring table and the constraint. */
function foreignKeyViolation(error: unknown): ForeignKeyReference | null {
  for (
    let e = error as { code?: string; table?: string; constraint?: string; cause?: unknown } | undefined;
    e;
  ) {
    if (e.code === '23503' && e.table && e.constraint) return { table: e.table, constraint: e.constraint };
    e = e.cause as typeof e;
  }
  return null;
}

/** How many rows of the referring table name the row, through the violated constraint. */
async function referenceUsage(db: Db, reference: ForeignKeyReference, id: number): Promise<Usage> {
  // node-postgres answers `execute` with `{ rows }`.
  const columns = (await db.execute(sql`
    select a.attname from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.conname = ${reference.constraint} and c.contype = 'f'`)) as unknown as {
    rows: { attname: string }[];
  };
  const column = columns.rows[0]?.attname;
  if (!column) return { type: reference.table, count: 1 };
  const counted = (await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(reference.table)} where ${sql.identifier(column)} = ${id}`,
  )) as unknown as { rows: { n: number }[] };
  return { type: reference.table, count: Number(counted.rows[0]?.n ?? 1) };
}
