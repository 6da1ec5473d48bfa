import { z } from 'zod';
import { isoTime, queryInt, safeText } from './fields.ts';
import { listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Players: what games report through the signed game API (`POST /api/game/v1/players/events`) and
 * what staff look up (`/api/v1/players`, page `/useraccount/userManage`).
 */

/** The page whose permissions guard player data. */
export const PLAYERS_PAGE = '/useraccount/userManage';

/** A player's id in a game: the account's open id. */
export const openidField = safeText()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:@-]+$/);

const shortText = (max = 64) => safeText().trim().max(max);
/** An amount in the currency's minor unit (cents, fen), so sums are exact. */
const minorAmount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const currency = safeText()
  .trim()
  .regex(/^[A-Z]{3}$/);
const ip = safeText()
  .trim()
  .max(45)
  .regex(/^[0-9A-Fa-f:.]*$/);
const country = safeText()
  .trim()
  .regex(/^([A-Z]{2})?$/);

export const PLAYER_EVENT_TYPES = ['register', 'login', 'role_update', 'payment', 'refund_notice'] as const;
export type PlayerEventType = (typeof PLAYER_EVENT_TYPES)[number];

const eventBase = {
  /** The game's own id of the event: the same id twice is stored once. */
  event_id: safeText().trim().min(1).max(64),
  openid: openidField,
  at: isoTime,
};

const device = {
  ip: ip.optional(),
  country: country.optional(),
  device_id: shortText().optional(),
  device_model: shortText().optional(),
  os: shortText().optional(),
  app_version: shortText(32).optional(),
};

export const playerEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('register'),
    ...eventBase,
    channel: shortText().optional(),
    sub_channel: shortText().optional(),
    region: shortText(16).optional(),
    nickname: shortText().optional(),
    ...device,
  }),
  z.object({ type: z.literal('login'), ...eventBase, channel: shortText().optional(), ...device }),
  z.object({
    type: z.literal('role_update'),
    ...eventBase,
    server: shortText(32).min(1),
    role_id: shortText().min(1),
    name: shortText(),
    level: z.number().int().min(0).max(1_000_000).default(1),
    vip: z.number().int().min(0).max(1_000).default(0),
  }),
  z.object({
    type: z.literal('payment'),
    ...eventBase,
    order_no: shortText().min(1),
    store: shortText(32).min(1),
    sku: shortText().min(1),
    amount: minorAmount,
    currency,
    /** `paid`: the store took the money; `delivered`: the game gave the items. */
    status: z.enum(['paid', 'delivered']),
    server: shortText(32).optional(),
    role_id: shortText().optional(),
  }),
  z.object({
    type: z.literal('refund_notice'),
    ...eventBase,
    order_no: shortText().min(1),
    reason: shortText(200).optional(),
  }),
]);
export type PlayerEvent = z.infer<typeof playerEvent>;

export const PLAYER_EVENTS_MAX = 500;

/** The body of `POST /api/game/v1/players/events`: a batch of events, applied one by one. */
export const playerEventsBody = z.object({
  events: z.array(z.unknown()).min(1).max(PLAYER_EVENTS_MAX),
});

/** One event's outcome: stored, already stored (same event id), or refused with the reason. */
export interface PlayerEventResult {
  event_id: string;
  status: 'ok' | 'duplicate' | 'error';
  message?: string;
}

/** How staff look a player up: the kind of the searched value. */
export const PLAYER_SEARCH_KINDS = ['openid', 'role_id', 'role_name', 'nickname', 'device_id', 'ip'] as const;
export type PlayerSearchKind = (typeof PLAYER_SEARCH_KINDS)[number];

export const PLAYER_SORTS = ['last_login_at', 'created_at', 'paid_total'] as const;

const day = safeText()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();

export const playerListQuery = listQuery(PLAYER_SORTS, {
  by: z.enum(PLAYER_SEARCH_KINDS).default('openid'),
  q: safeText().trim().max(64).optional(),
  channel: shortText().optional(),
  region: shortText(16).optional(),
  server: shortText(32).optional(),
  created_from: day,
  created_to: day,
  login_from: day,
  login_to: day,
  paid: z.enum(['0', '1']).optional(),
});
export type PlayerListQuery = z.infer<typeof playerListQuery>;
export const PLAYER_FILTERS = [
  'by',
  'q',
  'channel',
  'region',
  'server',
  'created_from',
  'created_to',
  'login_from',
  'login_to',
  'paid',
] as const;

export const playerItem = z.object({
  openid: z.string(),
  channel: z.string(),
  sub_channel: z.string(),
  region: z.string(),
  nickname: z.string(),
  status: z.string(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  last_ip: z.string(),
  country: z.string(),
  role_count: z.number().int(),
  /** Paid and not refunded, per currency, in minor units. */
  paid: z.record(z.string(), z.number()),
  /** Where the search matched, when not by openid: the role, device or address found. */
  matched: z.string().optional(),
});
export type PlayerItem = z.infer<typeof playerItem>;
export const playerListAnswer = listAnswer(playerItem);

export const playerRole = z.object({
  server: z.string(),
  role_id: z.string(),
  name: z.string(),
  level: z.number().int(),
  vip: z.number().int(),
  last_active_at: z.string(),
});
export const playerLogin = z.object({
  at: z.string(),
  ip: z.string(),
  country: z.string(),
  device_id: z.string(),
  device_model: z.string(),
  os: z.string(),
  app_version: z.string(),
});
export const playerDevice = z.object({
  device_id: z.string(),
  device_model: z.string(),
  os: z.string(),
  first_seen: z.string(),
  last_seen: z.string(),
});
export const playerOrder = z.object({
  order_no: z.string(),
  store: z.string(),
  sku: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  paid_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});

/** `GET /api/v1/players/:openid`: the profile. */
export const playerProfile = playerItem.extend({
  roles: z.array(playerRole),
  logins: z.array(playerLogin),
  devices: z.array(playerDevice),
  /** Addresses seen, with their country and how often. */
  addresses: z.array(z.object({ ip: z.string(), country: z.string(), count: z.number().int() })),
  orders: z.array(playerOrder),
});
export type PlayerProfile = z.infer<typeof playerProfile>;

export const playerParam = z.object({ openid: openidField });
export const playerProfileQuery = z.object({ logins: queryInt(1, 500).default(50) });

/** Player data as a resource: read, searched and exported by staff; written only by games. */
export const playersResource = defineResource({
  name: 'players',
  page: PLAYERS_PAGE,
  scope: 'product',
  logTarget: 'player',
  namespace: 'players',
  item: playerItem,
  create: z.object({}),
  update: z.object({}),
  list: playerListQuery,
  filters: PLAYER_FILTERS,
  sorts: PLAYER_SORTS,
  remove: 'none',
});
