import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OutsideCallStatus, OutsideMode } from '@rx/contracts';
import { at, createdAt, editStamps, gameRow, playerRecord, updatedBy } from './schema.ts';

/*
 * The outside-party kit's tables (lib/outside): each game's choice per party, the tokens the kit
 * obtained, and the call log.
 */

/**
 * A game's choice for one kind of outside party: off, fake or real, its plain settings and its
 * credentials (one sealed JSON object, lib/secret-box.ts: never answered back).
 */
export const outsideParties = pgTable(
  'outside_parties',
  {
    ...gameRow(),
    party: text('party').notNull(),
    mode: text('mode').$type<OutsideMode>().notNull(),
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    /** `{ name: value }` sealed; '' when none is set. */
    credentials: text('credentials').notNull().default(''),
    updatedBy: updatedBy(),
    ...editStamps(),
  },
  (t) => [uniqueIndex('outside_parties_product_party').on(t.productId, t.party)],
);

/**
 * Access tokens the kit obtained for a party of a game, or of one of its sub-accounts (an
 * advertiser account: `account`, '' for the game itself). The row is also the lock of its refresh
 * (`select … for update`): one instance refreshes, the others wait and read what it stored.
 */
export const outsideTokens = pgTable(
  'outside_tokens',
  {
    productId: integer('product_id').notNull(),
    party: text('party').notNull(),
    account: text('account').notNull().default(''),
    /** Sealed; '' when none is held. */
    accessToken: text('access_token').notNull().default(''),
    expiresAt: at('expires_at'),
    /** Sealed; a provider that rotates refresh tokens gets the new one stored with each refresh. */
    refreshToken: text('refresh_token').notNull().default(''),
    refreshedAt: at('refreshed_at'),
    /** How many times a token was obtained (the race test counts them). */
    refreshes: integer('refreshes').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.party, t.account] })],
);

/**
 * Every call (every attempt) to an outside party: what, how it ended, how long it took, the
 * provider's request id and the idempotency key; the error with secrets taken out. Filed under the
 * CP and game without foreign keys (it grows with the traffic; swept after its retention).
 */
export const outsideCalls = pgTable(
  'outside_calls',
  {
    ...playerRecord(),
    party: text('party').notNull(),
    account: text('account').notNull().default(''),
    operation: text('operation').notNull(),
    mode: text('mode').$type<'fake' | 'real'>().notNull(),
    status: text('status').$type<OutsideCallStatus>().notNull(),
    httpStatus: integer('http_status'),
    attempt: integer('attempt').notNull().default(1),
    latencyMs: integer('latency_ms').notNull().default(0),
    requestId: text('request_id').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull().default(''),
    error: text('error').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('outside_calls_product').on(t.productId, t.id),
    index('outside_calls_product_party').on(t.productId, t.party, t.operation),
    index('outside_calls_created').on(t.createdAt),
  ],
);
