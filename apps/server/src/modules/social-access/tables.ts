import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ChatSettings, FriendSettings, PublishArea, SocialKind } from '@rx/contracts';
import { at, editStamps, gameOwner, gameRow, updatedAt, updatedBy } from '../../db/schema.ts';
import { channelRef } from '../channels/tables.ts';

/** Chat and friend access policies: one per product, region, channel (null: all) and kind. */
export const socialAccessPolicies = pgTable(
  'social_access_policies',
  {
    ...gameRow(),
    region: text('region').$type<PublishArea>().notNull(),
    channelId: channelRef(),
    kind: text('kind').$type<SocialKind>().notNull(),
    /** The switches and daily limits of the kind (ChatSettings or FriendSettings). */
    settings: jsonb('settings').$type<ChatSettings | FriendSettings>().notNull(),
    minLevel: integer('min_level').notNull().default(0),
    minAccountAgeDays: integer('min_account_age_days').notNull().default(0),
    realNameRequired: boolean('real_name_required').notNull().default(false),
    adultRequired: boolean('adult_required').notNull().default(false),
    startAt: at('start_at'),
    endAt: at('end_at'),
    enabled: boolean('enabled').notNull().default(true),
    ...editStamps(),
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
    ...gameOwner(),
    region: text('region').$type<PublishArea>().notNull(),
    kind: text('kind').$type<SocialKind>().notNull(),
    on: boolean('on').notNull(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.region, t.kind] })],
);
