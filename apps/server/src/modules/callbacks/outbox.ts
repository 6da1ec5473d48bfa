import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CallbackEnvelope, CallbackEvent } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { wakeWorkers } from './delivery.ts';
import { callbackDeliveries, callbackEndpoints, callbackEvents } from './tables.ts';

export interface CallbackChange {
  cpId: number;
  productId: number;
  event: CallbackEvent;
  /** What the receivers get as `data` (ids, openids: no secrets). */
  data: Record<string, unknown>;
}

/**
 * Writes a change to the callbacks outbox, inside the caller's transaction (`tx`): the event and
 * one pending delivery per active endpoint of the game that subscribes to it. If the change rolls
 * back, so does its event; once it commits, the delivery worker (woken by the commit) sends it, even
 * across a restart.
 * Nothing is written when no endpoint subscribes.
 */
export async function emitCallback(tx: Db, change: CallbackChange): Promise<void> {
  const endpoints = await tx
    .select({ id: callbackEndpoints.id })
    .from(callbackEndpoints)
    .where(
      and(
        eq(callbackEndpoints.cpId, change.cpId),
        eq(callbackEndpoints.productId, change.productId),
        eq(callbackEndpoints.status, 'active'),
        sql`${callbackEndpoints.events} @> ${JSON.stringify([change.event])}::jsonb`,
      ),
    );
  if (endpoints.length === 0) return;
  const publicId = `evt_${randomUUID().replaceAll('-', '')}`;
  const envelope: CallbackEnvelope = {
    id: publicId,
    type: change.event,
    product_id: change.productId,
    created_at: new Date().toISOString(),
    data: change.data,
  };
  const [event] = await tx
    .insert(callbackEvents)
    .values({
      cpId: change.cpId,
      productId: change.productId,
      publicId,
      event: change.event,
      body: JSON.stringify(envelope),
    })
    .returning({ id: callbackEvents.id });
  await tx.insert(callbackDeliveries).values(
    endpoints.map((endpoint) => ({
      cpId: change.cpId,
      productId: change.productId,
      endpointId: endpoint.id,
      eventId: event!.id,
      nextAttemptAt: sql`now()`,
    })),
  );
  // Every instance's worker wakes when this commits (not at all if it rolls back).
  await wakeWorkers(tx);
}
