import { z } from 'zod';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { hasUnstorableCharacter, int32, isoTime, keyword, queryInt, safeText } from './fields.ts';
import { openidField } from './players.ts';
import { defineResource } from './resource.ts';
import type { ViolationApplied } from './violation-templates.ts';

/**
 * Anti-cheat users: players a rule saw cheat — a game's report, a server rule, or staff by hand.
 * One open flag per player and rule collects the hits (count, highest score, first/last seen, the
 * latest evidence). Staff review it (Flagged → Under review) and confirm it (a violation template
 * applied: its ladder picks the sanction) or find it a false positive (the player and rule go on the
 * whitelist: the rule no longer flags the player until the entry is lifted). Console API
 * `/api/v1/cheat-flags` (page `/operation/prevention-cheat-user`).
 */
export const CHEAT_FLAGS_PAGE = '/operation/prevention-cheat-user';

export const CHEAT_FLAG_STATES = ['flagged', 'under_review', 'confirmed', 'false_positive'] as const;
export type CheatFlagState = (typeof CHEAT_FLAG_STATES)[number];
/** The moves staff make, and the states each starts from. */
export const CHEAT_FLAG_MOVES = {
  start_review: ['flagged'],
  confirm: ['flagged', 'under_review'],
  dismiss: ['flagged', 'under_review'],
} as const satisfies Record<string, readonly CheatFlagState[]>;
export type CheatFlagMove = keyof typeof CHEAT_FLAG_MOVES;
export function cheatFlagMoves(state: CheatFlagState): CheatFlagMove[] {
  return (Object.keys(CHEAT_FLAG_MOVES) as CheatFlagMove[]).filter((move) =>
    (CHEAT_FLAG_MOVES[move] as readonly string[]).includes(state),
  );
}

export const CHEAT_FLAG_SOURCES = ['game_report', 'server_rule', 'manual'] as const;
export type CheatFlagSource = (typeof CHEAT_FLAG_SOURCES)[number];
/** Scores are 0–100; at or above this the console shows a flag as high risk. */
export const CHEAT_SCORE_HIGH = 80;
export const CHEAT_SCORE_MEDIUM = 50;
/** How many pieces of evidence a flag keeps (the latest). */
export const CHEAT_EVIDENCE_KEPT = 20;
/** A bulk action on more flags than this runs as a job; up to it, at once. */
export const CHEAT_BULK_SYNC_MAX = 20;

const shortText = (max = 64) => safeText().trim().max(max);
const note = safeText().trim().max(500);
/** A rule id: letters, digits and `_ . : -`. */
export const cheatRuleField = shortText(64)
  .min(1)
  .regex(/^[A-Za-z0-9_.:-]+$/);

function storableJson(value: unknown, depth = 0): boolean {
  if (depth > 6) return false;
  if (typeof value === 'string') return !hasUnstorableCharacter(value);
  if (Array.isArray(value)) return value.every((v) => storableJson(v, depth + 1));
  if (value && typeof value === 'object')
    return Object.entries(value).every(([k, v]) => !hasUnstorableCharacter(k) && storableJson(v, depth + 1));
  return true;
}
/** Evidence staff attach by hand: a small JSON object (≤ 4 KB as JSON). */
export const cheatEvidenceField = z
  .record(shortText(64), z.json())
  .refine((value) => storableJson(value), { params: { key: 'invalid_character' }, abort: true })
  .refine((value) => JSON.stringify(value).length <= 4000, { message: 'at most 4000 characters as JSON' });

export const cheatEvidence = z.object({
  at: z.string(),
  score: z.number().int(),
  source: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type CheatEvidence = z.infer<typeof cheatEvidence>;

const staffRef = z.object({ id: z.number().int(), username: z.string() }).nullable();

export const cheatFlagItem = z.object({
  id: z.number().int(),
  openid: z.string(),
  source: z.enum(CHEAT_FLAG_SOURCES),
  rule: z.string(),
  score: z.number().int(),
  hits: z.number().int(),
  evidence: z.array(cheatEvidence),
  first_seen: z.string(),
  last_seen: z.string(),
  state: z.enum(CHEAT_FLAG_STATES),
  /** Who took it in review. */
  assignee: staffRef,
  /** Who confirmed or dismissed it, and when. */
  reviewer: staffRef,
  reviewed_at: z.string().nullable(),
  note: z.string(),
  template_id: z.number().int().nullable(),
  sanction_id: z.number().int().nullable(),
  offence: z.number().int().nullable(),
  /** Staff who flagged by hand. */
  created_by: staffRef,
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type CheatFlagItem = z.infer<typeof cheatFlagItem>;

export const CHEAT_FLAG_SORTS = ['last_seen', 'score', 'hits', 'first_seen', 'id'] as const;
export const CHEAT_FLAG_FILTERS = [
  'q',
  'state',
  'source',
  'rule',
  'score_min',
  'score_max',
  'from',
  'to',
] as const;
const day = safeText()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();
const cheatFlagFilters = {
  /** Part of the openid. */
  q: keyword,
  state: z.enum(CHEAT_FLAG_STATES).optional(),
  source: z.enum(CHEAT_FLAG_SOURCES).optional(),
  rule: shortText(64).optional(),
  score_min: queryInt(0, 100).optional(),
  score_max: queryInt(0, 100).optional(),
  /** Last seen on or after this day (UTC). */
  from: day,
  /** Last seen on or before this day (UTC). */
  to: day,
};
export const cheatFlagListQuery = listQuery(CHEAT_FLAG_SORTS, cheatFlagFilters);
export type CheatFlagListQuery = z.infer<typeof cheatFlagListQuery>;
export const cheatFlagExportQuery = exportQuery(cheatFlagFilters);
export const cheatFlagListAnswer = listAnswer(cheatFlagItem);

/** Staff flag a player by hand (source manual). */
export const cheatFlagCreateBody = z.object({
  openid: openidField,
  rule: cheatRuleField,
  score: int32(0, 100),
  note: note.default(''),
  evidence: cheatEvidenceField.prefault({}),
});
export type CheatFlagCreateBody = z.infer<typeof cheatFlagCreateBody>;

/** A move names the version read (absent: whatever the row holds now; the move is still checked). */
export const cheatFlagReviewBody = z.object({ note: note.default(''), version: int32(1).optional() });
export type CheatFlagReviewBody = z.infer<typeof cheatFlagReviewBody>;
export const cheatFlagConfirmBody = z.object({
  template_id: int32(1),
  note: note.default(''),
  device_id: shortText(64).min(1).optional(),
  version: int32(1).optional(),
});
export type CheatFlagConfirmBody = z.infer<typeof cheatFlagConfirmBody>;
export const cheatFlagDismissBody = cheatFlagReviewBody;
export const cheatFlagBulkBody = z.object({
  ids: z.array(int32(1)).min(1).max(500),
  action: z.enum(['start_review', 'dismiss']),
  note: note.default(''),
});
export type CheatFlagBulkBody = z.infer<typeof cheatFlagBulkBody>;
export interface CheatFlagBulkResult {
  id: number;
  result: 'ok' | 'skipped' | 'not_found';
  state?: CheatFlagState;
}
/** A few flags are moved at once (`results`); more become a job (`job_id`, 202). */
export type CheatFlagBulkAnswer = { results: CheatFlagBulkResult[] } | { job_id: number; count: number };
export interface CheatFlagConfirmed {
  flag: CheatFlagItem;
  applied: ViolationApplied;
}

export const cheatWhitelistItem = z.object({
  id: z.number().int(),
  openid: z.string(),
  rule: z.string(),
  flag_id: z.number().int().nullable(),
  note: z.string(),
  created_by: staffRef,
  created_at: z.string(),
});
export type CheatWhitelistItem = z.infer<typeof cheatWhitelistItem>;
export const cheatWhitelistQuery = listQuery(['created_at', 'id'] as const, {
  q: keyword,
  rule: shortText(64).optional(),
});
export type CheatWhitelistQuery = z.infer<typeof cheatWhitelistQuery>;
export const cheatFlagParam = z.object({ id: queryInt(1, Number.MAX_SAFE_INTEGER) });
export const cheatSeenAt = isoTime;

export const cheatFlagsResource = defineResource({
  name: 'cheat-flags',
  page: CHEAT_FLAGS_PAGE,
  scope: 'product',
  logTarget: 'cheat_flag',
  namespace: 'cheatFlags',
  item: cheatFlagItem,
  create: cheatFlagCreateBody,
  update: z.object({}),
  list: cheatFlagListQuery,
  export: cheatFlagExportQuery,
  filters: CHEAT_FLAG_FILTERS,
  sorts: CHEAT_FLAG_SORTS,
  remove: 'none',
});
