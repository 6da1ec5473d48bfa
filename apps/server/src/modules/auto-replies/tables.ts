import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GamePlatform, Reply, ReplyKeyword, ReplyMode, SpecialReplyKind } from '@rx/contracts';
import { cps, createdAt, products, rowVersion, updatedAt } from '../../db/schema.ts';
import { channels } from '../channels/tables.ts';

/** Keyword rules of a product's automatic replies, per channel and platform (null: all). */
export const autoReplyRules = pgTable(
  'auto_reply_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cpId: integer('cp_id')
      .notNull()
      .references(() => cps.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    channelId: integer('channel_id').references(() => channels.id),
    platform: text('platform').$type<GamePlatform>(),
    name: text('name').notNull(),
    keywords: jsonb('keywords').$type<ReplyKeyword[]>().notNull(),
    replies: jsonb('replies').$type<Reply[]>().notNull(),
    mode: text('mode').$type<ReplyMode>().notNull().default('reply_all'),
    priority: integer('priority').notNull().default(0),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('auto_reply_rules_product').on(t.productId, t.enabled),
    index('auto_reply_rules_cp').on(t.cpId),
  ],
);

/** The on-enter and no-match replies of a product's channel (null: every channel). */
export const autoReplySpecials = pgTable(
  'auto_reply_specials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cpId: integer('cp_id')
      .notNull()
      .references(() => cps.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    channelId: integer('channel_id').references(() => channels.id),
    kind: text('kind').$type<SpecialReplyKind>().notNull(),
    replies: jsonb('replies').$type<Reply[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('auto_reply_specials_scope').on(t.productId, sql`coalesce(${t.channelId}, 0)`, t.kind),
    index('auto_reply_specials_cp').on(t.cpId),
  ],
);
