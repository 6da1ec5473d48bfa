import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, playerRecord, recordCreator, recordPlayer } from '../../db/schema.ts';

/**
 * Sanctions of a game's players: bans (account, feature, device), mutes and kicks, each with its
 * reason, who and when. `status` is `active` until lifted (`lifted`, with who and why) or its end
 * passes (`expired`, set by the expiry task; readers also compare `ends_at` with now). A kick is an
 * instant action (`done`); `delivery` tells whether its push to the game went through.
 */
export const sanctions = pgTable(
  'sanctions',
  {
    ...playerRecord(),
    ...recordPlayer(),
    kind: text('kind').notNull(),
    feature: text('feature').notNull().default(''),
    deviceId: text('device_id').notNull().default(''),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('active'),
    startsAt: at('starts_at').notNull().defaultNow(),
    /** null: permanent. */
    endsAt: at('ends_at'),
    ...recordCreator(),
    createdAt: at('created_at').notNull().defaultNow(),
    liftedById: integer('lifted_by_id'),
    liftedByName: text('lifted_by_name').notNull().default(''),
    liftedAt: at('lifted_at'),
    liftReason: text('lift_reason').notNull().default(''),
    /** '' (nothing pushed), ok, failed, pending (a job retries the push). */
    delivery: text('delivery').notNull().default(''),
    retryJobId: integer('retry_job_id'),
    /** The bulk job that applied it. */
    jobId: integer('job_id'),
  },
  (t) => [
    index('sanctions_player').on(t.playerId, t.status),
    index('sanctions_product_device').on(t.productId, t.deviceId, t.status),
    index('sanctions_product_created').on(t.productId, t.createdAt),
    index('sanctions_status_end').on(t.status, t.endsAt),
    // An erasure finds the player's rows by openid (account-cancellations/player-data.ts).
    index('sanctions_product_openid').on(t.productId, t.openid),
  ],
);
