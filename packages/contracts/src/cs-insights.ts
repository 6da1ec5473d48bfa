import { z } from 'zod';
import { idField, int32, queryInt, safeText, versionField } from './fields.ts';
import { EXPORT_FORMATS } from './lists.ts';
import { calendarDay } from './holidays.ts';
import { actionPermission, seePermissionOf } from './pages.ts';
import type { ResourcePermissions } from './resource.ts';

/**
 * What customer service's conversations add up to: data statistics (`/api/v1/cs/stats`, page
 * `/service/data-statistics`: volume, first response, resolution time and satisfaction by day,
 * agent or team) and ratings with their complaints (`/api/v1/cs/ratings`, page
 * `/service/rating-complaints`: low ratings, and a complaint worked from open to closed).
 */

function permissionsOf(page: string): ResourcePermissions {
  const see = seePermissionOf(page);
  return {
    see,
    edit: actionPermission(see, 'edit'),
    delete: actionPermission(see, 'delete'),
    export: actionPermission(see, 'export'),
    approve: actionPermission(see, 'approve'),
  };
}

// ---- Data statistics ----

export const csStatsAccess = {
  scope: 'product' as const,
  permissions: permissionsOf('/service/data-statistics'),
};
export const CS_STATS_GROUPS = ['day', 'agent', 'team'] as const;
export type CsStatsGroup = (typeof CS_STATS_GROUPS)[number];
/** Days a statistics window spans at most. */
export const CS_STATS_DAYS_MAX = 92;

/** A window of days: the first (the game's service time zone, `YYYY-MM-DD`) and the last, included. */
export const csStatsWindow = z.object({ from: calendarDay, to: calendarDay });
/** The window's checks: it ends on or after its start and spans at most `CS_STATS_DAYS_MAX` days. */
export function inStatsWindow<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema
    .refine((q) => q.from <= q.to, { params: { key: 'end_before_start' }, path: ['to'] })
    .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < CS_STATS_DAYS_MAX, {
      params: { key: 'range_too_long' },
      path: ['to'],
    });
}

export const csStatsQuery = inStatsWindow(
  csStatsWindow.extend({ by: z.enum(CS_STATS_GROUPS).default('day') }),
);
export type CsStatsQuery = z.input<typeof csStatsQuery>;

/** One row of statistics: a day, an agent or a team. Times in business minutes. */
export interface CsStatsRow {
  /** The day, the agent's staff id or the team's id ('' / 0: nobody's, no team). */
  key: string;
  label: string;
  /** Conversations opened (by day) or handled (by agent, team). */
  conversations: number;
  handed_off: number;
  resolved: number;
  /** Mean business minutes from the handoff to the first reply; null: none replied. */
  first_response_minutes: number | null;
  /** Mean business minutes from the handoff to the resolution; null: none resolved. */
  resolution_minutes: number | null;
  /** Replies within the first-reply SLA, of those replied. */
  first_reply_sla_met: number;
  rated: number;
  /** Mean rating (1–5); null: none rated. */
  satisfaction: number | null;
}
export interface CsStats {
  rows: CsStatsRow[];
  total: Omit<CsStatsRow, 'key' | 'label'>;
  time_zone: string;
}

// ---- Ratings and complaints ----

export const csRatingAccess = {
  scope: 'product' as const,
  permissions: permissionsOf('/service/rating-complaints'),
};
export const CS_COMPLAINT_STATUSES = ['open', 'investigating', 'closed'] as const;
export type CsComplaintStatus = (typeof CS_COMPLAINT_STATUSES)[number];
/** Where a complaint may go from each status. */
export const CS_COMPLAINT_MOVES: Record<CsComplaintStatus, CsComplaintStatus[]> = {
  open: ['investigating', 'closed'],
  investigating: ['closed'],
  closed: [],
};
/** Ratings at or under this are low. */
export const CS_LOW_RATING = 2;

export const csRatingListQuery = z.object({
  /** Ratings at or under this score (the page opens on the low ones). */
  max_score: queryInt(1, 5).default(5),
  /** Only conversations whose complaint is in this status ('none': without a complaint). */
  complaint: z.enum([...CS_COMPLAINT_STATUSES, 'none']).optional(),
  page: queryInt(1, 1_000_000).default(1),
  page_size: queryInt(1, 100).default(20),
});
export const csComplaintCreateBody = z.object({
  conversation_id: int32(1),
  reason: safeText().trim().min(1).max(500),
});
export const csComplaintUpdateBody = z.object({
  status: z.enum(CS_COMPLAINT_STATUSES),
  /** What was found and done; needed to close. */
  outcome: safeText().trim().max(1000).default(''),
  version: versionField,
});
export const csComplaintParam = z.object({ id: queryInt(1, 2_147_483_647) });

export interface CsComplaint {
  id: number;
  conversation_id: number;
  status: CsComplaintStatus;
  reason: string;
  outcome: string;
  created_by: string;
  version: number;
  updated_at: string;
}
export interface CsRatingRow {
  conversation_id: number;
  openid: string;
  nickname: string;
  rating: number;
  rating_comment: string;
  assignee_name: string | null;
  resolved_at: string | null;
  complaint: CsComplaint | null;
}

// ---- Service operation log ----

/** The service operation log (`/api/v1/cs/operation-log`): what staff changed in customer service. */
export const csOperationLogAccess = {
  scope: 'cp' as const,
  permissions: permissionsOf('/service/operation-log'),
};
/** The operation-log targets of customer service. */
export const CS_LOG_TARGETS = [
  'cs_settings',
  'cs_team',
  'cs_agent',
  'cs_script',
  'cs_blacklist',
  'cs-blacklist',
  'cs_complaint',
  'cs_notice',
  'cs-notices',
  'cs_panel',
  'cs_classification',
  'cs_quality_rubric',
  'cs_quality_review',
  'cs_player_note',
  'cs-user-orders',
  'cs_conversation',
] as const;
export const csOperationLogQuery = z.object({
  target_type: z.enum(CS_LOG_TARGETS).optional(),
  /** Part of the staff member's username. */
  username: safeText().trim().max(64).optional(),
  page: queryInt(1, 1_000_000).default(1),
  page_size: queryInt(1, 100).default(20),
});

// ---- Robot session records ----

/** Robot session records (`/api/v1/cs/robot-sessions`): the conversations the bot answered. */
export const csRobotAccess = {
  scope: 'product' as const,
  permissions: permissionsOf('/service/robot-session-records'),
};
/** `bot_only`: the bot answered and no person was needed; `handed_off`: it passed to a person. */
export const CS_ROBOT_KINDS = ['bot_only', 'handed_off'] as const;
export type CsRobotKind = (typeof CS_ROBOT_KINDS)[number];
export const csRobotListQuery = z.object({
  kind: z.enum(CS_ROBOT_KINDS).optional(),
  /** Part of the openid or the nickname. */
  q: safeText().trim().max(64).optional(),
  page: queryInt(1, 1_000_000).default(1),
  page_size: queryInt(1, 100).default(20),
});
export interface CsRobotSession {
  id: number;
  openid: string;
  nickname: string;
  state: string;
  /** The bot's replies in it. */
  bot_replies: number;
  handed_off_at: string | null;
  last_message: string;
  created_at: string;
}
export interface CsRobotSessions {
  list: CsRobotSession[];
  total: number;
  /** Over every bot session of the game: how many ended without a person, how many were handed off. */
  summary: { bot_only: number; handed_off: number };
}

// ---- Session classification statistics ----

/**
 * Session classification statistics (`/api/v1/cs/classification-stats`, page
 * `/service/session-classification-stats`): conversations opened per day by their feedback type
 * (chosen by the player on opening, or set by an agent).
 */
export const csClassStatsAccess = {
  scope: 'product' as const,
  permissions: permissionsOf('/service/session-classification-stats'),
};
export const csClassStatsQuery = inStatsWindow(csStatsWindow);
export const csClassStatsExportQuery = inStatsWindow(
  csStatsWindow.extend({ format: z.enum(EXPORT_FORMATS).default('csv') }),
);
/** One feedback type's conversations; `type_id` 0: not classified. */
export interface CsClassStatsRow {
  type_id: number;
  code: string;
  /** The type's name per language (empty for the unclassified row). */
  name: Record<string, string>;
  total: number;
  /** Conversations per day, in the order of `days`. */
  by_day: number[];
}
export interface CsClassStats {
  days: string[];
  rows: CsClassStatsRow[];
  total: number;
  time_zone: string;
}
/** `PUT /cs/conversations/:id/classification`: an agent files the conversation under a type (null: none). */
export const csClassifyBody = z.object({ feedback_type_id: idField.nullable() });

// ---- Auto-reply statistics ----

/**
 * Auto-reply statistics (`/api/v1/cs/auto-reply-stats`, page `/service/auto-reply-stats`): how often
 * each rule answered players in conversations, and how many of those conversations never needed a
 * person. Texts no rule matched are the row with `rule_id` null.
 */
export const csAutoReplyStatsAccess = {
  scope: 'product' as const,
  permissions: permissionsOf('/service/auto-reply-stats'),
};
export const csAutoReplyStatsQuery = inStatsWindow(csStatsWindow);
export interface CsAutoReplyStatsRow {
  /** null: the texts no rule matched. */
  rule_id: number | null;
  rule_name: string;
  /** Player texts the rule answered. */
  hits: number;
  /** Conversations it answered in. */
  conversations: number;
  /** Of those, the ones that never went to a person. */
  without_handoff: number;
  handed_off: number;
  /** handed_off / conversations; null without conversations. */
  handoff_rate: number | null;
}
export interface CsAutoReplyStats {
  rows: CsAutoReplyStatsRow[];
  total: Omit<CsAutoReplyStatsRow, 'rule_id' | 'rule_name'>;
  time_zone: string;
}
