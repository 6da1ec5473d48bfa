import { and, eq, gt, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  type AUTO_REPLY_SORTS,
  type AutoReplyMatch,
  type AutoReplyRule,
  type GamePlatform,
  type KeywordWarning,
  type SpecialReply,
  type autoReplyCreateBody,
  type autoReplyListQuery,
  type autoReplyUpdateBody,
  type specialReplyBody,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains, countWhere, runList, sortOrder, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction } from '../../lib/problems.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { channelIs, checkChannel } from '../help-center/categories.ts';
import { findRule, keywordKey, regexProblem, repliesOf } from './matcher.ts';
import { autoReplyRules, autoReplySpecials } from './tables.ts';

/** Keyword rules and the on-enter / no-match replies of a product's automatic replies. */

type Row = typeof autoReplyRules.$inferSelect;
type SpecialRow = typeof autoReplySpecials.$inferSelect;
type Query = z.output<typeof autoReplyListQuery>;
export type AutoReplyFilters = Omit<Query, 'page' | 'page_size' | 'sort'>;
export type AutoReplyInput = z.output<typeof autoReplyCreateBody>;
export type AutoReplyChanges = z.output<typeof autoReplyUpdateBody>;
export type AutoReplySaved = AutoReplyRule & { warnings: KeywordWarning[] };

const SORT: Record<(typeof AUTO_REPLY_SORTS)[number], AnyColumn> = {
  id: autoReplyRules.id,
  name: autoReplyRules.name,
  priority: autoReplyRules.priority,
  created_at: autoReplyRules.createdAt,
  updated_at: autoReplyRules.updatedAt,
};

export function toAutoReply(row: Row): AutoReplyRule {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    channel_id: row.channelId,
    platform: row.platform,
    keywords: row.keywords,
    replies: row.replies,
    mode: row.mode,
    priority: row.priority,
    start_at: row.startAt?.toISOString() ?? null,
    end_at: row.endAt?.toISOString() ?? null,
    enabled: row.enabled,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toSpecial(row: SpecialRow): SpecialReply {
  return {
    id: row.id,
    product_id: row.productId,
    kind: row.kind,
    channel_id: row.channelId,
    replies: row.replies,
    enabled: row.enabled,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function autoReplyWhere(scope: ProductScope, f: AutoReplyFilters): SQL {
  const keywordText = sql`exists (select 1 from jsonb_array_elements(${autoReplyRules.keywords}) as k(item) where ${contains(sql`k.item ->> 'text'`, f.q ?? '')})`;
  return and(
    inScope(autoReplyRules, scope),
    f.q ? or(contains(autoReplyRules.name, f.q), keywordText) : undefined,
    channelIs(autoReplyRules.channelId, f.channel_id),
    f.platform ? eq(autoReplyRules.platform, f.platform) : undefined,
    f.enabled !== undefined ? eq(autoReplyRules.enabled, f.enabled) : undefined,
  )!;
}

export function listAutoReplies(db: Db, scope: ProductScope, query: Query): Promise<ListPage<AutoReplyRule>> {
  const where = autoReplyWhere(scope, query);
  return runList(
    query,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(autoReplyRules)
          .where(where)
          .orderBy(...sortOrder(query.sort, SORT, '-priority', autoReplyRules.id, scope.lang))
          .limit(limit)
          .offset(offset)
      ).map(toAutoReply),
    () => countWhere(db, autoReplyRules, where),
  );
}

export async function autoReplyBatch(
  db: Db,
  scope: ProductScope,
  f: AutoReplyFilters,
  afterId: number,
  limit: number,
): Promise<AutoReplyRule[]> {
  const rows = await db
    .select()
    .from(autoReplyRules)
    .where(and(autoReplyWhere(scope, f), gt(autoReplyRules.id, afterId)))
    .orderBy(autoReplyRules.id)
    .limit(limit);
  return rows.map(toAutoReply);
}

export async function getAutoReply(db: Db, scope: ProductScope, id: number): Promise<AutoReplyRule> {
  return toAutoReply(await findOr404(db, autoReplyRules, rowInScope(autoReplyRules, scope, id)));
}

/** Null-safe equality: a null channel or platform is its own scope ("all"). */
function sameScope(column: AnyColumn, value: number | string | null): SQL {
  return value === null ? isNull(column) : eq(column, value);
}

/** Keywords this (enabled) rule shares with the other enabled rules of its channel and platform. */
async function overlaps(db: Db, scope: ProductScope, row: Row): Promise<KeywordWarning[]> {
  if (!row.enabled) return [];
  const others = await db
    .select()
    .from(autoReplyRules)
    .where(
      and(
        inScope(autoReplyRules, scope),
        ne(autoReplyRules.id, row.id),
        eq(autoReplyRules.enabled, true),
        sameScope(autoReplyRules.channelId, row.channelId),
        sameScope(autoReplyRules.platform, row.platform),
      ),
    )
    .orderBy(autoReplyRules.id);
  const mine = new Map(row.keywords.map((k) => [keywordKey(k), k.text]));
  return others.flatMap((other) =>
    [...new Set(other.keywords.map(keywordKey))]
      .filter((key) => mine.has(key))
      .map((key) => ({ keyword: mine.get(key)!, rule_id: other.id, rule_name: other.name })),
  );
}

function checkWindow(scope: ProductScope, startAt: Date | null, endAt: Date | null): void {
  if (startAt && endAt && endAt.getTime() <= startAt.getTime()) {
    new FieldProblems(scope.lang).add('end_at', 'end_before_start').throwIfAny();
  }
}

/** 400001 on each regex keyword RE2 cannot run (checked before anything is written). */
function checkKeywords(scope: ProductScope, keywords: AutoReplyInput['keywords'] | undefined): void {
  const problems = new FieldProblems(scope.lang);
  keywords?.forEach((keyword, i) => {
    const problem = keyword.match === 'regex' ? regexProblem(keyword.text) : null;
    if (problem) problems.add(`keywords.${i}.text`, problem);
  });
  problems.throwIfAny();
}

const time = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

export function createAutoReply(db: Db, scope: ProductScope, input: AutoReplyInput): Promise<AutoReplySaved> {
  return inTransaction(db, scope.lang, async (tx) => {
    checkKeywords(scope, input.keywords);
    await checkChannel(tx, scope, input.channel_id);
    const [row] = await tx
      .insert(autoReplyRules)
      .values({
        cpId: scope.cpId,
        productId: scope.productId,
        name: input.name,
        channelId: input.channel_id,
        platform: input.platform,
        keywords: input.keywords,
        replies: input.replies,
        mode: input.mode,
        priority: input.priority,
        startAt: time(input.start_at),
        endAt: time(input.end_at),
        enabled: input.enabled,
      })
      .returning();
    const item = toAutoReply(row!);
    await logChange(tx, scope, {
      action: 'create',
      targetType: 'auto_reply',
      targetId: row!.id,
      targetName: row!.name,
      after: item,
    });
    return { ...item, warnings: await overlaps(tx, scope, row!) };
  });
}

export function updateAutoReply(
  db: Db,
  scope: ProductScope,
  id: number,
  input: AutoReplyChanges,
): Promise<AutoReplySaved> {
  return inTransaction(db, scope.lang, async (tx) => {
    checkKeywords(scope, input.keywords);
    const target = rowInScope(autoReplyRules, scope, id);
    const before = await findOr404(tx, autoReplyRules, target);
    if (input.channel_id !== undefined && input.channel_id !== before.channelId) {
      await checkChannel(tx, scope, input.channel_id);
    }
    const startAt = time(input.start_at);
    const endAt = time(input.end_at);
    checkWindow(
      scope,
      startAt === undefined ? before.startAt : startAt,
      endAt === undefined ? before.endAt : endAt,
    );
    const row = await updateVersioned(tx, autoReplyRules, target, input.version, {
      name: input.name,
      channelId: input.channel_id,
      platform: input.platform,
      keywords: input.keywords,
      replies: input.replies,
      mode: input.mode,
      priority: input.priority,
      startAt,
      endAt,
      enabled: input.enabled,
    });
    const item = toAutoReply(row);
    await logChange(tx, scope, {
      action: 'update',
      targetType: 'auto_reply',
      targetId: id,
      targetName: row.name,
      before: toAutoReply(before),
      after: item,
    });
    return { ...item, warnings: await overlaps(tx, scope, row) };
  });
}

/** Rules are referred to by nothing: a delete removes the rule. */
export async function deleteAutoReply(db: Db, scope: ProductScope, id: number): Promise<{ deleted: true }> {
  return db.transaction(async (tx) => {
    const target = rowInScope(autoReplyRules, scope, id);
    const before = await findOr404(tx, autoReplyRules, target);
    await tx.delete(autoReplyRules).where(target);
    await logChange(tx, scope, {
      action: 'delete',
      targetType: 'auto_reply',
      targetId: id,
      targetName: before.name,
      before: toAutoReply(before),
    });
    return { deleted: true as const };
  });
}

export async function listSpecialReplies(db: Db, scope: ProductScope): Promise<SpecialReply[]> {
  const rows = await db
    .select()
    .from(autoReplySpecials)
    .where(inScope(autoReplySpecials, scope))
    .orderBy(autoReplySpecials.channelId, autoReplySpecials.kind);
  return rows.map(toSpecial);
}

/** Sets the on-enter or no-match reply of a channel: creates it, or updates it at the version read. */
export function saveSpecialReply(
  db: Db,
  scope: ProductScope,
  input: z.output<typeof specialReplyBody>,
): Promise<SpecialReply> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      await checkChannel(tx, scope, input.channel_id);
      const where = and(
        inScope(autoReplySpecials, scope),
        eq(autoReplySpecials.kind, input.kind),
        sameScope(autoReplySpecials.channelId, input.channel_id),
      )!;
      const [before] = await tx.select().from(autoReplySpecials).where(where);
      let row: SpecialRow;
      if (!before) {
        [row] = (await tx
          .insert(autoReplySpecials)
          .values({
            cpId: scope.cpId,
            productId: scope.productId,
            kind: input.kind,
            channelId: input.channel_id,
            replies: input.replies,
            enabled: input.enabled,
          })
          .returning()) as [SpecialRow];
      } else {
        // Someone set it since the caller read the list (or the caller did not know it existed).
        if (input.version === undefined) throw new ApiError(ErrorCode.CONFLICT);
        row = await updateVersioned(
          tx,
          autoReplySpecials,
          and(where, eq(autoReplySpecials.id, before.id))!,
          input.version,
          {
            replies: input.replies,
            enabled: input.enabled,
          },
        );
      }
      await logChange(tx, scope, {
        action: before ? 'update' : 'create',
        targetType: 'auto_reply_special',
        targetId: row.id,
        targetName: `${row.kind}:${row.channelId ?? 'all'}`,
        before: before ? toSpecial(before) : undefined,
        after: toSpecial(row),
      });
      return toSpecial(row);
    },
    { auto_reply_specials_scope: 'kind' },
  );
}

/**
 * What answers a player's text: the highest-priority active rule of the channel and platform whose
 * keyword matches, else the channel's no-match reply (or the all-channel one), else nothing.
 */
export async function matchAutoReply(
  db: Db,
  productId: number,
  input: { text: string; channelId: number | null; platform: GamePlatform | null },
  now = new Date(),
): Promise<AutoReplyMatch> {
  const rules = await db
    .select()
    .from(autoReplyRules)
    .where(
      and(
        eq(autoReplyRules.productId, productId),
        eq(autoReplyRules.enabled, true),
        input.channelId === null
          ? isNull(autoReplyRules.channelId)
          : or(isNull(autoReplyRules.channelId), eq(autoReplyRules.channelId, input.channelId)),
        input.platform === null
          ? isNull(autoReplyRules.platform)
          : or(isNull(autoReplyRules.platform), eq(autoReplyRules.platform, input.platform)),
      ),
    );
  const hit = findRule(rules, input.text, now);
  if (hit) {
    return {
      source: 'rule',
      rule: { id: hit.rule.id, name: hit.rule.name, priority: hit.rule.priority },
      keyword: hit.keyword,
      replies: repliesOf(hit.rule.mode, hit.rule.replies),
    };
  }
  const specials = await db
    .select()
    .from(autoReplySpecials)
    .where(
      and(
        eq(autoReplySpecials.productId, productId),
        eq(autoReplySpecials.kind, 'no_match'),
        eq(autoReplySpecials.enabled, true),
        input.channelId === null
          ? isNull(autoReplySpecials.channelId)
          : or(isNull(autoReplySpecials.channelId), eq(autoReplySpecials.channelId, input.channelId)),
      ),
    );
  const noMatch = specials.find((s) => s.channelId !== null) ?? specials[0];
  return noMatch
    ? { source: 'no_match', rule: null, keyword: null, replies: noMatch.replies }
    : { source: 'none', rule: null, keyword: null, replies: [] };
}
