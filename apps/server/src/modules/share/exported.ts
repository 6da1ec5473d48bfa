import type { FastifyInstance } from 'fastify';
import type { Resource } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import type { Cell } from '../../lib/cells.ts';
import {
  resourceRoutes,
  resourceTableRoutes,
  type ResourceImpl,
  type ResourceService,
  type ResourceTable,
} from '../../lib/resource-routes.ts';

type Stamped = { id: number; version: number; created_at: string; updated_at: string };

/** Hashtags in one cell, as staff write them: `#a #b`. */
export const hashtagsCell = (tags: readonly string[]): string => tags.map((tag) => `#${tag}`).join(' ');

/**
 * A share resource's standard routes and its export: the id, `columns` (cells from `cellsOf`, by
 * default the item's own fields), then the version and times. No import: its rows carry uploads
 * and platform checks that a sheet cannot.
 */
export function exportedShareRoutes<R extends Resource, T extends ResourceTable, Item extends Stamped>(
  fastify: FastifyInstance,
  db: Db,
  resource: R,
  service: ResourceService<R, Item>,
  impl: ResourceImpl<R, T, Item, null>,
  columns: readonly string[],
  cellsOf: (item: Item) => Record<string, Cell> = (item) => ({ ...item }),
): void {
  resourceRoutes(fastify, db, resource, service, impl);
  resourceTableRoutes(fastify, db, resource, {
    exporter: {
      name: resource.name,
      headers: ['id', ...columns, 'version', 'created_at', 'updated_at'],
      prepare: async () => null,
      toCells: (item: Item) => ({
        id: item.id,
        ...cellsOf(item),
        version: item.version,
        created_at: item.created_at,
        updated_at: item.updated_at,
      }),
      batch: (db2: Db, scope: Scope, filters: unknown, after: number, limit: number) =>
        service.batch(db2, scope, filters as never, after, limit),
    },
  });
}
