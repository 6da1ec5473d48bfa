import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { AnnouncementType, ClickAction, I18nText, OptionalI18nText, ShowRule } from '@rx/contracts';
import { at, gameRow, goLiveColumns } from '../../db/schema.ts';

/** A product's announcements (`/operation/product-notice`), along the shared lifecycle. */
export const announcements = pgTable(
  'announcements',
  {
    ...gameRow(),
    type: text('type').$type<AnnouncementType>().notNull(),
    title: jsonb('title').$type<I18nText>().notNull(),
    /** Sanitised HTML per language (lib/rich-text.ts). */
    body: jsonb('body').$type<OptionalI18nText>().notNull(),
    imageUrl: text('image_url').notNull().default(''),
    clickAction: text('click_action').$type<ClickAction>().notNull().default('none'),
    clickTarget: text('click_target').notNull().default(''),
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
    servers: jsonb('servers').$type<string[]>().notNull().default([]),
    minVersion: text('min_version').notNull().default(''),
    maxVersion: text('max_version').notNull().default(''),
    userGroupIds: jsonb('user_group_ids').$type<number[]>().notNull().default([]),
    startAt: at('start_at'),
    endAt: at('end_at'),
    priority: integer('priority').notNull().default(0),
    showRule: text('show_rule').$type<ShowRule>().notNull().default('once'),
    ...goLiveColumns(),
  },
  (t) => [
    index('announcements_product_status').on(t.productId, t.status, t.priority),
    index('announcements_cp').on(t.cpId),
  ],
);
