import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  profileTagsResource,
  ruleTagNames,
  validationMessage,
  type Language,
  type PlayerTag,
  type ProfileTag,
  type TagPlayer,
  type TagValue,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains, sortOrder, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { players } from '../players/tables.ts';
import { playerTagValues, profileTags } from './tables.ts';
import { rowInGame } from '../../lib/scope.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof profileTags.$inferSelect;
type ValueColumns = Pick<
  typeof playerTagValues.$inferInsert,
  'valueBool' | 'valueText' | 'valueNum' | 'valueTime'
>;

const EMPTY: ValueColumns = { valueBool: null, valueText: null, valueNum: null, valueTime: null };

export const toTag = (row: Row, playerCount = 0): ProfileTag => ({
  id: row.id,
  product_id: row.productId,
  name: row.name,
  label: row.label,
  type: row.type,
  options: row.options,
  source: row.source,
  rule: (row.rule as ProfileTag['rule']) ?? null,
  description: row.description,
  player_count: playerCount,
  created_by: row.createdBy,
  ...stamps(row),
});

/** Players holding a value of each tag, in one grouped read. */
async function withCounts(db: Db, items: ProfileTag[]): Promise<ProfileTag[]> {
  if (!items.length) return items;
  const counts = await db
    .select({ tagId: playerTagValues.tagId, n: sql<number>`count(*)::int` })
    .from(playerTagValues)
    .where(
      inArray(
        playerTagValues.tagId,
        items.map((i) => i.id),
      ),
    )
    .groupBy(playerTagValues.tagId);
  const byId = new Map(counts.map((c) => [c.tagId, Number(c.n)]));
  return items.map((item) => ({ ...item, player_count: byId.get(item.id) ?? 0 }));
}

/** A tag definition's cross-field rules: options for enums only, rules for boolean rule tags only. */
async function checkTag(
  db: Db,
  scope: Scope,
  input: Partial<{
    name: string;
    type: Row['type'];
    options: string[];
    source: Row['source'];
    rule: ProfileTag['rule'];
  }>,
  before?: Row,
): Promise<void> {
  const problems = new FieldProblems(scope.lang);
  const type = input.type ?? before?.type;
  const options = input.options ?? before?.options ?? [];
  const source = input.source ?? before?.source;
  const rule = input.rule !== undefined ? input.rule : ((before?.rule as ProfileTag['rule']) ?? null);
  if (before && input.type !== undefined && input.type !== before.type) problems.add('type', 'immutable');
  if (type === 'enum' && !options.length) problems.add('options', 'required');
  if (type !== 'enum' && options.length) problems.add('options', 'invalid');
  if (source === 'rule') {
    if (type !== 'boolean') problems.add('type', 'invalid');
    if (!rule) problems.add('rule', 'required');
  } else if (rule) {
    problems.add('rule', 'invalid');
  }
  if (rule && source === 'rule') {
    const names = ruleTagNames(rule);
    const self = input.name ?? before?.name;
    if (self && names.includes(self)) problems.add('rule', 'invalid');
    const others = names.filter((n) => n !== self);
    if (others.length) {
      const found = await db
        .select({ name: profileTags.name })
        .from(profileTags)
        .where(and(eq(profileTags.productId, scope.productId!), inArray(profileTags.name, others)));
      if (found.length !== others.length) problems.add('rule', 'unknown_ref');
    }
  }
  problems.throwIfAny();
}

export const tagImpl: ResourceImpl<typeof profileTagsResource, typeof profileTags, ProfileTag, null> = {
  table: profileTags,
  toItem: (row) => toTag(row),
  complete: withCounts,
  nameOf: (row) => row.name,
  where: (f) => [
    f.q
      ? sql`(${contains(profileTags.name, f.q.toLowerCase())} or ${contains(sql`lower(${profileTags.label})`, f.q.toLowerCase())})`
      : undefined,
    f.type ? eq(profileTags.type, f.type) : undefined,
    f.source ? eq(profileTags.source, f.source) : undefined,
  ],
  columns: (input) => ({
    name: input.name,
    label: input.label,
    type: input.type,
    options: input.options,
    source: input.source,
    rule: input.rule,
    description: input.description,
  }),
  immutable: ['name', 'type'],
  unique: { profile_tags_product_name: 'name' },
  check: (db, scope, input, before) => checkTag(db, scope, input, before),
};

export const tagService = resourceService(profileTagsResource, tagImpl);

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

const TRUE = new Set(['true', '1', 'yes', 'y']);
const FALSE = new Set(['false', '0', 'no', 'n']);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A value for a tag as its one value column, or undefined when it does not fit the tag's type (or
 * is not one of an enum's options). Texts (an import's cells, a filter) are read by the type:
 * booleans true/false/1/0/yes/no, numbers, dates as YYYY-MM-DD (UTC midnight) or an ISO time.
 */
export function valueColumns(tag: Pick<Row, 'type' | 'options'>, value: TagValue): ValueColumns | undefined {
  switch (tag.type) {
    case 'boolean': {
      if (typeof value === 'boolean') return { ...EMPTY, valueBool: value };
      const text = String(value).trim().toLowerCase();
      if (TRUE.has(text)) return { ...EMPTY, valueBool: true };
      if (FALSE.has(text)) return { ...EMPTY, valueBool: false };
      return undefined;
    }
    case 'enum': {
      if (typeof value !== 'string') return undefined;
      const text = value.trim();
      return tag.options.includes(text) ? { ...EMPTY, valueText: text } : undefined;
    }
    case 'number': {
      if (typeof value === 'boolean') return undefined;
      const text = String(value).trim();
      const n = typeof value === 'number' ? value : text === '' ? NaN : Number(text);
      return Number.isFinite(n) && Math.abs(n) <= 1e15 ? { ...EMPTY, valueNum: n } : undefined;
    }
    case 'date': {
      if (typeof value !== 'string') return undefined;
      const text = value.trim();
      if (!DATE_ONLY.test(text) && !ISO_TIME.test(text)) return undefined;
      const time = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text);
      if (Number.isNaN(time.getTime())) return undefined;
      // A calendar date that does not exist (2026-02-30) rolls over in Date: refuse it.
      if (DATE_ONLY.test(text) && time.toISOString().slice(0, 10) !== text) return undefined;
      return { ...EMPTY, valueTime: time };
    }
  }
}

/** The stored value of a row as the API carries it. */
function valueOf(
  type: Row['type'],
  row: {
    valueBool?: boolean | null;
    valueText?: string | null;
    valueNum?: number | null;
    valueTime?: Date | string | null;
  },
): boolean | number | string {
  switch (type) {
    case 'boolean':
      return row.valueBool ?? false;
    case 'enum':
      return row.valueText ?? '';
    case 'number':
      return Number(row.valueNum ?? 0);
    case 'date':
      return row.valueTime ? new Date(row.valueTime).toISOString() : '';
  }
}

export function badValue(lang: Language): ApiError {
  return new ApiError(ErrorCode.INVALID_INPUT, { fields: { value: validationMessage('invalid', lang) } });
}

/** The tag of the caller's product, or 404. */
export async function tagInScope(db: Db, scope: Scope, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(profileTags)
    .where(rowInGame(profileTags, scope, id));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

async function playerIdOf(db: Db, productId: number, openid: string): Promise<number> {
  const [row] = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.productId, productId), eq(players.openid, openid)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row.id;
}

/** Sets one player's value by hand (checked against the tag's type and options); logged. */
export async function setTagValue(
  db: Db,
  scope: Scope,
  tagId: number,
  openid: string,
  value: TagValue,
): Promise<{ value: boolean | number | string }> {
  return db.transaction(async (tx) => {
    const tag = await tagInScope(tx, scope, tagId);
    const columns = valueColumns(tag, value);
    if (!columns) throw badValue(scope.lang);
    const playerId = await playerIdOf(tx, tag.productId, openid);
    const set = { ...columns, source: 'manual' as const, setBy: scope.username, setAt: new Date() };
    await tx
      .insert(playerTagValues)
      .values({ productId: tag.productId, tagId: tag.id, playerId, ...set })
      .onConflictDoUpdate({ target: [playerTagValues.tagId, playerTagValues.playerId], set });
    const stored = valueOf(tag.type, columns);
    await logChange(tx, scope, {
      action: 'update',
      targetType: 'profile_tag',
      targetId: tag.id,
      targetName: tag.name,
      after: { openid, value: stored },
    });
    return { value: stored };
  });
}

/** Removes one player's value; logged. 404 when the player holds none. */
export async function clearTagValue(db: Db, scope: Scope, tagId: number, openid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const tag = await tagInScope(tx, scope, tagId);
    const playerId = await playerIdOf(tx, tag.productId, openid);
    const gone = await tx
      .delete(playerTagValues)
      .where(and(eq(playerTagValues.tagId, tag.id), eq(playerTagValues.playerId, playerId)))
      .returning({ tagId: playerTagValues.tagId });
    if (!gone.length) throw new ApiError(ErrorCode.NOT_FOUND);
    await logChange(tx, scope, {
      action: 'update',
      targetType: 'profile_tag',
      targetId: tag.id,
      targetName: tag.name,
      before: { openid },
    });
  });
}

/** The players holding a tag, with their value (paged, by value or openid prefix). */
export async function tagPlayers(
  db: Db,
  scope: Scope,
  tagId: number,
  query: { page: number; page_size: number; sort?: string; value?: string; openid?: string },
): Promise<ListPage<TagPlayer> & { tag: ProfileTag }> {
  const tag = await tagInScope(db, scope, tagId);
  const conditions: SQL[] = [eq(playerTagValues.tagId, tag.id)];
  if (query.value !== undefined && query.value !== '') {
    const columns = valueColumns(tag, tag.type === 'number' ? query.value : query.value);
    if (!columns) throw badValue(scope.lang);
    if (columns.valueBool !== null) conditions.push(eq(playerTagValues.valueBool, columns.valueBool!));
    if (columns.valueText !== null) conditions.push(eq(playerTagValues.valueText, columns.valueText!));
    if (columns.valueNum !== null) conditions.push(eq(playerTagValues.valueNum, columns.valueNum!));
    if (columns.valueTime !== null) conditions.push(eq(playerTagValues.valueTime, columns.valueTime!));
  }
  if (query.openid)
    conditions.push(sql`${players.openid} like ${`${query.openid.replace(/[\\%_]/g, '\\$&')}%`}`);
  const valueColumn = {
    boolean: playerTagValues.valueBool,
    enum: playerTagValues.valueText,
    number: playerTagValues.valueNum,
    date: playerTagValues.valueTime,
  }[tag.type];
  const order = sortOrder(
    query.sort as 'set_at' | '-set_at' | 'openid' | '-openid' | 'value' | '-value' | undefined,
    { set_at: playerTagValues.setAt, openid: players.openid, value: valueColumn },
    '-set_at',
    players.id,
    scope.lang,
  );
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        openid: players.openid,
        nickname: players.nickname,
        channel: players.channel,
        region: players.region,
        valueBool: playerTagValues.valueBool,
        valueText: playerTagValues.valueText,
        valueNum: playerTagValues.valueNum,
        valueTime: playerTagValues.valueTime,
        source: playerTagValues.source,
        setBy: playerTagValues.setBy,
        setAt: playerTagValues.setAt,
      })
      .from(playerTagValues)
      .innerJoin(players, eq(players.id, playerTagValues.playerId))
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(playerTagValues)
      .innerJoin(players, eq(players.id, playerTagValues.playerId))
      .where(where),
  ]);
  return {
    tag: (await withCounts(db, [toTag(tag)]))[0]!,
    total: Number(total!.n),
    list: rows.map((r) => ({
      openid: r.openid,
      nickname: r.nickname,
      channel: r.channel,
      region: r.region,
      value: valueOf(tag.type, r),
      source: r.source,
      set_by: r.setBy,
      set_at: r.setAt.toISOString(),
    })),
  };
}

/** A tag of the caller's product by its name (the users-by-tag address names it). */
export async function tagByName(db: Db, scope: Scope, name: string): Promise<ProfileTag> {
  const [row] = await db
    .select()
    .from(profileTags)
    .where(
      and(
        eq(profileTags.productId, scope.productId!),
        eq(profileTags.cpId, scope.cpId),
        eq(profileTags.name, name),
      ),
    );
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return (await withCounts(db, [toTag(row)]))[0]!;
}

/** One player's tags (the profile page). */
export async function playerTags(db: Db, scope: Scope, openid: string): Promise<PlayerTag[]> {
  const playerId = await playerIdOf(db, scope.productId!, openid);
  const rows = await db
    .select({
      tagId: profileTags.id,
      name: profileTags.name,
      label: profileTags.label,
      type: profileTags.type,
      valueBool: playerTagValues.valueBool,
      valueText: playerTagValues.valueText,
      valueNum: playerTagValues.valueNum,
      valueTime: playerTagValues.valueTime,
      source: playerTagValues.source,
      setAt: playerTagValues.setAt,
    })
    .from(playerTagValues)
    .innerJoin(profileTags, eq(profileTags.id, playerTagValues.tagId))
    .where(and(eq(playerTagValues.playerId, playerId), eq(profileTags.productId, scope.productId!)))
    .orderBy(profileTags.name);
  return rows.map((r) => ({
    tag_id: r.tagId,
    name: r.name,
    label: r.label,
    type: r.type,
    value: valueOf(r.type, r),
    source: r.source,
    set_at: r.setAt.toISOString(),
  }));
}
