import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, playerRecord, recordPlayer, rowVersion, updatedAt } from '../../db/schema.ts';

/**
 * Violation events games report, one per (product, event id): a repeat is acknowledged and not
 * stored again. Read grouped by player (the violators list) and one player's timeline.
 */
export const violationEvents = pgTable(
  'violation_events',
  {
    ...playerRecord(),
    eventId: text('event_id').notNull(),
    ...recordPlayer(),
    roleId: text('role_id').notNull().default(''),
    server: text('server').notNull().default(''),
    category: text('category').notNull(),
    occurredAt: at('occurred_at').notNull(),
    rule: text('rule').notNull().default(''),
    score: integer('score'),
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull().default({}),
    deviceId: text('device_id').notNull().default(''),
    ip: text('ip').notNull().default(''),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('violation_events_product_event').on(t.productId, t.eventId),
    index('violation_events_player_time').on(t.playerId, t.occurredAt),
    index('violation_events_product_time').on(t.productId, t.occurredAt),
    index('violation_events_product_openid').on(t.productId, t.openid),
  ],
);

/**
 * A player's review state as a violator: open until staff apply a template (handled) or dismiss
 * it; a new event reopens it. Who reviewed, when and why.
 */
export const violators = pgTable(
  'violators',
  {
    playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    openid: text('openid').notNull(),
    status: text('status').$type<'open' | 'handled' | 'dismissed'>().notNull().default('open'),
    note: text('note').notNull().default(''),
    handledById: integer('handled_by_id'),
    handledByName: text('handled_by_name').notNull().default(''),
    handledAt: at('handled_at'),
    version: rowVersion(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('violators_product_openid').on(t.productId, t.openid),
    index('violators_product_status').on(t.productId, t.status),
  ],
);
