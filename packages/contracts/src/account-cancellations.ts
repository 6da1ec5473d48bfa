import { z } from 'zod';
import { keyword, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Account cancellations (`/api/v1/account-cancellations`, page `/offline/account-cancellation`):
 * a player asks through `POST /api/game/v1/account-cancellations`; a cooling-off period follows
 * (15 days by default) during which signing in withdraws the request; once it is over, a background
 * job erases or anonymises the player's data in every table of the game that holds it and keeps a
 * receipt (what was erased, how many rows, when). Staff may place a legal hold: a held request is
 * not erased until the hold is lifted.
 */

/** `erasing`: the erasure job is going through the tables (its progress on the jobs page). */
export const CANCELLATION_STATES = ['cooling_off', 'withdrawn', 'erased', 'erasing'] as const;
export type CancellationState = (typeof CANCELLATION_STATES)[number];

/** Days between the request and the erasure (Tencent keeps 15). */
export const COOLING_OFF_DAYS = 15;

/** The openid the game knows the player by: visible ASCII, no spaces. */
export const cancellationOpenid = safeText()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\x21-\x7e]+$/);

/** Staff file a request for a player (customer service); the game's endpoint does it for the player. */
export const cancellationCreateBody = z.object({
  openid: cancellationOpenid,
  note: safeText().trim().max(200).default(''),
});
export type CancellationCreate = z.input<typeof cancellationCreateBody>;

/** Staff change the legal hold (and its reason) or the note of a request still cooling off. */
export const cancellationUpdateBody = z.object({
  legal_hold: z.boolean().optional(),
  hold_reason: safeText().trim().max(200).optional(),
  note: safeText().trim().max(200).optional(),
  version: versionField,
});
export type CancellationUpdate = z.input<typeof cancellationUpdateBody>;

/** What the erasure did: per table, the rows deleted and the rows anonymised. */
export const erasureReceipt = z.object({
  erased_at: z.string(),
  /** `table` → rows deleted / anonymised. */
  tables: z.record(z.string(), z.object({ deleted: z.number().int(), anonymised: z.number().int() })),
  /** What the openid became where a row is kept (orders, sanctions, logs). */
  pseudonym: z.string(),
});
export type ErasureReceipt = z.infer<typeof erasureReceipt>;

export const cancellationItem = z.object({
  ...rowMeta,
  openid: z.string(),
  status: z.enum(CANCELLATION_STATES),
  /** `game` (the player asked) or `staff`. */
  source: z.enum(['game', 'staff']),
  requested_at: z.string(),
  /** When the cooling-off ends and the data is erased (if not withdrawn nor held). */
  erase_at: z.string(),
  withdrawn_at: z.string().nullable(),
  legal_hold: z.boolean(),
  hold_reason: z.string(),
  note: z.string(),
  receipt: erasureReceipt.nullable(),
  /** The erasure's background job (its progress and any failure), once it started. */
  job_id: z.number().int().nullable(),
});
export type Cancellation = z.infer<typeof cancellationItem>;

export const CANCELLATION_SORTS = ['id', 'requested_at', 'erase_at', 'updated_at'] as const;
export const cancellationFilters = {
  /** Part of the openid or the note. */
  q: keyword,
  status: z.enum(CANCELLATION_STATES).optional(),
  openid: cancellationOpenid.optional(),
  legal_hold: z.enum(['true', 'false']).optional(),
};
export const cancellationListQuery = listQuery(CANCELLATION_SORTS, cancellationFilters);
export const cancellationExportQuery = exportQuery(cancellationFilters);
export const cancellationListAnswer = listAnswer(cancellationItem);

export const accountCancellationsResource = defineResource({
  name: 'account-cancellations',
  page: '/offline/account-cancellation',
  scope: 'product',
  logTarget: 'account_cancellation',
  namespace: 'accountCancellations',
  item: cancellationItem,
  create: cancellationCreateBody,
  update: cancellationUpdateBody,
  list: cancellationListQuery,
  export: cancellationExportQuery,
  filters: ['q', 'status', 'openid', 'legal_hold'],
  sorts: CANCELLATION_SORTS,
  remove: 'none',
});

/** `POST /api/game/v1/account-cancellations`: the player asks; a request already cooling off is answered again. */
export const gameCancellationBody = z.object({ openid: cancellationOpenid });
export const gameCancellationAnswer = z.object({
  id: z.number().int(),
  status: z.enum(CANCELLATION_STATES),
  requested_at: z.string(),
  erase_at: z.string(),
});
export type GameCancellation = z.infer<typeof gameCancellationAnswer>;
