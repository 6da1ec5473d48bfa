import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, createdBy, gameRow, rowVersion, updatedAt } from '../../db/schema.ts';
import { playerRef } from '../players/tables.ts';

/**
 * A player profile tag a product defines (`/commercialactivity/user-profile-config`): its type
 * fixes which value column its values use; `source` says who sets the values (a rule the tag job
 * evaluates, an import, or staff by hand). Group rules can test tags.
 */
export const profileTags = pgTable(
  'profile_tags',
  {
    ...gameRow(),
    /** Stable machine name (used in group rules and the users-by-tag address). */
    name: text('name').notNull(),
    label: text('label').notNull(),
    type: text('type').$type<'boolean' | 'enum' | 'number' | 'date'>().notNull(),
    /** The allowed values of an enum tag. */
    options: jsonb('options')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    source: text('source').$type<'rule' | 'import' | 'manual'>().notNull(),
    /** For source = rule: the condition tree that sets the tag (and, for non-boolean tags, the value). */
    rule: jsonb('rule'),
    description: text('description').notNull().default(''),
    version: rowVersion(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('profile_tags_product_name').on(t.productId, t.name)],
);

/**
 * One player's value of one tag; exactly one value column is set, the one the tag's type names
 * (boolean → value_bool, enum → value_text, number → value_num, date → value_time).
 */
export const playerTagValues = pgTable(
  'player_tag_values',
  {
    productId: integer('product_id').notNull(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => profileTags.id, { onDelete: 'cascade' }),
    playerId: playerRef(),
    valueBool: boolean('value_bool'),
    valueText: text('value_text'),
    valueNum: doublePrecision('value_num'),
    valueTime: at('value_time'),
    source: text('source').$type<'rule' | 'import' | 'manual'>().notNull(),
    setBy: text('set_by').notNull().default(''),
    setAt: at('set_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tagId, t.playerId] }),
    index('player_tag_values_player').on(t.playerId),
    index('player_tag_values_text').on(t.tagId, t.valueText),
    index('player_tag_values_num').on(t.tagId, t.valueNum),
  ],
);
