import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Language, LandingStoreButton, LandingTemplate, LandingVariant } from '@rx/contracts';
import { at, editStamps, gameRow, serialId } from '../../db/schema.ts';

/** What a version of a landing page freezes (the draft's fields when it was published). */
export interface LandingContent {
  template: LandingTemplate;
  defaultLang: Language;
  variants: LandingVariant[];
  storeButtons: LandingStoreButton[];
  deepLink: string;
  fallbackUrl: string;
}

/** Landing pages: the draft staff edit, the version served and the visits counted. */
export const landingPages = pgTable(
  'landing_pages',
  {
    ...gameRow(),
    /** The public address `/l/<slug>`: unique across every game. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    template: text('template').$type<LandingTemplate>().notNull(),
    defaultLang: text('default_lang').$type<Language>().notNull(),
    /** Per language; `body_html` sanitised when saved. */
    variants: jsonb('variants').$type<LandingVariant[]>().notNull(),
    storeButtons: jsonb('store_buttons').$type<LandingStoreButton[]>().notNull().default([]),
    deepLink: text('deep_link').notNull().default(''),
    fallbackUrl: text('fallback_url').notNull().default(''),
    /** The published version served; null: not published. */
    liveVersion: integer('live_version'),
    /** The highest version number published. */
    versions: integer('versions').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    ...editStamps(),
  },
  (t) => [uniqueIndex('landing_pages_slug').on(t.slug), index('landing_pages_product').on(t.productId)],
);

/** Each published version of a landing page, never changed once written. */
export const landingPageVersions = pgTable(
  'landing_page_versions',
  {
    id: serialId(),
    pageId: integer('page_id')
      .notNull()
      .references(() => landingPages.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    content: jsonb('content').$type<LandingContent>().notNull(),
    publishedAt: at('published_at').notNull().defaultNow(),
    publishedBy: text('published_by').notNull().default(''),
  },
  (t) => [uniqueIndex('landing_page_versions_page_number').on(t.pageId, t.number)],
);
