import { z } from 'zod';
import { isoTime, queryInt, safeText } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { openidField } from './players.ts';
import { defineResource } from './resource.ts';

/**
 * Sanctions: what staff do to a player's account (`/api/v1/players/:openid/sanctions`, from the
 * player profile) and across players (`/api/v1/sanctions`, page `/useraccount/violation-legal-config`:
 * the list with filters and bulk sanctions from an uploaded openid file, as a job). Games read a
 * player's active bans and mutes through the signed game API (`GET /api/game/v1/players/:openid/status`)
 * and their login events of a banned account are refused.
 */

/** The page of the list across players and of bulk sanctions. */
export const SANCTIONS_PAGE = '/useraccount/violation-legal-config';

/**
 * `account`: no sign-in; `feature`: one feature (chat, payment, trade) refused; `device`: no sign-in
 * from that device, whatever the account; `mute`: the player cannot speak; `kick`: the player's
 * sessions end now (an instant action, recorded).
 */
export const SANCTION_KINDS = ['account', 'feature', 'device', 'mute', 'kick'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];
export const SANCTION_FEATURES = ['chat', 'payment', 'trade'] as const;
export type SanctionFeature = (typeof SANCTION_FEATURES)[number];
/** `done`: a kick (instant). */
export const SANCTION_STATUSES = ['active', 'expired', 'lifted', 'done'] as const;
export type SanctionStatus = (typeof SANCTION_STATUSES)[number];
/** A kick's delivery to the game: `pending` while the adapter is retried by a job. */
export const KICK_DELIVERIES = ['', 'ok', 'failed', 'pending'] as const;
/** Kinds a bulk sanction from a file may apply. */
export const BULK_SANCTION_KINDS = ['account', 'feature', 'mute', 'kick'] as const;
/** Duration presets offered by the console (minutes): 1 h, 1 day, 3 days, 7 days, 30 days. */
export const SANCTION_DURATION_PRESETS = [60, 1440, 4320, 10080, 43200] as const;
/** The longest temporary sanction, in minutes (ten years); longer is permanent. */
export const SANCTION_MAX_MINUTES = 10 * 365 * 24 * 60;
/**
 * A bulk sanction of more players than this is the number the approval policy of the page's approve
 * permission compares with its threshold (e.g. a policy with threshold 101: more than 100 players
 * wait for a second person).
 */
export const BULK_SANCTION_APPROVAL_HINT = 100;

export const sanctionReason = safeText().trim().min(1).max(500);

/** How long: exactly one of `permanent`, `duration_minutes` (from now) or `ends_at` (in the future). */
const lengthFields = {
  permanent: z.boolean().optional(),
  duration_minutes: z.number().int().min(1).max(SANCTION_MAX_MINUTES).optional(),
  ends_at: isoTime.optional(),
};

type Length = { permanent?: boolean; duration_minutes?: number; ends_at?: string };

function checkLength(value: Length, ctx: z.RefinementCtx, needed: boolean): void {
  const given = [value.permanent === true, value.duration_minutes !== undefined, value.ends_at !== undefined];
  const n = given.filter(Boolean).length;
  if (needed && n === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['duration_minutes'],
      message: 'required',
      params: { key: 'required' },
    });
  if (!needed && n > 0)
    ctx.addIssue({
      code: 'custom',
      path: ['duration_minutes'],
      message: 'invalid',
      params: { key: 'invalid' },
    });
  if (n > 1)
    ctx.addIssue({
      code: 'custom',
      path: ['duration_minutes'],
      message: 'invalid',
      params: { key: 'invalid' },
    });
  if (value.ends_at !== undefined && Date.parse(value.ends_at) <= Date.now())
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'invalid', params: { key: 'invalid' } });
}

export const sanctionCreateBody = z
  .object({
    kind: z.enum(SANCTION_KINDS),
    feature: z.enum(SANCTION_FEATURES).optional(),
    /** For a device ban: one of the player's devices. */
    device_id: safeText().trim().min(1).max(64).optional(),
    ...lengthFields,
    reason: sanctionReason,
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'feature' && !value.feature)
      ctx.addIssue({ code: 'custom', path: ['feature'], message: 'required', params: { key: 'required' } });
    if (value.kind !== 'feature' && value.feature)
      ctx.addIssue({ code: 'custom', path: ['feature'], message: 'invalid', params: { key: 'invalid' } });
    if (value.kind === 'device' && !value.device_id)
      ctx.addIssue({ code: 'custom', path: ['device_id'], message: 'required', params: { key: 'required' } });
    if (value.kind !== 'device' && value.device_id)
      ctx.addIssue({ code: 'custom', path: ['device_id'], message: 'invalid', params: { key: 'invalid' } });
    checkLength(value, ctx, value.kind !== 'kick');
  });
export type SanctionCreateBody = z.infer<typeof sanctionCreateBody>;

export const sanctionLiftBody = z.object({ reason: sanctionReason });
export type SanctionLiftBody = z.infer<typeof sanctionLiftBody>;

/** A new end: later than the current one, or permanent. */
export const sanctionExtendBody = z
  .object({ ...lengthFields, reason: sanctionReason })
  .superRefine((value, ctx) => checkLength(value, ctx, true));
export type SanctionExtendBody = z.infer<typeof sanctionExtendBody>;

export const sanctionBulkBody = z
  .object({
    /** An uploaded openid list (`POST /api/v1/files?use=openid_list`): one openid a line. */
    file_id: safeText().trim().min(1).max(64),
    kind: z.enum(BULK_SANCTION_KINDS),
    feature: z.enum(SANCTION_FEATURES).optional(),
    ...lengthFields,
    reason: sanctionReason,
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'feature' && !value.feature)
      ctx.addIssue({ code: 'custom', path: ['feature'], message: 'required', params: { key: 'required' } });
    if (value.kind !== 'feature' && value.feature)
      ctx.addIssue({ code: 'custom', path: ['feature'], message: 'invalid', params: { key: 'invalid' } });
    checkLength(value, ctx, value.kind !== 'kick');
  });
export type SanctionBulkBody = z.infer<typeof sanctionBulkBody>;

const staffRef = z.object({ id: z.number().int().nullable(), username: z.string() });

export const sanctionItem = z.object({
  id: z.number().int(),
  openid: z.string(),
  kind: z.enum(SANCTION_KINDS),
  feature: z.string(),
  device_id: z.string(),
  reason: z.string(),
  /** `active` here means in force now (an active row whose end passed reads `expired`). */
  status: z.enum(SANCTION_STATUSES),
  starts_at: z.string(),
  /** null: permanent. */
  ends_at: z.string().nullable(),
  created_by: staffRef,
  created_at: z.string(),
  lifted_by: staffRef.nullable(),
  lifted_at: z.string().nullable(),
  lift_reason: z.string(),
  /** A kick's (or an account ban's) push to the game. */
  delivery: z.enum(KICK_DELIVERIES),
  /** The job retrying a failed push, if any. */
  retry_job_id: z.number().int().nullable(),
  /** The bulk job it came from, if any. */
  job_id: z.number().int().nullable(),
});
export type SanctionItem = z.infer<typeof sanctionItem>;

export const SANCTION_SORTS = ['created_at', 'ends_at', 'id'] as const;
export const SANCTION_FILTERS = ['openid', 'kind', 'feature', 'status', 'from', 'to'] as const;
const day = safeText()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();
const sanctionFilters = {
  openid: safeText().trim().max(64).optional(),
  kind: z.enum(SANCTION_KINDS).optional(),
  feature: z.enum(SANCTION_FEATURES).optional(),
  status: z.enum(SANCTION_STATUSES).optional(),
  from: day,
  to: day,
};
export const sanctionListQuery = listQuery(SANCTION_SORTS, sanctionFilters);
export type SanctionListQuery = z.infer<typeof sanctionListQuery>;
export const sanctionExportQuery = exportQuery(sanctionFilters);
/** The export's columns: who was sanctioned, how, by whom, until when, and whether it was lifted. */
export const SANCTION_EXPORT_COLUMNS = [
  'id',
  'openid',
  'kind',
  'feature',
  'device_id',
  'reason',
  'status',
  'starts_at',
  'ends_at',
  'created_by',
  'created_at',
  'lifted_by',
  'lifted_at',
  'lift_reason',
  'delivery',
] as const;
export const sanctionListAnswer = listAnswer(sanctionItem);

export const sanctionParam = z.object({ openid: openidField, id: queryInt(1, Number.MAX_SAFE_INTEGER) });

/** The answer of a kick or ban: the sanction, and the retry job when the push to the game failed. */
export interface SanctionCreated {
  sanction: SanctionItem;
}

/** The answer of a bulk sanction: the job, or the approval request it waits for. */
export type SanctionBulkAnswer =
  { job_id: number; count: number } | { approval: { id: number }; count: number };

/** Per line of a bulk job (the item's output). */
export const BULK_LINE_RESULTS = ['ok', 'already', 'unknown_openid'] as const;

/** `GET /api/game/v1/players/:openid/status`: what is in force now. */
export interface GamePlayerStatus {
  openid: string;
  bans: {
    kind: 'account' | 'feature' | 'device';
    feature?: string;
    device_id?: string;
    ends_at: string | null;
    reason: string;
  }[];
  mutes: { ends_at: string | null; reason: string }[];
}
export const gamePlayerStatusParam = z.object({ openid: openidField });

/** Sanctions as a resource: listed and exported across players, created through their own routes. */
export const sanctionsResource = defineResource({
  name: 'sanctions',
  page: SANCTIONS_PAGE,
  scope: 'product',
  logTarget: 'sanction',
  namespace: 'sanctions',
  item: sanctionItem,
  create: sanctionCreateBody,
  update: z.object({}),
  list: sanctionListQuery,
  export: sanctionExportQuery,
  filters: SANCTION_FILTERS,
  sorts: SANCTION_SORTS,
  remove: 'none',
});
