import { z } from 'zod';
import { distinct, idField, keyword, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Callbacks (`/api/v1/callbacks`, page `/offline/callback`): webhook endpoints of a game's servers
 * and partners. Each change an endpoint subscribes to is written to an outbox in the change's own
 * transaction, then delivered signed (`X-Console-Signature: v1=<hex HMAC-SHA256 of
 * "<timestamp>.<body>">`, the game server protocol's scheme), retried on a ladder, the endpoint
 * disabled after days of failure; `/callbacks/:id/deliveries` is its delivery log, with replay.
 */

export const CALLBACK_EVENTS = ['mail.sent', 'order.paid', 'player.sanctioned', 'account.cancelled'] as const;
export type CallbackEvent = (typeof CALLBACK_EVENTS)[number];

export const CALLBACK_STATUSES = ['active', 'disabled'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

/** An absolute http(s) address without spaces or credentials. */
export const callbackUrl = safeText()
  .trim()
  .min(1)
  .max(500)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  });

/** The signing secret: 24 to 128 visible ASCII characters (the console never shows it again). */
export const callbackSecret = safeText()
  .min(24)
  .max(128)
  .regex(/^[\x21-\x7e]+$/);

const callbackFields = z.object({
  name: safeText().trim().min(1).max(64),
  url: callbackUrl,
  events: distinct(z.enum(CALLBACK_EVENTS), CALLBACK_EVENTS.length).min(1),
  status: z.enum(CALLBACK_STATUSES),
  description: safeText().trim().max(200),
});

export const callbackCreateBody = callbackFields.extend({
  secret: callbackSecret,
  status: callbackFields.shape.status.default('active'),
  description: callbackFields.shape.description.default(''),
});
export type CallbackCreate = z.input<typeof callbackCreateBody>;

/** A new `secret` replaces the old one; setting `status` to active again clears the failures. */
export const callbackUpdateBody = callbackFields
  .partial()
  .extend({ secret: callbackSecret.optional(), version: versionField });
export type CallbackUpdate = z.input<typeof callbackUpdateBody>;

export const callbackItem = callbackFields.extend({
  ...rowMeta,
  product_id: idField,
  /** The secret's last four characters, to tell which one the receiver should hold. */
  secret_hint: z.string(),
  /** Since when every delivery failed (null: the last one succeeded). */
  failing_since: z.string().nullable(),
  /** Why the endpoint is disabled: `failures` (by the console), `staff`, or '' while active. */
  disabled_reason: z.enum(['', 'failures', 'staff']),
  last_delivery_at: z.string().nullable(),
});
export type Callback = z.infer<typeof callbackItem>;

export const CALLBACK_SORTS = ['id', 'name', 'status', 'updated_at'] as const;
export const callbackFilters = {
  /** Part of the name or the address. */
  q: keyword,
  status: z.enum(CALLBACK_STATUSES).optional(),
  event: z.enum(CALLBACK_EVENTS).optional(),
};
export const callbackListQuery = listQuery(CALLBACK_SORTS, callbackFilters);
/** The endpoints as a sheet (export only: a secret never travels in a file). */
export const callbackExportQuery = exportQuery(callbackFilters);
export const callbackListAnswer = listAnswer(callbackItem);

export const callbacksResource = defineResource({
  name: 'callbacks',
  page: '/offline/callback',
  scope: 'product',
  logTarget: 'callback',
  namespace: 'callbacks',
  item: callbackItem,
  create: callbackCreateBody,
  update: callbackUpdateBody,
  list: callbackListQuery,
  export: callbackExportQuery,
  filters: ['q', 'status', 'event'],
  sorts: CALLBACK_SORTS,
  remove: 'delete',
});

/** `pending`: waiting for its next attempt; `delivered`; `failed`: the ladder ran out. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliveryItem = z.object({
  id: z.number().int(),
  /** The event's id: the `Idempotency-Key` of every attempt (a replay sends it again). */
  event_id: z.string(),
  event: z.enum(CALLBACK_EVENTS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_http_status: z.number().int().nullable(),
  last_error: z.string(),
  delivered_at: z.string().nullable(),
  /** The delivery this one replays (null: the first). */
  replay_of: z.number().int().nullable(),
  /** The JSON body sent (signed as is). */
  body: z.string(),
  created_at: z.string(),
});
export type CallbackDelivery = z.infer<typeof deliveryItem>;

export const deliveryListQuery = z.object({
  page: queryInt(1, 1_000_000).default(1),
  page_size: queryInt(1, 100).default(10),
  status: z.enum(DELIVERY_STATUSES).optional(),
  event: z.enum(CALLBACK_EVENTS).optional(),
});
export const deliveryListAnswer = listAnswer(deliveryItem);
export const deliveryParams = z.object({ id: queryInt(1), deliveryId: queryInt(1, Number.MAX_SAFE_INTEGER) });

/** The body of every delivery: the event, signed as sent. */
export interface CallbackEnvelope {
  id: string;
  type: CallbackEvent;
  product_id: number;
  created_at: string;
  data: Record<string, unknown>;
}
