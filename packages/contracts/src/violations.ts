import { z } from 'zod';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import {
  hasUnstorableCharacter,
  int32,
  isoTime,
  keyword,
  queryInt,
  safeText,
  versionField,
} from './fields.ts';
import { openidField } from './players.ts';
import { defineResource } from './resource.ts';
import type { SanctionItem } from './sanctions.ts';
import type { LadderStep, ViolationApplied } from './violation-templates.ts';

/**
 * Game-behaviour violations: games report violation events of their players through the signed
 * game API (`POST /api/game/v1/violations`); staff review the violators, grouped by player, at
 * `/api/v1/violations` (page `/useraccount/violator-manage`, detail `…/detail?openid=`), apply a
 * violation template (its ladder picks the sanction), dismiss or reopen.
 */
export const VIOLATORS_PAGE = '/useraccount/violator-manage';
export const VIOLATOR_DETAIL_PAGE = '/useraccount/violator-manage/detail';

/** The categories a game reports: the violation templates' categories without `other`. */
export const VIOLATION_EVENT_CATEGORIES = [
  'speed_hack',
  'abnormal_gains',
  'botting',
  'illegal_trade',
  'chat_abuse',
] as const;
export type ViolationEventCategory = (typeof VIOLATION_EVENT_CATEGORIES)[number];

/** open: waiting for review (a new event reopens a reviewed one); handled: a template was applied. */
export const VIOLATOR_STATUSES = ['open', 'handled', 'dismissed'] as const;
export type ViolatorStatus = (typeof VIOLATOR_STATUSES)[number];

export const VIOLATION_EVENTS_MAX = 100;
/** The largest evidence object, serialised as JSON (UTF-8 bytes). */
export const VIOLATION_EVIDENCE_MAX_BYTES = 8192;
const EVIDENCE_MAX_DEPTH = 6;

const shortText = (max = 64) => safeText().trim().max(max);

/** Whether every key and string of a JSON value can be stored (no NUL, no lone surrogate) and it is shallow. */
function storableJson(value: unknown, depth = 0): boolean {
  if (depth > EVIDENCE_MAX_DEPTH) return false;
  if (typeof value === 'string') return !hasUnstorableCharacter(value);
  if (Array.isArray(value)) return value.every((v) => storableJson(v, depth + 1));
  if (value && typeof value === 'object')
    return Object.entries(value).every(([k, v]) => !hasUnstorableCharacter(k) && storableJson(v, depth + 1));
  return true;
}

/** What a detector saw: a small JSON object (≤ 8 KB serialised), its texts storable. */
export const violationEvidence = z
  .record(shortText(64), z.json())
  .refine((value) => storableJson(value), { params: { key: 'invalid_character' }, abort: true })
  .refine((value) => new TextEncoder().encode(JSON.stringify(value)).length <= VIOLATION_EVIDENCE_MAX_BYTES, {
    message: `at most ${VIOLATION_EVIDENCE_MAX_BYTES} bytes as JSON`,
  });

const ip = safeText()
  .trim()
  .max(45)
  .regex(/^[0-9A-Fa-f:.]*$/);

/** One violation event as a game reports it; `event_id` makes a repeat harmless. */
export const violationEvent = z.object({
  event_id: shortText(64).min(1),
  openid: openidField,
  role_id: shortText(64).optional(),
  server: shortText(32).default(''),
  /** `abnormal_gain` is read as `abnormal_gains`. */
  category: z
    .enum([...VIOLATION_EVENT_CATEGORIES, 'abnormal_gain'])
    .transform((c): ViolationEventCategory => (c === 'abnormal_gain' ? 'abnormal_gains' : c)),
  occurred_at: isoTime,
  /** The detector's rule id; with `score`, the event is handed to anti-cheat. */
  rule: shortText(64).min(1).optional(),
  score: int32(0, 100).optional(),
  evidence: violationEvidence.prefault({}),
  device_id: shortText(64).optional(),
  ip: ip.optional(),
});
export type ViolationEventInput = z.infer<typeof violationEvent>;

/** `POST /api/game/v1/violations`: a batch (≤ 100), or one event on its own. */
export const violationReportBody = z.union([
  z.object({ events: z.array(z.unknown()).min(1).max(VIOLATION_EVENTS_MAX) }),
  // One event: its fields are checked like a batch's (an invalid one answers its reason).
  z.looseObject({ event_id: z.string() }),
]);

export interface ViolationReportResult {
  event_id: string;
  status: 'stored' | 'duplicate' | 'error';
  /** `invalid`: the event does not match its schema; `unknown_player`: no such openid in this game. */
  error?: 'invalid' | 'unknown_player';
  message?: string;
  /** What anti-cheat made of an event with a rule and a score. */
  cheat_flag?: 'raised' | 'updated' | 'suppressed';
}

export const violatorItem = z.object({
  openid: z.string(),
  nickname: z.string(),
  /** Hits per category (within the filters), and their total. */
  hits: z.number().int(),
  by_category: z.record(z.string(), z.number().int()),
  servers: z.array(z.string()),
  first_seen: z.string(),
  last_seen: z.string(),
  status: z.enum(VIOLATOR_STATUSES),
  /** Why it was dismissed or reopened, or the note of the template applied. */
  note: z.string(),
  handled_by: z.string(),
  handled_at: z.string().nullable(),
  version: z.number().int(),
});
export type ViolatorItem = z.infer<typeof violatorItem>;

export const VIOLATOR_SORTS = ['last_seen', 'hits'] as const;
export const VIOLATOR_FILTERS = ['q', 'category', 'server', 'status', 'from', 'to'] as const;
const day = safeText()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();
const violatorFilters = {
  /** Part of the openid. */
  q: keyword,
  category: z.enum(VIOLATION_EVENT_CATEGORIES).optional(),
  server: shortText(32).optional(),
  status: z.enum(VIOLATOR_STATUSES).optional(),
  /** Events from this day (UTC) … */
  from: day,
  /** … to this day, included. */
  to: day,
};
export const violatorListQuery = listQuery(VIOLATOR_SORTS, violatorFilters);
export type ViolatorListQuery = z.infer<typeof violatorListQuery>;
export const violatorExportQuery = exportQuery(violatorFilters);
export const violatorListAnswer = listAnswer(violatorItem);

export const violatorParam = z.object({ openid: openidField });
/** The detail's timeline is paged (newest first). */
export const violatorDetailQuery = z.object({
  page: queryInt(1, 1_000_000).default(1),
  page_size: queryInt(1, 100).default(10),
});

export interface ViolationEventItem {
  id: number;
  event_id: string;
  category: ViolationEventCategory;
  server: string;
  role_id: string;
  occurred_at: string;
  rule: string;
  score: number | null;
  evidence: Record<string, unknown>;
  device_id: string;
  ip: string;
  received_at: string;
}

export const LINK_KINDS = ['device', 'ip', 'payment'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
/** Another account of the game linked to the violator: what they share. */
export interface LinkedAccount {
  openid: string;
  nickname: string;
  links: { kind: LinkKind; value: string }[];
  /** Their own violations (any status), 0 if none. */
  hits: number;
  status: ViolatorStatus | null;
}

export interface ViolatorOffence {
  id: number;
  template_id: number;
  template_code: string;
  template_name: string;
  offence: number;
  action: string;
  sanction_id: number | null;
  note: string;
  created_by: string;
  created_at: string;
}

export interface ViolatorDetail {
  violator: ViolatorItem;
  events: { list: ViolationEventItem[]; total: number };
  linked: LinkedAccount[];
  sanctions: SanctionItem[];
  offences: ViolatorOffence[];
}

/** An active template a reviewer can apply (listed under the violators' own permission). */
export interface ViolatorTemplateOption {
  id: number;
  code: string;
  name: string;
  category: string;
  ladder: LadderStep[];
  /** The player's offence number under it if applied now. */
  next_offence?: number;
}

export const violatorApplyBody = z.object({
  template_id: int32(1),
  note: safeText().trim().max(500).default(''),
  version: versionField,
});
export type ViolatorApplyBody = z.infer<typeof violatorApplyBody>;
export const violatorReasonBody = z.object({
  reason: safeText().trim().min(1).max(500),
  version: versionField,
});
export type ViolatorReasonBody = z.infer<typeof violatorReasonBody>;

export interface ViolatorApplied {
  violator: ViolatorItem;
  applied: ViolationApplied;
}

export const violationsResource = defineResource({
  name: 'violations',
  page: VIOLATORS_PAGE,
  scope: 'product',
  logTarget: 'violator',
  namespace: 'violations',
  item: violatorItem,
  create: z.object({}),
  update: z.object({}),
  list: violatorListQuery,
  export: violatorExportQuery,
  filters: VIOLATOR_FILTERS,
  sorts: VIOLATOR_SORTS,
  remove: 'none',
});
