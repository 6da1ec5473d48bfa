import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  ErrorCode,
  cannedRepliesQuery,
  EXPORT_TICKET_COLUMNS,
  FALLBACK_LANGUAGE,
  gameTicketBody,
  gameTicketParam,
  gameTicketRatingBody,
  gameTicketReopenBody,
  gameTicketReplyBody,
  gameTicketsQuery,
  ticketAssignBody,
  ticketExportQuery,
  ticketKindQuery,
  ticketListQuery,
  ticketMoveBody,
  ticketParam,
  ticketPriorityBody,
  ticketReplyBody,
  ticketsResourceOf,
  TICKET_SORTS,
  type Language,
  type ResourceAction,
  type TicketItem,
  type TicketKind,
  type TicketQueue,
  type Translated,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Cell } from '../../lib/cells.ts';
import type { EventBus } from '../../lib/events.ts';
import { logChange } from '../../lib/operation-log.ts';
import { fieldError, ruleError } from '../../lib/problems.ts';
import { ok, requestLanguage } from '../../lib/request.ts';
import { listRoute } from '../../lib/resource-routes.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import { GAME, SIGNED_IN, resourceScope } from '../../lib/route-access.ts';
import { gameLanguage } from '../game-api/index.ts';
import { notify } from '../notifications/index.ts';
import {
  addReply,
  assignees,
  canReopen,
  cannedReplies,
  checkTicketMove,
  gameTickets,
  illegalTicketMove,
  listTickets,
  moveTicket,
  playerTicket,
  submitTicket,
  ticketBatch,
  ticketCounts,
  ticketDetail,
  ticketItemOf,
  ticketKind,
  ticketOf,
  typeOptions,
  type TicketFilters,
  type TicketRow,
} from './service.ts';
import { tickets } from './tables.ts';

const ASSIGNED: Translated = {
  zh: '反馈工单 #{id} 已分配给你',
  en: 'Feedback ticket #{id} was assigned to you',
  ja: 'フィードバックチケット #{id} があなたに割り当てられました',
  th: 'ตั๋วความคิดเห็น #{id} ได้รับมอบหมายให้คุณแล้ว',
  vi: 'Phiếu phản hồi #{id} đã được giao cho bạn',
  tl: 'Itinalaga sa iyo ang tiket ng puna #{id}',
  id: 'Tiket masukan #{id} ditugaskan kepada Anda',
  ar: 'تم إسناد تذكرة الملاحظات رقم {id} إليك',
  tc: '回饋工單 #{id} 已分配給你',
};
const PLAYER_REPLIED: Translated = {
  zh: '玩家回复了反馈工单 #{id}',
  en: 'The player replied to feedback ticket #{id}',
  ja: 'プレイヤーがフィードバックチケット #{id} に返信しました',
  th: 'ผู้เล่นตอบกลับตั๋วความคิดเห็น #{id} แล้ว',
  vi: 'Người chơi đã trả lời phiếu phản hồi #{id}',
  tl: 'Sumagot ang manlalaro sa tiket ng puna #{id}',
  id: 'Pemain membalas tiket masukan #{id}',
  ar: 'ردّ اللاعب على تذكرة الملاحظات رقم {id}',
  tc: '玩家回覆了回饋工單 #{id}',
};

const pagePath = (kind: TicketKind) => ticketsResourceOf(kind).page;

/** Tells a staff member (in their own language) about a ticket; after the write committed. */
async function tell(
  db: Db,
  events: EventBus,
  cpId: number,
  userId: number,
  text: Translated,
  row: TicketRow,
) {
  const [user] = await db.select({ lang: users.defaultLang }).from(users).where(eq(users.id, userId));
  const lang = (user?.lang ?? FALLBACK_LANGUAGE) as Language;
  const send = await notify(db, events, [
    {
      cpId,
      userId,
      kind: 'work_order',
      title: (text[lang] || text[FALLBACK_LANGUAGE]).replace('{id}', String(row.id)),
      body: row.content.slice(0, 200),
      link: `${pagePath(row.kind)}?ticket=${row.id}`,
    },
  ]);
  send();
}

/**
 * Staff's queues (`/api/v1/tickets`): each request is checked against the permissions of its
 * queue's page: the list's `kind`, or the ticket's own kind.
 */
export async function ticketRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const events: EventBus = fastify.events;
  const tags = ['tickets'];

  const scopeFor = async (request: FastifyRequest, kind: TicketQueue, action: ResourceAction) =>
    (await resourceScope(db, request, ticketsResourceOf(kind), action)) as ProductScope;
  /**
   * The scope for a ticket: its own kind's queue, or else the service desk's queue (which holds
   * both kinds); 403001 when the caller may work neither.
   */
  const scopeOfTicket = async (request: FastifyRequest, id: number, action: ResourceAction) => {
    const { kind } = await ticketKind(db, id);
    try {
      return await scopeFor(request, kind, action);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== ErrorCode.FORBIDDEN) throw error;
      return scopeFor(request, 'service', action);
    }
  };

  listRoute(app, {
    name: 'tickets',
    path: '/tickets',
    tags,
    summary: 'A queue of feedback tickets, filtered and sorted',
    query: ticketListQuery,
    filters: ['kind', 'source', 'state', 'type', 'assignee', 'channel', 'openid', 'rated', 'from', 'to'],
    sorts: TICKET_SORTS,
    // The permissions are the queue's page's: the list's `kind`.
    config: SIGNED_IN,
    list: async (request, query) => listTickets(db, await scopeFor(request, query.kind, 'read'), query),
  });
  app.get(
    '/tickets/counts',
    {
      schema: {
        tags,
        summary: "A queue's counts by state and by type (the list's filters)",
        // The list's filters: its paging and sort, if sent, are left out (counts neither page nor sort).
        querystring: ticketListQuery.omit({ page: true, page_size: true, sort: true }),
      },
      config: SIGNED_IN,
    },
    async (request) => {
      const scope = await scopeFor(request, request.query.kind, 'read');
      return ok(await ticketCounts(db, scope, request.query));
    },
  );
  app.get(
    '/tickets/assignees',
    {
      schema: { tags, summary: 'Staff who may work a queue (assign targets)', querystring: ticketKindQuery },
      config: SIGNED_IN,
    },
    async (request) => {
      const scope = await scopeFor(request, request.query.kind, 'read');
      return ok(await assignees(db, scope.cpId, ticketsResourceOf(request.query.kind).permissions.see));
    },
  );
  app.get(
    '/tickets/types',
    {
      schema: {
        tags,
        summary: "The game's feedback types as a tree, depth-first (the queue's type filter)",
        querystring: ticketKindQuery,
      },
      config: SIGNED_IN,
    },
    async (request) => {
      const scope = await scopeFor(request, request.query.kind, 'read');
      return ok(await typeOptions(db, scope));
    },
  );
  app.get(
    '/tickets/canned-replies',
    {
      schema: {
        tags,
        summary:
          "Canned replies: the text replies of the product's automatic-reply rules; with ticket_id, in the ticket's language",
        querystring: cannedRepliesQuery,
      },
      config: SIGNED_IN,
    },
    async (request) => {
      const scope = await scopeFor(request, request.query.kind, 'read');
      return ok(await cannedReplies(db, scope, request.query.ticket_id));
    },
  );
  tableRoutes(app, db, {
    path: '/tickets',
    tags,
    summary: 'Export a queue (CSV or XLSX) with its filters',
    exportQuery: ticketExportQuery,
    access: (request, action) =>
      scopeFor(request, (request.query as { kind: TicketQueue }).kind, action as ResourceAction),
    config: () => SIGNED_IN,
    exporter: {
      name: 'tickets',
      headers: EXPORT_TICKET_COLUMNS,
      prepare: async () => null,
      toCells: (t: TicketItem) => {
        const cells: Cell[] = [
          t.id,
          t.kind,
          t.type_code,
          t.state,
          t.priority,
          t.openid,
          t.role_id,
          t.server,
          t.channel,
          t.content,
          t.assignee?.username ?? '',
          t.rating ?? '',
          t.rating_comment,
          t.created_at,
          t.resolved_at ?? '',
          t.closed_at ?? '',
        ];
        return Object.fromEntries(EXPORT_TICKET_COLUMNS.map((column, i) => [column, cells[i] ?? null]));
      },
      batch: (db2, scope, filters: TicketFilters, after, limit) =>
        ticketBatch(db2, scope as ProductScope, filters, after, limit),
    },
  });
  app.get(
    '/tickets/:id',
    {
      schema: {
        tags,
        summary: 'A ticket with its whole thread (internal notes included)',
        params: ticketParam,
      },
      config: SIGNED_IN,
    },
    async (request) => {
      const scope = await scopeOfTicket(request, request.params.id, 'read');
      return ok(await ticketDetail(db, scope, request.params.id));
    },
  );
  app.get(
    '/tickets/:id/replies',
    { schema: { tags, summary: "A ticket's thread", params: ticketParam }, config: SIGNED_IN },
    async (request) => {
      const scope = await scopeOfTicket(request, request.params.id, 'read');
      return ok((await ticketDetail(db, scope, request.params.id)).replies);
    },
  );
  app.patch(
    '/tickets/:id',
    {
      schema: { tags, summary: "Set a ticket's priority", params: ticketParam, body: ticketPriorityBody },
      config: SIGNED_IN,
    },
    async (request) => {
      const id = request.params.id;
      const scope = await scopeOfTicket(request, id, 'update');
      await db.transaction(async (tx) => {
        const row = await ticketOf(tx, scope, id, true);
        if (row.state === 'closed') throw illegalTicketMove(scope.lang, row.state, 'priority');
        await tx
          .update(tickets)
          .set({ priority: request.body.priority, version: row.version + 1, updatedAt: new Date() })
          .where(eq(tickets.id, id));
        await logChange(tx, scope, {
          action: 'update',
          targetType: 'ticket',
          targetId: String(id),
          targetName: `#${id}`,
          before: { priority: row.priority },
          after: { priority: request.body.priority },
        });
      });
      return ok(await ticketItemOf(db, scope, id));
    },
  );
  app.post(
    '/tickets/:id/assign',
    {
      schema: {
        tags,
        summary: 'Assign a ticket to a staff member who may work its queue (yourself or another)',
        params: ticketParam,
        body: ticketAssignBody,
      },
      config: SIGNED_IN,
    },
    async (request) => {
      const id = request.params.id;
      const scope = await scopeOfTicket(request, id, 'update');
      const { user_id: userId, version } = request.body;
      const row0 = await ticketOf(db, scope, id);
      // Whoever may work the ticket's own queue or the service desk's.
      const allowed = await assignees(db, scope.cpId, [
        ticketsResourceOf(row0.kind).permissions.see,
        ticketsResourceOf('service').permissions.see,
      ]);
      if (!allowed.some((u) => u.id === userId)) throw fieldError(scope.lang, 'user_id', 'unknown_ref');
      const moved = await db.transaction(async (tx) => {
        const row = await ticketOf(tx, scope, id, true);
        if (version !== undefined && version !== row.version) throw new ApiError(ErrorCode.CONFLICT);
        return moveTicket(tx, scope, row, 'assign', { assigneeId: userId });
      });
      if (userId !== scope.userId) await tell(db, events, scope.cpId, userId, ASSIGNED, moved);
      return ok(await ticketItemOf(db, scope, id));
    },
  );
  app.post(
    '/tickets/:id/transition',
    {
      schema: {
        tags,
        summary: 'Move a ticket: start, ask the player, resolve, close (illegal moves 422001)',
        params: ticketParam,
        body: ticketMoveBody,
      },
      config: SIGNED_IN,
    },
    async (request) => {
      const id = request.params.id;
      const scope = await scopeOfTicket(request, id, 'update');
      await db.transaction(async (tx) => {
        const row = await ticketOf(tx, scope, id, true);
        await moveTicket(tx, scope, row, request.body.action);
      });
      return ok(await ticketDetail(db, scope, id));
    },
  );
  app.post(
    '/tickets/:id/replies',
    {
      schema: {
        tags,
        summary:
          'Reply to the player (rich text, sanitised) or add an internal note (never shown to the player)',
        params: ticketParam,
        body: ticketReplyBody,
      },
      config: SIGNED_IN,
    },
    async (request) => {
      const id = request.params.id;
      const scope = await scopeOfTicket(request, id, 'update');
      const html = sanitizeRichText(request.body.body);
      if (!html.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(html))
        throw fieldError(scope.lang, 'body', 'required');
      const internal = request.body.internal;
      await db.transaction(async (tx) => {
        let row = await ticketOf(tx, scope, id, true);
        if (!internal) {
          // A public reply needs an open ticket; a new one is taken by whoever answers it.
          if (row.state === 'resolved' || row.state === 'closed')
            throw illegalTicketMove(scope.lang, row.state, 'reply');
          if (row.state === 'new')
            row = await moveTicket(tx, scope, row, 'assign', { assigneeId: scope.userId });
          if (row.state === 'assigned') await moveTicket(tx, scope, row, 'start');
        }
        await addReply(tx, id, {
          authorType: 'staff',
          authorId: scope.userId,
          authorName: scope.username,
          body: html,
          internal,
        });
        if (internal) await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, id));
      });
      return ok(await ticketDetail(db, scope, id));
    },
  );
}

/**
 * The game API's ticket routes (registered inside the signed plugin): a player's submission, their
 * tickets with staff replies, their answers, reopen within 7 days of the resolution, one rating.
 */
export function ticketGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['game-api'];
  const events: EventBus = fastify.events;

  /**
   * A player's action on one of their tickets (`:id`, `openid` in the body), in one transaction;
   * then the assignee hears of it. Answers the ticket's id and state.
   */
  async function playerAct(
    request: FastifyRequest<{ Params: { id: number }; Body: { openid: string } }>,
    work: (tx: Db, ticket: TicketRow, lang: Language) => Promise<TicketRow>,
  ) {
    const lang = requestLanguage(request);
    const row = await db.transaction(async (tx) =>
      work(
        tx,
        await playerTicket(tx, request.gameCaller!.productId, request.params.id, request.body.openid),
        lang,
      ),
    );
    if (row.assigneeId) await tell(db, events, row.cpId, row.assigneeId, PLAYER_REPLIED, row);
    return ok({ id: row.id, state: row.state });
  }

  app.post(
    '/tickets',
    {
      schema: {
        tags,
        summary: "A player's feedback (product or player report); the type's required fields are enforced",
        body: gameTicketBody,
      },
      config: GAME,
    },
    async (request) => {
      const caller = request.gameCaller!;
      const body = request.body;
      const { row } = await submitTicket(
        db,
        { cpId: caller.cpId, productId: caller.productId },
        body,
        requestLanguage(request),
        gameLanguage(body.lang) ?? undefined,
      );
      const [ticket] = await gameTickets(
        db,
        caller.productId,
        body.openid,
        gameLanguage(body.lang) ?? undefined,
      ).then((list) => list.filter((t) => t.id === row.id));
      return ok(ticket);
    },
  );
  app.get(
    '/tickets',
    {
      schema: {
        tags,
        summary: "A player's tickets with the staff's replies (no internal notes)",
        querystring: gameTicketsQuery,
      },
      config: GAME,
    },
    async (request) => {
      const caller = request.gameCaller!;
      const list = await gameTickets(
        db,
        caller.productId,
        request.query.openid,
        gameLanguage(request.query.lang) ?? undefined,
      );
      return ok({ list });
    },
  );
  app.post(
    '/tickets/:id/replies',
    {
      schema: {
        tags,
        summary: "The player's answer; on waiting for player it goes back to in progress",
        params: gameTicketParam,
        body: gameTicketReplyBody,
      },
      config: GAME,
    },
    async (request) =>
      playerAct(request, async (tx, t, lang) => {
        if (t.state === 'resolved' || t.state === 'closed')
          throw illegalTicketMove(lang, t.state, 'player_reply');
        if (t.state === 'waiting_for_player') {
          checkTicketMove(lang, t.state, 'player_reply');
          t = await moveTicket(tx, null, t, 'player_reply');
        } else {
          [t] = (await tx
            .update(tickets)
            .set({ updatedAt: new Date() })
            .where(eq(tickets.id, t.id))
            .returning()) as [TicketRow];
        }
        await addReply(tx, t.id, {
          authorType: 'player',
          authorName: t.openid,
          body: request.body.content,
          attachments: request.body.attachments,
        });
        return t;
      }),
  );
  app.post(
    '/tickets/:id/reopen',
    {
      schema: {
        tags,
        summary: 'Reopen a resolved ticket within 7 days of the resolution',
        params: gameTicketParam,
        body: gameTicketReopenBody,
      },
      config: GAME,
    },
    async (request) =>
      playerAct(request, async (tx, t, lang) => {
        checkTicketMove(lang, t.state, 'reopen');
        if (!canReopen(t)) throw illegalTicketMove(lang, t.state, 'reopen', 'reopen_window_passed');
        const moved = await moveTicket(tx, null, t, 'reopen');
        if (request.body.reason)
          await addReply(tx, t.id, { authorType: 'player', authorName: t.openid, body: request.body.reason });
        return moved;
      }),
  );
  app.post(
    '/tickets/:id/rating',
    {
      schema: {
        tags,
        summary: 'Rate the answer (1–5 and a comment), once, when resolved or closed',
        params: gameTicketParam,
        body: gameTicketRatingBody,
      },
      config: GAME,
    },
    async (request) => {
      const caller = request.gameCaller!;
      const lang = requestLanguage(request);
      const row = await db.transaction(async (tx) => {
        const t = await playerTicket(tx, caller.productId, request.params.id, request.body.openid);
        if (t.state !== 'resolved' && t.state !== 'closed') throw illegalTicketMove(lang, t.state, 'rate');
        if (t.rating !== null)
          throw ruleError(lang, 'not_in_this_state', {
            state: t.state,
            action: 'rate',
            reason: 'already_rated',
          });
        const [rated] = await tx
          .update(tickets)
          .set({
            rating: request.body.rating,
            ratingComment: request.body.comment,
            ratedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(and(eq(tickets.id, t.id)))
          .returning();
        return rated!;
      });
      return ok({ id: row.id, state: row.state, rating: row.rating, rating_comment: row.ratingComment });
    },
  );
}
