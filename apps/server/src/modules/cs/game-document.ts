import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ErrorCode, type LogTargetType } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { logChange } from '../../lib/operation-log.ts';
import { ok } from '../../lib/request.ts';
import { can, type AccessResource, productScopeOf } from '../../lib/route-access.ts';
import { updateVersioned } from '../../lib/versioned.ts';

/**
 * A game's one settings document (service settings, the player's panel): a row per game holding
 * its values as JSON, the defaults until someone saves it. The defaults read as version 1, so the
 * first save names 1 and whoever else read the defaults meanwhile is refused as stale.
 */

type DocumentTable = PgTable & {
  id: PgColumn;
  cpId: PgColumn;
  productId: PgColumn;
  settings: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
};
type Stored<V> = { settings: V; version: number; updatedAt: Date };
export type Document<V> = V & { version: number; updated_at: string | null };

export function gameDocument<V extends object>(table: DocumentTable, defaults: V, targetType: LogTargetType) {
  /** The game's document (the defaults, version 0, until saved). */
  async function read(db: Db, productId: number): Promise<Document<V>> {
    const [row] = (await db
      .select()
      .from(table as PgTable)
      .where(eq(table.productId, productId))) as Stored<V>[];
    if (!row) return { ...defaults, version: 0, updated_at: null };
    return { ...defaults, ...row.settings, version: row.version, updated_at: row.updatedAt.toISOString() };
  }

  /** What the console reads: never saved, version 1 is the one to send back. */
  async function forEdit(db: Db, productId: number): Promise<Document<V>> {
    const doc = await read(db, productId);
    return { ...doc, version: Math.max(doc.version, 1) };
  }

  /** Saves the values over the version the caller read (409001 when stale), logged with before and after. */
  async function save(db: Db, scope: ProductScope, input: V & { version: number }): Promise<Document<V>> {
    const { version, ...values } = input;
    await db.transaction(async (tx) => {
      const before = await read(tx, scope.productId);
      if (before.version === 0) {
        if (version !== 1) throw new ApiError(ErrorCode.CONFLICT);
        const [row] = await tx
          .insert(table)
          // Version 2: whoever else read the defaults (version 1) is refused as stale.
          .values({ cpId: scope.cpId, productId: scope.productId, settings: values, version: 2 } as never)
          .onConflictDoNothing()
          .returning();
        if (!row) throw new ApiError(ErrorCode.CONFLICT);
      } else {
        await updateVersioned(tx, table, eq(table.productId, scope.productId), version, {
          settings: values,
        } as never);
      }
      const { version: _v, updated_at: _u, ...old } = before;
      await logChange(tx, scope, {
        action: 'update',
        targetType,
        targetId: scope.productId,
        targetName: '',
        before: old,
        after: values,
      });
    });
    return read(db, scope.productId);
  }

  /** The console's two routes at `path`: read the document for editing, and save it (`body`). */
  function routes(
    fastify: FastifyInstance,
    db: Db,
    page: {
      path: string;
      access: AccessResource;
      body: z.ZodType<V & { version: number }>;
      summary: { read: string; update: string };
    },
  ): void {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['cs'];
    app.get(
      page.path,
      { schema: { tags, summary: page.summary.read }, config: can(page.access, 'read') },
      async (request) => ok(await forEdit(db, productScopeOf(request).productId)),
    );
    app.put(
      page.path,
      {
        schema: { tags, summary: page.summary.update, body: page.body },
        config: can(page.access, 'update'),
      },
      async (request) => ok(await save(db, productScopeOf(request), request.body as V & { version: number })),
    );
  }

  return { read, forEdit, save, routes };
}
