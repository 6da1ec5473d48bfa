import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ChatSettings, FriendSettings, PublishArea, SocialKind } from '@rx/contracts';
import { cps, createdAt, products, rowVersion, updatedAt } from '../../db/schema.ts';
import { channels } from '../channels/tables.ts';

/** Chat and friend access policies: one per product, region, channel (null: all) and kind. */
export const socialAccessPolicies = pgTable(
  'social_access_policies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cpId: integer('cp_id')
      .notNull()
      .references(() => cps.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    region: text('region').$type<PublishArea>().notNull(),
    channelId: integer('channel_id').references(() => channels.id),
    kind: text('kind').$type<SocialKind>().notNull(),
    /** The switches and daily limits of the kind (ChatSettings or FriendSettings). */
    settings: jsonb('settings').$type<ChatSettings | FriendSettings>().notNull(),
    minLevel: integer('min_level').notNull().default(0),
    minAccountAgeDays: integer('min_account_age_days').notNull().default(0),
    realNameRequired: boolean('real_name_required').notNull().default(false),
    adultRequired: boolean('adult_required').notNull().default(false),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('social_access_policies_scope').on(
      t.productId,
      t.region,
      sql`coalesce(${t.channelId}, 0)`,
      t.kind,
    ),
    index('social_access_policies_cp').on(t.cpId),
  ],
);

/** A region's kill switch per kind: on, every feature of the kind is off for the product's players there. */
export const socialKillSwitches = pgTable(
  'social_kill_switches',
  {
    cpId: integer('cp_id')
      .notNull()
      .references(() => cps.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    region: text('region').$type<PublishArea>().notNull(),
    kind: text('kind').$type<SocialKind>().notNull(),
    on: boolean('on').notNull(),
    updatedBy: text('updated_by').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.region, t.kind] })],
);
