import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, getTableColumns, getTableName, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { idParam, type LogAction, type Resource, type SortParam } from '@rx/contracts';
import { insertMany } from '../db/bulk-insert.ts';
import type { Db } from '../db/index.ts';
import type { ProductScope, Scope } from './access.ts';
import type { Cell } from './cells.ts';
import { deleteOrDisable } from './delete.ts';
import { cachedListAnswer, pageKey } from './list-cache.ts';
import type { ImportSpec } from './import.ts';
import { columnsWithout, listRows, rowsAfter, sortOrder, type ListColumns, type ListPage } from './list.ts';
import { checkListDeclaration, resourceRead, type ListDeclaration } from './list-routes.ts';
import { logChange, logChanges } from './operation-log.ts';
import { FieldProblems, inTransaction, type Usage } from './problems.ts';
import { ok } from './request.ts';
import { can, resourceScope, scopeOf, type AccessResource } from './route-access.ts';
import { documentProductHeader, inScope, rowInScope } from './scope.ts';
import { tableRoutes, type ExportSpec } from './table-io.ts';
import { findOr404, updateVersioned } from './versioned.ts';

/** A table of rows filed under a CP (and a product, for a game's data). */
type ScopedTable = PgTable & { id: PgColumn; cpId: PgColumn; productId?: PgColumn };

export type ResourceTable = ScopedTable & { version: PgColumn; updatedAt: PgColumn };

/** A resource's list filters (its list query without paging and sort). */
export type Filters<R extends Resource> = Omit<z.output<R['list']>, 'page' | 'page_size' | 'sort'>;
export type CreateInput<R extends Resource> = z.output<R['create']>;
/** An update body: the changes and the version they were based on. */
export type UpdateInput<R extends Resource> = z.output<R['update']>;
/** The column or expression each field of a resource's `sorts` orders by. */
export type SortColumns<R extends Resource> = Record<R['sorts'][number], AnyColumn | SQL>;

/**
 * What is really specific to one resource; the routes, the scoping, versions, the operation log,
 * delete-or-disable, export and import come from `resourceRoutes`.
 */
export interface ResourceImpl<R extends Resource, T extends ResourceTable, Item extends { id: number }, Ctx> {
  table: T;
  /** A row as the API answers it (the resource's `item` schema); never reads an `internal` column. */
  toItem(row: T['$inferSelect']): Item;
  /**
   * Columns the answer never returns (a generated search column, the CP the scope fixes): lists and
   * export batches do not read them, so each row costs the database and the server less.
   */
  internal?: readonly (keyof T['$inferSelect'] & string)[];
  /** The row's name in the operation log. */
  nameOf(row: T['$inferSelect']): string;
  /** Fills in what the row alone does not hold (a referred row's code), for answers and the log. */
  complete?(db: Db, items: Item[]): Promise<Item[]>;
  /**
   * Caches the list's pages (lib/list-cache.ts): only when an item is its row alone (`toItem`, no
   * `complete`, nothing of the clock), `where` reads the filters alone (not the caller), and the
   * table has the `list_changed` trigger (a migration adds it). Say in the module why it holds.
   */
  cacheList?: boolean;
  /** The scope the operation log files a row's entries under (default the caller's). */
  logScope?(scope: Scope, id: number): Scope;
  /** The list's filters as conditions (the CP and product scope is added for you). */
  where(filters: Filters<R>, scope: Scope): (SQL | undefined)[];
  /**
   * The column or expression of each field in `sorts` (default the table's column of the field's
   * name, `sortColumns`).
   */
  sortBy?: SortColumns<R>;
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

/** The reads of a resource, for its routes and for other modules. */
export interface ResourceReads<R extends Resource, Item> {
  list(db: Db, scope: Scope, query: z.output<R['list']>): Promise<ListPage<Item>>;
  /** Rows matching the filters with `id > afterId`, by id (exports, imports, other modules). */
  batch(db: Db, scope: Scope, filters: Partial<Filters<R>>, afterId: number, limit: number): Promise<Item[]>;
  get(db: Db, scope: Scope, id: number): Promise<Item>;
}

/** What reading a resource's rows needs (a module that writes its rows itself uses it alone). */
export interface ReadSpec<R extends Resource, T extends ScopedTable, Item> {
  table: T;
  /** Rows as the API answers them (may read more, e.g. a role's permissions). */
  items(db: Db, rows: T['$inferSelect'][]): Item[] | Promise<Item[]>;
  /** The list's filters as conditions (the CP and product scope is added for you). */
  where(filters: Filters<R>, scope: Scope): (SQL | undefined)[];
  /** Default: each sort field orders by the table's column of that name (`sortColumns`). */
  sortBy?: SortColumns<R>;
  /** What lists and batches read of a row (default every column; `columnsWithout`). */
  columns?: ListColumns;
  /** The order of a list that asks for none (default the resource's first sort, ascending). */
  defaultSort?: SortParam<R['sorts'][number]>;
}

/** Each of the resource's sort fields ordering by the table's column of the same name (`created_at`: `createdAt`). */
export function sortColumns<R extends Resource>(resource: R, table: PgTable): SortColumns<R> {
  const columns: Record<string, AnyColumn> = getTableColumns(table);
  return Object.fromEntries(
    resource.sorts.map((field) => {
      const column = columns[field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())];
      if (!column) throw new Error(`${resource.name}: no column to sort ${field} by`);
      return [field, column];
    }),
  ) as SortColumns<R>;
}

/**
 * list (the filters within the caller's scope, sorted by `sort` or the resource's first sort, paged),
 * batch and get (404001 outside the scope) of a resource's table.
 */
export function resourceReads<R extends Resource, T extends ScopedTable, Item>(
  resource: R,
  spec: ReadSpec<R, T, Item>,
): ResourceReads<R, Item> {
  const { table } = spec;
  const sortBy = spec.sortBy ?? sortColumns(resource, table);
  checkListDeclaration(resource, sortBy);
  const whereOf = (scope: Scope, filters: Partial<Filters<R>>) =>
    and(inScope(table, scope), ...spec.where(filters as Filters<R>, scope))!;
  return {
    list(db, scope, query) {
      const { page, page_size, sort, ...filters } = query as {
        page: number;
        page_size: number;
        sort?: string;
      };
      const where = whereOf(scope, filters as Partial<Filters<R>>);
      const order = sortOrder(
        sort as R['sorts'][number] | undefined,
        sortBy,
        spec.defaultSort ?? (resource.sorts[0] as R['sorts'][number]),
        table.id,
        scope.lang,
      );
      return listRows(
        db,
        table,
        where,
        order,
        { page, page_size },
        (rows) => spec.items(db, rows),
        spec.columns,
      );
    },

    async batch(db, scope, filters, afterId, limit) {
      return spec.items(
        db,
        await rowsAfter(db, table, whereOf(scope, filters), afterId, limit, spec.columns),
      );
    },

    async get(db, scope, id) {
      return (await spec.items(db, [await findOr404(db, table, rowInScope(table, scope, id))]))[0]!;
    },
  };
}

/** The standard operations of a resource, for its routes and for other modules. */
export interface ResourceService<R extends Resource, Item> extends ResourceReads<R, Item> {
  create(db: Db, scope: Scope, input: CreateInput<R>): Promise<Item>;
  /**
   * Creates several rows as `create` would one by one (the same checks, the same log entries), in
   * one insert: an import's batch. Any refusal refuses the whole batch.
   */
  createMany(db: Db, scope: Scope, inputs: CreateInput<R>[]): Promise<Item[]>;
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
    ...resourceReads(resource, {
      table,
      items: itemsOf,
      where: impl.where,
      sortBy: impl.sortBy,
      columns: impl.internal?.length ? columnsWithout(table, impl.internal) : undefined,
    }),

    create(db, scope, input) {
      return inTransaction(
        db,
        scope.lang,
        async (tx) => {
          await impl.check?.(tx, scope, input);
          const owner = {
            cpId: scope.cpId,
            ...(table.productId ? { productId: scope.productId } : {}),
            ...(scope.dimension ? { [scope.dimension.name]: scope.dimension.value } : {}),
          };
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

    createMany(db, scope, inputs) {
      return inTransaction(
        db,
        scope.lang,
        async (tx) => {
          if (inputs.length === 0) return [];
          for (const input of inputs) await impl.check?.(tx, scope, input);
          const owner = { cpId: scope.cpId, ...(table.productId ? { productId: scope.productId } : {}) };
          const inserted = await insertMany(
            tx,
            table,
            inputs.map((input) => ({ ...impl.columns(input), ...owner }) as T['$inferInsert']),
          );
          // The ids come from the sequence in the order of the values: the log keeps the file's order.
          const rows = inserted.sort((a, b) => (a as { id: number }).id - (b as { id: number }).id);
          const items = await itemsOf(tx, rows);
          await logChanges(
            tx,
            rows.map((row, i) => {
              const id = (row as { id: number }).id;
              return {
                actor: logScope(scope, id),
                entry: {
                  action: 'create' as const,
                  targetType: resource.logTarget,
                  targetId: id,
                  targetName: impl.nameOf(row),
                  after: items[i],
                },
              };
            }),
          );
          return items;
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
    createMany: (db, scope, inputs) => service.createMany(db, scope, inputs),
    update: (db, scope, item, input) =>
      service.update(db, scope, item.id, {
        ...(input as object),
        version: (item as unknown as { version: number }).version,
      } as UpdateInput<R>),
  };
}

/** The handlers of a resource's standard routes: its service, or a module's own functions. */
export interface StandardHandlers<R extends Resource, Item> {
  list(db: Db, scope: Scope, query: z.output<R['list']>): Promise<ListPage<Item>>;
  get(db: Db, scope: Scope, id: number): Promise<Item>;
  create(db: Db, scope: Scope, input: CreateInput<R>): Promise<Item>;
  update(db: Db, scope: Scope, id: number, input: UpdateInput<R>): Promise<Item>;
  /** Registered when the resource's `remove` is 'delete'. */
  remove(db: Db, scope: Scope, id: number): Promise<unknown>;
}

/** What the API documentation says of each standard route, where a module says more than the default. */
export type RouteSummaries = Partial<Record<'list' | 'get' | 'create' | 'update' | 'delete', string>>;

/**
 * list, get, create, update (with version) and, when the resource deletes, delete under the
 * resource's name, each declaring the permission it needs (`config.access`) and answering what its
 * handler answers.
 */
export function standardRoutes<R extends Resource, Item>(
  fastify: FastifyInstance,
  db: Db,
  resource: R,
  handlers: StandardHandlers<R, Item>,
  summaries: RouteSummaries = {},
  /** The table whose list pages are cached (lib/list-cache.ts), when the resource opts in. */
  cachedTable?: PgTable,
) {
  checkListDeclaration(resource);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const path = `/${resource.name}`;
  const tags = [resource.name];
  const cachedName = cachedTable ? getTableName(cachedTable) : undefined;

  app.get(
    path,
    {
      schema: { tags, summary: summaries.list ?? `List ${resource.name}`, querystring: resource.list },
      config: { ...can(resource, 'read'), ...resourceRead(resource.name) },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const query = request.query as z.output<R['list']>;
      if (!cachedName) return ok(await handlers.list(db, scope, query));
      const key = pageKey(resource.name, scope, query as Record<string, unknown>);
      return cachedListAnswer(db, cachedName, key, reply, async () =>
        ok(await handlers.list(db, scope, query)),
      );
    },
  );
  app.get(
    `${path}/:id`,
    { schema: { tags, summary: summaries.get ?? 'One row', params: idParam }, config: can(resource, 'read') },
    async (request) => ok(await handlers.get(db, scopeOf(request), request.params.id)),
  );
  app.post(
    path,
    {
      schema: { tags, summary: summaries.create ?? 'Create a row', body: resource.create },
      config: can(resource, 'create'),
    },
    async (request) => ok(await handlers.create(db, scopeOf(request), request.body as CreateInput<R>)),
  );
  app.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: summaries.update ?? 'Update a row (the body carries its version)',
        params: idParam,
        body: resource.update,
      },
      config: can(resource, 'update'),
    },
    async (request) =>
      ok(await handlers.update(db, scopeOf(request), request.params.id, request.body as UpdateInput<R>)),
  );
  if (resource.remove === 'delete') {
    app.delete(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: summaries.delete ?? 'Delete a row; one in use is disabled instead (422001)',
          params: idParam,
        },
        config: can(resource, 'delete'),
      },
      async (request) => ok(await handlers.remove(db, scopeOf(request), request.params.id)),
    );
  }
}

/**
 * `GET /<name>/export` and, with an importer, `POST /<name>/import`, each needing the resource's
 * permission of its action.
 */
export function resourceTableRoutes<R extends Resource, Item extends { id: number }, F, Input, Ctx>(
  app: FastifyInstance,
  db: Db,
  resource: R,
  sheet: { exporter: ExportSpec<Item, F, Ctx>; importer?: ImportSpec<Item, Input, Ctx> },
) {
  if (!resource.export) throw new Error(`${resource.name} has no export query`);
  checkListDeclaration(resource);
  tableRoutes(app, db, {
    path: `/${resource.name}`,
    tags: [resource.name],
    exportQuery: resource.export,
    access: (request, action) => resourceScope(db, request, resource, action),
    config: (action) => can(resource, action),
    ...sheet,
  });
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
  if (resource.scope === 'product') documentProductHeader(fastify);
  if (impl.cacheList && impl.complete)
    throw new Error(`${resource.name}: a cached list's items are their rows alone (no complete)`);
  standardRoutes(fastify, db, resource, service, {}, impl.cacheList ? impl.table : undefined);
  const sheet = sheetSpecs(resource, impl, service);
  if (sheet && resource.export)
    resourceTableRoutes(fastify, db, resource, { exporter: sheet, importer: sheet });
}

/** What a resource whose rows a module reads itself (a query over several tables) exports. */
export interface QueryExport<Item, Ctx> {
  headers: readonly string[];
  /** The file's name before its date (default the resource's name). */
  file?(scope: Scope): string;
  /** What formatting needs once per file (default: nothing). */
  prepare?(db: Db, scope: Scope): Promise<Ctx>;
  /** Default: the item's own fields named by the headers (a missing one is an empty cell). */
  toCells?(item: Item, ctx: Ctx): Record<string, Cell>;
}

/** The scope a resource's reads get: a product-scoped resource's always names its product. */
type ScopeOf<R extends Resource> = R['scope'] extends 'product' ? ProductScope : Scope;

/**
 * The list and export routes of a resource whose rows are not one table's (violators grouped by
 * player, flags with their reviewers, orders with their deliveries): `GET /<name>` answers the
 * module's list, `GET /<name>/export` streams the module's batches through the same export as every
 * other resource (its permission, its operation-log entry, CSV or XLSX). The module's own routes
 * (actions, totals) are added beside them.
 */
export function queryRoutes<R extends Resource, Item extends { id: number }, Ctx = null>(
  fastify: FastifyInstance,
  db: Db,
  resource: R,
  reads: {
    /** A page of the list (its items may say less than an export row, e.g. no id). */
    list(db: Db, scope: ScopeOf<R>, query: z.output<R['list']>): Promise<ListPage<unknown>>;
    /** The export's rows (needed with an exporter). */
    batch?(
      db: Db,
      scope: ScopeOf<R>,
      filters: Partial<Filters<R>>,
      afterId: number,
      limit: number,
    ): Promise<Item[]>;
  },
  options: { summary?: string; exporter?: QueryExport<Item, Ctx> } = {},
) {
  checkListDeclaration(resource);
  // Its own plugin context, so that the product header it documents stays on its two routes.
  void fastify.register(async (scoped) => {
    const app = scoped.withTypeProvider<ZodTypeProvider>();
    if (resource.scope === 'product') documentProductHeader(scoped);
    app.get(
      `/${resource.name}`,
      {
        schema: {
          tags: [resource.name],
          summary: options.summary ?? `List ${resource.name}`,
          querystring: resource.list,
        },
        config: { ...can(resource, 'read'), ...resourceRead(resource.name) },
      },
      async (request) =>
        ok(await reads.list(db, scopeOf(request) as ScopeOf<R>, request.query as z.output<R['list']>)),
    );
    const { exporter } = options;
    if (!exporter) return;
    const batch = reads.batch;
    if (!batch) throw new Error(`${resource.name}: an export needs the reads' batch`);
    resourceTableRoutes(scoped, db, resource, {
      exporter: {
        name: resource.name,
        headers: exporter.headers,
        ...(exporter.file ? { file: exporter.file } : {}),
        prepare: exporter.prepare ?? (async () => null as Ctx),
        toCells: exporter.toCells ?? ((item) => item as unknown as Record<string, Cell>),
        batch: (db2, scope, filters, afterId, limit) =>
          batch(db2, scope as ScopeOf<R>, filters as Partial<Filters<R>>, afterId, limit),
      },
    });
  });
}

/**
 * A list of one table's rows (the reads' list without a resource's scope): the caller's conditions,
 * sorted by `sort` (one of `sortBy`, checked) or `fallback`, paged with the total in one statement.
 * `columns` leaves out what a page should not carry (a job's parameters).
 */
export function tableList<T extends PgTable, S extends string, Item>(spec: {
  table: T;
  /** What orders rows of equal sort values, so pages never overlap (default the table's id). */
  tieBreaker?: AnyColumn;
  sortBy: Record<S, AnyColumn | SQL>;
  fallback: NoInfer<S> | `-${NoInfer<S>}`;
  items(db: Db, rows: T['$inferSelect'][]): Item[] | Promise<Item[]>;
  columns?: ListColumns;
}) {
  const tieBreaker = spec.tieBreaker ?? (spec.table as unknown as { id?: AnyColumn }).id;
  if (!tieBreaker) throw new Error('a table list without an id needs a tie-breaker');
  return (
    db: Db,
    where: SQL | undefined,
    query: { page: number; page_size: number; sort?: string },
    lang: Scope['lang'],
  ): Promise<ListPage<Item>> => {
    const order = sortOrder(
      query.sort as S | `-${S}` | undefined,
      spec.sortBy,
      spec.fallback,
      tieBreaker,
      lang,
    );
    return listRows(db, spec.table, where, order, query, (rows) => spec.items(db, rows), spec.columns);
  };
}

/**
 * A list that is not a resource's own rows (a caller's jobs or notifications, an endpoint's
 * deliveries, a code's releases): `GET <path>` with its declared query, filters and sorts (checked at
 * start-up like a resource's), its access rule, and the page the module reads (`tableList`).
 */
export function listRoute<Q extends z.ZodType, P extends z.ZodType | undefined = undefined>(
  fastify: FastifyInstance,
  spec: Omit<ListDeclaration, 'list' | 'export'> & {
    /** The route's path under /api/v1 (`/jobs`, `/callbacks/:id/deliveries`). */
    path: string;
    tags: string[];
    summary: string;
    query: Q;
    params?: P;
    config: FastifyContextConfig;
    list(
      request: FastifyRequest,
      query: z.output<Q>,
      params: P extends z.ZodType ? z.output<P> : undefined,
    ): Promise<ListPage<unknown>>;
  },
): void {
  checkListDeclaration({ ...spec, list: spec.query });
  fastify.withTypeProvider<ZodTypeProvider>().get(
    spec.path,
    {
      schema: {
        tags: spec.tags,
        summary: spec.summary,
        querystring: spec.query,
        ...(spec.params ? { params: spec.params } : {}),
      },
      config: { ...spec.config, ...resourceRead(spec.name) },
    },
    async (request) =>
      ok(
        await spec.list(
          request,
          request.query as z.output<Q>,
          request.params as P extends z.ZodType ? z.output<P> : undefined,
        ),
      ),
  );
}

/**
 * `GET <path>` of what belongs to one row (a bug's thread, a page's versions, a material's ads): the
 * row `:id` must be the caller's (404 otherwise), then `read` gives the answer's data.
 */
export function rowReadRoute<T extends ScopedTable>(
  fastify: FastifyInstance,
  db: Db,
  spec: {
    /** The route's path under /api/v1, with `:id` the row's (`/bugs/:id/comments`). */
    path: string;
    tags: string[];
    summary: string;
    /** The resource whose read permission the route needs. */
    resource: AccessResource;
    table: T;
    read(row: T['$inferSelect'], scope: Scope): Promise<unknown>;
  },
): void {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    spec.path,
    {
      schema: { tags: spec.tags, summary: spec.summary, params: idParam },
      config: can(spec.resource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const row = await findOr404(db, spec.table, rowInScope(spec.table, scope, request.params.id));
      return ok(await spec.read(row, scope));
    },
  );
}
