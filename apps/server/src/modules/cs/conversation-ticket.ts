import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { ErrorCode, type CsTicketResult, type csTicketBody } from '@rx/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { EventBus } from '../../lib/events.ts';
import { logChange } from '../../lib/operation-log.ts';
import { fieldError, ruleError } from '../../lib/problems.ts';
import { feedbackTypes } from '../feedback-types/tables.ts';
import { ticketReplies, tickets } from '../tickets/tables.ts';
import { csConversations, csMessages } from './tables.ts';
import { publish } from './service.ts';
import { inGame, rowInGame } from '../../lib/scope.ts';

/** The transcript a ticket carries: the player's, the bot's and the agents' messages (no notes), at most. */
const TRANSCRIPT_MESSAGES = 200;
const TICKET_CONTENT_MAX = 20_000;

/** One line of the transcript: time, who, what. */
function line(m: {
  createdAt: Date;
  author: string;
  authorName: string;
  kind: string;
  body: string;
  imageUrl: string;
}) {
  const who = m.author === 'agent' && m.authorName ? `agent ${m.authorName}` : m.author;
  const what = m.kind === 'image' ? `[image] ${m.imageUrl}` : m.body;
  return `[${m.createdAt.toISOString()}] ${who}: ${what}`;
}

/**
 * Turns a conversation into a ticket of the tickets module (the service desk's queue): the player,
 * their server and channel, the feedback type the agent chose, the agent's summary above the
 * transcript, and an internal note naming the conversation. The conversation keeps the ticket's id
 * (a conditional update: a second try, even racing on another instance, is refused with 422001
 * `cs_already_ticketed` and creates nothing). Logged in the operation log.
 */
export async function conversationTicket(
  db: Db,
  events: EventBus,
  scope: ProductScope,
  id: number,
  input: z.output<typeof csTicketBody>,
): Promise<CsTicketResult> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(csConversations)
      .where(rowInGame(csConversations, scope, id))
      .for('update');
    if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
    if (row.ticketId !== null)
      throw ruleError(scope.lang, 'cs_already_ticketed', { ticket_id: row.ticketId });
    const [type] = await tx
      .select({ id: feedbackTypes.id })
      .from(feedbackTypes)
      .where(
        and(
          eq(feedbackTypes.id, input.feedback_type_id),
          inGame(feedbackTypes, scope),
          eq(feedbackTypes.enabled, true),
        ),
      );
    if (!type) throw fieldError(scope.lang, 'feedback_type_id', 'unknown_ref');
    const messages = await tx
      .select()
      .from(csMessages)
      .where(and(eq(csMessages.conversationId, row.id), inArray(csMessages.kind, ['text', 'image'])))
      .orderBy(asc(csMessages.id))
      .limit(TRANSCRIPT_MESSAGES);
    const transcript = messages.map(line).join('\n');
    const content = [input.summary, `#${row.id}`, transcript]
      .filter(Boolean)
      .join('\n\n')
      .slice(0, TICKET_CONTENT_MAX);
    const images = messages.filter((m) => m.kind === 'image' && m.imageUrl).map((m) => m.imageUrl);
    const [ticket] = await tx
      .insert(tickets)
      .values({
        cpId: scope.cpId,
        productId: scope.productId,
        kind: input.kind,
        typeId: type.id,
        openid: row.openid,
        roleName: row.nickname,
        server: row.server,
        channel: row.channel,
        content,
        attachments: images.slice(0, 20),
        lang: row.lang,
      })
      .returning({ id: tickets.id });
    await tx.insert(ticketReplies).values({
      ticketId: ticket!.id,
      authorType: 'staff',
      authorId: scope.userId,
      authorName: scope.username,
      body: `cs conversation #${row.id}`,
      internal: true,
    });
    const [linked] = await tx
      .update(csConversations)
      .set({ ticketId: ticket!.id, feedbackTypeId: row.feedbackTypeId ?? type.id, updatedAt: new Date() })
      .where(and(eq(csConversations.id, row.id), isNull(csConversations.ticketId)))
      .returning({ id: csConversations.id });
    if (!linked) throw ruleError(scope.lang, 'cs_already_ticketed');
    await logChange(tx, scope, {
      action: 'create',
      targetType: 'cs_conversation',
      targetId: row.id,
      targetName: `#${row.id}`,
      after: { ticket_id: ticket!.id, feedback_type_id: type.id, kind: input.kind },
    });
    return { row, ticketId: ticket!.id };
  });
  publish(events, [
    {
      cpId: scope.cpId,
      data: {
        product_id: scope.productId,
        conversation_id: result.row.id,
        what: 'state',
        state: result.row.state,
        assignee_id: result.row.assigneeId,
        by: scope.userId,
      },
    },
  ]);
  return { ticket_id: result.ticketId, conversation_id: result.row.id };
}
