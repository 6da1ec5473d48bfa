import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, bigSerialId, productRef } from '../../db/schema.ts';

/** The player a row is of (deleted with the player). */
export function playerRef() {
  return bigint('player_id', { mode: 'number' })
    .notNull()
    .references(() => players.id, { onDelete: 'cascade' });
}

/**
 * A game's player accounts, as the game reports them (`POST /api/game/v1/players/events`). Keyed by
 * (product, openid); the summary columns (last login, address, paid) are kept current by the events
 * so a lookup reads one row.
 */
export const players = pgTable(
  'players',
  {
    id: bigSerialId(),
    productId: productRef(),
    openid: text('openid').notNull(),
    channel: text('channel').notNull().default(''),
    subChannel: text('sub_channel').notNull().default(''),
    region: text('region').notNull().default(''),
    nickname: text('nickname').notNull().default(''),
    /** active; bans and restrictions come with the sanctions issue. */
    status: text('status').notNull().default('active'),
    createdAt: at('created_at').notNull().defaultNow(),
    lastLoginAt: at('last_login_at'),
    lastIp: text('last_ip').notNull().default(''),
    country: text('country').notNull().default(''),
    /** Paid (and not refunded) in minor units, all currencies together: for sorting and the paid filter. */
    paidTotal: bigint('paid_total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('players_product_openid').on(t.productId, t.openid),
    index('players_product_login').on(t.productId, t.lastLoginAt),
    index('players_product_created').on(t.productId, t.createdAt),
    index('players_product_nickname').on(t.productId, sql`lower(${t.nickname}) text_pattern_ops`),
    index('players_product_ip').on(t.productId, t.lastIp),
    // The ad reports' ROI: a game's players of a sub-channel (modules/ads/reports.ts).
    index('players_product_sub_channel').on(t.productId, t.subChannel),
  ],
);

/** A player's characters, one per (server, role id). */
export const playerRoles = pgTable(
  'player_roles',
  {
    productId: integer('product_id').notNull(),
    playerId: playerRef(),
    server: text('server').notNull(),
    roleId: text('role_id').notNull(),
    name: text('name').notNull().default(''),
    level: integer('level').notNull().default(1),
    vip: integer('vip').notNull().default(0),
    lastActiveAt: at('last_active_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.server, t.roleId] }),
    index('player_roles_role_id').on(t.productId, t.roleId),
    index('player_roles_name').on(t.productId, sql`lower(${t.name}) text_pattern_ops`),
    index('player_roles_player').on(t.playerId),
  ],
);

/**
 * Sign-ins, the table that grows without bound: kept for `PLAYER_LOGIN_RETENTION_DAYS` (swept by
 * the daily job), read by player and time only.
 */
export const playerLogins = pgTable(
  'player_logins',
  {
    id: bigSerialId(),
    productId: integer('product_id').notNull(),
    playerId: playerRef(),
    at: at('at').notNull(),
    ip: text('ip').notNull().default(''),
    country: text('country').notNull().default(''),
    deviceId: text('device_id').notNull().default(''),
    deviceModel: text('device_model').notNull().default(''),
    os: text('os').notNull().default(''),
    appVersion: text('app_version').notNull().default(''),
  },
  (t) => [
    index('player_logins_player_time').on(t.playerId, t.at),
    index('player_logins_product_ip').on(t.productId, t.ip),
    index('player_logins_time').on(t.at),
  ],
);

/** Devices a player signed in from (first and last seen), for device lookups and linked accounts. */
export const playerDevices = pgTable(
  'player_devices',
  {
    productId: integer('product_id').notNull(),
    playerId: playerRef(),
    deviceId: text('device_id').notNull(),
    deviceModel: text('device_model').notNull().default(''),
    os: text('os').notNull().default(''),
    firstSeen: at('first_seen').notNull(),
    lastSeen: at('last_seen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.deviceId] }),
    index('player_devices_device').on(t.productId, t.deviceId),
  ],
);

/** Store orders: paid, delivered, refunded (a refund notice marks it; claw-back comes with refunds). */
export const playerOrders = pgTable(
  'player_orders',
  {
    productId: integer('product_id').notNull(),
    orderNo: text('order_no').notNull(),
    playerId: playerRef(),
    store: text('store').notNull(),
    sku: text('sku').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'paid' | 'delivered' | 'refunded'>().notNull(),
    server: text('server').notNull().default(''),
    roleId: text('role_id').notNull().default(''),
    paidAt: at('paid_at'),
    deliveredAt: at('delivered_at'),
    refundedAt: at('refunded_at'),
    refundReason: text('refund_reason').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.orderNo] }),
    index('player_orders_player').on(t.playerId, t.paidAt),
    // The home cockpit's payers and revenue of a game's last 30 days.
    index('player_orders_product_paid').on(t.productId, t.paidAt),
    // The service desk's order lookup by role id (modules/cs/desk-orders.ts).
    index('player_orders_role').on(t.productId, t.roleId),
  ],
);

/** Event ids a product's game already reported: the same id twice is applied once. */
export const playerEventIds = pgTable(
  'player_event_ids',
  {
    productId: integer('product_id').notNull(),
    eventId: text('event_id').notNull(),
    /**
     * The openid of the player the event was about, so that an erasure finds the player's event ids
     * by its index instead of reading every id for the openid inside it. Null in the ids recorded
     * before it was (they age out with the retention sweep; an erasure still searches those).
     */
    openid: text('openid'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.eventId] }),
    index('player_event_ids_time').on(t.receivedAt),
    // An erasure's search: the player's ids, and the ids recorded before the openid was (null).
    index('player_event_ids_openid').on(t.productId, t.openid),
  ],
);
