import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { ExportFormat } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { jobItems } from '../../db/jobs.ts';
import type { Cell } from '../cells.ts';
import { sendExport } from '../export.ts';

export const RESULT_HEADERS = ['seq', 'status', 'message', 'input', 'output'] as const;

function json(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A job's items with their status and message, as CSV or XLSX, made on demand and streamed. */
export function jobResultFile(
  reply: FastifyReply,
  db: Db,
  jobId: number,
  format: ExportFormat,
): FastifyReply {
  async function* rows(): AsyncGenerator<Cell[][]> {
    let after = 0;
    for (;;) {
      const batch = await db
        .select()
        .from(jobItems)
        .where(and(eq(jobItems.jobId, jobId), gt(jobItems.seq, after)))
        .orderBy(asc(jobItems.seq))
        .limit(1000);
      if (batch.length) {
        yield batch.map((item) => [item.seq, item.status, item.message, json(item.input), json(item.output)]);
        after = batch.at(-1)!.seq;
      }
      if (batch.length < 1000) return;
    }
  }
  return sendExport(reply, format, `job-${jobId}`, RESULT_HEADERS, rows());
}
