import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { I18nText, PropRarity, PropType } from '@rx/contracts';
import { editStamps, gameRow } from '../../db/schema.ts';

/** The item catalogue of a product. */
export const props = pgTable(
  'props',
  {
    ...gameRow(),
    /** The item id the game knows; never changes. */
    code: text('code').notNull(),
    name: jsonb('name').$type<I18nText>().notNull(),
    type: text('type').$type<PropType>().notNull(),
    rarity: text('rarity').$type<PropRarity>().notNull(),
    iconUrl: text('icon_url').notNull().default(''),
    stackLimit: integer('stack_limit').notNull().default(1),
    expiryDays: integer('expiry_days').notNull().default(0),
    /** What one item is worth in the product's reference unit (approval thresholds on value). */
    unitValue: integer('unit_value').notNull().default(0),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    ...editStamps(),
    /** The code and the name in every language, lower-cased: what the keyword filter searches. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(code || ' ' || coalesce(name->>'zh', '') || ' ' || coalesce(name->>'en', '') || ' ' || coalesce(name->>'ja', '') || ' ' || coalesce(name->>'th', '') || ' ' || coalesce(name->>'vi', '') || ' ' || coalesce(name->>'tl', '') || ' ' || coalesce(name->>'id', '') || ' ' || coalesce(name->>'ar', '') || ' ' || coalesce(name->>'tc', ''))`,
    ),
  },
  (t) => [
    uniqueIndex('props_product_code').on(t.productId, t.code),
    index('props_cp').on(t.cpId),
    // The list's usual shapes: a type's rows newest first, and everything by last change.
    index('props_product_type_updated').on(t.productId, t.type, t.updatedAt),
    index('props_product_updated').on(t.productId, t.updatedAt),
  ],
);
