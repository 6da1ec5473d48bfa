import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ExportFormat } from '@rx/contracts';
import { CSV_BOM, csvLine } from './csv.ts';
import type { Cell } from './cells.ts';
import { XLSX_TYPE, xlsxStream } from './xlsx.ts';

/** Rows per query of an export: memory holds one batch, whatever the table's size. */
export const EXPORT_BATCH = 500;

/**
 * Reads rows in keyset batches (`id > last id ORDER BY id LIMIT n`) until a short batch: each batch
 * is a fresh query, so a long export neither holds a transaction nor skips or repeats rows.
 */
export async function* keysetBatches<T extends { id: number }>(
  fetch: (afterId: number, limit: number) => Promise<T[]>,
  limit = EXPORT_BATCH,
): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const batch = await fetch(after, limit);
    if (batch.length) yield batch;
    if (batch.length < limit) return;
    after = batch[batch.length - 1]!.id;
  }
}

async function* csvStream(headers: readonly string[], rows: AsyncIterable<Cell[][]>): AsyncGenerator<Buffer> {
  yield Buffer.from(CSV_BOM + csvLine(headers));
  for await (const batch of rows) yield Buffer.from(batch.map(csvLine).join(''));
}

/** A file name for Content-Disposition: `props-20250101-120000.csv`, UTF-8 safe. */
function attachment(name: string, format: ExportFormat): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const file = `${name}-${stamp}.${format}`;
  return `attachment; filename="${file}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

/** Answers the export as a stream: the rows are written to the response as they are read. */
export function sendExport(
  reply: FastifyReply,
  format: ExportFormat,
  name: string,
  headers: readonly string[],
  rows: AsyncIterable<Cell[][]>,
): FastifyReply {
  const body = format === 'xlsx' ? xlsxStream(headers, rows) : csvStream(headers, rows);
  return reply
    .header('content-type', format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
    .header('content-disposition', attachment(name, format))
    .header('cache-control', 'no-store')
    .send(Readable.from(body, { objectMode: false }));
}
