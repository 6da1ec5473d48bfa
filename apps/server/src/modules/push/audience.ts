import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  OPENID_LIST_LIMITS,
  openidField,
  PUSH_PLAYERS_MAX,
  type PushAudience,
  type PushFileReport,
  type PushGroupLayers,
  type PushTagCondition,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { readOpenidList } from '../../lib/openid-list.ts';
import { fieldError, type FieldProblems } from '../../lib/problems.ts';
import { checkReferences, eachOf } from '../../lib/references.ts';
import { queryRows } from '../../lib/rows.ts';
import { eventLoopSlicer } from '../../lib/steps.ts';
import type { FileStorage } from '../files/index.ts';
import { profileTags } from '../profile-tags/index.ts';
import { groupLayersMembersSql, groupMembersSql } from '../user-groups/index.ts';
import { userGroups } from '../user-groups/tables.ts';
import type { PushTaskRow } from './tasks.ts';

/**
 * The audience kinds and narrowings beyond everyone, groups and named players: profile tags, an
 * uploaded openid file, platform, app version and last sign-in. Each is a condition on a product's
 * device tokens `t` (with their player `p` left-joined), added by `targetSql`: the send, the count
 * the approval compares and the form's count before sending all resolve an audience this one way.
 */

export type AudienceRow = Pick<
  PushTaskRow,
  'id' | 'tags' | 'platforms' | 'appVersionMin' | 'appVersionMax' | 'appVersions' | 'activeDays'
>;

/**
 * The players of the task's user groups (target `groups`): all members of a group, or those in the
 * layers the task names for it; a player in several groups is one player.
 */
export function groupsSql(
  row: Pick<PushTaskRow, 'productId' | 'userGroupIds'> & { userGroupLayers?: readonly PushGroupLayers[] },
): SQL {
  const layersOf = new Map((row.userGroupLayers ?? []).map((g) => [g.group_id, g.layers]));
  const members = sql.join(
    row.userGroupIds.map((id) => {
      const keys = layersOf.get(id);
      return keys?.length
        ? groupLayersMembersSql(row.productId, id, keys)
        : groupMembersSql(row.productId, id);
    }),
    sql` union all `,
  );
  return sql`p.id in (select g.player_id from (${members}) g)`;
}

/**
 * The layers named per group: each of a group among `groupIds` (the task's groups, already checked
 * to be the game's), each key one the group has now (`user_group_layers.<i>.layers.<j>`).
 */
export async function checkGroupLayers(
  db: Db,
  scope: Scope,
  problems: FieldProblems,
  groupIds: readonly number[],
  layers: readonly PushGroupLayers[],
): Promise<void> {
  if (!layers.length) return;
  const rows = await db
    .select({ id: userGroups.id, layers: userGroups.layers })
    .from(userGroups)
    .where(
      and(
        eq(userGroups.productId, scope.productId!),
        inArray(
          userGroups.id,
          layers.map((g) => g.group_id),
        ),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, new Set(r.layers.map((l) => l.key))]));
  layers.forEach((g, i) => {
    const keys = byId.get(g.group_id);
    if (!groupIds.includes(g.group_id) || !keys) {
      problems.add(
        `user_group_layers.${i}.group_id`,
        groupIds.includes(g.group_id) ? 'unknown_ref' : 'invalid',
      );
      return;
    }
    g.layers.forEach((key, j) => {
      if (!keys.has(key)) problems.add(`user_group_layers.${i}.layers.${j}`, 'unknown_ref');
    });
  });
}

const jsonList = (list: readonly unknown[]) =>
  sql`select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb)`;

/** A version as four integers (`1.2` = `1.2.0.0`), comparable as an array; null when it is no version. */
const versionKey = (v: SQL) =>
  sql`(case when ${v} ~ '^[0-9]{1,6}(\\.[0-9]{1,6}){0,3}$' then (string_to_array(${v}, '.')::int[] || '{0,0,0,0}'::int[])[1:4] end)`;

/** A device's app version: its token's, else its player's latest sign-in that names one. */
const deviceVersion = sql`coalesce(nullif(t.app_version, ''), (select l.app_version from player_logins l
  where l.player_id = p.id and l.app_version <> '' order by l.at desc limit 1))`;

/** A tag value as text, whatever the tag's type (`true`, an option, `2.5`, `2026-01-31`). */
const tagValueText = sql`coalesce(v.value_bool::text, v.value_text, v.value_num::text, to_char(v.value_time at time zone 'UTC', 'YYYY-MM-DD'))`;

function tagSql(tags: readonly PushTagCondition[]): SQL {
  const one = tags.map((c) =>
    c.value === ''
      ? sql`(v.tag_id = ${c.tag_id}::int and v.value_bool is distinct from false)`
      : sql`(v.tag_id = ${c.tag_id}::int and ${tagValueText} = ${c.value})`,
  );
  return sql`exists (select 1 from player_tag_values v where v.product_id = t.product_id and v.player_id = p.id
    and (${sql.join(one, sql` or `)}))`;
}

/**
 * The conditions of the new kinds: `file` the openids of the task's file (`push_task_openids`, or
 * the form's file read but not saved), the narrowings whatever the target.
 */
export function audienceSql(row: AudienceRow, target: string, fileOpenids?: readonly string[]): SQL[] {
  const parts: SQL[] = [];
  if (target === 'tags') parts.push(tagSql(row.tags));
  if (target === 'file')
    parts.push(
      fileOpenids
        ? sql`t.openid in (${jsonList(fileOpenids)})`
        : sql`t.openid in (select o.openid from push_task_openids o where o.task_id = ${row.id}::int)`,
    );
  if (row.platforms.length) parts.push(sql`t.platform in (${jsonList(row.platforms)})`);
  if (row.appVersions.length)
    parts.push(
      sql`${versionKey(deviceVersion)} in (select ${versionKey(sql`x`)} from jsonb_array_elements_text(${JSON.stringify(row.appVersions)}::jsonb) x)`,
    );
  if (row.appVersionMin)
    parts.push(sql`${versionKey(deviceVersion)} >= ${versionKey(sql`${row.appVersionMin}::text`)}`);
  if (row.appVersionMax)
    parts.push(sql`${versionKey(deviceVersion)} <= ${versionKey(sql`${row.appVersionMax}::text`)}`);
  if (row.activeDays)
    parts.push(sql`p.last_login_at >= now() - make_interval(days => ${row.activeDays}::int)`);
  return parts;
}

/** The profile tags must be the game's, and a value one the tag can hold (each on its field). */
export async function checkTags(
  db: Db,
  scope: Scope,
  problems: FieldProblems,
  tags: readonly PushTagCondition[],
): Promise<void> {
  // The game's tags (the push page's kind is no column of theirs).
  await checkReferences(
    db,
    { cpId: scope.cpId, productId: scope.productId },
    problems,
    profileTags,
    eachOf(
      'tags',
      tags.map((t) => t.tag_id),
    ).map((r) => ({ ...r, field: `${r.field}.tag_id` })),
  );
  if (!tags.some((t) => t.value !== '')) return;
  const rows = await db
    .select()
    .from(profileTags)
    .where(
      and(
        eq(profileTags.productId, scope.productId!),
        inArray(
          profileTags.id,
          tags.map((t) => t.tag_id),
        ),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  tags.forEach((condition, i) => {
    const tag = byId.get(condition.tag_id);
    const value = condition.value;
    if (!tag || value === '') return;
    const fits =
      tag.type === 'boolean'
        ? value === 'true' || value === 'false'
        : tag.type === 'enum'
          ? tag.options.includes(value)
          : tag.type === 'number'
            ? /^-?\d+(\.\d+)?$/.test(value)
            : /^\d{4}-\d{2}-\d{2}$/.test(value);
    if (!fits) problems.add(`tags.${i}.value`, 'invalid');
  });
}

/** How many openids of the file's left-out lines the report names. */
const SAMPLES = 20;

/**
 * Reads an uploaded openid list of the caller's CP (lines read by csv-parse, at most the list
 * limit; a header line dropped): its distinct well-formed openids of players of the game, and what
 * was left out (duplicates, malformed lines, openids of no player). Refused on `file_id`: not an
 * openid list of the CP, more lines than the limit, or no openid of a player at all.
 */
export async function readAudienceFile(
  db: Db,
  storage: FileStorage,
  scope: Scope,
  fileId: string,
): Promise<{ openids: string[]; report: PushFileReport }> {
  const [file] = await queryRows<{ storage: 'local' | 's3'; storage_key: string }>(
    db,
    sql`select storage, storage_key from files where id = ${fileId} and cp_id = ${scope.cpId}::int and use = 'openid_list'`,
  );
  const stream = file ? await storage.stores[file.storage]?.get(file.storage_key) : null;
  if (!stream) throw fieldError(scope.lang, 'file_id', 'unknown_ref');
  const lines = await readOpenidList(stream, OPENID_LIST_LIMITS.lines + 2);
  if (lines.length > OPENID_LIST_LIMITS.lines) throw fieldError(scope.lang, 'file_id', 'too_many_rows');
  const report: PushFileReport = {
    lines: lines.length,
    openids: 0,
    duplicates: 0,
    malformed: 0,
    unknown: 0,
    samples: [],
  };
  const leftOut = (line: number, openid: string, reason: 'duplicate' | 'malformed' | 'unknown') => {
    report[reason === 'duplicate' ? 'duplicates' : reason]++;
    if (report.samples.length < SAMPLES) report.samples.push({ line, openid: openid.slice(0, 64), reason });
  };
  const seen = new Map<string, number>();
  for (const l of lines) {
    if (!openidField.safeParse(l.openid).success) leftOut(l.line, l.openid, 'malformed');
    else if (seen.has(l.openid)) leftOut(l.line, l.openid, 'duplicate');
    else seen.set(l.openid, l.line);
  }
  // Which are players of the game, 5,000 a statement, the event loop let go between.
  const distinct = [...seen.keys()];
  const known: string[] = [];
  const slicer = eventLoopSlicer();
  for (let start = 0; start < distinct.length; start += 5000) {
    const chunk = distinct.slice(start, start + 5000);
    const found = await queryRows<{ openid: string }>(
      db,
      sql`select p.openid from players p where p.product_id = ${scope.productId!}::int and p.openid in (${jsonList(chunk)})`,
    );
    const players = new Set(found.map((f) => f.openid));
    for (const openid of chunk)
      if (players.has(openid)) known.push(openid);
      else leftOut(seen.get(openid)!, openid, 'unknown');
    await slicer.pause();
  }
  report.samples.sort((a, b) => a.line - b.line);
  report.openids = known.length;
  if (!known.length) throw fieldError(scope.lang, 'file_id', 'not_found_row');
  return { openids: known, report };
}

/** Keeps a task's file openids (replacing the earlier ones), 5,000 a statement. */
export async function storeTaskOpenids(tx: Db, taskId: number, openids: readonly string[]): Promise<void> {
  await tx.execute(sql`delete from push_task_openids where task_id = ${taskId}::int`);
  for (let start = 0; start < openids.length; start += 5000)
    await tx.execute(sql`insert into push_task_openids (task_id, openid)
      select ${taskId}::int, o from (${jsonList(openids.slice(start, start + 5000))}) s(o) on conflict do nothing`);
}

/** The preview's row: the form's audience as a task row the send would read. */
export function audienceRow(scope: Scope, kind: PushTaskRow['kind'], body: PushAudience): PushTaskRow {
  return {
    id: 0,
    productId: scope.productId!,
    kind,
    target: body.target,
    userGroupIds: body.user_group_ids ?? [],
    userGroupLayers: body.user_group_layers ?? [],
    openids: (body.openids ?? []).slice(0, PUSH_PLAYERS_MAX),
    providers: body.providers ?? [],
    countries: body.countries ?? [],
    tags: body.tags ?? [],
    platforms: body.platforms ?? [],
    appVersionMin: body.app_version_min ?? '',
    appVersionMax: body.app_version_max ?? '',
    appVersions: body.app_versions ?? [],
    activeDays: body.active_days ?? null,
    templateId: body.template_id ?? '',
  } as PushTaskRow;
}
