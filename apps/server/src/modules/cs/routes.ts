import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  csAssignBody,
  csConversationAccess,
  csConversationListQuery,
  csScriptAccess,
  csScriptBody,
  csScriptUpdateBody,
  csScriptsQuery,
  csMessagesQuery,
  csNoteBody,
  csSendBody,
  csSnoozeBody,
  csStatusBody,
  csTicketBody,
  csTransferBody,
  gameCsMessageBody,
  gameCsMessagesQuery,
  gameCsOpenBody,
  gameCsParam,
  gameCsRatingBody,
  idParam,
} from '@rx/contracts';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import type { LifecycleContext } from '../../lib/define-lifecycle.ts';
import { ok, requestLanguage } from '../../lib/request.ts';
import { listRoute } from '../../lib/resource-routes.ts';
import { GAME, can, scopeOf } from '../../lib/route-access.ts';
import { csAutoReplyStatsRoutes } from './auto-reply-stats.ts';
import { csBlacklistRoutes } from './blacklist.ts';
import { csOrderRoutes } from './desk-orders.ts';
import { csUserRoutes } from './desk-users.ts';
import { csNoticeRoutes } from './notices.ts';
import { csPanelGameRoutes, csPanelRoutes } from './panel.ts';
import { csPlayerLiveRoutes } from './player-live.ts';
import { csClassificationRoutes } from './classification.ts';
import { csQualityRoutes } from './quality.ts';
import { csRubricSheetRoutes } from './quality-io.ts';
import { csPersonnelRoutes } from './personnel.ts';
import { csRecordRoutes } from './records.ts';
import { csSettingsRoutes } from './settings.ts';
import { csInsightRoutes, csOperationLogRoutes, csRobotRoutes } from './insights.ts';
import { csLiveAudience } from './live-audience.ts';
import { conversationTicket } from './conversation-ticket.ts';
import { createScript, deleteScript, listScripts, playerContext, updateScript } from './extras.ts';
import {
  addNote,
  agentReply,
  agentTyping,
  assignConversation,
  conversationMessages,
  getConversation,
  listAgents,
  listConversations,
  myAgentState,
  openConversation,
  playerMessage,
  playerMessages,
  rateConversation,
  resolveConversation,
  setMyStatus,
  snoozeConversation,
} from './service.ts';

const access = csConversationAccess;
const bigId = z.object({ id: idParam.shape.id });

/**
 * The player's side, under the game API (signed by the game server): open a conversation, send,
 * read (`after` the last id seen: read receipts follow), rate once resolved.
 */
export function csGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['game-api'];
  const events = fastify.events;
  csPanelGameRoutes(fastify, db);
  csPlayerLiveRoutes(fastify, db);
  app.post(
    '/cs/conversations',
    {
      schema: {
        tags,
        summary: "The player's open service conversation, or a new one (refused for a blacklisted player)",
        body: gameCsOpenBody,
      },
      config: GAME,
    },
    async (request) =>
      ok(await openConversation(db, events, request.gameCaller!, request.body, requestLanguage(request))),
  );
  app.post(
    '/cs/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: "A player's text or image; answers it with the bot's replies, if any",
        params: gameCsParam,
        body: gameCsMessageBody,
      },
      config: GAME,
    },
    async (request) =>
      ok({
        list: await playerMessage(
          db,
          events,
          request.gameCaller!,
          request.params.id,
          request.body,
          requestLanguage(request),
        ),
      }),
  );
  app.get(
    '/cs/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: "The messages after `after` (none of the agents' notes); marks them read by the player",
        params: gameCsParam,
        querystring: gameCsMessagesQuery,
      },
      config: GAME,
    },
    async (request) =>
      ok(
        await playerMessages(
          db,
          request.gameCaller!,
          request.params.id,
          request.query.openid,
          request.query.after ?? 0,
        ),
      ),
  );
  app.post(
    '/cs/conversations/:id/rating',
    {
      schema: {
        tags,
        summary: 'The player rates a resolved conversation (1–5), once',
        params: gameCsParam,
        body: gameCsRatingBody,
      },
      config: GAME,
    },
    async (request) =>
      ok(
        await rateConversation(
          db,
          events,
          request.gameCaller!,
          request.params.id,
          request.body,
          requestLanguage(request),
        ),
      ),
  );
}

/** `/cs/conversations` and the agent's own status: the workbench's API. */
export async function csRoutes(fastify: FastifyInstance, context: LifecycleContext): Promise<void> {
  const { db } = context;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cs'];
  const events = fastify.events;
  const scope = (request: Parameters<typeof scopeOf>[0]) => scopeOf(request) as ProductScope;
  const base = '/cs/conversations';
  // The workbench's live events reach the consoles they concern (live-audience.ts).
  fastify.live.audience('cs', csLiveAudience(db));
  csBlacklistRoutes(fastify, db);
  csRecordRoutes(fastify, db);
  csPersonnelRoutes(fastify, db, events);
  csSettingsRoutes(fastify, db);
  csInsightRoutes(fastify, db);
  csOperationLogRoutes(fastify, db);
  csRobotRoutes(fastify, db);
  csPanelRoutes(fastify, db);
  csNoticeRoutes(fastify, context);
  csClassificationRoutes(fastify, db);
  csAutoReplyStatsRoutes(fastify, db);
  csQualityRoutes(fastify, db);
  csRubricSheetRoutes(fastify, db);
  csUserRoutes(fastify, db);
  csOrderRoutes(fastify, db);

  listRoute(app, {
    name: 'cs-conversations',
    path: base,
    tags,
    summary: 'Conversations of a queue: mine, unassigned, all',
    query: csConversationListQuery,
    filters: ['queue', 'state', 'q'],
    // One order: the latest message first.
    sorts: ['last_message_at'],
    config: can(access, 'read'),
    list: (request, query) => listConversations(db, scope(request), query),
  });
  app.get(
    `${base}/:id`,
    { schema: { tags, summary: 'A conversation', params: bigId }, config: can(access, 'read') },
    async (request) => ok(await getConversation(db, scope(request), request.params.id)),
  );
  app.get(
    `${base}/:id/messages`,
    {
      schema: {
        tags,
        summary: "Its messages after `after`, notes included; the assignee reading marks the player's read",
        params: bigId,
        querystring: csMessagesQuery,
      },
      config: can(access, 'read'),
    },
    async (request) =>
      ok({
        list: await conversationMessages(
          db,
          events,
          scope(request),
          request.params.id,
          request.query.after ?? 0,
        ),
      }),
  );
  app.post(
    `${base}/:id/messages`,
    {
      schema: { tags, summary: "An agent's reply to the player", params: bigId, body: csSendBody },
      config: can(access, 'update'),
    },
    async (request) => ok(await agentReply(db, events, scope(request), request.params.id, request.body.text)),
  );
  app.post(
    `${base}/:id/notes`,
    {
      schema: { tags, summary: 'A private note (agents only)', params: bigId, body: csNoteBody },
      config: can(access, 'update'),
    },
    async (request) => ok(await addNote(db, events, scope(request), request.params.id, request.body.text)),
  );
  app.post(
    `${base}/:id/assign`,
    {
      schema: {
        tags,
        summary: 'Assign to an agent of the CP, or back to the unassigned queue (null)',
        params: bigId,
        body: csAssignBody,
      },
      config: can(access, 'update'),
    },
    async (request) =>
      ok(await assignConversation(db, events, scope(request), request.params.id, request.body.user_id)),
  );
  app.post(
    `${base}/:id/transfer`,
    {
      schema: {
        tags,
        summary: 'Transfer to another agent, with a private note',
        params: bigId,
        body: csTransferBody,
      },
      config: can(access, 'update'),
    },
    async (request) =>
      ok(
        await assignConversation(
          db,
          events,
          scope(request),
          request.params.id,
          request.body.user_id,
          'transferred',
          request.body.note,
        ),
      ),
  );
  app.post(
    `${base}/:id/snooze`,
    {
      schema: { tags, summary: 'Set aside until a time', params: bigId, body: csSnoozeBody },
      config: can(access, 'update'),
    },
    async (request) =>
      ok(
        await snoozeConversation(db, events, scope(request), request.params.id, new Date(request.body.until)),
      ),
  );
  app.post(
    `${base}/:id/resolve`,
    {
      schema: { tags, summary: 'Resolve (the player is asked to rate)', params: bigId },
      config: can(access, 'update'),
    },
    async (request) => ok(await resolveConversation(db, events, scope(request), request.params.id)),
  );
  app.post(
    `${base}/:id/typing`,
    {
      schema: { tags, summary: 'The agent is typing (told to the other consoles)', params: bigId },
      config: can(access, 'read'),
    },
    async (request) => {
      await agentTyping(db, events, scope(request), request.params.id);
      return ok(null);
    },
  );
  app.post(
    `${base}/:id/ticket`,
    {
      schema: {
        tags,
        summary: 'Turn the conversation into a ticket (once): the player, the transcript, a feedback type',
        params: bigId,
        body: csTicketBody,
      },
      config: can(access, 'update'),
    },
    async (request) =>
      ok(await conversationTicket(db, events, scope(request), request.params.id, request.body)),
  );
  app.get(
    `${base}/:id/context`,
    {
      schema: {
        tags,
        summary: "The player's account, recent tickets, past conversations, orders and sanctions",
        params: bigId,
      },
      config: can(access, 'read'),
    },
    async (request) => ok(await playerContext(db, scope(request), request.params.id)),
  );

  // Canned replies: every agent reads them (the workbench's `/`); the common-scripts page writes.
  app.get(
    '/cs/scripts',
    {
      schema: {
        tags,
        summary: "The game's shared scripts and the caller's own",
        querystring: csScriptsQuery,
      },
      config: can(access, 'read'),
    },
    async (request) => ok({ list: await listScripts(db, scope(request), request.query.q) }),
  );
  app.post(
    '/cs/scripts',
    { schema: { tags, summary: 'A new script', body: csScriptBody }, config: can(csScriptAccess, 'create') },
    async (request) => ok(await createScript(db, scope(request), request.body)),
  );
  app.put(
    '/cs/scripts/:id',
    {
      schema: { tags, summary: 'Change a script (its version)', params: bigId, body: csScriptUpdateBody },
      config: can(csScriptAccess, 'update'),
    },
    async (request) => ok(await updateScript(db, scope(request), request.params.id, request.body)),
  );
  app.delete(
    '/cs/scripts/:id',
    { schema: { tags, summary: 'Delete a script', params: bigId }, config: can(csScriptAccess, 'delete') },
    async (request) => {
      await deleteScript(db, scope(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/cs/agents',
    { schema: { tags, summary: "The CP's agents, their status and load" }, config: can(access, 'read') },
    async (request) => ok({ list: await listAgents(db, scope(request)) }),
  );
  app.get(
    '/cs/agents/me',
    {
      schema: { tags, summary: "The caller's agent status, capacity and load" },
      config: can(access, 'read'),
    },
    async (request) => ok(await myAgentState(db, scope(request))),
  );
  app.put(
    '/cs/agents/me/status',
    {
      schema: {
        tags,
        summary: 'Go online (takes waiting conversations up to capacity), away or offline',
        body: csStatusBody,
      },
      config: can(access, 'read'),
    },
    async (request) => ok(await setMyStatus(db, events, scope(request), request.body.status)),
  );
}
