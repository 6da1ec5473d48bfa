import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gte, lte, max, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AD_COST_MAX_ROWS,
  ErrorCode,
  adCostBatchListQuery,
  adCostRollbackBody,
  adCostRow,
  adCostUploadQuery,
  adCostsResource,
  fieldErrors,
  idParam,
  validationMessage,
  type AdCost,
  type AdCostBatch,
  type AdCostUploadAnswer,
  type ImportRowError,
} from '@rx/contracts';
import { insertMany } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/index.ts';
import type { ProductScope, Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { containsAny } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { ruleError } from '../../lib/problems.ts';
import { overseasProductsOnly } from '../../lib/region.ts';
import { ok } from '../../lib/request.ts';
import { listRoute, queryRoutes, resourceReads, tableList } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { inScope } from '../../lib/scope.ts';
import { eventLoopSlicer } from '../../lib/steps.ts';
import { readTableFile } from '../../lib/table-file.ts';
import { adCostBatches, adCostRows } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

const resource = adCostsResource;
const tags = [resource.name];
/** The columns a file must have; the others may be left out. */
const REQUIRED = ['day', 'media', 'account_id', 'cost'] as const;
/** Rows a preview shows. */
const SAMPLE = 20;

type CostRow = typeof adCostRows.$inferSelect;
type BatchRow = typeof adCostBatches.$inferSelect;

const costItems = async (db: Db, rows: CostRow[]): Promise<AdCost[]> => {
  const ids = [...new Set(rows.map((r) => r.batchId))];
  const numbers = new Map(
    ids.length
      ? (
          await db
            .select({ id: adCostBatches.id, number: adCostBatches.number })
            .from(adCostBatches)
            .where(or(...ids.map((id) => eq(adCostBatches.id, id))))
        ).map((b) => [b.id, b.number])
      : [],
  );
  return rows.map((r) => ({
    id: r.id,
    batch_id: r.batchId,
    batch_number: numbers.get(r.batchId) ?? 0,
    day: r.day,
    media: r.media,
    account_id: r.accountId,
    campaign: r.campaign,
    cost: r.cost,
    currency: r.currency,
    impressions: r.impressions,
    clicks: r.clicks,
    current: r.current,
  }));
};

export const costReads = resourceReads(resource, {
  table: adCostRows,
  items: costItems,
  where: (f) => [
    // The figures in force, or one batch's rows (in force or not).
    f.batch_id ? eq(adCostRows.batchId, f.batch_id) : eq(adCostRows.current, true),
    containsAny(f.q, adCostRows.accountId, adCostRows.campaign),
    f.media ? eq(adCostRows.media, f.media) : undefined,
    f.from ? gte(adCostRows.day, f.from) : undefined,
    f.to ? lte(adCostRows.day, f.to) : undefined,
  ],
});

/** A page of the game's uploaded batches, newest first (their numbers rise with their ids). */
const batchList = tableList({
  table: adCostBatches,
  sortBy: { id: adCostBatches.id },
  fallback: '-id',
  items: (_db, rows) => rows.map(batchItem),
});

function batchItem(row: BatchRow): AdCostBatch {
  return {
    id: row.id,
    number: row.number,
    file_name: row.fileName,
    rows: row.rows,
    totals: row.totals,
    status: row.status,
    created_by: row.createdBy,
    rolled_back_by: row.rolledBackBy,
    rolled_back_at: row.rolledBackAt?.toISOString() ?? null,
    ...stamps(row),
  };
}

/**
 * Marks, for every day, medium and account a batch has, the row in force: the newest active
 * batch's (none when every batch that had it was rolled back).
 */
async function settleCurrent(db: Db, productId: number, batchId: number): Promise<void> {
  await db.execute(sql`
    update ad_cost_rows as r
    set current = coalesce(r.batch_id = (
      select r2.batch_id from ad_cost_rows r2
      join ad_cost_batches b2 on b2.id = r2.batch_id
      where r2.product_id = r.product_id and r2.day = r.day and r2.media = r.media
        and r2.account_id = r.account_id and b2.status = 'active'
      order by b2.number desc limit 1
    ), false)
    where r.product_id = ${productId}
      and (r.day, r.media, r.account_id) in (
        select day, media, account_id from ad_cost_rows where batch_id = ${batchId}
      )`);
}

type Parsed = z.output<typeof adCostRow> & { row: number };

/** The file's rows checked: the stored values, or each row's problems by column. */
async function checkRows(
  table: string[][],
  scope: Scope,
): Promise<{ rows: Parsed[]; errors: ImportRowError[] }> {
  const lang = scope.lang;
  const header = (table[0] ?? []).map((h) => h.trim().toLowerCase());
  const missing = REQUIRED.find((column) => !header.includes(column));
  if (missing)
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { file: validationMessage('missing_column', lang, { name: missing }) },
    });
  if (table.length - 1 > AD_COST_MAX_ROWS)
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { file: validationMessage('too_many_rows', lang, { max: AD_COST_MAX_ROWS }) },
    });
  const slicer = eventLoopSlicer();
  const rows: Parsed[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Set<string>();
  for (const [index, cells] of table.slice(1).entries()) {
    await slicer.pause();
    const row = index + 2;
    if (cells.every((cell) => cell.trim() === '')) continue;
    const raw = Object.fromEntries(
      header.map((h, i) => [h, cells[i] ?? '']).filter(([h, value]) => h && value !== ''),
    );
    const parsed = adCostRow.safeParse(raw);
    if (!parsed.success) {
      for (const [field, message] of Object.entries(fieldErrors(parsed.error.issues, lang).fields))
        errors.push({ row, field, message });
      continue;
    }
    const key = `${parsed.data.day}|${parsed.data.media}|${parsed.data.account_id}`;
    if (seen.has(key)) {
      errors.push({ row, field: 'account_id', message: validationMessage('duplicate_row', lang) });
      continue;
    }
    seen.add(key);
    rows.push({ ...parsed.data, row });
  }
  return { rows, errors };
}

const totalsOf = (rows: Parsed[]) => {
  const totals: Record<string, number> = {};
  for (const r of rows) totals[r.currency] = (totals[r.currency] ?? 0) + r.cost;
  return totals;
};

/** How many of the rows replace a figure in force. */
async function replacing(db: Db, scope: ProductScope, rows: Parsed[]): Promise<number> {
  if (rows.length === 0) return 0;
  const days = rows.map((r) => r.day).sort();
  const current = await db
    .select({ day: adCostRows.day, media: adCostRows.media, accountId: adCostRows.accountId })
    .from(adCostRows)
    .where(
      and(
        inScope(adCostRows, scope),
        eq(adCostRows.current, true),
        gte(adCostRows.day, days[0]!),
        lte(adCostRows.day, days.at(-1)!),
      ),
    );
  const held = new Set(current.map((c) => `${c.day}|${c.media}|${c.accountId}`));
  return rows.filter((r) => held.has(`${r.day}|${r.media}|${r.account_id}`)).length;
}

/** Previews (dry run) or commits an uploaded file as the game's next batch. */
export async function upload(
  db: Db,
  scope: ProductScope,
  table: string[][],
  { dryRun, fileName }: { dryRun: boolean; fileName: string },
): Promise<AdCostUploadAnswer> {
  const { rows, errors } = await checkRows(table, scope);
  const answer: AdCostUploadAnswer = {
    dry_run: dryRun,
    rows: rows.length,
    replacing: await replacing(db, scope, rows),
    totals: totalsOf(rows),
    errors,
    sample: rows.slice(0, SAMPLE),
    batch: null,
  };
  if (dryRun) return answer;
  if (errors.length) throw new ApiError(ErrorCode.INVALID_INPUT, { fields: {}, errors });
  if (rows.length === 0)
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { file: validationMessage('required', scope.lang) },
    });
  const batch = await db.transaction(async (tx) => {
    // One batch number at a time per game.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ad_cost_batches'), ${scope.productId})`);
    const [last] = await tx
      .select({ number: max(adCostBatches.number) })
      .from(adCostBatches)
      .where(eq(adCostBatches.productId, scope.productId));
    const [made] = await tx
      .insert(adCostBatches)
      .values({
        cpId: scope.cpId,
        productId: scope.productId,
        number: (last?.number ?? 0) + 1,
        fileName,
        rows: rows.length,
        totals: answer.totals,
        createdBy: scope.username,
      })
      .returning();
    await insertMany(
      tx,
      adCostRows,
      rows.map((r) => ({
        cpId: scope.cpId,
        productId: scope.productId,
        batchId: made!.id,
        day: r.day,
        media: r.media,
        accountId: r.account_id,
        campaign: r.campaign,
        cost: r.cost,
        currency: r.currency,
        impressions: r.impressions,
        clicks: r.clicks,
      })),
      { returning: false },
    );
    await settleCurrent(tx, scope.productId, made!.id);
    await logChange(tx, scope, {
      action: 'import',
      targetType: 'ad_cost_batch',
      targetId: made!.id,
      targetName: `#${made!.number} ${fileName}`,
      after: { rows: rows.length, totals: answer.totals },
    });
    return made!;
  });
  return { ...answer, batch: batchItem(batch) };
}

/** Rolls a whole batch back: the figures it replaced are in force again. */
export async function rollback(
  db: Db,
  scope: ProductScope,
  id: number,
  version: number,
): Promise<AdCostBatch> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(adCostBatches)
      .where(and(eq(adCostBatches.id, id), inScope(adCostBatches, scope)))
      .for('update');
    if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
    if (row.version !== version) throw new ApiError(ErrorCode.CONFLICT);
    if (row.status !== 'active') throw ruleError(scope.lang, 'not_in_this_state');
    const [done] = await tx
      .update(adCostBatches)
      .set({
        status: 'rolled_back',
        rolledBackBy: scope.username,
        rolledBackAt: new Date(),
        version: row.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(adCostBatches.id, id))
      .returning();
    await settleCurrent(tx, scope.productId, id);
    await logChange(tx, scope, {
      action: 'rollback',
      targetType: 'ad_cost_batch',
      targetId: id,
      targetName: `#${row.number} ${row.fileName}`,
      before: { status: row.status },
      after: { status: 'rolled_back' },
    });
    return batchItem(done!);
  });
}

const EXPORT_HEADERS = [
  'batch_number',
  'day',
  'media',
  'account_id',
  'campaign',
  'cost',
  'currency',
  'impressions',
  'clicks',
] as const;

/**
 * `/ad-costs` (overseas games only): the costs in force (list, export), upload (preview, commit),
 * the batches, and rollback of a batch.
 */
export async function adCostRoutes(fastify: FastifyInstance, { db }: { db: Db }): Promise<void> {
  overseasProductsOnly(fastify, db);
  queryRoutes(
    fastify,
    db,
    resource,
    { list: costReads.list, batch: costReads.batch },
    {
      summary: 'The media costs in force (or one batch’s rows)',
      exporter: {
        headers: EXPORT_HEADERS,
        toCells: (item: AdCost) => ({
          ...item,
          // Amounts as the upload writes them (the currency's units, two decimals).
          cost: (item.cost / 100).toFixed(2),
        }),
      },
    },
  );
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ad-costs/upload',
    {
      config: can(resource, 'import'),
      schema: {
        tags,
        summary:
          'Upload a CSV or XLSX file of daily costs (raw body; columns day, media, account_id, cost, and ' +
          'optionally campaign, currency, impressions, clicks): dry_run=1 previews it (totals, rows ' +
          'replacing figures in force, row errors) and writes nothing; otherwise it becomes the next ' +
          'batch, or nothing is written (400001 with the row errors)',
        querystring: adCostUploadQuery,
      },
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      const table = await readTableFile(request.body, scope.lang);
      return ok(
        await upload(db, scope, table, {
          dryRun: request.query.dry_run ?? false,
          fileName: request.query.file_name ?? '',
        }),
      );
    },
  );

  listRoute(app, {
    name: 'ad-cost-batches',
    path: '/ad-costs/batches',
    tags,
    summary: 'The uploaded batches, newest first',
    query: adCostBatchListQuery,
    filters: ['status'],
    sorts: ['id'],
    config: can(resource, 'read'),
    list: (request, { status, ...paging }) => {
      const scope = scopeOf(request);
      const where = and(inScope(adCostBatches, scope), status ? eq(adCostBatches.status, status) : undefined);
      return batchList(db, where, paging, scope.lang);
    },
  });

  app.post(
    '/ad-costs/batches/:id/rollback',
    {
      config: can(resource, 'update'),
      schema: {
        tags,
        summary: 'Roll a whole batch back: the figures it replaced are in force again',
        params: idParam,
        body: adCostRollbackBody,
      },
    },
    async (request) =>
      ok(await rollback(db, scopeOf(request) as ProductScope, request.params.id, request.body.version)),
  );
}
