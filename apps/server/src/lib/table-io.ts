import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_CONTENT_TYPES,
  importQuery,
  type ExportFormat,
  type LogTableTarget,
  type LogTargetType,
} from '@rx/contracts';
import type { Db } from '../db/index.ts';
import type { Scope } from './access.ts';
import type { Cell } from './cells.ts';
import { keysetBatches, sendExport } from './export.ts';
import {
  IMPORT_SYNC_MAX_ROWS,
  defineImportJob,
  runImport,
  startImportJob,
  type ImportSpec,
} from './import.ts';
import { logChange } from './operation-log.ts';
import { ok } from './request.ts';
import { readTableFile } from './table-file.ts';
import { resourceRead } from './list-routes.ts';

/** How one resource writes its rows to an export file. */
export interface ExportSpec<
  Item extends { id: number },
  Filters,
  Ctx,
  Parent = undefined,
> extends ExportNaming<Parent> {
  headers: readonly string[];
  /** What formatting needs once per file (e.g. codes of the props gifts refer to). */
  prepare(db: Db, scope: Scope, parent?: Parent): Promise<Ctx>;
  toCells(item: Item, ctx: Ctx): Record<string, Cell>;
  /** Rows matching the list's filters with `id > afterId`, by id, at most `limit`. */
  batch(
    db: Db,
    scope: Scope,
    filters: Filters,
    afterId: number,
    limit: number,
    parent?: Parent,
  ): Promise<Item[]>;
}

/**
 * An export whose rows are not read by id (a batch's codes by chunk and code, a union of two tables
 * by order number): the module streams its rows itself, in batches that each are a fresh query or a
 * cursor, never the whole table in memory. The route, its access, log and file are the same.
 */
export interface StreamExport<Filters, Parent = undefined> extends ExportNaming<Parent> {
  /** The file's first row (default `headers`): a batch's codes start with `# batch,<name>`. */
  headers: readonly string[] | ((parent: Parent) => readonly string[]);
  rows(db: Db, scope: Scope, filters: Filters, parent: Parent): AsyncIterable<Cell[][]>;
}

/** What every export names: its file and its operation-log entry. */
interface ExportNaming<Parent> {
  /** The file name and the target type in the operation log: the table's API name. */
  name: LogTableTarget;
  /** The file's name before its date (default `name`; a medium's list: `ad-batches-<media>`; a batch's codes: `codes-<id>`). */
  file?(scope: Scope, parent: Parent): string;
  /**
   * The operation-log entry of an export when it is not the default (`name` as the target type,
   * `after: { format, filters }`): the export of one row's children names that row as the target.
   */
  log?(
    parent: Parent,
    query: { format: ExportFormat; filters: Record<string, unknown> },
  ): { targetType: LogTargetType; targetId?: number | string; targetName?: string; after?: unknown };
}

export type AnyExport<Item extends { id: number }, Filters, Ctx, Parent = undefined> =
  ExportSpec<Item, Filters, Ctx, Parent> | StreamExport<Filters, Parent>;

export interface TableRoutes<Item extends { id: number }, Filters, Input, Ctx, Parent = undefined> {
  /** The resource's path under the prefix, e.g. `/props`, or a row's children `/code-batches/:id/codes`. */
  path: string;
  tags: string[];
  /** The API documentation's summary of the export (default: the filtered rows as CSV or XLSX). */
  summary?: string;
  /** The list's filters plus `format`. */
  exportQuery: z.ZodType;
  /**
   * The path's parameters (`idParam`) when the export is of one row's children: `parent` reads that
   * row within the caller's scope (404001 outside it), and the exporter gets it.
   */
  params?: z.ZodType;
  parent?(db: Db, scope: Scope, params: Record<string, unknown>): Promise<Parent>;
  access(request: FastifyRequest, action: 'export' | 'import'): Promise<Scope>;
  /** Each route's options `config` (its declared access, see route-access.ts). */
  config?(action: 'export' | 'import'): Record<string, unknown>;
  exporter: AnyExport<Item, Filters, Ctx, Parent>;
  importer?: ImportSpec<Item, Input, Ctx>;
}

const fileBody = z.any().meta({
  type: 'string',
  format: 'binary',
  description:
    'The CSV or XLSX file as the raw request body (not multipart); the first row names the columns.',
});

/** `GET <path>/export?format=csv|xlsx&<filters>` and `POST <path>/import?dry_run=1&valid_only=1`. */
export function tableRoutes<Item extends { id: number }, Filters, Input, Ctx, Parent = undefined>(
  fastify: FastifyInstance,
  db: Db,
  options: TableRoutes<Item, Filters, Input, Ctx, Parent>,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { exporter, importer, tags } = options;

  app.get(
    `${options.path}/export`,
    {
      // The export of every resource, whatever its rows (lib/list-routes.ts).
      config: { ...options.config?.('export'), ...resourceRead(options.path) },
      schema: {
        tags,
        summary: options.summary ?? 'Export the filtered rows as CSV (UTF-8 with BOM) or XLSX, streamed',
        ...(options.params ? { params: options.params } : {}),
        querystring: options.exportQuery,
      },
    },
    async (request, reply) => {
      const scope = await options.access(request, 'export');
      const { format, ...filters } = request.query as { format: ExportFormat } & Record<string, unknown>;
      const parent = (
        options.parent
          ? await options.parent(db, scope, request.params as Record<string, unknown>)
          : undefined
      ) as Parent;
      const entry = exporter.log?.(parent, { format, filters }) ?? {
        targetType: exporter.name,
        after: { format, filters },
      };
      const file = exporter.file?.(scope, parent) ?? exporter.name;
      if ('rows' in exporter) {
        await logChange(db, scope, { action: 'export', ...entry });
        const headers = typeof exporter.headers === 'function' ? exporter.headers(parent) : exporter.headers;
        return sendExport(reply, format, file, headers, exporter.rows(db, scope, filters as Filters, parent));
      }
      const ctx = await exporter.prepare(db, scope, parent);
      await logChange(db, scope, { action: 'export', ...entry });
      async function* rows(spec: ExportSpec<Item, Filters, Ctx, Parent>): AsyncGenerator<Cell[][]> {
        const batches = keysetBatches((after, limit) =>
          spec.batch(db, scope, filters as Filters, after, limit, parent),
        );
        for await (const batch of batches) {
          yield batch.map((item) => {
            const cells = spec.toCells(item, ctx);
            return spec.headers.map((h) => cells[h] ?? null);
          });
        }
      }
      return sendExport(reply, format, file, exporter.headers, rows(exporter));
    },
  );

  if (!importer) return;
  // Imports of more than IMPORT_SYNC_MAX_ROWS rows run as background jobs (lib/jobs).
  defineImportJob(fastify.jobs, db, importer);
  app.post(
    `${options.path}/import`,
    {
      config: options.config?.('import'),
      schema: {
        tags,
        summary:
          'Import a CSV or XLSX file (raw body, at most IMPORT_MAX_ROWS = 20,000 data rows): dry_run=1 ' +
          'answers the diff and writes nothing; otherwise the diff is applied in one transaction, or ' +
          'nothing is (400001 with the row errors); valid_only=1 applies the rows without errors and ' +
          'answers the others in `skipped`. A file of more than 1,000 rows answers HTTP 202 `{ job_id }` ' +
          'at once and is imported by a background job (GET /api/v1/jobs/:id: progress, then the same ' +
          'answer as its `summary`)',
        querystring: importQuery,
        consumes: Object.values(IMPORT_CONTENT_TYPES),
        body: fileBody,
      },
    },
    async (request, reply) => {
      const scope = await options.access(request, 'import');
      const table = await readTableFile(request.body, scope.lang);
      const { dry_run: dryRun = false, valid_only: validOnly = false } = request.query;
      if (table.length - 1 > IMPORT_SYNC_MAX_ROWS) {
        // A large file: answered at once with the job that imports it (its summary: this same answer).
        const jobId = await startImportJob(fastify.jobs, importer, scope, table, { dryRun, validOnly });
        return reply.code(202).send(ok({ job_id: jobId }));
      }
      return ok(await runImport(db, scope, importer, table, { dryRun, validOnly }));
    },
  );
}
