import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { eq, sql, type SQL } from 'drizzle-orm';
import { OPENID_LIST_LIMITS, openidField, textFor } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { insertJob } from '../../lib/jobs/index.ts';
import type { Scope } from '../../lib/access.ts';
import { fieldError } from '../../lib/problems.ts';
import { queryRows } from '../../lib/rows.ts';
import type { FileStorage } from '../files/index.ts';
import { emitCallback } from '../callbacks/index.ts';
import { groupMembersSql } from '../user-groups/index.ts';
import type { MailRow } from './mails.ts';
import { mails } from './tables.ts';

/**
 * The fan-out of a mail: one delivery row per player it goes to (`mail_recipients`), written by a
 * job whose items are ranges of player ids (about CHUNK players each, cut at send time). Each item
 * is one set-based `INSERT … SELECT … ON CONFLICT DO NOTHING`, so an item run twice (a restart in
 * the middle of a batch) adds nothing the second time; the mail counts what each item inserted and
 * which items are done, and turns `sent` (or `partly_failed`) when the last one is.
 */

export const FANOUT_JOB = 'mails.fanout';
export const CHUNK = 10_000;

/** The players of the mail's target (alias `p` for `players`), as a condition. */
export function targetSql(
  row: Pick<MailRow, 'id' | 'productId' | 'target' | 'servers' | 'userGroupIds'>,
): SQL {
  switch (row.target) {
    case 'all':
      return sql`true`;
    case 'servers':
      return sql`exists (select 1 from player_roles r where r.player_id = p.id and r.product_id = ${row.productId}::int
        and r.server in (select jsonb_array_elements_text(${JSON.stringify(row.servers)}::jsonb)))`;
    case 'file':
      return sql`exists (select 1 from mail_openids o where o.mail_id = ${row.id}::int and o.openid = p.openid)`;
    case 'groups': {
      const members = sql.join(
        row.userGroupIds.map((id) => groupMembersSql(row.productId, id)),
        sql` union all `,
      );
      return sql`p.id in (select g.player_id from (${members}) g)`;
    }
  }
}

/** How many players the mail goes to now (the number the approval policy compares). */
export async function countRecipients(db: Db, row: MailRow): Promise<number> {
  const [n] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from players p where p.product_id = ${row.productId}::int and ${targetSql(row)}`,
  );
  return Number(n!.n);
}

/** The openids of an uploaded list (one a line), read with a line reader, at most the list limit. */
export async function readOpenidFile(
  db: Db,
  storage: FileStorage,
  scope: Scope,
  fileId: string,
): Promise<string[]> {
  const [file] = await queryRows<{ storage: string; storage_key: string; use: string }>(
    db,
    sql`select storage, storage_key, use from files where id = ${fileId} and cp_id = ${scope.cpId}::int`,
  );
  if (!file || file.use !== 'openid_list') throw fieldError(scope.lang, 'file_id', 'unknown_ref');
  const stream = await storage.stores[file.storage as 'local' | 's3']?.get(file.storage_key);
  if (!stream) throw fieldError(scope.lang, 'file_id', 'unknown_ref');
  const seen = new Set<string>();
  const lines = createInterface({ input: stream as Readable, crlfDelay: Infinity });
  for await (const line of lines) {
    const openid = line.replace(/^\uFEFF/, '').trim();
    if (!openid) continue;
    if (openid.length > OPENID_LIST_LIMITS.lineLength || !openidField.safeParse(openid).success) {
      lines.close();
      throw fieldError(scope.lang, 'file_id', 'bad_file');
    }
    seen.add(openid);
    if (seen.size > OPENID_LIST_LIMITS.lines) {
      lines.close();
      throw fieldError(scope.lang, 'file_id', 'too_many_rows');
    }
  }
  if (seen.size === 0) throw fieldError(scope.lang, 'file_id', 'required');
  return [...seen];
}

/** Keeps the mail's openid list (replacing an earlier one); answers how many are no player of the product. */
export async function storeOpenids(tx: Db, row: MailRow, openids: string[]): Promise<number> {
  await tx.execute(sql`delete from mail_openids where mail_id = ${row.id}::int`);
  for (let start = 0; start < openids.length; start += 5000) {
    await tx.execute(sql`insert into mail_openids (mail_id, openid)
      select ${row.id}::int, o from jsonb_array_elements_text(${JSON.stringify(openids.slice(start, start + 5000))}::jsonb) o
      on conflict do nothing`);
  }
  const [n] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from mail_openids o where o.mail_id = ${row.id}::int
      and not exists (select 1 from players p where p.product_id = ${row.productId}::int and p.openid = o.openid)`,
  );
  return Number(n!.n);
}

export interface ChunkInput {
  mail_id: number;
  product_id: number;
  chunk: number;
  /** Player ids from (inclusive) to (exclusive; null: no bound). */
  from: number;
  to: number | null;
}

/** The id ranges of about CHUNK of the product's players each (at least one range). */
export async function chunksOf(db: Db, row: MailRow): Promise<ChunkInput[]> {
  const starts = await queryRows<{ id: number }>(
    db,
    sql`select id from (select id, row_number() over (order by id) as n from players where product_id = ${row.productId}::int) s
      where (n - 1) % ${CHUNK} = 0 order by id`,
  );
  const ids = starts.map((s) => Number(s.id));
  if (!ids.length) ids.push(0);
  return ids.map((from, chunk) => ({
    mail_id: row.id,
    product_id: row.productId,
    chunk,
    from: chunk === 0 ? 0 : from,
    to: ids[chunk + 1] ?? null,
  }));
}

/**
 * Queues the fan-out job through the caller's transaction (so the mail's move to `sending` and its
 * job commit together); the caller starts it once committed (`kick`). Answers the job's id.
 */
export async function queueFanout(tx: Db, owner: Scope, row: MailRow): Promise<number> {
  const items = await chunksOf(tx, row);
  const jobId = await insertJob(
    tx,
    FANOUT_JOB,
    { cpId: row.cpId, productId: row.productId, userId: owner.userId || null, username: owner.username },
    { items, params: { mail_id: row.id, name: textFor(row.title) } },
  );
  await tx.execute(
    sql`update mails set job_id = ${jobId}::int, chunk_count = ${items.length}::int, chunks_done = '[]'::jsonb, recipients = 0 where id = ${row.id}::int`,
  );
  return jobId;
}

/**
 * One fan-out item: the delivery rows of the players of its id range, set-based and idempotent;
 * a mail no longer sending (recalled, expired meanwhile) gets none.
 */
export async function fanoutChunk(tx: Db, input: ChunkInput): Promise<{ delivered: number }> {
  const [row] = await tx.select().from(mails).where(eq(mails.id, input.mail_id)).for('update');
  // `partly_failed` with chunks left: a retry of the chunks that failed.
  if (!row || !(row.status === 'sending' || (row.status === 'partly_failed' && !allDone(row))))
    return { delivered: 0 };
  const inserted = await queryRows<{ player_id: number }>(
    tx,
    sql`insert into mail_recipients (mail_id, player_id)
      select ${row.id}::int, p.id from players p
      where p.product_id = ${row.productId}::int and p.id >= ${input.from}::bigint
        ${input.to === null ? sql`` : sql`and p.id < ${input.to}::bigint`}
        and ${targetSql(row)}
      on conflict do nothing
      returning player_id`,
  );
  const delivered = inserted.length;
  await tx.execute(sql`update mails set
      recipients = case when chunks_done @> ${JSON.stringify([input.chunk])}::jsonb then recipients else recipients + ${delivered}::int end,
      chunks_done = case when chunks_done @> ${JSON.stringify([input.chunk])}::jsonb then chunks_done else chunks_done || ${JSON.stringify([input.chunk])}::jsonb end
    where id = ${row.id}::int`);
  const finished = await queryRows<{ status: string; recipients: number }>(
    tx,
    sql`update mails set
      status = case when unknown_openids > 0 then 'partly_failed' else 'sent' end,
      finished_at = now(), version = version + 1, updated_at = now()
    where id = ${row.id}::int and status in ('sending', 'partly_failed') and jsonb_array_length(chunks_done) >= chunk_count
    returning status, recipients`,
  );
  // Callbacks subscribed to mail hear of it once this transaction commits (issue 33).
  if (finished[0])
    await emitCallback(tx, {
      cpId: row.cpId,
      productId: row.productId,
      event: 'mail.sent',
      data: { mail_id: row.id, status: finished[0].status, recipients: finished[0].recipients },
    });
  return { delivered };
}

const allDone = (row: MailRow) => row.chunksDone.length >= row.chunkCount;

/**
 * The fan-out job ended. With chunks that failed (their players have no copy yet) the mail stops
 * showing as sending: it is `partly_failed` until a retry of the job's failed items delivers them.
 */
export async function fanoutEnded(tx: Db, job: { params: unknown; failed: number }): Promise<void> {
  const mailId = (job.params as { mail_id?: number }).mail_id;
  if (!mailId || job.failed === 0) return;
  await tx.execute(sql`update mails set status = 'partly_failed', finished_at = now(), version = version + 1,
      updated_at = now()
    where id = ${mailId}::int and status = 'sending'`);
}
