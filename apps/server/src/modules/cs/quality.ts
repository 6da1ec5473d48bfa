import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  csConversationAccess,
  csQualityAccess,
  csQualitySummaryQuery,
  csReviewListQuery,
  csReviewParam,
  csRubricBody,
  csRubricUpdateBody,
  csSampleBody,
  csScoreBody,
  ErrorCode,
  type CsMyQuality,
  type CsQualitySummary,
  type CsReview,
  type CsRubric,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { logChange } from '../../lib/operation-log.ts';
import { fieldError, FieldProblems, inTransaction } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { listRoute } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { settingsOf } from './settings.ts';
import { statsWindow } from './stats-window.ts';
import { csAgents, csConversations, csQualityReviews, csQualityRubrics, csTeams } from './tables.ts';
import { inGame } from '../../lib/scope.ts';

/**
 * Quality statistics: rubrics, a sample of resolved conversations per agent and period, the
 * reviewers' scores, the averages by agent or team, and each agent's own scores.
 */

type RubricRow = typeof csQualityRubrics.$inferSelect;
export type CsRubricCreate = z.output<typeof csRubricBody>;
type CsRubricUpdate = z.output<typeof csRubricUpdateBody>;

const toRubric = (row: RubricRow): CsRubric => ({
  id: row.id,
  name: row.name,
  items: row.items,
  enabled: row.enabled,
  max_total: row.items.reduce((sum, item) => sum + item.max, 0),
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
});

const rubricsInGame = (scope: ProductScope) => inGame(csQualityRubrics, scope);
const reviewsInGame = (scope: ProductScope) => inGame(csQualityReviews, scope);

async function rubricOf(db: Db, scope: ProductScope, id: number): Promise<RubricRow | undefined> {
  const [row] = await db
    .select()
    .from(csQualityRubrics)
    .where(and(eq(csQualityRubrics.id, id), rubricsInGame(scope)));
  return row;
}

const uniqueName = { cs_quality_rubrics_name: 'name' };

/** Defines a rubric (the route's and the import's). */
export async function createRubric(db: Db, scope: ProductScope, input: CsRubricCreate): Promise<CsRubric> {
  const row = await inTransaction(
    db,
    scope.lang,
    async (tx) => {
      const [created] = await tx
        .insert(csQualityRubrics)
        .values({ cpId: scope.cpId, productId: scope.productId, ...input })
        .returning();
      await logChange(tx, scope, {
        action: 'create',
        targetType: 'cs_quality_rubric',
        targetId: created!.id,
        targetName: created!.name,
        after: toRubric(created!),
      });
      return created!;
    },
    uniqueName,
  );
  return toRubric(row);
}

/** Changes a rubric: its items are fixed once a review is scored on it (422 on `items`). */
export async function updateRubric(
  db: Db,
  scope: ProductScope,
  id: number,
  body: CsRubricUpdate,
): Promise<CsRubric> {
  const { version, ...changes } = body;
  const row = await inTransaction(
    db,
    scope.lang,
    async (tx) => {
      const before = await rubricOf(tx, scope, id);
      if (before && changes.items && JSON.stringify(changes.items) !== JSON.stringify(before.items)) {
        const [scored] = await tx
          .select({ id: csQualityReviews.id })
          .from(csQualityReviews)
          .where(and(eq(csQualityReviews.rubricId, before.id), eq(csQualityReviews.status, 'scored')))
          .limit(1);
        if (scored) throw fieldError(scope.lang, 'items', 'frozen');
      }
      const updated = await updateVersioned(
        tx,
        csQualityRubrics,
        and(eq(csQualityRubrics.id, id), rubricsInGame(scope))!,
        version,
        changes,
      );
      await logChange(tx, scope, {
        action: 'update',
        targetType: 'cs_quality_rubric',
        targetId: updated.id,
        targetName: updated.name,
        before: before ? toRubric(before) : undefined,
        after: toRubric(updated),
      });
      return updated;
    },
    uniqueName,
  );
  return toRubric(row);
}

/** The game's rubrics with `id > afterId`, by id (the export's batches and the import's rows). */
export async function rubricBatch(db: Db, scope: ProductScope, afterId: number, limit: number) {
  const rows = await db
    .select()
    .from(csQualityRubrics)
    .where(and(rubricsInGame(scope), gt(csQualityRubrics.id, afterId)))
    .orderBy(asc(csQualityRubrics.id))
    .limit(limit);
  return rows.map(toRubric);
}

/** Reviews with their rubric, conversation and agent, as the API answers them. */
async function reviewsWhere(db: Db, condition: SQL | undefined, page?: { page: number; size: number }) {
  const query = db
    .select({
      review: csQualityReviews,
      rubric: { name: csQualityRubrics.name, items: csQualityRubrics.items },
      openid: csConversations.openid,
      resolvedAt: csConversations.resolvedAt,
      agentName: users.username,
    })
    .from(csQualityReviews)
    .innerJoin(csQualityRubrics, eq(csQualityRubrics.id, csQualityReviews.rubricId))
    .innerJoin(csConversations, eq(csConversations.id, csQualityReviews.conversationId))
    .innerJoin(users, eq(users.id, csQualityReviews.agentId))
    .where(condition)
    .orderBy(desc(csQualityReviews.updatedAt), desc(csQualityReviews.id));
  const rows = page
    ? await query.limit(page.size).offset((page.page - 1) * page.size)
    : await query.limit(500);
  return rows.map((r): CsReview => ({
    id: r.review.id,
    rubric_id: r.review.rubricId,
    rubric_name: r.rubric.name,
    items: r.rubric.items,
    conversation_id: r.review.conversationId,
    openid: r.openid,
    agent_id: r.review.agentId,
    agent_name: r.agentName,
    status: r.review.status,
    scores: r.review.scores,
    percent: r.review.percent,
    comment: r.review.comment,
    reviewer_name: r.review.reviewerName,
    resolved_at: r.resolvedAt?.toISOString() ?? null,
    version: r.review.version,
    updated_at: r.review.updatedAt.toISOString(),
  }));
}

/**
 * Samples up to `per_agent` resolved conversations of each agent in the window that the rubric
 * has not reviewed yet, counting those already sampled in the window: sampling twice tops up.
 */
export async function sampleConversations(
  db: Db,
  scope: ProductScope,
  input: { rubric_id: number; from: string; to: string; per_agent: number },
): Promise<{ sampled: number; by_agent: { agent_id: number; sampled: number }[] }> {
  const rubric = await rubricOf(db, scope, input.rubric_id);
  if (!rubric?.enabled) throw fieldError(scope.lang, 'rubric_id', 'unknown_ref');
  const tz = (await settingsOf(db, scope.productId)).time_zone;
  const { start, end } = statsWindow(input.from, input.to, tz);
  const created = await db.transaction(async (tx) => {
    const result = await tx.execute<{ agent_id: number }>(sql`
      with candidates as (
        select c.id, c.assignee_id,
               row_number() over (partition by c.assignee_id order by random()) as n
        from ${csConversations} c
        join ${users} u on u.id = c.assignee_id
        where c.cp_id = ${scope.cpId} and c.product_id = ${scope.productId}
          and c.state = 'resolved' and c.resolved_at >= ${start} and c.resolved_at < ${end}
          and not exists (select 1 from ${csQualityReviews} r
                          where r.rubric_id = ${rubric.id} and r.conversation_id = c.id)
      ), taken as (
        select r.agent_id, count(*)::int as n
        from ${csQualityReviews} r join ${csConversations} c on c.id = r.conversation_id
        where r.rubric_id = ${rubric.id} and c.resolved_at >= ${start} and c.resolved_at < ${end}
        group by r.agent_id
      )
      insert into ${csQualityReviews} (cp_id, product_id, rubric_id, conversation_id, agent_id)
      select ${scope.cpId}, ${scope.productId}, ${rubric.id}, k.id, k.assignee_id
      from candidates k left join taken t on t.agent_id = k.assignee_id
      where k.n <= ${input.per_agent} - coalesce(t.n, 0)
      on conflict do nothing
      returning agent_id`);
    const rows = (result as unknown as { rows: { agent_id: number }[] }).rows;
    await logChange(tx, scope, {
      action: 'create',
      targetType: 'cs_quality_review',
      targetName: rubric.name,
      after: { ...input, sampled: rows.length },
    });
    return rows;
  });
  const byAgent = new Map<number, number>();
  for (const row of created) byAgent.set(row.agent_id, (byAgent.get(row.agent_id) ?? 0) + 1);
  return {
    sampled: created.length,
    by_agent: [...byAgent].map(([agentId, sampled]) => ({ agent_id: agentId, sampled })),
  };
}

export async function qualitySummary(
  db: Db,
  scope: ProductScope,
  query: { from: string; to: string; by: 'agent' | 'team'; rubric_id?: number },
): Promise<CsQualitySummary> {
  const tz = (await settingsOf(db, scope.productId)).time_zone;
  const { start, end } = statsWindow(query.from, query.to, tz);
  const figures = {
    reviews: sql<number>`count(*)::int`,
    scored: sql<number>`(count(*) filter (where ${csQualityReviews.status} = 'scored'))::int`,
    average: sql<number | null>`round(avg(${csQualityReviews.percent}), 1)::float8`,
  };
  const condition = and(
    reviewsInGame(scope),
    query.rubric_id ? eq(csQualityReviews.rubricId, query.rubric_id) : undefined,
    gte(csConversations.resolvedAt, start),
    lt(csConversations.resolvedAt, end),
  );
  const key = query.by === 'agent' ? csQualityReviews.agentId : csTeams.id;
  const label =
    query.by === 'agent' ? sql<string>`max(${users.username})` : sql<string>`max(${csTeams.name})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ key, label, ...figures })
      .from(csQualityReviews)
      .innerJoin(csConversations, eq(csConversations.id, csQualityReviews.conversationId))
      .innerJoin(users, eq(users.id, csQualityReviews.agentId))
      .leftJoin(csAgents, eq(csAgents.userId, csQualityReviews.agentId))
      .leftJoin(csTeams, eq(csTeams.id, csAgents.teamId))
      .where(condition)
      .groupBy(key)
      .orderBy(asc(label)),
    db
      .select(figures)
      .from(csQualityReviews)
      .innerJoin(csConversations, eq(csConversations.id, csQualityReviews.conversationId))
      .where(condition),
  ]);
  return {
    rows: rows.map((r) => ({
      key: String(r.key ?? ''),
      label: r.label ?? '',
      reviews: r.reviews,
      scored: r.scored,
      average: r.average,
    })),
    total: { reviews: total?.reviews ?? 0, scored: total?.scored ?? 0, average: total?.average ?? null },
  };
}

export function csQualityRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cs'];
  const product = (request: Parameters<typeof scopeOf>[0]) => scopeOf(request) as ProductScope;

  app.get(
    '/cs/quality-rubrics',
    {
      schema: { tags, summary: "The game's quality rubrics" },
      config: can(csQualityAccess, 'read'),
    },
    async (request) => {
      const rows = await db
        .select()
        .from(csQualityRubrics)
        .where(rubricsInGame(product(request)))
        .orderBy(asc(csQualityRubrics.id))
        .limit(200);
      return ok({ list: rows.map(toRubric) });
    },
  );
  app.get(
    '/cs/quality-rubrics/:id',
    {
      schema: { tags, summary: 'One quality rubric of the game', params: csReviewParam },
      config: can(csQualityAccess, 'read'),
    },
    async (request) => {
      const row = await rubricOf(db, product(request), request.params.id);
      if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
      return ok(toRubric(row));
    },
  );
  app.post(
    '/cs/quality-rubrics',
    {
      schema: {
        tags,
        summary: 'Define a rubric (items each scored up to their maximum)',
        body: csRubricBody,
      },
      config: can(csQualityAccess, 'create'),
    },
    async (request) => ok(await createRubric(db, product(request), request.body)),
  );
  app.put(
    '/cs/quality-rubrics/:id',
    {
      schema: {
        tags,
        summary: 'Change a rubric (its items are fixed once a review is scored on it)',
        params: csReviewParam,
        body: csRubricUpdateBody,
      },
      config: can(csQualityAccess, 'update'),
    },
    async (request) => ok(await updateRubric(db, product(request), request.params.id, request.body)),
  );

  app.post(
    '/cs/quality-reviews/sample',
    {
      schema: {
        tags,
        summary: 'Sample N resolved conversations per agent of the period to review on a rubric',
        body: csSampleBody,
      },
      config: can(csQualityAccess, 'create'),
    },
    async (request) => ok(await sampleConversations(db, product(request), request.body)),
  );
  listRoute(app, {
    name: 'cs-quality-reviews',
    path: '/cs/quality-reviews',
    tags,
    summary: 'Sampled conversations, to score or scored',
    query: csReviewListQuery,
    filters: ['status', 'rubric_id', 'agent_id'],
    // One order: the latest changed first.
    sorts: ['updated_at'],
    config: can(csQualityAccess, 'read'),
    async list(request, q) {
      const scope = product(request);
      const condition = and(
        reviewsInGame(scope),
        q.status ? eq(csQualityReviews.status, q.status) : undefined,
        q.rubric_id ? eq(csQualityReviews.rubricId, q.rubric_id) : undefined,
        q.agent_id ? eq(csQualityReviews.agentId, q.agent_id) : undefined,
      );
      const [list, [count]] = await Promise.all([
        reviewsWhere(db, condition, { page: q.page, size: q.page_size }),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(csQualityReviews)
          .where(condition),
      ]);
      return { list, total: count?.n ?? 0 };
    },
  });
  app.get(
    '/cs/quality-reviews/summary',
    {
      schema: {
        tags,
        summary:
          'Mean scores (percent of the rubric) by agent or team, of conversations resolved in the window',
        querystring: csQualitySummaryQuery,
      },
      config: can(csQualityAccess, 'read'),
    },
    async (request) => ok(await qualitySummary(db, product(request), request.query)),
  );
  app.get(
    '/cs/quality-reviews/mine',
    {
      schema: { tags, summary: "The caller's own scored reviews (agents see their scores)" },
      config: can(csConversationAccess, 'read'),
    },
    async (request): Promise<ReturnType<typeof ok<CsMyQuality>>> => {
      const scope = product(request);
      const list = await reviewsWhere(
        db,
        and(
          reviewsInGame(scope),
          eq(csQualityReviews.agentId, scope.userId),
          eq(csQualityReviews.status, 'scored'),
        ),
        { page: 1, size: 100 },
      );
      const scored = list.map((r) => r.percent!).filter((p) => p !== null);
      const average = scored.length
        ? Math.round((scored.reduce((a, b) => a + b, 0) / scored.length) * 10) / 10
        : null;
      return ok({ list, average });
    },
  );
  app.put(
    '/cs/quality-reviews/:id',
    {
      schema: {
        tags,
        summary: "Score a sampled conversation: one score per rubric item, each up to the item's maximum",
        params: csReviewParam,
        body: csScoreBody,
      },
      config: can(csQualityAccess, 'update'),
    },
    async (request) => {
      const scope = product(request);
      const { scores, comment, version } = request.body;
      const id = request.params.id;
      await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ review: csQualityReviews, items: csQualityRubrics.items })
          .from(csQualityReviews)
          .innerJoin(csQualityRubrics, eq(csQualityRubrics.id, csQualityReviews.rubricId))
          .where(and(eq(csQualityReviews.id, id), reviewsInGame(scope)));
        const items = found?.items ?? [];
        const problems = new FieldProblems(scope.lang);
        if (found && scores.length !== items.length) problems.add('scores', 'invalid');
        else
          scores.forEach((score, i) => {
            if (items[i] && score > items[i].max)
              problems.add(`scores.${i}`, 'too_big', { max: items[i].max });
          });
        problems.throwIfAny();
        const max = items.reduce((sum, item) => sum + item.max, 0);
        const points = scores.reduce((sum, s) => sum + s, 0);
        const updated = await updateVersioned(
          tx,
          csQualityReviews,
          and(eq(csQualityReviews.id, id), reviewsInGame(scope))!,
          version,
          {
            scores,
            comment,
            status: 'scored',
            percent: max > 0 ? Math.round((points / max) * 100) : 0,
            reviewerName: scope.username,
          },
        );
        await logChange(tx, scope, {
          action: 'update',
          targetType: 'cs_quality_review',
          targetId: updated.id,
          targetName: String(updated.conversationId),
          before: found ? { scores: found.review.scores, comment: found.review.comment } : undefined,
          after: { scores, comment, percent: updated.percent },
        });
      });
      const [review] = await reviewsWhere(db, eq(csQualityReviews.id, id));
      return ok(review!);
    },
  );
}
