import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { idParam, type LogAction, type Resource } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import type { Scope } from './access.ts';
import type { Cell } from './cells.ts';
import { deleteOrDisable } from './delete.ts';
import type { ImportSpec } from './import.ts';
import { listRows, rowsAfter, sortOrder, type ListPage } from './list.ts';
import { logChange } from './operation-log.ts';
import { FieldProblems, inTransaction, type Usage } from './problems.ts';
import { ok } from './request.ts';
import { can, resourceScope, scopeOf } from './route-access.ts';
import { documentProductHeader, inScope, rowInScope } from './scope.ts';
import { tableRoutes, type ExportSpec } from './table-io.ts';
import { findOr404, updateVersioned } from './versioned.ts';

type ResourceTable = PgTable & {
  id: PgColumn;
  cpId: PgColumn;
  productId?: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
};

type Filters<R extends Resource> = Omit<z.output<R['list']>, 'page' | 'page_size' | 'sort'>;
type CreateInput<R extends Resource> = z.output<R['create']>;
type UpdateInput<R extends Resource> = z.output<R['update']>;

/**
 * What is really specific to one resource; the routes, the scoping, versions, the operation log,
 * delete-or-disable, export and import come from `resourceRoutes`.
 */
export interface ResourceImpl<R extends Resource, T extends ResourceTable, Item extends { id: number }, Ctx> {
  table: T;
  /** A row as the API answers it (the resource's `item` schema). */
  toItem(row: T['$inferSelect']): Item;
  /** The row's name in the operation log. */
  nameOf(row: T['$inferSelect']): string;
  /** Fills in what the row alone does not hold (a referred row's code), for answers and the log. */
  complete?(db: Db, items: Item[]): Promise<Item[]>;
  /** The scope the operation log files a row's entries under (default the caller's). */
  logScope?(scope: Scope, id: number): Scope;
  /** The list's filters as conditions (the CP and product scope is added for you). */
  where(filters: Filters<R>, scope: Scope): (SQL | undefined)[];
  /** The column or expression of each field in `sorts`. */
  sortBy: Record<R['sorts'][number], AnyColumn | SQL>;
  /**
   * A create or update body as table columns (undefined columns are left alone); `before` is the
   * row being updated (undefined on create), for a change that merges into what the row holds.
   */
  columns(input: Partial<CreateInput<R>>, before?: T['$inferSelect']): PgUpdateSetSource<T>;
  /** Fields that never change once created (an update naming another value is 400001 'immutable'). */
  immutable?: readonly (keyof CreateInput<R> & string)[];
  /** Unique constraints → the field a collision is reported on (400001 'taken'). */
  unique?: Record<string, string>;
  /** Checks beyond the schema (references, cross-field rules), inside the write's transaction. */
  check?(db: Db, scope: Scope, input: Partial<CreateInput<R>>, before?: T['$inferSelect']): Promise<void>;
  /** What refers to a row: anything means delete disables it instead (422001). */
  usage?(db: Db, scope: Scope, row: T['$inferSelect']): Promise<Usage[]>;
  /** How a row in use is disabled. */
  disable?: { isDisabled(row: T['$inferSelect']): boolean; set: PgUpdateSetSource<T> };
  /** The sheet of export and import (the spec's `sheet` names its key and writable columns). */
  sheet?: {
    headers: readonly string[];
    /** The columns the import reads and writes besides the key (a text per language: one per language). */
    columns: readonly string[];
    /** Field paths whose problems are shown under another column (`channel_id` → `channel_code`). */
    aliases?: Record<string, string>;
    prepare(db: Db, scope: Scope): Promise<Ctx>;
    toCells(item: Item, ctx: Ctx): Record<string, Cell>;
    fromCells(cells: Record<string, string>, ctx: Ctx, problems: FieldProblems): unknown;
    keyOf(item: Item): string;
  };
}

/** The standard operations of a resource, for its routes and for other modules. */
export interface ResourceService<R extends Resource, Item> {
  list(db: Db, scope: Scope, query: z.output<R['list']>): Promise<ListPage<Item>>;
  /** Rows matching the filters with `id > afterId`, by id (exports, imports, other modules). */
  batch(db: Db, scope: Scope, filters: Partial<Filters<R>>, afterId: number, limit: number): Promise<Item[]>;
  get(db: Db, scope: Scope, id: number): Promise<Item>;
  create(db: Db, scope: Scope, input: CreateInput<R>): Promise<Item>;
  update(db: Db, scope: Scope, id: number, input: UpdateInput<R>): Promise<Item>;
  remove(db: Db, scope: Scope, id: number): Promise<{ deleted: true }>;
}

export function resourceService<
  R extends Resource,
  T extends ResourceTable,
  Item extends { id: number },
  Ctx = null,
>(resource: R, impl: ResourceImpl<R, T, Item, Ctx>): ResourceService<R, Item> {
  const { table } = impl;
  const target = (scope: Scope, id: number) => rowInScope(table, scope, id);
  const itemsOf = async (db: Db, rows: T['$inferSelect'][]) => {
    const items = rows.map(impl.toItem);
    return impl.complete ? impl.complete(db, items) : items;
  };
  const itemOf = async (db: Db, row: T['$inferSelect']) => (await itemsOf(db, [row]))[0]!;
  const logScope = (scope: Scope, id: number) => impl.logScope?.(scope, id) ?? scope;
  const whereOf = (scope: Scope, filters: Partial<Filters<R>>) =>
    and(inScope(table, scope), ...impl.where(filters as Filters<R>, scope))!;
  const log = (
    db: Db,
    scope: Scope,
    action: LogAction,
    row: T['$inferSelect'],
    change: { before?: unknown; after?: unknown },
  ) =>
    logChange(db, logScope(scope, (row as { id: number }).id), {
      action,
      targetType: resource.logTarget,
      targetId: (row as { id: number }).id,
      targetName: impl.nameOf(row),
      ...change,
    });

  const service: ResourceService<R, Item> = {
    list(db, scope, query) {
      const { page, page_size, sort, ...filters } = query as {
        page: number;
        page_size: number;
        sort?: string;
      };
      const where = whereOf(scope, filters as Partial<Filters<R>>);
      const order = sortOrder(
        sort as R['sorts'][number] | undefined,
        impl.sortBy,
        resource.sorts[0] as R['sorts'][number],
        table.id,
        scope.lang,
      );
      return listRows(db, table, where, order, { page, page_size }, (rows) => itemsOf(db, rows));
    },

    async batch(db, scope, filters, afterId, limit) {
      return itemsOf(db, await rowsAfter(db, table, whereOf(scope, filters), afterId, limit));
    },

    async get(db, scope, id) {
      return itemOf(db, await findOr404(db, table, target(scope, id)));
    },

    create(db, scope, input) {
      return inTransaction(
        db,
        scope.lang,
        async (tx) => {
          await impl.check?.(tx, scope, input);
          const owner = { cpId: scope.cpId, ...(table.productId ? { productId: scope.productId } : {}) };
          const [row] = (await tx
            .insert(table)
            .values({ ...impl.columns(input), ...owner } as T['$inferInsert'])
            .returning()) as T['$inferSelect'][];
          const item = await itemOf(tx, row!);
          await log(tx, scope, 'create', row!, { after: item });
          return item;
        },
        impl.unique,
      );
    },

    update(db, scope, id, input) {
      return inTransaction(
        db,
        scope.lang,
        async (tx) => {
          const before = await findOr404(tx, table, target(scope, id));
          const problems = new FieldProblems(scope.lang);
          for (const field of impl.immutable ?? []) {
            const wanted = (input as Record<string, unknown>)[field];
            const current = (impl.toItem(before) as Record<string, unknown>)[field];
            if (wanted !== undefined && wanted !== current) problems.add(field, 'immutable');
          }
          problems.throwIfAny();
          const { version, ...changes } = input as { version: number } & Partial<CreateInput<R>>;
          await impl.check?.(tx, scope, changes as Partial<CreateInput<R>>, before);
          const row = await updateVersioned(
            tx,
            table,
            target(scope, id),
            version,
            impl.columns(changes as Partial<CreateInput<R>>, before),
          );
          const item = await itemOf(tx, row);
          await log(tx, scope, 'update', row, { before: await itemOf(tx, before), after: item });
          return item;
        },
        impl.unique,
      );
    },

    remove(db, scope, id) {
      return deleteOrDisable(db, logScope(scope, id), {
        table,
        target: target(scope, id),
        targetType: resource.logTarget,
        usage: async (tx, row) => (impl.usage ? impl.usage(tx, scope, row) : []),
        isDisabled: (row) => impl.disable?.isDisabled(row) ?? false,
        disable: impl.disable?.set ?? ({} as PgUpdateSetSource<T>),
        describe: (row) => ({ name: impl.nameOf(row), item: impl.toItem(row) }),
      });
    },
  };
  return service;
}

/** The sheet of a resource as the export and import toolkit reads it. */
function sheetSpecs<R extends Resource, T extends ResourceTable, Item extends { id: number }, Ctx>(
  resource: R,
  impl: ResourceImpl<R, T, Item, Ctx>,
  service: ResourceService<R, Item>,
): (ExportSpec<Item, Partial<Filters<R>>, Ctx> & ImportSpec<Item, CreateInput<R>, Ctx>) | undefined {
  const { sheet } = impl;
  if (!sheet || !resource.sheet) return undefined;
  return {
    name: resource.name,
    headers: sheet.headers,
    key: resource.sheet.key,
    columns: sheet.columns,
    aliases: sheet.aliases,
    schema: resource.create as z.ZodType<CreateInput<R>>,
    prepare: sheet.prepare,
    toCells: sheet.toCells,
    fromCells: sheet.fromCells,
    batch: service.batch,
    existing: async (db, scope) => {
      const all: Item[] = [];
      for (let after = 0; ;) {
        const batch = await service.batch(db, scope, {}, after, 1000);
        all.push(...batch);
        if (batch.length < 1000) return all;
        after = batch[batch.length - 1]!.id;
      }
    },
    keyOf: sheet.keyOf,
    create: (db, scope, input) => service.create(db, scope, input),
    update: (db, scope, item, input) =>
      service.update(db, scope, item.id, {
        ...(input as object),
        version: (item as unknown as { version: number }).version,
      } as UpdateInput<R>),
  };
}

/**
 * The standard routes of a resource under its name: list, get, create, update (with version),
 * delete-or-disable, export and import — each declaring the permission it needs in one place
 * (`config.access`). Specific routes are added beside them by the module itself.
 */
export function resourceRoutes<
  R extends Resource,
  T extends ResourceTable,
  Item extends { id: number },
  Ctx = null,
>(
  fastify: FastifyInstance,
  db: Db,
  resource: R,
  service: ResourceService<R, Item>,
  impl: ResourceImpl<R, T, Item, Ctx>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const path = `/${resource.name}`;
  const tags = [resource.name];
  if (resource.scope === 'product') documentProductHeader(app);

  app.get(
    path,
    {
      schema: { tags, summary: `List ${resource.name}`, querystring: resource.list },
      config: can(resource, 'read'),
    },
    async (request) => ok(await service.list(db, scopeOf(request), request.query as z.output<R['list']>)),
  );
  app.get(
    `${path}/:id`,
    { schema: { tags, summary: 'One row', params: idParam }, config: can(resource, 'read') },
    async (request) => ok(await service.get(db, scopeOf(request), request.params.id)),
  );
  app.post(
    path,
    { schema: { tags, summary: 'Create a row', body: resource.create }, config: can(resource, 'create') },
    async (request) => ok(await service.create(db, scopeOf(request), request.body as CreateInput<R>)),
  );
  app.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a row (the body carries its version)',
        params: idParam,
        body: resource.update,
      },
      config: can(resource, 'update'),
    },
    async (request) =>
      ok(await service.update(db, scopeOf(request), request.params.id, request.body as UpdateInput<R>)),
  );
  if (resource.remove === 'delete') {
    app.delete(
      `${path}/:id`,
      {
        schema: { tags, summary: 'Delete a row; one in use is disabled instead (422001)', params: idParam },
        config: can(resource, 'delete'),
      },
      async (request) => ok(await service.remove(db, scopeOf(request), request.params.id)),
    );
  }
  const sheet = sheetSpecs(resource, impl, service);
  if (sheet && resource.export) {
    tableRoutes(app, db, {
      path,
      tags,
      exportQuery: resource.export,
      access: (request, action) => resourceScope(db, request, resource, action),
      config: (action) => can(resource, action),
      exporter: sheet,
      importer: sheet,
    });
  }
}
