import { eq, sql } from 'drizzle-orm';
import { openidField, validationMessage, type Language, type Rule } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { JobRunner, WholeResult } from '../../lib/jobs/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { readOpenidList, type OpenidLine } from '../../lib/openid-list.ts';
import { eventLoopSlicer } from '../../lib/steps.ts';
import type { FileStorage } from '../files/index.ts';
import { playerMatchSql } from '../../lib/player-rules.ts';
import type { ModuleWork } from '../../lib/server-module.ts';
import { bucketSql } from './service.ts';
import { userGroups } from './tables.ts';

/**
 * Materialisation: a group's members written set-based (`insert … select`) from its rule, or from
 * an uploaded openid list (lines read with csv-parse, bounded; per-line errors as the job's items).
 * On demand ("refresh now") and by the hourly task (hourly groups every hour, daily groups once a day).
 */

export const MATERIALIZE_JOB = 'user-groups:materialize';
export const REFRESH_TASK = 'user-groups:refresh';
export const REFRESH_KEY = 'user-groups:refresh';
/** Lines an uploaded list may have. */
export const LIST_MAX_LINES = 200_000;
/** Openids written per statement (they travel as one JSON parameter). */
const CHUNK = 5000;

export interface MaterializeParams {
  groupId: number;
  lang: Language;
}

type Line = OpenidLine;

type Row = typeof userGroups.$inferSelect;
type Items = NonNullable<WholeResult['items']>;

/** Writes a rule group's members: one delete and one `insert … select` over the matching players. */
async function materializeRule(tx: Db, group: Row): Promise<number> {
  const match = playerMatchSql(group.productId, group.rule as Rule);
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`with added as (
      insert into user_group_members (group_id, player_id, bucket)
      select ${group.id}::int, p.id, ${bucketSql(sql`p.openid`, sql`${group.layerSalt}::text`)}
      from players p where p.product_id = ${group.productId}::int and ${match}
      returning 1)
    select count(*)::int as n from added`,
  );
  return Number(row?.n ?? 0);
}

/** Reads a list group's file, checks each line, and writes the known openids in chunks. */
async function materializeList(
  tx: Db,
  storage: FileStorage,
  group: Row,
  lang: Language,
  progress: (done: number, total?: number, failed?: number) => void,
): Promise<{ count: number; items: Items }> {
  const [file] = await queryRows<{ storage: 'local' | 's3'; storage_key: string }>(
    tx,
    sql`select storage, storage_key from files where id = ${group.fileId ?? ''} and cp_id = ${group.cpId}::int and use = 'openid_list'`,
  );
  const stream = file ? await storage.stores[file.storage]?.get(file.storage_key) : null;
  if (!stream) throw new Error(validationMessage('unknown_ref', lang));
  const lines = await readOpenidList(stream, LIST_MAX_LINES + 1);
  progress(0, lines.length);
  const items: Items = [];
  const seen = new Set<string>();
  const valid: Line[] = [];
  const fail = (l: Line, reason: 'malformed' | 'duplicate' | 'unknown_openid') =>
    items.push({
      input: { line: l.line, openid: l.openid, reason },
      status: 'error',
      message: `${l.line}: ${validationMessage(
        reason === 'malformed' ? 'invalid' : reason === 'duplicate' ? 'duplicate_row' : 'not_found_row',
        lang,
      )}`,
    });
  for (const l of lines) {
    if (!openidField.safeParse(l.openid).success) fail(l, 'malformed');
    else if (seen.has(l.openid)) fail(l, 'duplicate');
    else {
      seen.add(l.openid);
      valid.push(l);
    }
  }
  const slicer = eventLoopSlicer();
  let count = 0;
  for (let i = 0; i < valid.length; i += CHUNK) {
    const chunk = valid.slice(i, i + CHUNK);
    const found = await queryRows<{ openid: string }>(
      tx,
      sql`with added as (
        insert into user_group_members (group_id, player_id, bucket)
        select ${group.id}::int, p.id, ${bucketSql(sql`p.openid`, sql`${group.layerSalt}::text`)}
        from players p
        where p.product_id = ${group.productId}::int
          and p.openid in (select jsonb_array_elements_text(${JSON.stringify(chunk.map((l) => l.openid))}::jsonb))
        returning player_id)
      select p.openid from added a join players p on p.id = a.player_id`,
    );
    const known = new Set(found.map((r) => r.openid));
    count += known.size;
    for (const l of chunk) if (!known.has(l.openid)) fail(l, 'unknown_openid');
    progress(Math.min(i + CHUNK, valid.length), lines.length, items.length);
    await slicer.pause();
  }
  items.sort((a, b) => (a.input as Line).line - (b.input as Line).line);
  return { count, items };
}

/** Recomputes a group's members in one transaction; the group reads ready (or failed) afterwards. */
export async function materialize(
  db: Db,
  storage: FileStorage,
  params: MaterializeParams,
  progress: (done: number, total?: number, failed?: number) => void = () => undefined,
): Promise<WholeResult> {
  try {
    return await db.transaction(async (tx) => {
      const [group] = await tx
        .select()
        .from(userGroups)
        .where(eq(userGroups.id, params.groupId))
        .for('update');
      if (!group) return { status: 'failed', summary: { members: 0 } };
      await tx.execute(sql`delete from user_group_members where group_id = ${group.id}::int`);
      let count: number;
      let items: Items = [];
      if (group.kind === 'rule') count = await materializeRule(tx as Db, group);
      else ({ count, items } = await materializeList(tx as Db, storage, group, params.lang, progress));
      await tx
        .update(userGroups)
        .set({ state: 'ready', memberCount: count, materializedAt: new Date(), error: '' })
        .where(eq(userGroups.id, group.id));
      return { summary: { members: count, errors: items.length }, items };
    });
  } catch (error) {
    await db
      .update(userGroups)
      .set({ state: 'failed', error: (error instanceof Error ? error.message : String(error)).slice(0, 500) })
      .where(eq(userGroups.id, params.groupId));
    throw error;
  }
}

/** Starts a materialisation job of a group: the group reads computing until it ends. */
export async function startMaterialize(
  jobs: JobRunner,
  db: Db,
  group: Row,
  owner: { userId?: number | null; username?: string },
  lang: Language,
): Promise<number> {
  const params: MaterializeParams = { groupId: group.id, lang };
  // Computing first: the job may start (and end) before `create` answers.
  await db.update(userGroups).set({ state: 'computing', error: '' }).where(eq(userGroups.id, group.id));
  const jobId = await jobs.create(
    MATERIALIZE_JOB,
    { cpId: group.cpId, productId: group.productId, ...owner },
    { params: params as unknown as Record<string, unknown> },
  );
  await db.update(userGroups).set({ jobId }).where(eq(userGroups.id, group.id));
  return jobId;
}

/** The materialisation job, and the hourly refresh (Asia/Shanghai, five past the hour). */
export function groupWork(context: { db: Db; jobs: JobRunner; storage: FileStorage }): ModuleWork {
  const { db, jobs, storage } = context;
  return {
    jobs: {
      [MATERIALIZE_JOB]: {
        run: ({ job, progress }) =>
          materialize(db, storage, job.params as unknown as MaterializeParams, progress),
      },
    },
    tasks: {
      // Every hourly group, and the daily groups last computed more than a day ago.
      [REFRESH_TASK]: async () => {
        const due = await db
          .select()
          .from(userGroups)
          .where(
            sql`${userGroups.state} <> 'computing' and (${userGroups.refresh} = 'hourly' or (${userGroups.refresh} = 'daily'
              and (${userGroups.materializedAt} is null or ${userGroups.materializedAt} < now() - interval '23 hours')))`,
          );
        for (const group of due) await startMaterialize(jobs, db, group, { username: 'schedule' }, 'zh');
      },
    },
    schedules: [{ task: REFRESH_TASK, key: REFRESH_KEY, cron: '5 * * * *', tz: 'Asia/Shanghai' }],
  };
}
