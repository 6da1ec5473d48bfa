import { and, eq, sql } from 'drizzle-orm';
import {
  openidField,
  TAG_IMPORT_MAX_LINES,
  validationMessage,
  type Language,
  type Rule,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import type { JobRunner, WholeResult } from '../../lib/jobs/index.ts';
import { logChange } from '../../lib/operation-log.ts';
import { readOpenidList, type OpenidLine } from '../../lib/openid-list.ts';
import { eventLoopSlicer } from '../../lib/steps.ts';
import type { FileStorage } from '../files/index.ts';
import { playerMatchSql } from '../../lib/player-rules.ts';
import type { ModuleWork } from '../../lib/server-module.ts';
import { valueColumns } from './service.ts';
import { playerTagValues, profileTags } from './tables.ts';

/**
 * The tag jobs: importing values from an uploaded file (`openid,value` lines, per-line errors), and
 * evaluating rule tags (set-based: the tag's values are deleted and inserted again from one
 * `insert … select` over the players the rule matches), on demand and daily.
 */

export const IMPORT_JOB = 'profile-tags:import';
export const EVALUATE_JOB = 'profile-tags:evaluate';
export const DAILY_TASK = 'profile-tags:daily';
export const DAILY_KEY = 'profile-tags:daily';

export interface ImportParams {
  scope: Scope;
  tagId: number;
  fileId: string;
  replace: boolean;
}

/** Rows written per statement (values travel as one JSON parameter). */
const CHUNK = 5000;

type Line = OpenidLine;

export function importMessage(lang: Language, line: number, key: Parameters<typeof validationMessage>[0]) {
  return `${line}: ${validationMessage(key, lang)}`;
}

async function runImport(
  db: Db,
  storage: FileStorage,
  params: ImportParams,
  progress: (done: number, total?: number, failed?: number) => void,
): Promise<WholeResult> {
  const { scope, tagId, fileId, replace } = params;
  const lang = scope.lang;
  const [tag] = await db
    .select()
    .from(profileTags)
    .where(and(eq(profileTags.id, tagId), eq(profileTags.productId, scope.productId!)));
  const fileRows = await db.execute<{ storage: 'local' | 's3'; storage_key: string }>(
    sql`select storage, storage_key from files where id = ${fileId} and cp_id = ${scope.cpId} and use = 'openid_list'`,
  );
  const file = (fileRows as unknown as { rows: { storage: 'local' | 's3'; storage_key: string }[] }).rows[0];
  if (!tag || !file) return { status: 'failed', summary: { imported: 0, errors: 0, removed: 0 } };
  const stream = await storage.stores[file.storage]?.get(file.storage_key);
  if (!stream) return { status: 'failed', summary: { imported: 0, errors: 0, removed: 0 } };
  const lines = await readOpenidList(stream, TAG_IMPORT_MAX_LINES);
  progress(0, lines.length);

  const errors: NonNullable<WholeResult['items']> = [];
  const seen = new Set<string>();
  const valid: (Line & ReturnType<typeof valueColumns>)[] = [];
  for (const l of lines) {
    const fail = (key: Parameters<typeof validationMessage>[0], field: string) =>
      errors.push({
        input: { line: l.line, openid: l.openid, value: l.value, field },
        status: 'error',
        message: importMessage(lang, l.line, key),
      });
    if (!openidField.safeParse(l.openid).success) {
      fail('invalid', 'openid');
      continue;
    }
    if (seen.has(l.openid)) {
      fail('duplicate_row', 'openid');
      continue;
    }
    seen.add(l.openid);
    const columns = valueColumns(tag, l.value);
    if (!columns) {
      fail('invalid', 'value');
      continue;
    }
    valid.push({ ...l, ...columns });
  }

  const slicer = eventLoopSlicer();
  let imported = 0;
  let removed = 0;
  await db.transaction(async (tx) => {
    if (replace) {
      const gone = await tx
        .delete(playerTagValues)
        .where(eq(playerTagValues.tagId, tag.id))
        .returning({ playerId: playerTagValues.playerId });
      removed = gone.length;
    }
    for (let start = 0; start < valid.length; start += CHUNK) {
      const chunk = valid.slice(start, start + CHUNK);
      const json = JSON.stringify(
        chunk.map((v) => ({
          openid: v.openid,
          b: v.valueBool,
          t: v.valueText,
          n: v.valueNum,
          ts: v.valueTime ? (v.valueTime as Date).toISOString() : null,
        })),
      );
      const result = await tx.execute<{ openid: string }>(sql`
        insert into player_tag_values
          (product_id, tag_id, player_id, value_bool, value_text, value_num, value_time, source, set_by, set_at)
        select ${tag.productId}::int, ${tag.id}::int, p.id, v.b, v.t, v.n, v.ts, 'import', ${scope.username}::text, now()
        from json_to_recordset(${json}::json) as v(openid text, b boolean, t text, n float8, ts timestamptz)
        join players p on p.product_id = ${tag.productId}::int and p.openid = v.openid
        on conflict (tag_id, player_id) do update set
          value_bool = excluded.value_bool, value_text = excluded.value_text,
          value_num = excluded.value_num, value_time = excluded.value_time,
          source = 'import', set_by = excluded.set_by, set_at = excluded.set_at
        returning (select openid from players where id = player_tag_values.player_id) as openid`);
      const written = new Set(
        (result as unknown as { rows: { openid: string }[] }).rows.map((r) => r.openid),
      );
      imported += written.size;
      for (const v of chunk) {
        if (!written.has(v.openid)) {
          errors.push({
            input: { line: v.line, openid: v.openid, value: v.value, field: 'openid' },
            status: 'error',
            message: importMessage(lang, v.line, 'not_found_row'),
          });
        }
      }
      progress(Math.min(start + CHUNK, valid.length) + errors.length, lines.length, errors.length);
      await slicer.pause();
    }
    await logChange(tx, scope, {
      action: 'import',
      targetType: 'profile_tag',
      targetId: tag.id,
      targetName: tag.name,
      after: { file_id: fileId, imported, errors: errors.length, removed },
    });
  });
  errors.sort((a, b) => (a.input as Line).line - (b.input as Line).line);
  return { summary: { lines: lines.length, imported, errors: errors.length, removed }, items: errors };
}

/** Evaluates the product's rule tags (or one): returns the players each matched. */
export async function evaluateRuleTags(
  db: Db,
  productId: number,
  tagId?: number,
): Promise<{ id: number; name: string; matched: number }[]> {
  const tags = await db
    .select()
    .from(profileTags)
    .where(
      and(
        eq(profileTags.productId, productId),
        eq(profileTags.source, 'rule'),
        tagId ? eq(profileTags.id, tagId) : undefined,
      ),
    );
  const results: { id: number; name: string; matched: number }[] = [];
  for (const tag of tags) {
    if (!tag.rule) continue;
    const match = playerMatchSql(productId, tag.rule as Rule);
    const matched = await db.transaction(async (tx) => {
      await tx.delete(playerTagValues).where(eq(playerTagValues.tagId, tag.id));
      const inserted = await tx.execute<{ n: number }>(sql`
        with added as (
          insert into player_tag_values (product_id, tag_id, player_id, value_bool, source, set_by, set_at)
          select p.product_id, ${tag.id}::int, p.id, true, 'rule', 'rule', now()
          from players p where p.product_id = ${productId}::int and ${match}
          returning 1)
        select count(*)::int as n from added`);
      return Number((inserted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    });
    results.push({ id: tag.id, name: tag.name, matched });
  }
  return results;
}

/** The tag jobs, and the daily evaluation (04:30 Asia/Shanghai, every product with rule tags). */
export function tagWork(context: { db: Db; jobs: JobRunner; storage: FileStorage }): ModuleWork {
  const { db, jobs, storage } = context;
  return {
    jobs: {
      [IMPORT_JOB]: {
        run: ({ job, progress }) => runImport(db, storage, job.params as unknown as ImportParams, progress),
      },
      [EVALUATE_JOB]: {
        async run({ job }) {
          const { productId, tagId } = job.params as { productId: number; tagId?: number };
          const tags = await evaluateRuleTags(db, productId, tagId);
          return { summary: { tags } };
        },
      },
    },
    tasks: {
      [DAILY_TASK]: async () => {
        const products = await db
          .selectDistinct({ productId: profileTags.productId, cpId: profileTags.cpId })
          .from(profileTags)
          .where(eq(profileTags.source, 'rule'));
        for (const p of products) {
          await jobs.create(
            EVALUATE_JOB,
            { cpId: p.cpId, productId: p.productId, username: 'schedule' },
            { params: { productId: p.productId } },
          );
        }
      },
    },
    schedules: [{ task: DAILY_TASK, key: DAILY_KEY, cron: '30 4 * * *', tz: 'Asia/Shanghai' }],
  };
}
