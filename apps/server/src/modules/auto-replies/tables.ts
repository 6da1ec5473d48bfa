import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GamePlatform, Reply, ReplyKeyword, ReplyMode, SpecialReplyKind } from '@rx/contracts';
import { at, editStamps, gameRow } from '../../db/schema.ts';
import { channelRef } from '../channels/tables.ts';

/** Keyword rules of a product's automatic replies, per channel and platform (null: all). */
export const autoReplyRules = pgTable(
  'auto_reply_rules',
  {
    ...gameRow(),
    channelId: channelRef(),
    platform: text('platform').$type<GamePlatform>(),
    name: text('name').notNull(),
    keywords: jsonb('keywords').$type<ReplyKeyword[]>().notNull(),
    replies: jsonb('replies').$type<Reply[]>().notNull(),
    mode: text('mode').$type<ReplyMode>().notNull().default('reply_all'),
    priority: integer('priority').notNull().default(0),
    startAt: at('start_at'),
    endAt: at('end_at'),
    enabled: boolean('enabled').notNull().default(true),
    ...editStamps(),
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
    ...gameRow(),
    channelId: channelRef(),
    kind: text('kind').$type<SpecialReplyKind>().notNull(),
    replies: jsonb('replies').$type<Reply[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('auto_reply_specials_scope').on(t.productId, sql`coalesce(${t.channelId}, 0)`, t.kind),
    index('auto_reply_specials_cp').on(t.cpId),
  ],
);
