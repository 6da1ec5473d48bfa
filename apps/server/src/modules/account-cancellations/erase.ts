import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ErasureReceipt } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { jobItems, jobs } from '../../db/jobs.ts';
import type { JobKind, JobRow, JobRunner } from '../../lib/jobs/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { emitCallback } from '../callbacks/index.ts';
import { players } from '../players/index.ts';
import { declaredColumns, PLAYER_DATA, type PlayerData } from './player-data.ts';
import { accountCancellations } from './tables.ts';

type Row = typeof accountCancellations.$inferSelect;

/** How a declared column is stored: a text, a list of texts, JSON, or another type (a number). */
type Kind = 'text' | 'array' | 'json' | 'other';

/** A key of a table filed neither by game nor by CP to the row of one that is. */
interface ParentKey {
  table: string;
  column: string;
  parent: string;
  parent_column: string;
}

/** How a table is filed: by game (`product_id`), by CP (`cp_id`), or under a row of such a table. */
interface Filing {
  product: boolean;
  cp: boolean;
  via?: ParentKey;
}

/**
 * The declared tables as the schema has them: each declared column's kind, and how the table is
 * filed. Read from the information schema once when an erasure starts (a few catalogue queries).
 */
async function declaredTables(db: Db) {
  const names = Object.keys(PLAYER_DATA);
  const list = sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );
  const columns = await queryRows<{ table_name: string; column_name: string; kind: Kind }>(
    db,
    sql`select table_name, column_name,
          case when data_type in ('jsonb', 'json') then 'json'
               when data_type = 'ARRAY' then 'array'
               when data_type in ('text', 'character varying') then 'text' else 'other' end as kind
        from information_schema.columns
        where table_schema = current_schema() and (table_name in (${list}) or column_name in ('product_id', 'cp_id'))`,
  );
  const parents = await queryRows<ParentKey>(
    db,
    sql`select t.relname as table, a.attname as column, r.relname as parent, ra.attname as parent_column
        from pg_constraint k
        join pg_class t on t.oid = k.conrelid join pg_class r on r.oid = k.confrelid
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
        join pg_attribute ra on ra.attrelid = k.confrelid and ra.attnum = k.confkey[1]
        where k.contype = 'f' and cardinality(k.conkey) = 1
          and t.relnamespace = current_schema()::regnamespace and t.relname in (${list})
        order by t.relname, k.conname`,
  );
  const kinds = new Map<string, Record<string, Kind>>();
  const filed = new Map<string, { product: boolean; cp: boolean }>();
  for (const c of columns) {
    kinds.set(c.table_name, { ...kinds.get(c.table_name), [c.column_name]: c.kind });
    if (c.column_name === 'product_id' || c.column_name === 'cp_id') {
      const flags = filed.get(c.table_name) ?? { product: false, cp: false };
      flags[c.column_name === 'product_id' ? 'product' : 'cp'] = true;
      filed.set(c.table_name, flags);
    }
  }
  const filing = (table: string): Filing | undefined => {
    const own = filed.get(table);
    if (own) return own;
    // Filed under a row of the game or CP (a push task's deliveries, a mail's openid list): through
    // its key to that row, the game's by preference.
    const keys = parents.filter((key) => key.table === table && filed.has(key.parent));
    const key = keys.find((k) => filed.get(k.parent)!.product) ?? keys[0];
    return key ? { ...filed.get(key.parent)!, via: key } : undefined;
  };
  return { kinds, filing };
}

/** The openid as a regular expression, taken literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces the openid inside a text, as a whole token (`abc` in "player abc complained" but not in
 * "abcd"): the characters around it are not letters, digits nor `_` (an event id `<openid>-login`
 * is the player's too). The pattern is the openid taken literally between two classes: linear.
 */
function replaceToken(text: string, openid: string, pseudonym: string): string {
  if (!text.includes(openid)) return text;
  return text.replace(
    new RegExp(`(^|[^A-Za-z0-9_])${literal(openid)}(?=$|[^A-Za-z0-9_])`, 'g'),
    (_, before: string) => `${before}${pseudonym}`,
  );
}

/** The same in a JSON value, at any depth: every string and every object key. */
export function replaceInJson(value: unknown, openid: string, pseudonym: string): unknown {
  if (typeof value === 'string') return replaceToken(value, openid, pseudonym);
  if (Array.isArray(value)) return value.map((item) => replaceInJson(item, openid, pseudonym));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        replaceToken(k, openid, pseudonym),
        replaceInJson(v, openid, pseudonym),
      ]),
    );
  return value;
}

/** A stored value with the openid's occurrences replaced, by its kind. */
function quoteReplaced(value: unknown, kind: Kind, openid: string, pseudonym: string): unknown {
  if (value === null || value === undefined) return value;
  if (kind === 'text') return replaceToken(String(value), openid, pseudonym);
  if (kind === 'array')
    return (value as string[]).map((v) => (v === null ? v : replaceToken(v, openid, pseudonym)));
  if (kind === 'json') return replaceInJson(value, openid, pseudonym);
  return value;
}

/** One step of an erasure (a job item): the account deleted, or one declared table's rows. */
export type EraseStep =
  | { delete: 'players' }
  | {
      table: string;
      data: PlayerData;
      kinds: Record<string, Kind>;
      product: boolean;
      cp: boolean;
      via?: ParentKey;
      /** The player's account ids (`players.id`), for the tables that name them so. */
      accounts?: number[];
    };
type TableStep = Exclude<EraseStep, { delete: 'players' }>;
/** What a step did. */
type StepDone = { deleted: number; anonymised: number };

/**
 * The steps of erasing one player: their account row first (the tables declared `cascade` go with
 * it), then each table of `PLAYER_DATA` that holds the player's identity in declared columns. The
 * player's account ids are read now (the account is gone after the first step).
 */
export async function eraseSteps(db: Db, request?: Pick<Row, 'productId' | 'openid'>): Promise<EraseStep[]> {
  const steps: EraseStep[] = [{ delete: 'players' }];
  const { kinds, filing } = await declaredTables(db);
  const accounts = request
    ? (
        await db
          .select({ id: players.id })
          .from(players)
          .where(and(eq(players.productId, request.productId), eq(players.openid, request.openid)))
      ).map((p) => p.id)
    : [];
  for (const [table, data] of Object.entries(PLAYER_DATA)) {
    if (table === 'players' || data.cascade || !kinds.has(table)) continue;
    const filed = filing(table);
    // A table filed neither by game nor by CP cannot tell whose openid it holds: left alone.
    if (!filed) continue;
    const own = kinds.get(table)!;
    const used = Object.fromEntries(declaredColumns(data).map((c) => [c, own[c] ?? 'other']));
    const step: TableStep = { table, data, kinds: used, ...filed };
    if (Object.values(data.names ?? {}).includes('account')) step.accounts = accounts;
    steps.push(step);
  }
  return steps;
}

/**
 * A table's search for one request: the rows of the game (or CP) whose declared columns name or
 * quote the player — equality on the columns that name them (their indexes), a text search only
 * in the columns declared as quoting. Undefined for a table filed neither way.
 */
export function stepChange(
  request: Pick<Row, 'id' | 'cpId' | 'productId' | 'openid'>,
  step: TableStep,
): { where: SQL } | undefined {
  const { openid, productId, cpId } = request;
  const own = step.product ? sql`product_id = ${productId}` : step.cp ? sql`cp_id = ${cpId}` : undefined;
  if (!own) return undefined;
  const scope = step.via
    ? sql`${sql.identifier(step.via.column)} in (select ${sql.identifier(step.via.parent_column)} from ${sql.identifier(step.via.parent)} where ${own})`
    : own;
  const found: SQL[] = [];
  for (const [name, how] of Object.entries(step.data.names ?? {})) {
    const c = sql.identifier(name);
    const kind = step.kinds[name];
    if (how === 'account') {
      if (step.accounts?.length)
        found.push(
          sql`${c} in (${sql.join(
            step.accounts.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
    } else if (how === 'openids')
      found.push(
        kind === 'array'
          ? sql`${openid} = any(${c})`
          : sql`${c}::jsonb @> jsonb_build_array(${openid}::text)`,
      );
    else found.push(sql`${c} = ${openid}`);
  }
  // The openid as it is written inside JSON text (quotes and backslashes escaped).
  const inJson = JSON.stringify(openid).slice(1, -1);
  const quoting = (name: string) => {
    const c = sql.identifier(name);
    const kind = step.kinds[name];
    return kind === 'json'
      ? sql`strpos(${c}::text, ${inJson}) > 0`
      : kind === 'array'
        ? sql`strpos(array_to_string(${c}, ' '), ${openid}) > 0`
        : sql`strpos(${c}, ${openid}) > 0`;
  };
  for (const name of step.data.quotes ?? []) found.push(quoting(name));
  // The rows recorded before the column naming the player was (null there): searched for the openid,
  // those rows only (the column's index finds its nulls).
  const blank = unnamedColumns(step.data).map((name) => sql`${sql.identifier(name)} is null`);
  if (blank.length)
    for (const name of step.data.unnamed ?? [])
      found.push(sql`(${sql.join(blank, sql` and `)} and ${quoting(name)})`);
  if (found.length === 0) return undefined;
  return { where: sql`${scope} and (${sql.join(found, sql` or `)})` };
}

/** The `openid` names columns whose null marks a row recorded before them (for `unnamed`). */
const unnamedColumns = (data: PlayerData) =>
  data.unnamed?.length
    ? Object.entries(data.names ?? {})
        .filter(([, how]) => how === 'openid')
        .map(([name]) => name)
    : [];

/** A value as SQL for its column's kind. */
function valueOf(value: unknown, kind: Kind): SQL {
  if (value === null || value === undefined) return sql`null`;
  if (kind === 'json') return sql`${JSON.stringify(value)}::jsonb`;
  if (kind === 'array') return sql`array(select jsonb_array_elements_text(${JSON.stringify(value)}::jsonb))`;
  return sql`${value}`;
}

/**
 * A row's new values (column → value), or 'delete', or undefined when nothing of the player is in it
 * (the search is wider than a token: `abc` matches inside `abcd`).
 */
function rowChange(
  step: TableStep,
  row: Record<string, unknown>,
  openid: string,
  pseudonym: string,
): Record<string, unknown> | 'delete' | undefined {
  const { data, kinds } = step;
  const mine = new Set<string>();
  for (const [name, how] of Object.entries(data.names ?? {})) {
    const value = row[name];
    if (
      how === 'account' ? step.accounts?.includes(Number(value)) : how === 'openid' ? value === openid : false
    )
      mine.add(name);
    else if (how === 'openids' && Array.isArray(value) && value.includes(openid)) mine.add(name);
  }
  if (mine.size > 0 && data.rows === 'delete') return 'delete';
  const changes: Record<string, unknown> = {};
  const set = (name: string, value: unknown) => {
    if (JSON.stringify(value) !== JSON.stringify(row[name])) changes[name] = value;
  };
  for (const name of mine) {
    const how = data.names![name];
    if (how === 'openid') set(name, pseudonym);
    else if (how === 'openids')
      set(
        name,
        (row[name] as unknown[]).filter((v) => v !== openid),
      );
  }
  for (const [name, { of, quote }] of Object.entries(data.personal ?? {})) {
    if (!mine.has(of) || row[name] === null || row[name] === '') continue;
    set(name, quote ? quoteReplaced(row[name], kinds[name]!, openid, pseudonym) : pseudonym);
  }
  const blank = unnamedColumns(data);
  const quoted = [
    ...(data.quotes ?? []),
    ...(blank.length && blank.every((name) => row[name] === null) ? (data.unnamed ?? []) : []),
  ];
  for (const name of quoted) {
    const value = name in changes ? changes[name] : row[name];
    set(name, quoteReplaced(value, kinds[name]!, openid, pseudonym));
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** Does one step for one request, inside the job item's transaction. */
export async function eraseStep(
  tx: Db,
  request: Pick<Row, 'id' | 'cpId' | 'productId' | 'openid'>,
  step: EraseStep,
): Promise<StepDone> {
  const { openid, productId } = request;
  if ('delete' in step) {
    const deleted = await tx
      .delete(players)
      .where(and(eq(players.productId, productId), eq(players.openid, openid)))
      .returning({ id: players.id });
    return { deleted: deleted.length, anonymised: 0 };
  }
  const change = stepChange(request, step);
  if (!change) return { deleted: 0, anonymised: 0 };
  const table = sql.identifier(step.table);
  const columns = Object.keys(step.kinds);
  // The rows found, locked: their place (ctid) stays theirs until this transaction ends.
  const rows = await queryRows<Record<string, unknown> & { row_place: string }>(
    tx,
    sql`select ctid::text as row_place, ${sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    )} from ${table} where ${change.where} for update`,
  );
  const pseudonym = pseudonymOf(request);
  const gone: string[] = [];
  let anonymised = 0;
  for (const row of rows) {
    const next = rowChange(step, row, openid, pseudonym);
    if (next === undefined) continue;
    if (next === 'delete') {
      gone.push(row.row_place);
      continue;
    }
    const set = sql.join(
      Object.entries(next).map(([c, v]) => sql`${sql.identifier(c)} = ${valueOf(v, step.kinds[c]!)}`),
      sql`, `,
    );
    await tx.execute(sql`update ${table} set ${set} where ctid = ${row.row_place}::tid`);
    anonymised++;
  }
  if (gone.length)
    await tx.execute(
      sql`delete from ${table} where ctid = any(${`{${gone.map((p) => `"${p}"`).join(',')}}`}::tid[])`,
    );
  return { deleted: gone.length, anonymised };
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
      const steps = await eraseSteps(tx, row);
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
