import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { CallbackEvent, CallbackStatus, DeliveryStatus } from '@rx/contracts';
import { at, bigSerialId, createdAt, editStamps, gameRow, updatedAt } from '../../db/schema.ts';

/** Webhook endpoints of a game's servers and partners. */
export const callbackEndpoints = pgTable(
  'callback_endpoints',
  {
    ...gameRow(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: jsonb('events').$type<CallbackEvent[]>().notNull(),
    status: text('status').$type<CallbackStatus>().notNull().default('active'),
    description: text('description').notNull().default(''),
    /** The signing secret, sealed (lib/secret-box.ts). */
    secretSealed: text('secret_sealed').notNull(),
    secretHint: text('secret_hint').notNull(),
    /** Since when every attempt failed; null once one succeeds. */
    failingSince: at('failing_since'),
    disabledReason: text('disabled_reason').$type<'' | 'failures' | 'staff'>().notNull().default(''),
    lastDeliveryAt: at('last_delivery_at'),
    ...editStamps(),
  },
  (t) => [index('callback_endpoints_product').on(t.productId, t.status)],
);

/** The outbox: one row per change an endpoint subscribed to, written in the change's transaction. */
export const callbackEvents = pgTable(
  'callback_events',
  {
    id: bigSerialId(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    /** `evt_…`: the receivers' idempotency key. */
    publicId: text('public_id').notNull().unique(),
    event: text('event').$type<CallbackEvent>().notNull(),
    /** The JSON body, exactly as every attempt sends and signs it. */
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('callback_events_product').on(t.productId, t.id)],
);

/** One event to one endpoint: its attempts and outcome (the delivery log). */
export const callbackDeliveries = pgTable(
  'callback_deliveries',
  {
    id: bigSerialId(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => callbackEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => callbackEvents.id, { onDelete: 'cascade' }),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it is due (or, while an attempt runs, when that attempt's claim lapses). */
    nextAttemptAt: at('next_attempt_at'),
    lastHttpStatus: integer('last_http_status'),
    lastError: text('last_error').notNull().default(''),
    deliveredAt: at('delivered_at'),
    replayOf: bigint('replay_of', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('callback_deliveries_due')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('callback_deliveries_endpoint').on(t.endpointId, t.id),
  ],
);
