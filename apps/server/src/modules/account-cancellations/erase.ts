import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ErasureReceipt } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { jobItems, jobs } from '../../db/jobs.ts';
import type { JobKind, JobRow, JobRunner } from '../../lib/jobs/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { emitCallback } from '../callbacks/index.ts';
import { players } from '../players/index.ts';
import { accountCancellations } from './tables.ts';

type Row = typeof accountCancellations.$inferSelect;

/** The table that keeps the receipt: the one place the openid stays. */
const RECEIPT_TABLE = 'account_cancellations';

/** A column that may hold an openid: a text, a list of texts, or JSON. */
interface TextColumn {
  table_name: string;
  column_name: string;
  kind: 'text' | 'array' | 'json';
}

/**
 * Every column of the schema that may hold a player's openid, by table, with whether the table is
 * filed by game (`product_id`) or by CP (`cp_id`). Read from the information schema at each erasure,
 * so a table a module adds later is erased too without being listed anywhere.
 */
async function textColumns(db: Db, only?: string) {
  const one = only ? sql`and c.table_name = ${only}` : sql``;
  const oneScope = only ? sql`and table_name = ${only}` : sql``;
  const columns = await queryRows<TextColumn>(
    db,
    sql`select c.table_name, c.column_name,
          case when c.data_type = 'jsonb' or c.data_type = 'json' then 'json'
               when c.data_type = 'ARRAY' then 'array' else 'text' end as kind
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
          and c.is_generated = 'NEVER' ${one}
          and (c.data_type in ('text', 'character varying', 'jsonb', 'json')
               or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
        order by c.table_name, c.ordinal_position`,
  );
  const scopes = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_name in ('product_id', 'cp_id') ${oneScope}`,
  );
  const tables = new Map<string, { columns: TextColumn[]; product: boolean; cp: boolean }>();
  for (const column of columns) {
    if (column.table_name === RECEIPT_TABLE) continue;
    const entry = tables.get(column.table_name) ?? { columns: [], product: false, cp: false };
    entry.columns.push(column);
    tables.set(column.table_name, entry);
  }
  for (const scope of scopes) {
    const entry = tables.get(scope.table_name);
    if (!entry) continue;
    if (scope.column_name === 'product_id') entry.product = true;
    else entry.cp = true;
  }
  return tables;
}

/** The openid as a regular expression, taken literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An openid inside a text, as a whole token (`abc` in "abc log.level" but not in "abcd"): the
 * characters around it are not letters, digits nor `_` (an event id `<openid>-login` is theirs too).
 */
const tokenPattern = (openid: string) => `(^|[^A-Za-z0-9_])${literal(openid)}($|[^A-Za-z0-9_])`;

/** Per column: the condition that it holds the openid, and the value with it replaced. */
function columnChange(column: TextColumn, openid: string, pseudonym: string): { holds: SQL; value: SQL } {
  const c = sql.identifier(column.column_name);
  if (column.kind === 'array')
    return { holds: sql`${openid} = any(${c})`, value: sql`array_replace(${c}, ${openid}, ${pseudonym})` };
  if (column.kind === 'json') {
    // The openid as a JSON string (a value or a key), quotes included: never part of a longer one.
    const quoted = sql`to_jsonb(${openid}::text)::text`;
    return {
      holds: sql`strpos(${c}::text, ${quoted}) > 0`,
      value: sql`replace(${c}::text, ${quoted}, to_jsonb(${pseudonym}::text)::text)::jsonb`,
    };
  }
  const pattern = tokenPattern(openid);
  return {
    holds: sql`(strpos(${c}, ${openid}) > 0 and ${c} ~ ${pattern})`,
    value: sql`regexp_replace(${c}, ${pattern}, ${`\\1${pseudonym.replace(/\\/g, '\\\\')}\\2`}, 'g')`,
  };
}

/** One step of an erasure (a job item): the account deleted, or one table's rows anonymised. */
export type EraseStep =
  { delete: 'players' } | { table: string; columns: TextColumn[]; product: boolean; cp: boolean };
/** What a step did. */
type StepDone = { deleted: number; anonymised: number };

/**
 * The steps of erasing one player: their account row first (its sign-ins, devices, characters and
 * orders go with it), then every table filed by game or by CP that has a text column — read from
 * the information schema when the erasure starts, so a table a module adds later is erased too.
 * A table filed neither by game nor by CP cannot tell whose openid it holds: left alone.
 */
export async function eraseSteps(db: Db): Promise<EraseStep[]> {
  const steps: EraseStep[] = [{ delete: 'players' }];
  for (const [table, entry] of await textColumns(db))
    if (entry.product || entry.cp) steps.push({ table, ...entry });
  return steps;
}

/** Does one step for one request, inside the job item's transaction. */
export async function eraseStep(
  tx: Db,
  request: Pick<Row, 'id' | 'cpId' | 'productId' | 'openid'>,
  step: EraseStep,
): Promise<StepDone> {
  const { openid, productId, cpId } = request;
  if ('delete' in step) {
    const deleted = await tx
      .delete(players)
      .where(and(eq(players.productId, productId), eq(players.openid, openid)))
      .returning({ id: players.id });
    return { deleted: deleted.length, anonymised: 0 };
  }
  // The columns read when the erasure started (kept in the step: no schema query per step).
  const entry = step;
  const scope = entry.product ? sql`product_id = ${productId}` : entry.cp ? sql`cp_id = ${cpId}` : undefined;
  if (!scope) return { deleted: 0, anonymised: 0 };
  const pseudonym = pseudonymOf(request);
  const changes = entry.columns.map((column) => ({ column, ...columnChange(column, openid, pseudonym) }));
  const set = sql.join(
    changes.map(
      ({ column, holds, value }) =>
        sql`${sql.identifier(column.column_name)} = case when ${holds} then ${value} else ${sql.identifier(column.column_name)} end`,
    ),
    sql`, `,
  );
  const any = sql.join(
    changes.map(({ holds }) => sql`coalesce(${holds}, false)`),
    sql` or `,
  );
  const [done] = await queryRows<{ count: number }>(
    tx,
    sql`with changed as (update ${sql.identifier(step.table)} set ${set} where ${scope} and (${any}) returning 1)
        select count(*)::int as count from changed`,
  );
  return { deleted: 0, anonymised: done?.count ?? 0 };
}

const pseudonymOf = (request: Pick<Row, 'id'>) => `erased-${request.id}`;
const stepName = (step: EraseStep) => ('delete' in step ? step.delete : step.table);

/** The kind of job that erases one request, a step per item (its params name the request). */
export const ERASE_JOB = 'account_cancellations.erase';

/** Tests: called before each step (a restart mid-erasure is staged from here). */
let beforeStep: ((step: EraseStep) => void) | undefined;
export function setBeforeEraseStep(hook: ((step: EraseStep) => void) | undefined) {
  beforeStep = hook;
}

const requestOf = (job: JobRow) => (job.params as { cancellation_id: number }).cancellation_id;

/**
 * The erasure as a job: each step is an item done once inside its batch's transaction (a restart
 * resumes at the first step not done, and no step runs twice); the runner yields between batches
 * and publishes the progress. When the last step is done, in the same transaction, the request
 * turns erased with its receipt (the steps' counts) and the game's callback is queued.
 */
export const eraseJob: JobKind = {
  async item(tx, input, { job }) {
    const [request] = await tx
      .select()
      .from(accountCancellations)
      .where(and(eq(accountCancellations.id, requestOf(job)), eq(accountCancellations.status, 'erasing')));
    if (!request) return { deleted: 0, anonymised: 0 };
    beforeStep?.(input as EraseStep);
    return eraseStep(tx, request, input as EraseStep);
  },
  async ended(tx, job) {
    if (job.status !== 'succeeded') return; // Failed steps: the job page retries them, then this runs again.
    const [request] = await tx
      .select()
      .from(accountCancellations)
      .where(and(eq(accountCancellations.id, requestOf(job)), eq(accountCancellations.status, 'erasing')))
      .for('update');
    if (!request) return;
    const done = await tx
      .select({ input: jobItems.input, output: jobItems.output })
      .from(jobItems)
      .where(and(eq(jobItems.jobId, job.id), eq(jobItems.status, 'ok')));
    const tables: ErasureReceipt['tables'] = {};
    for (const { input, output } of done) {
      const counts = output as StepDone | null;
      if (!counts || (counts.deleted === 0 && counts.anonymised === 0)) continue;
      const name = stepName(input as EraseStep);
      const before = tables[name] ?? { deleted: 0, anonymised: 0 };
      tables[name] = {
        deleted: before.deleted + counts.deleted,
        anonymised: before.anonymised + counts.anonymised,
      };
    }
    const receipt: ErasureReceipt = {
      erased_at: new Date().toISOString(),
      tables,
      pseudonym: pseudonymOf(request),
    };
    await tx
      .update(accountCancellations)
      .set({
        status: 'erased',
        receipt,
        version: sql`${accountCancellations.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(accountCancellations.id, request.id));
    // The game learns which request was carried out (it knows the request's player; no openid is sent).
    await emitCallback(tx, {
      cpId: request.cpId,
      productId: request.productId,
      event: 'account.cancelled',
      data: { cancellation_id: request.id, erased_at: receipt.erased_at },
    });
  },
};

/**
 * Starts the erasure of each request whose cooling-off is over (not withdrawn, not held): under a
 * row lock, in one transaction, the request turns `erasing` and its job is stored with its steps,
 * so two instances never start one twice and a crash leaves either both or neither. Answers the
 * jobs started (not yet run).
 */
export async function startErasures(db: Db, now = new Date(), limit = 50): Promise<number[]> {
  const due = await db
    .select({ id: accountCancellations.id })
    .from(accountCancellations)
    .where(
      and(
        eq(accountCancellations.status, 'cooling_off'),
        eq(accountCancellations.legalHold, false),
        lte(accountCancellations.eraseAt, now),
      ),
    )
    .orderBy(asc(accountCancellations.eraseAt))
    .limit(limit);
  const started: number[] = [];
  for (const { id } of due) {
    const jobId = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(accountCancellations)
        .where(
          and(
            eq(accountCancellations.id, id),
            eq(accountCancellations.status, 'cooling_off'),
            eq(accountCancellations.legalHold, false),
            lte(accountCancellations.eraseAt, now),
          ),
        )
        .for('update', { skipLocked: true });
      if (!row) return null;
      const steps = await eraseSteps(tx);
      const [job] = await tx
        .insert(jobs)
        .values({
          cpId: row.cpId,
          productId: row.productId,
          username: 'account-cancellation',
          kind: ERASE_JOB,
          params: { cancellation_id: row.id },
          total: steps.length,
        })
        .returning({ id: jobs.id });
      await tx.insert(jobItems).values(steps.map((input, i) => ({ jobId: job!.id, seq: i + 1, input })));
      await tx
        .update(accountCancellations)
        .set({
          status: 'erasing',
          jobId: job!.id,
          version: sql`${accountCancellations.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(accountCancellations.id, id));
      return job!.id;
    });
    if (jobId !== null) started.push(jobId);
  }
  return started;
}

/**
 * Starts the due erasures and runs their jobs here to the end (the schedule's task; another
 * instance or a restart resumes any it leaves). Answers how many requests it erased.
 */
export async function eraseDue(db: Db, runner: JobRunner, now = new Date(), limit = 50): Promise<number> {
  const started = await startErasures(db, now, limit);
  for (const jobId of started) await runner.runJob(jobId);
  if (started.length === 0) return 0;
  const erased = await db
    .select({ id: accountCancellations.id })
    .from(accountCancellations)
    .where(and(inArray(accountCancellations.jobId, started), eq(accountCancellations.status, 'erased')));
  return erased.length;
}
