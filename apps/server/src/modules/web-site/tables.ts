import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OptionalI18nText } from '@rx/contracts';
import { at, editStamps, gameRow, updatedBy } from '../../db/schema.ts';

export interface WebPaymentMethodRow {
  method: string;
  enabled: boolean;
  countries: string[];
}

/** The web recharge site's configuration: one row per (overseas) product. */
export const webSites = pgTable(
  'web_sites',
  {
    ...gameRow(),
    domains: jsonb('domains').$type<string[]>().notNull().default([]),
    paymentMethods: jsonb('payment_methods').$type<WebPaymentMethodRow[]>().notNull().default([]),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    defaultLanguage: text('default_language').notNull().default('en'),
    supportEmail: text('support_email').notNull().default(''),
    maintenance: boolean('maintenance').notNull().default(false),
    maintenanceMessage: jsonb('maintenance_message').$type<Partial<OptionalI18nText>>().notNull().default({}),
    updatedBy: updatedBy(),
    ...editStamps(),
  },
  (t) => [uniqueIndex('web_sites_product').on(t.productId), index('web_sites_cp').on(t.cpId)],
);

/**
 * The versions of a site protocol (terms, privacy, refund policy) in one language, numbered 1, 2, …:
 * at most one draft (edited) and one published; publishing archives the previous published one
 * (kept read-only in the history).
 */
export const webProtocolVersions = pgTable(
  'web_protocol_versions',
  {
    ...gameRow(),
    kind: text('kind').$type<'terms' | 'privacy' | 'refund_policy'>().notNull(),
    language: text('language').notNull(),
    number: integer('number').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull(),
    status: text('status').$type<'draft' | 'published' | 'archived'>().notNull(),
    publishedAt: at('published_at'),
    publishedBy: text('published_by').notNull().default(''),
    updatedBy: updatedBy(),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('web_protocol_versions_number').on(t.productId, t.kind, t.language, t.number),
    uniqueIndex('web_protocol_versions_draft')
      .on(t.productId, t.kind, t.language)
      .where(sql`${t.status} = 'draft'`),
    uniqueIndex('web_protocol_versions_published')
      .on(t.productId, t.kind, t.language)
      .where(sql`${t.status} = 'published'`),
    index('web_protocol_versions_cp').on(t.cpId),
  ],
);
