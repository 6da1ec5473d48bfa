import { boolean, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { TicketKind, TicketPriority, TicketState } from '@rx/contracts';
import { at, createdAt, editStamps, gameRow, serialId, users } from '../../db/schema.ts';
import { feedbackTypes } from '../feedback-types/tables.ts';

/** Feedback tickets players submit through the game API; staff work them in the two queues. */
export const tickets = pgTable(
  'tickets',
  {
    ...gameRow(),
    kind: text('kind').$type<TicketKind>().notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => feedbackTypes.id),
    state: text('state').$type<TicketState>().notNull().default('new'),
    priority: text('priority').$type<TicketPriority>().notNull().default('normal'),
    openid: text('openid').notNull(),
    roleId: text('role_id').notNull().default(''),
    roleName: text('role_name').notNull().default(''),
    server: text('server').notNull().default(''),
    channel: text('channel').notNull().default(''),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    orderNo: text('order_no').notNull().default(''),
    device: text('device').notNull().default(''),
    os: text('os').notNull().default(''),
    appVersion: text('app_version').notNull().default(''),
    lang: text('lang').notNull().default(''),
    reportedOpenid: text('reported_openid').notNull().default(''),
    reportedRole: text('reported_role').notNull().default(''),
    assigneeId: integer('assignee_id').references(() => users.id),
    rating: smallint('rating'),
    ratingComment: text('rating_comment').notNull().default(''),
    ratedAt: at('rated_at'),
    resolvedAt: at('resolved_at'),
    closedAt: at('closed_at'),
    reopenCount: integer('reopen_count').notNull().default(0),
    ...editStamps(),
  },
  (t) => [
    index('tickets_queue').on(t.productId, t.kind, t.state),
    index('tickets_player').on(t.productId, t.openid),
    index('tickets_reported').on(t.productId, t.reportedOpenid),
    index('tickets_assignee').on(t.assigneeId),
    index('tickets_resolved').on(t.state, t.resolvedAt),
    index('tickets_cp').on(t.cpId),
  ],
);

/** A ticket's thread: staff replies (rich text), the player's answers, the first automatic reply, internal notes. */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: serialId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorType: text('author_type').$type<'staff' | 'player' | 'system'>().notNull(),
    authorId: integer('author_id').references(() => users.id),
    authorName: text('author_name').notNull().default(''),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_replies_ticket').on(t.ticketId, t.id)],
);
