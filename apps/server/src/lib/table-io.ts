import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_CONTENT_TYPES, importQuery, type ExportFormat, type LogTableTarget } from '@rx/contracts';
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
export interface ExportSpec<Item extends { id: number }, Filters, Ctx> {
  /** The file name and the target type in the operation log: the table's API name. */
  name: LogTableTarget;
  headers: readonly string[];
  /** The file's name before its date (default `name`; a medium's list: `ad-batches-<media>`). */
  file?(scope: Scope): string;
  /** What formatting needs once per file (e.g. codes of the props gifts refer to). */
  prepare(db: Db, scope: Scope): Promise<Ctx>;
  toCells(item: Item, ctx: Ctx): Record<string, Cell>;
  /** Rows matching the list's filters with `id > afterId`, by id, at most `limit`. */
  batch(db: Db, scope: Scope, filters: Filters, afterId: number, limit: number): Promise<Item[]>;
}

export interface TableRoutes<Item extends { id: number }, Filters, Input, Ctx> {
  /** The resource's path under the prefix, e.g. `/props`. */
  path: string;
  tags: string[];
  /** The list's filters plus `format`. */
  exportQuery: z.ZodType;
  access(request: FastifyRequest, action: 'export' | 'import'): Promise<Scope>;
  /** Each route's options `config` (its declared access, see route-access.ts). */
  config?(action: 'export' | 'import'): Record<string, unknown>;
  exporter: ExportSpec<Item, Filters, Ctx>;
  importer?: ImportSpec<Item, Input, Ctx>;
}

const fileBody = z.any().meta({
  type: 'string',
  format: 'binary',
  description:
    'The CSV or XLSX file as the raw request body (not multipart); the first row names the columns.',
});

/** `GET <path>/export?format=csv|xlsx&<filters>` and `POST <path>/import?dry_run=1&valid_only=1`. */
export function tableRoutes<Item extends { id: number }, Filters, Input, Ctx>(
  fastify: FastifyInstance,
  db: Db,
  options: TableRoutes<Item, Filters, Input, Ctx>,
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
        summary: 'Export the filtered rows as CSV (UTF-8 with BOM) or XLSX, streamed',
        querystring: options.exportQuery,
      },
    },
    async (request, reply) => {
      const scope = await options.access(request, 'export');
      const { format, ...filters } = request.query as { format: ExportFormat } & Record<string, unknown>;
      const ctx = await exporter.prepare(db, scope);
      await logChange(db, scope, { action: 'export', targetType: exporter.name, after: { format, filters } });
      async function* rows(): AsyncGenerator<Cell[][]> {
        const batches = keysetBatches((after, limit) =>
          exporter.batch(db, scope, filters as Filters, after, limit),
        );
        for await (const batch of batches) {
          yield batch.map((item) => {
            const cells = exporter.toCells(item, ctx);
            return exporter.headers.map((h) => cells[h] ?? null);
          });
        }
      }
      return sendExport(reply, format, exporter.file?.(scope) ?? exporter.name, exporter.headers, rows());
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
