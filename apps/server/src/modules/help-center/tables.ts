import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { HelpArticleStatus, I18nText, Language } from '@rx/contracts';
import { at, editStamps, gameRow } from '../../db/schema.ts';
import { channelRef } from '../channels/tables.ts';

/** Help-centre categories of a product, for one channel or (channel_id null) all. */
export const helpCategories = pgTable(
  'help_categories',
  {
    ...gameRow(),
    channelId: channelRef(),
    name: jsonb('name').$type<I18nText>().notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...editStamps(),
  },
  (t) => [
    index('help_categories_product').on(t.productId, t.channelId),
    index('help_categories_cp').on(t.cpId),
  ],
);

/** One language of a help article; the languages of one article share `group_id`. */
export const helpArticles = pgTable(
  'help_articles',
  {
    ...gameRow(),
    channelId: channelRef(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => helpCategories.id),
    groupId: text('group_id').notNull(),
    language: text('language').$type<Language>().notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    body: text('body').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: text('status').$type<HelpArticleStatus>().notNull().default('draft'),
    /** zh: its own content revision; other languages: the zh revision they were written from. */
    sourceVersion: integer('source_version').notNull().default(1),
    stale: boolean('stale').notNull().default(false),
    publishedAt: at('published_at'),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('help_articles_group_language').on(t.groupId, t.language),
    index('help_articles_product').on(t.productId, t.status),
    index('help_articles_category').on(t.categoryId),
    index('help_articles_cp').on(t.cpId),
  ],
);
