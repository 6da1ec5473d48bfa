import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { IncidentSeverity, IncidentState } from '@rx/contracts';
import { at, bigSerialId, cpRef, createdBy, editStamps, serialId } from '../../db/schema.ts';

/** Incidents of a CP's games: severity, games and regions touched, state, post-mortem. */
export const incidents = pgTable(
  'incidents',
  {
    id: serialId(),
    cpId: cpRef(),
    title: text('title').notNull(),
    severity: text('severity').$type<IncidentSeverity>().notNull(),
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    regions: jsonb('regions').$type<string[]>().notNull().default([]),
    summary: text('summary').notNull().default(''),
    postmortem: text('postmortem').notNull().default(''),
    /** A maintenance announcement of one of its games. */
    announcementId: integer('announcement_id'),
    status: text('status').$type<IncidentState>().notNull().default('investigating'),
    startedAt: at('started_at').notNull(),
    resolvedAt: at('resolved_at'),
    createdBy: createdBy(),
    ...editStamps(),
  },
  (t) => [index('incidents_cp_started').on(t.cpId, t.startedAt)],
);

/** An incident's timeline: each update, the state it left the incident in, who wrote it and when. */
export const incidentUpdates = pgTable(
  'incident_updates',
  {
    id: bigSerialId(),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    status: text('status').$type<IncidentState>().notNull(),
    message: text('message').notNull(),
    byName: text('by_name').notNull().default(''),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('incident_updates_incident').on(t.incidentId, t.at)],
);
