import { z } from 'zod';
import { idField, int32, queryInt, safeText, versionField } from './fields.ts';
import { csStatsWindow, inStatsWindow } from './cs-insights.ts';
import { exportQuery } from './lists.ts';
import { actionPermission, seePermissionOf } from './pages.ts';

/**
 * Quality statistics (`/api/v1/cs/quality-reviews`, page `/service/quality-stats`): rubrics
 * (items, each scored up to its maximum), a sample of N resolved conversations per agent over a
 * period, reviewers scoring each item, and the averages by agent or team. An agent reads their own
 * scored reviews with the workbench permission (`/cs/quality-reviews/mine`).
 */

const see = seePermissionOf('/service/quality-stats');
export const csQualityAccess = {
  scope: 'product' as const,
  permissions: {
    see,
    edit: actionPermission(see, 'edit'),
    delete: actionPermission(see, 'delete'),
    export: actionPermission(see, 'export'),
    approve: actionPermission(see, 'approve'),
  },
};

/** Items a rubric holds at most. */
export const CS_RUBRIC_ITEMS_MAX = 20;
/** Conversations sampled per agent at most. */
export const CS_SAMPLE_PER_AGENT_MAX = 50;

export const csRubricItem = z.object({
  label: safeText().trim().min(1).max(100),
  /** The highest score of the item. */
  max: int32(1, 100),
});
export const csRubricBody = z.object({
  name: safeText().trim().min(1).max(64),
  items: z.array(csRubricItem).min(1).max(CS_RUBRIC_ITEMS_MAX),
  enabled: z.boolean().default(true),
});
export type CsRubricInput = z.input<typeof csRubricBody>;
export const csRubricUpdateBody = csRubricBody.partial().extend({ version: versionField });
/**
 * `GET /cs/quality-rubrics/export` (every rubric of the game) and `POST /cs/quality-rubrics/import`:
 * one row per rubric keyed by name; `items` holds `label=max` pairs separated by `|` (a `|`, `=` or
 * backslash inside a label is written with a backslash before it).
 */
export const csRubricExportQuery = exportQuery({});
export interface CsRubric {
  id: number;
  name: string;
  items: z.infer<typeof csRubricItem>[];
  enabled: boolean;
  /** The sum of the items' maximums. */
  max_total: number;
  version: number;
  updated_at: string;
}

/** `POST /cs/quality-reviews/sample`: N resolved conversations per agent of the period, not yet reviewed on the rubric. */
export const csSampleBody = inStatsWindow(
  csStatsWindow.extend({
    rubric_id: idField,
    per_agent: int32(1, CS_SAMPLE_PER_AGENT_MAX),
  }),
);
export type CsSampleInput = z.input<typeof csSampleBody>;

export const CS_REVIEW_STATUSES = ['pending', 'scored'] as const;
export type CsReviewStatus = (typeof CS_REVIEW_STATUSES)[number];
export const csReviewListQuery = z.object({
  status: z.enum(CS_REVIEW_STATUSES).optional(),
  rubric_id: queryInt(1, 2_147_483_647).optional(),
  agent_id: queryInt(1, 2_147_483_647).optional(),
  page: queryInt(1, 1_000_000).default(1),
  page_size: queryInt(1, 100).default(20),
});
/** A reviewer's scores, one per rubric item in its order, each from 0 to the item's maximum. */
export const csScoreBody = z.object({
  scores: z.array(int32(0, 100)).min(1).max(CS_RUBRIC_ITEMS_MAX),
  comment: safeText().trim().max(1000).default(''),
  version: versionField,
});
export type CsScoreInput = z.input<typeof csScoreBody>;
export const csReviewParam = z.object({ id: queryInt(1, 2_147_483_647) });

export interface CsReview {
  id: number;
  rubric_id: number;
  rubric_name: string;
  items: z.infer<typeof csRubricItem>[];
  conversation_id: number;
  openid: string;
  agent_id: number;
  agent_name: string;
  status: CsReviewStatus;
  scores: number[];
  /** Points over the rubric's maximum, as a percentage; null until scored. */
  percent: number | null;
  comment: string;
  reviewer_name: string;
  resolved_at: string | null;
  version: number;
  updated_at: string;
}

export const CS_QUALITY_GROUPS = ['agent', 'team'] as const;
/** Averages of the scored reviews whose conversation was resolved in the window. */
export const csQualitySummaryQuery = inStatsWindow(
  csStatsWindow.extend({
    by: z.enum(CS_QUALITY_GROUPS).default('agent'),
    rubric_id: queryInt(1, 2_147_483_647).optional(),
  }),
);
export interface CsQualitySummaryRow {
  key: string;
  label: string;
  reviews: number;
  scored: number;
  /** Mean percentage of the scored reviews; null: none scored. */
  average: number | null;
}
export interface CsQualitySummary {
  rows: CsQualitySummaryRow[];
  total: Omit<CsQualitySummaryRow, 'key' | 'label'>;
}
/** `GET /cs/quality-reviews/mine`: the caller's scored reviews, newest first, and their mean. */
export interface CsMyQuality {
  list: CsReview[];
  average: number | null;
}
