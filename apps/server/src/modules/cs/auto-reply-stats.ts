import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import {
  csAutoReplyStatsAccess,
  csAutoReplyStatsQuery,
  type CsAutoReplyStats,
  type CsAutoReplyStatsRow,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { autoReplyRules } from '../auto-replies/tables.ts';
import { settingsOf } from './settings.ts';
import { statsWindow } from './stats-window.ts';
import { csConversations, csRuleHits } from './tables.ts';
import { inGame } from '../../lib/scope.ts';

/**
 * Auto-reply statistics: the player texts each rule answered in conversations (`cs_rule_hits`, one
 * per answered text), the conversations it answered in, and how many of those went to a person.
 */

const rate = (handedOff: number, conversations: number) =>
  conversations > 0 ? Math.round((handedOff / conversations) * 1000) / 1000 : null;

export async function autoReplyStats(
  db: Db,
  scope: ProductScope,
  query: { from: string; to: string },
): Promise<CsAutoReplyStats> {
  const tz = (await settingsOf(db, scope.productId)).time_zone;
  const { start, end } = statsWindow(query.from, query.to, tz);
  const inWindow = and(
    inGame(csRuleHits, scope),
    gte(csRuleHits.createdAt, start),
    lt(csRuleHits.createdAt, end),
  );
  const figures = {
    hits: sql<number>`count(*)::int`,
    conversations: sql<number>`count(distinct ${csRuleHits.conversationId})::int`,
    handedOff: sql<number>`(count(distinct ${csRuleHits.conversationId}) filter (where ${csConversations.handedOffAt} is not null))::int`,
  };
  const [rows, [all]] = await Promise.all([
    db
      .select({
        ruleId: csRuleHits.ruleId,
        // The rule's name now, or as it was when it answered (a deleted rule).
        name: sql<string>`coalesce(max(${autoReplyRules.name}), max(${csRuleHits.ruleName}))`,
        ...figures,
      })
      .from(csRuleHits)
      .innerJoin(csConversations, eq(csConversations.id, csRuleHits.conversationId))
      .leftJoin(autoReplyRules, eq(autoReplyRules.id, csRuleHits.ruleId))
      .where(inWindow)
      .groupBy(csRuleHits.ruleId),
    db
      .select(figures)
      .from(csRuleHits)
      .innerJoin(csConversations, eq(csConversations.id, csRuleHits.conversationId))
      .where(inWindow),
  ]);
  const list: CsAutoReplyStatsRow[] = rows.map((r) => ({
    rule_id: r.ruleId,
    rule_name: r.ruleId === null ? '' : r.name,
    hits: r.hits,
    conversations: r.conversations,
    without_handoff: r.conversations - r.handedOff,
    handed_off: r.handedOff,
    handoff_rate: rate(r.handedOff, r.conversations),
  }));
  // The most used rules first; the texts no rule matched last.
  list.sort((a, b) => Number(a.rule_id === null) - Number(b.rule_id === null) || b.hits - a.hits);
  const conversations = all?.conversations ?? 0;
  const handedOff = all?.handedOff ?? 0;
  return {
    rows: list,
    total: {
      hits: all?.hits ?? 0,
      conversations,
      without_handoff: conversations - handedOff,
      handed_off: handedOff,
      handoff_rate: rate(handedOff, conversations),
    },
    time_zone: tz,
  };
}

export function csAutoReplyStatsRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/cs/auto-reply-stats',
    {
      schema: {
        tags: ['cs'],
        summary: 'Texts each auto-reply rule answered, and the conversations resolved without a person',
        querystring: csAutoReplyStatsQuery,
      },
      config: can(csAutoReplyStatsAccess, 'read'),
    },
    async (request) => ok(await autoReplyStats(db, scopeOf(request) as ProductScope, request.query)),
  );
}
