import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  csClassifyBody,
  csClassStatsAccess,
  csClassStatsExportQuery,
  csClassStatsQuery,
  csConversationAccess,
  ErrorCode,
  idParam,
  type CsClassStats,
  type CsClassStatsRow,
  type FeedbackTypeNode,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sendExport } from '../../lib/export.ts';
import { logChange } from '../../lib/operation-log.ts';
import { fieldError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { enabledFeedbackType, feedbackTypeTree } from '../feedback-types/index.ts';
import { feedbackTypes } from '../feedback-types/tables.ts';
import { settingsOf } from './settings.ts';
import { localDaySql, statsWindow } from './stats-window.ts';
import { csConversations } from './tables.ts';
import { inGame, rowInGame } from '../../lib/scope.ts';

/**
 * Session classification: a conversation's feedback type (the player's choice on opening, or an
 * agent's), and the classification statistics — conversations opened per day by type.
 */

/** The id of the game's enabled feedback type of this code; undefined: none. */
export async function feedbackTypeIdOf(db: Db, productId: number, code: string): Promise<number | undefined> {
  return (await enabledFeedbackType(db, productId, code))?.id;
}

export async function classificationStats(
  db: Db,
  scope: ProductScope,
  query: { from: string; to: string },
): Promise<CsClassStats> {
  const tz = (await settingsOf(db, scope.productId)).time_zone;
  const { start, end, days } = statsWindow(query.from, query.to, tz);
  const day = localDaySql(csConversations.createdAt, tz);
  const counts = await db
    .select({
      typeId: csConversations.feedbackTypeId,
      day,
      n: sql<number>`count(*)::int`,
    })
    .from(csConversations)
    .where(
      and(
        inGame(csConversations, scope),
        gte(csConversations.createdAt, start),
        lt(csConversations.createdAt, end),
      ),
    )
    // By the output's position: the day's expression carries the zone as a parameter.
    .groupBy(sql`1`, sql`2`);
  // Every type of the game has a row (a type nobody chose shows its zeros), then the unclassified.
  const types = await db
    .select({ id: feedbackTypes.id, code: feedbackTypes.code, name: feedbackTypes.name })
    .from(feedbackTypes)
    .where(inGame(feedbackTypes, scope))
    .orderBy(asc(feedbackTypes.sort), asc(feedbackTypes.id));
  const rows = new Map<number, CsClassStatsRow>();
  const rowOf = (id: number, code: string, name: Record<string, string>) => {
    const row = { type_id: id, code, name, total: 0, by_day: days.map(() => 0) };
    rows.set(id, row);
    return row;
  };
  for (const type of types) rowOf(type.id, type.code, type.name);
  const index = new Map(days.map((d, i) => [d, i]));
  let total = 0;
  for (const count of counts) {
    const id = count.typeId ?? 0;
    const row = rows.get(id) ?? rowOf(id, '', {});
    const at = index.get(count.day);
    if (at !== undefined) row.by_day[at]! += count.n;
    row.total += count.n;
    total += count.n;
  }
  const list = [...rows.values()].sort((a, b) => b.total - a.total);
  return { days, rows: list, total, time_zone: tz };
}

const EXPORT_HEADERS = ['day', 'type_code', 'type_name', 'conversations'] as const;

export function csClassificationRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cs'];
  const product = (request: Parameters<typeof scopeOf>[0]) => scopeOf(request) as ProductScope;

  app.get(
    '/cs/classification-stats',
    {
      schema: {
        tags,
        summary: 'Conversations opened per day by feedback type (0: not classified)',
        querystring: csClassStatsQuery,
      },
      config: can(csClassStatsAccess, 'read'),
    },
    async (request) => ok(await classificationStats(db, product(request), request.query)),
  );

  app.get(
    '/cs/classification-stats/export',
    {
      schema: {
        tags,
        summary: 'The same, a row per day and type (CSV or XLSX)',
        querystring: csClassStatsExportQuery,
      },
      config: can(csClassStatsAccess, 'export'),
    },
    async (request, reply) => {
      const scope = product(request);
      const { format, ...window } = request.query;
      const stats = await classificationStats(db, scope, window);
      await logChange(db, scope, {
        action: 'export',
        targetType: 'cs_classification',
        after: { format, ...window },
      });
      async function* rows() {
        for (const [i, day] of stats.days.entries())
          yield stats.rows.map((row) => [
            day,
            row.code,
            row.name[scope.lang] || row.name.zh || row.name.en || '',
            row.by_day[i]!,
          ]);
      }
      return sendExport(reply, format, 'cs-classification-stats', EXPORT_HEADERS, rows());
    },
  );

  app.get(
    '/cs/feedback-types',
    {
      schema: {
        tags,
        summary: "The game's enabled feedback types, nested: what an agent may file a conversation under",
      },
      config: can(csConversationAccess, 'read'),
    },
    async (request) => {
      const enabledOnly = (nodes: FeedbackTypeNode[]): FeedbackTypeNode[] =>
        nodes.filter((n) => n.enabled).map((n) => ({ ...n, children: enabledOnly(n.children) }));
      return ok({ list: enabledOnly(await feedbackTypeTree(db, product(request))) });
    },
  );
  app.put(
    '/cs/conversations/:id/classification',
    {
      schema: {
        tags,
        summary: 'File the conversation under a feedback type of the game (null: none)',
        params: z.object({ id: idParam.shape.id }),
        body: csClassifyBody,
      },
      config: can(csConversationAccess, 'update'),
    },
    async (request) => {
      const scope = product(request);
      const typeId = request.body.feedback_type_id;
      if (typeId !== null) {
        const [type] = await db
          .select({ id: feedbackTypes.id })
          .from(feedbackTypes)
          .where(and(eq(feedbackTypes.id, typeId), eq(feedbackTypes.productId, scope.productId)));
        if (!type) throw fieldError(scope.lang, 'feedback_type_id', 'unknown_ref');
      }
      const [row] = await db
        .update(csConversations)
        .set({ feedbackTypeId: typeId, updatedAt: new Date() })
        .where(rowInGame(csConversations, scope, request.params.id))
        .returning({ id: csConversations.id, feedbackTypeId: csConversations.feedbackTypeId });
      if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
      return ok({ id: row.id, feedback_type_id: row.feedbackTypeId });
    },
  );
}
