import { z } from 'zod';
import { codeField, isoTime, keyword, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Debug parameters (`/api/v1/debug-params`, page `/offline/debug-params`): key-values for one
 * player (openid) or one device, each with an expiry, for troubleshooting. The game reads those in
 * force through `GET /api/game/v1/debug-params?openid=&device_id=`; an expired one stays listed
 * (marked expired) but is no longer delivered.
 */

export const DEBUG_TARGET_KINDS = ['player', 'device'] as const;
export type DebugTargetKind = (typeof DEBUG_TARGET_KINDS)[number];

/** The longest a parameter may stay in force: 30 days. */
export const DEBUG_MAX_DAYS = 30;

/** An openid or a device id: visible ASCII, no spaces. */
export const debugTarget = safeText()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\x21-\x7e]+$/);

/** When it stops being delivered: in the future, at most `DEBUG_MAX_DAYS` ahead. */
export const debugExpiry = isoTime.refine(
  (value) => {
    const at = Date.parse(value);
    const now = Date.now();
    return at > now && at <= now + DEBUG_MAX_DAYS * 86_400_000;
  },
  { params: { key: 'debug_expiry' } },
);

const debugFields = z.object({
  target_kind: z.enum(DEBUG_TARGET_KINDS),
  target: debugTarget,
  key: codeField(64),
  value: safeText().max(1000),
  expires_at: debugExpiry,
  note: safeText().trim().max(200),
});

export const debugParamCreateBody = debugFields.extend({
  target_kind: debugFields.shape.target_kind.default('player'),
  note: debugFields.shape.note.default(''),
});
export type DebugParamCreate = z.input<typeof debugParamCreateBody>;

export const debugParamUpdateBody = debugFields.partial().extend({ version: versionField });
export type DebugParamUpdate = z.input<typeof debugParamUpdateBody>;

export const debugParamItem = debugFields.extend({
  ...rowMeta,
  expires_at: z.string(),
  /** Whether its expiry passed (it is no longer delivered). */
  expired: z.boolean(),
});
export type DebugParam = z.infer<typeof debugParamItem>;

export const DEBUG_PARAM_STATES = ['active', 'expired'] as const;
export const DEBUG_PARAM_SORTS = ['id', 'expires_at', 'key', 'target', 'updated_at'] as const;
export const debugParamFilters = {
  /** Part of the key, the target or the note. */
  q: keyword,
  target_kind: z.enum(DEBUG_TARGET_KINDS).optional(),
  /** Exactly this openid or device id. */
  target: debugTarget.optional(),
  state: z.enum(DEBUG_PARAM_STATES).optional(),
};
export const debugParamListQuery = listQuery(DEBUG_PARAM_SORTS, debugParamFilters);
export const debugParamExportQuery = exportQuery(debugParamFilters);
export const debugParamListAnswer = listAnswer(debugParamItem);

export const debugParamsResource = defineResource({
  name: 'debug-params',
  page: '/offline/debug-params',
  scope: 'product',
  logTarget: 'debug_param',
  namespace: 'debugParams',
  item: debugParamItem,
  create: debugParamCreateBody,
  update: debugParamUpdateBody,
  list: debugParamListQuery,
  export: debugParamExportQuery,
  filters: ['q', 'target_kind', 'target', 'state'],
  sorts: DEBUG_PARAM_SORTS,
  remove: 'delete',
  // A row with an id updates that parameter, one without adds it (a target's key is unique).
  sheet: { key: 'id', columns: ['target_kind', 'target', 'key', 'value', 'expires_at', 'note'] },
});

/** `GET /api/game/v1/debug-params`: a player's and/or a device's parameters in force. */
export const gameDebugParamsQuery = z
  .object({ openid: debugTarget.optional(), device_id: debugTarget.optional() })
  .refine((q) => q.openid !== undefined || q.device_id !== undefined, {
    path: ['openid'],
    params: { key: 'required' },
  });

export const gameDebugParamsAnswer = z.object({
  /** Key → value; a player's value wins over the device's for the same key. */
  params: z.record(z.string(), z.string()),
  entries: z.array(
    z.object({
      key: z.string(),
      value: z.string(),
      source: z.enum(DEBUG_TARGET_KINDS),
      expires_at: z.string(),
    }),
  ),
});
export type GameDebugParams = z.infer<typeof gameDebugParamsAnswer>;
