import { z } from 'zod';
import { distinct, idField, keyword, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';
import { MAX_EVIDENCE, evidenceUrl } from './testing.ts';

/**
 * Bug management (issue 29, `/api/v1/bugs`, page `/product/product-fe/bug-manage`): a bug has a
 * severity, a priority, steps, an assignee (notified in the header bell), the version it was found
 * in and the one that fixed it, attachments and comments. Its life: active → resolved (with a
 * resolution) → closed; reopening sends it back to active and is counted. A failed test run opens
 * one, linked to the run.
 */

export const BUG_SEVERITIES = ['blocker', 'critical', 'major', 'minor', 'trivial'] as const;
export type BugSeverity = (typeof BUG_SEVERITIES)[number];
export const BUG_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export type BugPriority = (typeof BUG_PRIORITIES)[number];
export const BUG_STATUSES = ['active', 'resolved', 'closed'] as const;
export type BugStatus = (typeof BUG_STATUSES)[number];
export const BUG_RESOLUTIONS = ['fixed', 'duplicate', 'cannot_reproduce', 'wont_fix', 'by_design'] as const;
export type BugResolution = (typeof BUG_RESOLUTIONS)[number];

/** The moves of a bug, by the status they start from. */
export const BUG_ACTIONS = ['resolve', 'close', 'reopen'] as const;
export type BugAction = (typeof BUG_ACTIONS)[number];
export const BUG_TRANSITIONS: Record<BugStatus, Partial<Record<BugAction, BugStatus>>> = {
  active: { resolve: 'resolved' },
  resolved: { close: 'closed', reopen: 'active' },
  closed: { reopen: 'active' },
};
export const bugActionsOf = (status: BugStatus): BugAction[] =>
  Object.keys(BUG_TRANSITIONS[status]) as BugAction[];

const bugFields = z.object({
  title: safeText().trim().min(1).max(200),
  severity: z.enum(BUG_SEVERITIES),
  priority: z.enum(BUG_PRIORITIES),
  /** How to reproduce it. */
  steps: safeText().trim().max(4000),
  /** The staff member working on it (null: nobody yet). */
  assignee_id: idField.nullable(),
  /** The version (`/app-releases`) it was found in. */
  found_release_id: idField.nullable(),
  /** The version that fixes it. */
  fixed_release_id: idField.nullable(),
  /** Screenshots: uploaded images (`/files/<id>`) or https addresses. */
  attachments: distinct(evidenceUrl, MAX_EVIDENCE),
});

export const bugCreateBody = bugFields.extend({
  priority: bugFields.shape.priority.default('normal'),
  steps: bugFields.shape.steps.default(''),
  assignee_id: bugFields.shape.assignee_id.default(null),
  found_release_id: bugFields.shape.found_release_id.default(null),
  fixed_release_id: bugFields.shape.fixed_release_id.default(null),
  attachments: bugFields.shape.attachments.default([]),
});
export type BugCreate = z.input<typeof bugCreateBody>;
export const bugUpdateBody = bugFields.partial().extend({ version: versionField });
export type BugUpdate = z.input<typeof bugUpdateBody>;

const versionRef = z.object({ id: idField, name: z.string() }).nullable();

export const bugItem = bugFields.extend({
  ...rowMeta,
  status: z.enum(BUG_STATUSES),
  resolution: z.enum(BUG_RESOLUTIONS).nullable(),
  /** The bug this one duplicates (resolution `duplicate`). */
  duplicate_of: z.number().int().nullable(),
  reopen_count: z.number().int(),
  /** The failed test run that opened it. */
  run_id: z.number().int().nullable(),
  plan_id: z.number().int().nullable(),
  assignee: z.string(),
  found_version: versionRef,
  fixed_version: versionRef,
  created_by: z.string(),
  resolved_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type Bug = z.infer<typeof bugItem>;

export const BUG_SORTS = ['id', 'severity', 'priority', 'status', 'reopen_count', 'updated_at'] as const;
export const bugFilters = {
  /** Part of the title or the steps. */
  q: keyword,
  status: z.enum(BUG_STATUSES).optional(),
  severity: z.enum(BUG_SEVERITIES).optional(),
  priority: z.enum(BUG_PRIORITIES).optional(),
  assignee_id: queryInt(1).optional(),
  found_release_id: queryInt(1).optional(),
};
export const bugListQuery = listQuery(BUG_SORTS, bugFilters);
export const bugExportQuery = exportQuery(bugFilters);
export const bugListAnswer = listAnswer(bugItem);

export const bugsResource = defineResource({
  name: 'bugs',
  page: '/product/product-fe/bug-manage',
  scope: 'product',
  logTarget: 'bug',
  namespace: 'bugs',
  item: bugItem,
  create: bugCreateBody,
  update: bugUpdateBody,
  list: bugListQuery,
  export: bugExportQuery,
  filters: ['q', 'status', 'severity', 'priority', 'assignee_id', 'found_release_id'],
  sorts: BUG_SORTS,
  remove: 'none',
  sheet: {
    key: 'id',
    columns: [
      'title',
      'severity',
      'priority',
      'steps',
      'assignee_id',
      'found_release_id',
      'fixed_release_id',
    ],
  },
});

const note = safeText().trim().max(2000).default('');

/** `POST /bugs/:id/resolve`: how it was resolved (a duplicate names the bug it repeats). */
export const bugResolveBody = z
  .object({
    version: versionField,
    resolution: z.enum(BUG_RESOLUTIONS),
    duplicate_of: idField.nullable().default(null),
    fixed_release_id: idField.nullable().optional(),
    note,
  })
  .superRefine((value, ctx) => {
    if (value.resolution === 'duplicate' && value.duplicate_of === null)
      ctx.addIssue({ code: 'custom', path: ['duplicate_of'], params: { key: 'required' } });
  });
export type BugResolve = z.input<typeof bugResolveBody>;

/** `POST /bugs/:id/close|reopen`. */
export const bugMoveBody = z.object({ version: versionField, note });

export const bugCommentBody = z.object({ body: safeText().trim().min(1).max(2000) });
export const bugCommentItem = z.object({
  id: idField,
  body: z.string(),
  /** What the comment records: a staff member's words, or a move (`resolve`, `close`, `reopen`). */
  kind: z.enum(['comment', ...BUG_ACTIONS]),
  created_by: z.string(),
  created_at: z.string(),
});
export type BugComment = z.infer<typeof bugCommentItem>;

/** Staff a bug may go to (those who see the bug page). */
export const bugAssignee = z.object({ id: idField, username: z.string() });
export type BugAssignee = z.infer<typeof bugAssignee>;
