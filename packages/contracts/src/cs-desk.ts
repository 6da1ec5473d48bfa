import { z } from 'zod';
import { queryInt, safeText, versionField } from './fields.ts';
import { exportQuery, listQuery } from './lists.ts';
import { openidField } from './players.ts';
import { csPageAccess } from './cs-settings.ts';

/**
 * The service desk's player pages: user management (`/service/user-manage`: the players service
 * knows, their profile, conversations, tickets, ratings, blacklist state and agents' notes) and the
 * user order query (`/service/user-order-query`: a player's store and web-shop orders, read-only).
 */

export const CS_USERS_PAGE = '/service/user-manage';
export const CS_USER_ORDERS_PAGE = '/service/user-order-query';
export const csUsersAccess = csPageAccess(CS_USERS_PAGE);
export const csUserOrdersAccess = csPageAccess(CS_USER_ORDERS_PAGE);

const short = (max = 64) => safeText().trim().max(max);

// ---- User management ----

/** What the search text is matched against; none: any of them. */
export const CS_USER_SEARCH_BY = ['openid', 'role_id', 'name'] as const;
export type CsUserSearchBy = (typeof CS_USER_SEARCH_BY)[number];
export const CS_USER_SORTS = ['last_contact_at', 'openid', 'paid_total', 'last_login_at'] as const;
export const csUserFilters = {
  q: short().optional(),
  by: z.enum(CS_USER_SEARCH_BY).optional(),
  /** `yes`: on the service blacklist now; `no`: not. */
  blacklisted: z.enum(['yes', 'no']).optional(),
};
export const csUserListQuery = listQuery(CS_USER_SORTS, csUserFilters);

/** A player service knows: they opened a conversation or sent a ticket in the game. */
export interface CsUser {
  openid: string;
  nickname: string;
  channel: string;
  conversations: number;
  tickets: number;
  last_contact_at: string;
  last_login_at: string | null;
  paid_total: number;
  blacklisted: boolean;
}

export const csUserParam = z.object({ openid: openidField });

export interface CsUserNoteRevision {
  body: string;
  edited_by: string;
  edited_at: string;
  /** `edit`: the text an edit replaced; `delete`: the text the note had when it was deleted. */
  action: 'edit' | 'delete';
}
export interface CsUserNote {
  id: number;
  openid: string;
  body: string;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
  version: number;
  /** Earlier texts, newest first. */
  history: CsUserNoteRevision[];
  /** A deleted note stays listed without its text (its last text is in `history`). */
  deleted_by: string;
  deleted_at: string | null;
}

/** The profile card: the account as the game reports it and what service knows of the player. */
export interface CsUserProfile {
  openid: string;
  known: boolean;
  nickname: string;
  channel: string;
  region: string;
  country: string;
  created_at: string | null;
  last_login_at: string | null;
  paid_total: number;
  device: { model: string; os: string; app_version: string } | null;
  language: string;
  roles: { server: string; role_id: string; name: string; level: number; vip: number }[];
  tags: { name: string; label: string; value: string }[];
  blacklist: { id: number; reason: string; expires_at: string | null; active: boolean } | null;
  conversations: {
    id: number;
    state: string;
    last_message: string;
    rating: number | null;
    rating_comment: string;
    created_at: string;
  }[];
  tickets: {
    id: number;
    kind: string;
    state: string;
    content: string;
    rating: number | null;
    rating_comment: string;
    created_at: string;
  }[];
  ratings: { count: number; average: number | null };
}

export const CS_NOTE_MAX = 2000;
export const csUserNoteBody = z.object({ body: short(CS_NOTE_MAX).min(1) });
export const csUserNoteUpdateBody = z.object({ body: short(CS_NOTE_MAX).min(1), version: versionField });
export const csUserNoteParam = z.object({ openid: openidField, id: queryInt(1) });
/** Deleting a note names the version the agent saw (409001 when it moved on). */
export const csUserNoteDeleteQuery = z.object({ version: queryInt(1) });

// ---- User order query ----

/** Where an order was placed: the game's store (reported by the game) or the web shop. */
export const CS_ORDER_SOURCES = ['store', 'web'] as const;
export type CsOrderSource = (typeof CS_ORDER_SOURCES)[number];
/** Order states of both sources: Created → Paid → Delivered / Delivery failed → Refunded. */
export const CS_ORDER_STATES = ['created', 'paid', 'delivered', 'delivery_failed', 'refunded'] as const;
export type CsOrderState = (typeof CS_ORDER_STATES)[number];
export const CS_ORDER_SORTS = ['at', 'amount', 'order_no'] as const;
const day = short(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();
export const csOrderFilters = {
  order_no: short(128).optional(),
  openid: z.union([openidField, z.literal('')]).optional(),
  role_id: short().optional(),
  state: z.enum(CS_ORDER_STATES).optional(),
  source: z.enum(CS_ORDER_SOURCES).optional(),
  /** Placed on or after this day (UTC). */
  from: day,
  /** Placed on or before this day (UTC). */
  to: day,
};
export const CS_ORDER_FILTERS = Object.keys(csOrderFilters) as (keyof typeof csOrderFilters)[];
export const csOrderListQuery = listQuery(CS_ORDER_SORTS, csOrderFilters);
export const csOrderExportQuery = exportQuery(csOrderFilters);

export interface CsOrder {
  source: CsOrderSource;
  order_no: string;
  openid: string;
  role_id: string;
  server: string;
  product: string;
  channel: string;
  amount: number;
  currency: string;
  state: CsOrderState;
  at: string;
  paid_at: string | null;
  delivered_at: string | null;
  refunded_at: string | null;
  delivery_attempts: number;
  refund: { state: string; reason: string } | null;
}

export const CS_ORDER_EXPORT_COLUMNS = [
  'source',
  'order_no',
  'openid',
  'role_id',
  'server',
  'product',
  'channel',
  'amount',
  'currency',
  'state',
  'at',
  'paid_at',
  'delivered_at',
  'refunded_at',
  'delivery_attempts',
  'refund_state',
] as const;
