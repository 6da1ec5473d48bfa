import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Rule, UserGroupKind, UserGroupLayer, UserGroupRefresh, UserGroupState } from '@rx/contracts';
import { at, createdBy, editStamps, gameRow } from '../../db/schema.ts';
import { playerRef } from '../players/tables.ts';

/**
 * A product's user groups (`/commercialactivity/user-group`): a rule or an uploaded openid list,
 * materialised by a job into `user_group_members`; what mail, push, notices and pop-ups target.
 */
export const userGroups = pgTable(
  'user_groups',
  {
    ...gameRow(),
    /** The members page's address. */
    uuid: text('uuid')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    /** Stable machine name (the layers page's address). */
    name: text('name').notNull(),
    label: text('label').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<UserGroupKind>().notNull(),
    rule: jsonb('rule').$type<Rule | null>(),
    /** A list group's uploaded file (modules/files). */
    fileId: text('file_id'),
    refresh: text('refresh').$type<UserGroupRefresh>().notNull().default('daily'),
    state: text('state').$type<UserGroupState>().notNull().default('draft'),
    memberCount: integer('member_count').notNull().default(0),
    materializedAt: at('materialized_at'),
    error: text('error').notNull().default(''),
    /** The last materialisation job. */
    jobId: integer('job_id'),
    /** Exclusive percentage buckets over the members (stable: a member's bucket is a hash of openid and salt). */
    layers: jsonb('layers').$type<UserGroupLayer[]>().notNull().default([]),
    layerSalt: text('layer_salt')
      .notNull()
      .default(sql`md5(random()::text)`),
    createdBy: createdBy(),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('user_groups_product_name').on(t.productId, t.name),
    uniqueIndex('user_groups_uuid').on(t.uuid),
    index('user_groups_cp').on(t.cpId),
  ],
);

/** A group's materialised members, each with its bucket (0–99) for the layers. */
export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    playerId: playerRef(),
    bucket: smallint('bucket').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.playerId] }),
    index('user_group_members_bucket').on(t.groupId, t.bucket),
    index('user_group_members_player').on(t.playerId),
  ],
);
