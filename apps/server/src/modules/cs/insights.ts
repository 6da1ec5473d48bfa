import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { z } from 'zod';
import {
  businessMinutes,
  CS_COMPLAINT_MOVES,
  CS_LOG_TARGETS,
  csOperationLogAccess,
  csOperationLogQuery,
  csComplaintCreateBody,
  csComplaintParam,
  csComplaintUpdateBody,
  csRatingAccess,
  csRobotAccess,
  csRobotListQuery,
  csRatingListQuery,
  csStatsAccess,
  csStatsQuery,
  ErrorCode,
  localDayOf,
  type CsComplaint,
  type CsRatingRow,
  type CsRobotSessions,
  type CsStats,
  type CsStatsGroup,
  type CsStatsRow,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { operationLogs, users } from '../../db/schema.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { logChange } from '../../lib/operation-log.ts';
import { fieldError, isUniqueViolation, ruleError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { listRoute } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { toLog } from '../operation-logs/index.ts';
import { closedDaysOf, settingsOf } from './settings.ts';
import { statsWindow } from './stats-window.ts';
import { recordMessages } from './records.ts';
import { csAgents, csComplaints, csConversations, csMessages, csTeams } from './tables.ts';
import { inGame, rowInGame } from '../../lib/scope.ts';

/**
 * Data statistics (volume, first response, resolution time, satisfaction by day, agent or team;
 * times in business minutes net of holidays) and ratings with their complaints.
 */

/** Conversations a statistics window reads at most. */
const STATS_ROWS_MAX = 50_000;
/** Rows worked between two yields to the event loop. */
const STATS_SLICE = 500;

type Totals = Omit<CsStatsRow, 'key' | 'label'>;
type Acc = {
  key: string;
  label: string;
  conversations: number;
  handed_off: number;
  resolved: number;
  firstSum: number;
  firstN: number;
  resolveSum: number;
  met: number;
  rated: number;
  ratingSum: number;
};

const blank = (key: string, label: string): Acc => ({
  key,
  label,
  conversations: 0,
  handed_off: 0,
  resolved: 0,
  firstSum: 0,
  firstN: 0,
  resolveSum: 0,
  met: 0,
  rated: 0,
  ratingSum: 0,
});

const mean = (sum: number, n: number) => (n > 0 ? Math.round((sum / n) * 10) / 10 : null);
function totalsOf(a: Acc): Totals {
  return {
    conversations: a.conversations,
    handed_off: a.handed_off,
    resolved: a.resolved,
    first_response_minutes: mean(a.firstSum, a.firstN),
    resolution_minutes: mean(a.resolveSum, a.resolved),
    first_reply_sla_met: a.met,
    rated: a.rated,
    satisfaction: mean(a.ratingSum, a.rated),
  };
}

export async function csStats(
  db: Db,
  scope: ProductScope,
  query: { from: string; to: string; by: CsStatsGroup },
): Promise<CsStats> {
  const settings = await settingsOf(db, scope.productId);
  const tz = settings.time_zone;
  const { start, end, days } = statsWindow(query.from, query.to, tz);
  const rows = await db
    .select({
      createdAt: csConversations.createdAt,
      handedOffAt: csConversations.handedOffAt,
      firstResponseAt: csConversations.firstResponseAt,
      resolvedAt: csConversations.resolvedAt,
      rating: csConversations.rating,
      assigneeId: csConversations.assigneeId,
      username: users.username,
      teamId: csTeams.id,
      teamName: csTeams.name,
    })
    .from(csConversations)
    .leftJoin(users, eq(users.id, csConversations.assigneeId))
    .leftJoin(csAgents, eq(csAgents.userId, csConversations.assigneeId))
    .leftJoin(csTeams, eq(csTeams.id, csAgents.teamId))
    .where(
      and(
        inGame(csConversations, scope),
        gte(csConversations.createdAt, start),
        lt(csConversations.createdAt, end),
      ),
    )
    .orderBy(asc(csConversations.id))
    .limit(STATS_ROWS_MAX);
  const closed = await closedDaysOf(
    db,
    scope.cpId,
    settings,
    start,
    new Date(Math.max(end.getTime(), Date.now())),
  );
  const groups = new Map<string, Acc>();
  if (query.by === 'day') for (const day of days) groups.set(day, blank(day, day));
  const all = blank('', '');
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % STATS_SLICE === 0) await yieldToLoop();
    const row = rows[i]!;
    let key: string;
    let label: string;
    if (query.by === 'day') {
      key = localDayOf(row.createdAt, tz);
      label = key;
    } else if (query.by === 'agent') {
      key = String(row.assigneeId ?? '');
      label = row.username ?? '';
    } else {
      key = String(row.teamId ?? 0);
      label = row.teamName ?? '';
    }
    let acc = groups.get(key);
    if (!acc) groups.set(key, (acc = blank(key, label)));
    for (const a of [acc, all]) {
      a.conversations++;
      if (row.rating !== null) {
        a.rated++;
        a.ratingSum += row.rating;
      }
    }
    if (!row.handedOffAt) continue;
    const from = row.handedOffAt;
    const first = row.firstResponseAt ? businessMinutes(from, row.firstResponseAt, settings, closed) : null;
    const resolve = row.resolvedAt ? businessMinutes(from, row.resolvedAt, settings, closed) : null;
    for (const a of [acc, all]) {
      a.handed_off++;
      if (first !== null) {
        a.firstN++;
        a.firstSum += first;
        if (first <= settings.sla_first_reply_minutes) a.met++;
      }
      if (resolve !== null) {
        a.resolved++;
        a.resolveSum += resolve;
      }
    }
  }
  const list = [...groups.values()];
  if (query.by !== 'day')
    list.sort((a, b) => b.conversations - a.conversations || a.label.localeCompare(b.label));
  return {
    rows: list.map((a) => ({ key: a.key, label: a.label, ...totalsOf(a) })),
    total: totalsOf(all),
    time_zone: tz,
  };
}

// ---- Ratings and complaints ----

type ComplaintRow = typeof csComplaints.$inferSelect;

function toComplaint(row: ComplaintRow): CsComplaint {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    status: row.status,
    reason: row.reason,
    outcome: row.outcome,
    created_by: row.createdBy,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listRatings(
  db: Db,
  scope: ProductScope,
  query: { max_score: number; complaint?: string; page: number; page_size: number },
): Promise<{ list: CsRatingRow[]; total: number }> {
  const where: (SQL | undefined)[] = [
    inGame(csConversations, scope),
    isNotNull(csConversations.rating),
    lte(csConversations.rating, query.max_score),
  ];
  if (query.complaint === 'none') where.push(isNull(csComplaints.id));
  else if (query.complaint) where.push(eq(csComplaints.status, query.complaint as ComplaintRow['status']));
  const condition = and(...where);
  const base = () =>
    db
      .select({ c: csConversations, complaint: csComplaints, assignee: users.username })
      .from(csConversations)
      .leftJoin(csComplaints, eq(csComplaints.conversationId, csConversations.id))
      .leftJoin(users, eq(users.id, csConversations.assigneeId));
  const [rows, [count]] = await Promise.all([
    base()
      .where(condition)
      .orderBy(desc(csConversations.resolvedAt), desc(csConversations.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(csConversations)
      .leftJoin(csComplaints, eq(csComplaints.conversationId, csConversations.id))
      .where(condition),
  ]);
  return {
    list: rows.map((r) => ({
      conversation_id: r.c.id,
      openid: r.c.openid,
      nickname: r.c.nickname,
      rating: r.c.rating!,
      rating_comment: r.c.ratingComment,
      assignee_name: r.assignee,
      resolved_at: r.c.resolvedAt?.toISOString() ?? null,
      complaint: r.complaint ? toComplaint(r.complaint) : null,
    })),
    total: count?.n ?? 0,
  };
}

async function complaintOf(db: Db, scope: ProductScope, id: number): Promise<ComplaintRow> {
  const [row] = await db
    .select()
    .from(csComplaints)
    .where(rowInGame(csComplaints, scope, id));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

export function csInsightRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cs'];
  const product = (request: Parameters<typeof scopeOf>[0]) => scopeOf(request) as ProductScope;

  app.get(
    '/cs/stats',
    {
      schema: {
        tags,
        summary: 'Volume, first response, resolution time and satisfaction by day, agent or team',
        querystring: csStatsQuery,
      },
      config: can(csStatsAccess, 'read'),
    },
    async (request) => ok(await csStats(db, product(request), request.query)),
  );

  listRoute(app, {
    name: 'cs-ratings',
    path: '/cs/ratings',
    tags,
    summary: 'Rated conversations (low first) with their complaints',
    query: csRatingListQuery,
    filters: ['max_score', 'complaint'],
    // One order: the latest resolved first.
    sorts: ['resolved_at'],
    config: can(csRatingAccess, 'read'),
    list: (request, query) => listRatings(db, product(request), query),
  });
  app.post(
    '/cs/complaints',
    {
      schema: { tags, summary: 'Open a complaint about a rated conversation', body: csComplaintCreateBody },
      config: can(csRatingAccess, 'create'),
    },
    async (request) => {
      const scope = product(request);
      const { conversation_id: conversationId, reason } = request.body;
      try {
        const row = await db.transaction(async (tx) => {
          const [conversation] = await tx
            .select({ id: csConversations.id, openid: csConversations.openid })
            .from(csConversations)
            .where(
              and(
                eq(csConversations.id, conversationId),
                inGame(csConversations, scope),
                isNotNull(csConversations.rating),
              ),
            );
          if (!conversation) throw fieldError(scope.lang, 'conversation_id', 'unknown_ref');
          const [created] = await tx
            .insert(csComplaints)
            .values({
              cpId: scope.cpId,
              productId: scope.productId,
              conversationId,
              reason,
              createdBy: scope.username,
            })
            .returning();
          await logChange(tx, scope, {
            action: 'create',
            targetType: 'cs_complaint',
            targetId: created!.id,
            targetName: conversation.openid,
            after: toComplaint(created!),
          });
          return created!;
        });
        return ok(toComplaint(row));
      } catch (error) {
        if (isUniqueViolation(error, 'cs_complaints_conversation'))
          throw fieldError(scope.lang, 'conversation_id', 'taken');
        throw error;
      }
    },
  );
  app.put(
    '/cs/complaints/:id',
    {
      schema: {
        tags,
        summary: 'Move a complaint on (open → investigating → closed; closing needs the outcome)',
        params: csComplaintParam,
        body: csComplaintUpdateBody,
      },
      config: can(csRatingAccess, 'update'),
    },
    async (request) => {
      const scope = product(request);
      const { status, outcome, version } = request.body;
      const before = await complaintOf(db, scope, request.params.id);
      if (status !== before.status && !CS_COMPLAINT_MOVES[before.status].includes(status))
        throw ruleError(scope.lang, 'not_in_this_state', { state: before.status });
      if (status === 'closed' && !outcome) throw fieldError(scope.lang, 'outcome', 'required');
      const row = await db.transaction(async (tx) => {
        const updated = await updateVersioned(
          tx,
          csComplaints,
          and(eq(csComplaints.id, before.id), eq(csComplaints.productId, scope.productId))!,
          version,
          { status, outcome, handlerId: scope.userId },
        );
        await logChange(tx, scope, {
          action: 'update',
          targetType: 'cs_complaint',
          targetId: before.id,
          targetName: String(before.conversationId),
          before: toComplaint(before),
          after: toComplaint(updated),
        });
        return updated;
      });
      return ok(toComplaint(row));
    },
  );
}

/** The service operation log: the CP's log entries about customer service, newest first. */
export function csOperationLogRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  listRoute(app, {
    name: 'cs-operation-log',
    path: '/cs/operation-log',
    tags: ['cs'],
    summary:
      'What staff changed in customer service (settings, teams, agents, scripts, blacklist, complaints)',
    query: csOperationLogQuery,
    filters: ['target_type', 'username'],
    // One order: newest first.
    sorts: ['id'],
    config: can(csOperationLogAccess, 'read'),
    async list(request, q) {
      const scope = scopeOf(request);
      const condition = and(
        eq(operationLogs.cpId, scope.cpId),
        inArray(operationLogs.targetType, q.target_type ? [q.target_type] : [...CS_LOG_TARGETS]),
        q.username
          ? ilike(operationLogs.username, `%${q.username.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
          : undefined,
      );
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(operationLogs)
          .where(condition)
          .orderBy(desc(operationLogs.id))
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(operationLogs)
          .where(condition),
      ]);
      return { list: rows.map(toLog), total: count?.n ?? 0 };
    },
  });
}

const botReplies = sql<number>`(select count(*)::int from ${csMessages} m where m.conversation_id = ${csConversations.id} and m.author = 'bot')`;

/** Robot session records: conversations the bot answered, with or without a handoff. */
export function csRobotRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const product = (request: Parameters<typeof scopeOf>[0]) => scopeOf(request) as ProductScope;
  listRoute(app, {
    name: 'cs-robot-sessions',
    path: '/cs/robot-sessions',
    tags: ['cs'],
    summary: 'Conversations the bot answered, bot-only or handed off, with the counts of each',
    query: csRobotListQuery,
    filters: ['kind', 'q'],
    // One order: newest first.
    sorts: ['id'],
    config: can(csRobotAccess, 'read'),
    async list(request, q): Promise<CsRobotSessions> {
      const scope = product(request);
      const game = and(
        inGame(csConversations, scope),
        sql`exists (select 1 from ${csMessages} m where m.conversation_id = ${csConversations.id} and m.author = 'bot')`,
      );
      const like = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const condition = and(
        game,
        q.kind === 'bot_only' ? isNull(csConversations.handedOffAt) : undefined,
        q.kind === 'handed_off' ? isNotNull(csConversations.handedOffAt) : undefined,
        like ? or(ilike(csConversations.openid, like), ilike(csConversations.nickname, like)) : undefined,
      );
      const [rows, [count], [summary]] = await Promise.all([
        db
          .select({ row: csConversations, botReplies })
          .from(csConversations)
          .where(condition)
          .orderBy(desc(csConversations.id))
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(csConversations)
          .where(condition),
        db
          .select({
            botOnly: sql<number>`count(*) filter (where ${csConversations.handedOffAt} is null)::int`,
            handedOff: sql<number>`count(*) filter (where ${csConversations.handedOffAt} is not null)::int`,
          })
          .from(csConversations)
          .where(game),
      ]);
      return {
        list: rows.map(({ row, botReplies: replies }) => ({
          id: row.id,
          openid: row.openid,
          nickname: row.nickname,
          state: row.state,
          bot_replies: replies,
          handed_off_at: row.handedOffAt?.toISOString() ?? null,
          last_message: row.lastMessage,
          created_at: row.createdAt.toISOString(),
        })),
        total: count?.n ?? 0,
        summary: { bot_only: summary?.botOnly ?? 0, handed_off: summary?.handedOff ?? 0 },
      };
    },
  });
  app.get(
    '/cs/robot-sessions/:id/messages',
    {
      schema: {
        tags: ['cs'],
        summary: 'Its transcript',
        params: z.object({ id: csComplaintParam.shape.id }),
      },
      config: can(csRobotAccess, 'read'),
    },
    async (request) => ok({ list: await recordMessages(db, product(request), request.params.id) }),
  );
}
