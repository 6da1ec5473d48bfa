import { z } from 'zod';
import { codeField, iconUrl, idField, queryInt, safeText, type I18nText } from './fields.ts';
import type { Language } from './languages.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { openidField } from './players.ts';
import { defineResource } from './resource.ts';

/**
 * Feedback tickets. Players submit them through the signed game API (`POST /api/game/v1/tickets`),
 * read staff replies (`GET /api/game/v1/tickets?openid=`), answer, reopen within 7 days of the
 * resolution and rate the answer once. Staff work them in two queues: product feedback
 * (platform-level: login, payment, account; page `/service/feedbackConfig/feedback_copy`) and player
 * feedback (in-game, with reports against other players; `/service/feedbackConfig/feedback_player`),
 * each guarded by its own page's permissions (`/api/v1/tickets?kind=product|player`).
 */

export const PRODUCT_FEEDBACK_PAGE = '/service/feedbackConfig/feedback_copy';
export const PLAYER_FEEDBACK_PAGE = '/service/feedbackConfig/feedback_player';
/** The service desk's feedback queue: both kinds, for customer-service agents. */
export const SERVICE_FEEDBACK_PAGE = '/service/feedback';

export const TICKET_KINDS = ['product', 'player'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
/** The queues staff work: one per kind, and the service desk's (`service`) holding both kinds. */
export const TICKET_QUEUES = [...TICKET_KINDS, 'service'] as const;
export type TicketQueue = (typeof TICKET_QUEUES)[number];

export const TICKET_STATES = [
  'new',
  'assigned',
  'in_progress',
  'waiting_for_player',
  'resolved',
  'closed',
] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** Moves of a ticket: staff's (`assign`…`close`), the player's (`player_reply`, `reopen`), the scheduler's (`auto_close`). */
export const TICKET_ACTIONS = [
  'assign',
  'start',
  'ask_player',
  'resolve',
  'close',
  'player_reply',
  'reopen',
  'auto_close',
] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];
/** The moves staff choose from buttons (`POST /api/v1/tickets/:id/transition`). */
export const TICKET_STAFF_MOVES = ['start', 'ask_player', 'resolve', 'close'] as const;
export type TicketStaffMove = (typeof TICKET_STAFF_MOVES)[number];

/** From each state, where each allowed action leads; anything else is refused with 422001. */
export const TICKET_TRANSITIONS: Record<TicketState, Partial<Record<TicketAction, TicketState>>> = {
  new: { assign: 'assigned', close: 'closed' },
  assigned: { assign: 'assigned', start: 'in_progress', resolve: 'resolved', close: 'closed' },
  in_progress: {
    assign: 'in_progress',
    ask_player: 'waiting_for_player',
    resolve: 'resolved',
    close: 'closed',
  },
  waiting_for_player: {
    assign: 'waiting_for_player',
    start: 'in_progress',
    player_reply: 'in_progress',
    resolve: 'resolved',
    close: 'closed',
  },
  resolved: { reopen: 'in_progress', close: 'closed', auto_close: 'closed' },
  closed: { reopen: 'in_progress' },
};

export function ticketTarget(from: TicketState, action: TicketAction): TicketState | null {
  return TICKET_TRANSITIONS[from][action] ?? null;
}
export function ticketActions(state: TicketState): TicketAction[] {
  return Object.keys(TICKET_TRANSITIONS[state]) as TicketAction[];
}

/** A player may reopen within this many days of the resolution; a resolved ticket closes by itself after it. */
export const TICKET_REOPEN_DAYS = 7;
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_MAX_ATTACHMENTS = 6;
export const TICKET_CONTENT_MAX = 2000;

const short = (max = 64) => safeText().trim().max(max);
/**
 * Attachments: https image addresses (players cannot upload through the game API yet; the game
 * uploads to its own storage and passes the address).
 */
const attachment = iconUrl.refine((url) => url.startsWith('https://'), { params: { key: 'invalid' } });
const attachments = z.array(attachment).max(TICKET_MAX_ATTACHMENTS).default([]);

/** `POST /api/game/v1/tickets`: a player's submission. Required fields depend on the feedback type. */
export const gameTicketBody = z.object({
  kind: z.enum(TICKET_KINDS),
  /** A feedback type's code (the feedback-type tree of the product). */
  type: codeField(),
  openid: openidField,
  role_id: short().default(''),
  role_name: short().default(''),
  server: short().default(''),
  channel: short().default(''),
  content: safeText().trim().min(1).max(TICKET_CONTENT_MAX),
  attachments,
  order_no: short().default(''),
  device: short(128).default(''),
  os: short().default(''),
  app_version: short(32).default(''),
  lang: short(8).default(''),
  /** Player reports: the reported player. */
  reported_openid: z.union([openidField, z.literal('')]).default(''),
  reported_role: short().default(''),
});
export type GameTicketBody = z.infer<typeof gameTicketBody>;

export const gameTicketsQuery = z.object({ openid: openidField, lang: short(8).optional() });
export const gameTicketParam = z.object({ id: queryInt(1) });
export const gameTicketReplyBody = z.object({
  openid: openidField,
  content: safeText().trim().min(1).max(TICKET_CONTENT_MAX),
  attachments,
});
export const gameTicketReopenBody = z.object({ openid: openidField, reason: short(500).default('') });
export const gameTicketRatingBody = z.object({
  openid: openidField,
  rating: z.number().int().min(1).max(5),
  comment: short(500).default(''),
});

const staffRef = z.object({ id: z.number().int(), username: z.string() });

export const ticketItem = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_KINDS),
  type_id: z.number().int(),
  type_code: z.string(),
  type_name: z.record(z.string(), z.string()),
  state: z.enum(TICKET_STATES),
  priority: z.enum(TICKET_PRIORITIES),
  openid: z.string(),
  role_id: z.string(),
  role_name: z.string(),
  server: z.string(),
  channel: z.string(),
  content: z.string(),
  attachments: z.array(z.string()),
  order_no: z.string(),
  device: z.string(),
  os: z.string(),
  app_version: z.string(),
  lang: z.string(),
  reported_openid: z.string(),
  reported_role: z.string(),
  assignee: staffRef.nullable(),
  rating: z.number().int().nullable(),
  rating_comment: z.string(),
  rated_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  reopen_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type TicketItem = z.infer<typeof ticketItem> & { type_name: Partial<I18nText> };

export const TICKET_AUTHORS = ['staff', 'player', 'system'] as const;
export const ticketReply = z.object({
  id: z.number().int(),
  author_type: z.enum(TICKET_AUTHORS),
  author_name: z.string(),
  /** Staff replies: sanitised rich text; player replies: plain text. */
  body: z.string(),
  internal: z.boolean(),
  attachments: z.array(z.string()),
  created_at: z.string(),
});
export type TicketReply = z.infer<typeof ticketReply>;
export type TicketDetail = TicketItem & { replies: TicketReply[]; actions: TicketAction[] };

export const TICKET_SORTS = ['created_at', 'updated_at', 'priority', 'id'] as const;
export const TICKET_FILTERS = [
  'state',
  'type',
  'assignee',
  'channel',
  'openid',
  'rated',
  'from',
  'to',
  'source',
] as const;
const day = safeText()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();
const ticketFilters = {
  /** The queue: `product`, `player`, or `service` (both kinds, the service desk's page). */
  kind: z.enum(TICKET_QUEUES),
  /** In the service queue: only tickets of this kind. */
  source: z.enum(TICKET_KINDS).optional(),
  state: z.enum(TICKET_STATES).optional(),
  /** A feedback type's code: the type and every type beneath it in the tree. */
  type: short().optional(),
  /** `mine`, `unassigned`, or a staff member's id. */
  assignee: safeText()
    .trim()
    .regex(/^(mine|unassigned|\d{1,9})$/)
    .optional(),
  channel: short().optional(),
  openid: short().optional(),
  /** `yes`: rated; `no`: not rated. */
  rated: z.enum(['yes', 'no']).optional(),
  from: day,
  to: day,
};
export const ticketListQuery = listQuery(TICKET_SORTS, ticketFilters);
export type TicketListQuery = z.infer<typeof ticketListQuery>;
export const ticketListAnswer = listAnswer(ticketItem);
export const ticketExportQuery = exportQuery(ticketFilters);
export const ticketKindQuery = z.object({ kind: z.enum(TICKET_QUEUES) });
/** Canned replies of a queue; with `ticket_id`, in that ticket's language (falling back as the console does). */
export const cannedRepliesQuery = ticketKindQuery.extend({ ticket_id: queryInt(1).optional() });

export const ticketAssignBody = z.object({ user_id: idField, version: idField.optional() });
export const ticketMoveBody = z.object({ action: z.enum(TICKET_STAFF_MOVES), version: idField.optional() });
export const ticketPriorityBody = z.object({ priority: z.enum(TICKET_PRIORITIES) });
export const ticketReplyBody = z.object({
  /** Rich text (sanitised by the server). */
  body: safeText().trim().min(1).max(20_000),
  /** An internal note: staff only, never shown to the player. */
  internal: z.boolean().default(false),
});
export const ticketParam = z.object({ id: queryInt(1) });

export interface TicketCounts {
  by_state: Record<TicketState, number>;
  by_type: { type_code: string; type_name: Partial<I18nText>; count: number }[];
  total: number;
}
/** A feedback type of the game as the queue's type filter offers it: the tree, depth-first. */
export interface TicketTypeOption {
  code: string;
  name: Partial<I18nText>;
  /** 0 at the top of the tree. */
  depth: number;
}
export interface TicketAssignee {
  id: number;
  username: string;
}
/**
 * A canned reply: an automatic-reply rule's text replies, offered in the reply box; for a ticket, in
 * its player's language (see `repliesInLanguage`).
 */
export interface CannedReply {
  id: string;
  title: string;
  text: string;
  /** The language the text is written in; '' any. */
  lang: Language | '';
}

/** What the game API answers about one of the player's tickets (no internal notes, no staff names). */
export interface GameTicket {
  id: number;
  kind: TicketKind;
  type: string;
  type_name: string;
  state: TicketState;
  content: string;
  attachments: string[];
  created_at: string;
  resolved_at: string | null;
  can_reopen: boolean;
  can_rate: boolean;
  rating: number | null;
  rating_comment: string;
  replies: {
    id: number;
    from: 'staff' | 'player';
    body: string;
    attachments: string[];
    created_at: string;
  }[];
}

export const EXPORT_TICKET_COLUMNS = [
  'id',
  'kind',
  'type',
  'state',
  'priority',
  'openid',
  'role_id',
  'server',
  'channel',
  'content',
  'assignee',
  'rating',
  'rating_comment',
  'created_at',
  'resolved_at',
  'closed_at',
] as const;

const resourceSpec = {
  name: 'tickets',
  scope: 'product',
  logTarget: 'ticket',
  namespace: 'tickets',
  item: ticketItem,
  create: gameTicketBody,
  update: ticketPriorityBody,
  list: ticketListQuery,
  export: ticketExportQuery,
  filters: TICKET_FILTERS,
  sorts: TICKET_SORTS,
  remove: 'none',
} as const;

/** Product feedback (platform-level): the permissions of its page. */
export const productTicketsResource = defineResource({ ...resourceSpec, page: PRODUCT_FEEDBACK_PAGE });
/** Player feedback (in-game, reports): the permissions of its page. */
export const playerTicketsResource = defineResource({ ...resourceSpec, page: PLAYER_FEEDBACK_PAGE });
/** The service desk's queue (both kinds): the permissions of `/service/feedback`. */
export const serviceTicketsResource = defineResource({ ...resourceSpec, page: SERVICE_FEEDBACK_PAGE });
export const ticketsResourceOf = (queue: TicketQueue) =>
  queue === 'product'
    ? productTicketsResource
    : queue === 'player'
      ? playerTicketsResource
      : serviceTicketsResource;
