import { and, eq, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  autoRepliesResource,
  repliesInLanguage,
  type AutoReplyMatch,
  type AutoReplyRule,
  type GamePlatform,
  type KeywordWarning,
  type Language,
  type SpecialReply,
  type specialReplyBody,
} from '@rx/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import type { ProductScope, Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { channelIs, checkChannel } from '../../lib/channel-ref.ts';
import { cpLanguage } from '../../lib/cp-language.ts';
import { contains } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction } from '../../lib/problems.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { inScope } from '../../lib/scope.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { findRule, keywordKey, regexProblem, repliesOf } from './matcher.ts';
import { autoReplyRules, autoReplySpecials } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

/** Keyword rules and the on-enter / no-match replies of a product's automatic replies. */

type Row = typeof autoReplyRules.$inferSelect;
type SpecialRow = typeof autoReplySpecials.$inferSelect;
type RuleInput = z.output<(typeof autoRepliesResource)['create']>;

function toSpecial(row: SpecialRow): SpecialReply {
  return {
    id: row.id,
    product_id: row.productId,
    kind: row.kind,
    channel_id: row.channelId,
    replies: row.replies,
    enabled: row.enabled,
    ...stamps(row),
  };
}

const time = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** 400001 on each regex keyword RE2 cannot run, and on a window that ends before it starts. */
async function checkRule(db: Db, scope: Scope, input: Partial<RuleInput>, before?: Row): Promise<void> {
  const problems = new FieldProblems(scope.lang);
  input.keywords?.forEach((keyword, i) => {
    const problem = keyword.match === 'regex' ? regexProblem(keyword.text) : null;
    if (problem) problems.add(`keywords.${i}.text`, problem);
  });
  problems.throwIfAny();
  if (input.channel_id !== undefined && input.channel_id !== before?.channelId) {
    await checkChannel(db, scope, input.channel_id);
  }
  // An update may change one end of the window only: the merged window must still hold.
  const startAt = input.start_at === undefined ? before?.startAt : time(input.start_at);
  const endAt = input.end_at === undefined ? before?.endAt : time(input.end_at);
  if (startAt && endAt && endAt.getTime() <= startAt.getTime()) {
    new FieldProblems(scope.lang).add('end_at', 'end_before_start').throwIfAny();
  }
}

const impl: ResourceImpl<typeof autoRepliesResource, typeof autoReplyRules, AutoReplyRule, null> = {
  table: autoReplyRules,
  toItem: (row: Row): AutoReplyRule => ({
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
    ...stamps(row),
  }),
  nameOf: (row) => row.name,
  where: (f) => [
    f.q
      ? or(
          contains(autoReplyRules.name, f.q),
          sql`exists (select 1 from jsonb_array_elements(${autoReplyRules.keywords}) as k(item) where ${contains(sql`k.item ->> 'text'`, f.q)})`,
        )
      : undefined,
    channelIs(autoReplyRules.channelId, f.channel_id),
    f.platform ? eq(autoReplyRules.platform, f.platform) : undefined,
    f.enabled !== undefined ? eq(autoReplyRules.enabled, f.enabled) : undefined,
  ],
  columns: (input) => ({
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
  }),
  check: checkRule,
  // Rules are referred to by nothing: a delete removes the rule.
};

export const autoReplyService = resourceService(autoRepliesResource, impl);
export const autoReplyImpl = impl;

/** Null-safe equality: a null channel or platform is its own scope ("all"). */
function sameScope(column: AnyColumn, value: number | string | null): SQL {
  return value === null ? isNull(column) : eq(column, value);
}

/** Keywords this (enabled) rule shares with the other enabled rules of its channel and platform. */
export async function overlaps(db: Db, scope: Scope, rule: AutoReplyRule): Promise<KeywordWarning[]> {
  if (!rule.enabled) return [];
  const others = await db
    .select()
    .from(autoReplyRules)
    .where(
      and(
        inScope(autoReplyRules, scope),
        ne(autoReplyRules.id, rule.id),
        eq(autoReplyRules.enabled, true),
        sameScope(autoReplyRules.channelId, rule.channel_id),
        sameScope(autoReplyRules.platform, rule.platform),
      ),
    )
    .orderBy(autoReplyRules.id);
  const mine = new Map(rule.keywords.map((k) => [keywordKey(k), k.text]));
  return others.flatMap((other) =>
    [...new Set(other.keywords.map(keywordKey))]
      .filter((key) => mine.has(key))
      .map((key) => ({ keyword: mine.get(key)!, rule_id: other.id, rule_name: other.name })),
  );
}

export async function listSpecialReplies(db: Db, scope: Scope): Promise<SpecialReply[]> {
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
  input: {
    text: string;
    channelId: number | null;
    platform: GamePlatform | null;
    /** The player's language (null: not known): which text replies answer (`repliesInLanguage`). */
    lang: Language | null;
  },
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
      replies: repliesOf(
        hit.rule.mode,
        repliesInLanguage(hit.rule.replies, input.lang, await cpLanguage(db, hit.rule.cpId)),
      ),
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
    ? {
        source: 'no_match',
        rule: null,
        keyword: null,
        replies: repliesInLanguage(noMatch.replies, input.lang, await cpLanguage(db, noMatch.cpId)),
      }
    : { source: 'none', rule: null, keyword: null, replies: [] };
}
