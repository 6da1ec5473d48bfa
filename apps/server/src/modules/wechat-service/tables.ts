import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { WechatMessage, WechatTrigger } from '@rx/contracts';
import { at, bigSerialId, editStamps, gameRow } from '../../db/schema.ts';

/** A game's WeChat customer-service auto push rules (`/operation/service-reply-config`). */
export const wechatServiceRules = pgTable(
  'wechat_service_rules',
  {
    ...gameRow(),
    name: text('name').notNull(),
    trigger: text('trigger').$type<WechatTrigger>().notNull(),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    messages: jsonb('messages').$type<WechatMessage[]>().notNull().default([]),
    priority: integer('priority').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...editStamps(),
  },
  (t) => [index('wechat_service_rules_product').on(t.productId, t.trigger)],
);

/**
 * A player's open window with WeChat's customer-service API: opened by their message (48 h, 5
 * replies) or an event (entering the session, following: 1 minute, 3 replies); `sent` counts the
 * replies within it. `messaged_at`: their last message (whether any came before: first message).
 */
export const wechatServiceWindows = pgTable(
  'wechat_service_windows',
  {
    productId: integer('product_id').notNull(),
    openid: text('openid').notNull(),
    kind: text('kind').$type<'message' | 'event'>().notNull(),
    openedAt: at('opened_at').notNull(),
    sent: integer('sent').notNull().default(0),
    messagedAt: at('messaged_at'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.openid] })],
);

/** Callbacks seen (by WeChat's MsgId, or the event's sender and time): a replay is ignored. */
export const wechatServiceSeen = pgTable(
  'wechat_service_seen',
  {
    productId: integer('product_id').notNull(),
    key: text('key').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.key] }), index('wechat_service_seen_at').on(t.at)],
);

/** What the auto push sent, what a window refused and what WeChat failed. */
export const wechatServiceLog = pgTable(
  'wechat_service_log',
  {
    id: bigSerialId(),
    productId: integer('product_id').notNull(),
    openid: text('openid').notNull(),
    ruleId: integer('rule_id'),
    ruleName: text('rule_name').notNull().default(''),
    trigger: text('trigger').notNull(),
    messageType: text('message_type').notNull(),
    outcome: text('outcome').$type<'sent' | 'refused' | 'failed'>().notNull(),
    reason: text('reason').notNull().default(''),
    at: at('at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('wechat_service_log_product').on(t.productId, t.id),
    index('wechat_service_log_openid').on(t.productId, t.openid),
  ],
);
export type WechatLogRow = typeof wechatServiceLog.$inferSelect;
