import { z } from 'zod';
import { distinct, idField, isoTime, keyword, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Incidents (`/api/v1/incidents`, page `/offline/accidents`): an outage or fault of the CP's games,
 * with a severity, the games and regions it touches, and a state that moves
 * investigating → identified → monitoring → resolved through timeline updates. Opening one and
 * every move tell the CP's staff who manage incidents; a maintenance announcement of one of its
 * games may be linked; a post-mortem is written once it is resolved (or before).
 */

export const INCIDENT_SEVERITIES = ['sev1', 'sev2', 'sev3', 'sev4'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

/** The states in their order; an update moves forward or stays (a note), never back. */
export const INCIDENT_STATES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];

/** Whether an incident in `from` may be updated to `to` (forward or the same state). */
export const incidentMoveAllowed = (from: IncidentState, to: IncidentState) =>
  INCIDENT_STATES.indexOf(to) >= INCIDENT_STATES.indexOf(from);

/** A region the incident touches: a short lower-case code (`gn`, `hw`, `sea`, `cn-sh`…). */
export const incidentRegion = safeText()
  .trim()
  .min(1)
  .max(16)
  .regex(/^[a-z0-9][a-z0-9_-]*$/);

const incidentFields = z.object({
  title: safeText().trim().min(1).max(120),
  severity: z.enum(INCIDENT_SEVERITIES),
  /** The CP's games it touches. */
  product_ids: distinct(idField, 50).min(1),
  regions: distinct(incidentRegion, 20),
  summary: safeText().trim().max(2000),
  /** What happened, why, and what is done so it does not again (plain text). */
  postmortem: safeText().trim().max(20_000),
  /** A maintenance announcement of one of its games; null: none. */
  announcement_id: idField.nullable(),
  started_at: isoTime,
});

export const incidentCreateBody = incidentFields.extend({
  regions: incidentFields.shape.regions.default([]),
  summary: incidentFields.shape.summary.default(''),
  postmortem: incidentFields.shape.postmortem.default(''),
  announcement_id: incidentFields.shape.announcement_id.default(null),
});
export type IncidentCreate = z.input<typeof incidentCreateBody>;

export const incidentUpdateBody = incidentFields.partial().extend({ version: versionField });
export type IncidentUpdate = z.input<typeof incidentUpdateBody>;

export const incidentItem = incidentFields.extend({
  ...rowMeta,
  started_at: z.string(),
  status: z.enum(INCIDENT_STATES),
  resolved_at: z.string().nullable(),
  created_by: z.string(),
});
export type Incident = z.infer<typeof incidentItem>;

export const INCIDENT_SORTS = ['id', 'started_at', 'severity', 'status', 'updated_at'] as const;
export const incidentFilters = {
  /** Part of the title or the summary. */
  q: keyword,
  severity: z.enum(INCIDENT_SEVERITIES).optional(),
  status: z.enum(INCIDENT_STATES).optional(),
  /** Touching this game. */
  product_id: queryInt(1).optional(),
};
export const incidentListQuery = listQuery(INCIDENT_SORTS, incidentFilters);
export const incidentExportQuery = exportQuery(incidentFilters);
export const incidentListAnswer = listAnswer(incidentItem);

export const incidentsResource = defineResource({
  name: 'incidents',
  page: '/offline/accidents',
  scope: 'cp',
  logTarget: 'incident',
  namespace: 'incidents',
  item: incidentItem,
  create: incidentCreateBody,
  update: incidentUpdateBody,
  list: incidentListQuery,
  export: incidentExportQuery,
  filters: ['q', 'severity', 'status', 'product_id'],
  sorts: INCIDENT_SORTS,
  remove: 'delete',
  // A row with an id updates that incident, one without opens one (game ids joined with `|`).
  sheet: {
    key: 'id',
    columns: ['title', 'severity', 'product_ids', 'regions', 'summary', 'announcement_id', 'started_at'],
  },
});

/** `POST /incidents/:id/updates`: a timeline entry, moving the state forward or keeping it. */
export const incidentUpdatePost = z.object({
  status: z.enum(INCIDENT_STATES),
  message: safeText().trim().min(1).max(2000),
  version: versionField,
});
export type IncidentUpdatePost = z.input<typeof incidentUpdatePost>;

export const incidentTimelineEntry = z.object({
  id: z.number().int(),
  status: z.enum(INCIDENT_STATES),
  message: z.string(),
  by: z.string(),
  at: z.string(),
});
export type IncidentTimelineEntry = z.infer<typeof incidentTimelineEntry>;
export const incidentTimelineAnswer = z.object({ list: z.array(incidentTimelineEntry) });
