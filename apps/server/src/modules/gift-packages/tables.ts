import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { GiftContent, GiftUse, I18nText } from '@rx/contracts';
import { cps, createdAt, products, rowVersion, updatedAt } from '../../db/schema.ts';

/** A gift package: the reward unit mail, codes, the web shop and billing points hand out. */
export const giftPackages = pgTable(
  'gift_packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cpId: integer('cp_id')
      .notNull()
      .references(() => cps.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: jsonb('name').$type<I18nText>().notNull(),
    /** [{prop_id, quantity}]; a prop named here is "in use" (disabled, never deleted). */
    contents: jsonb('contents').$type<GiftContent[]>().notNull(),
    iconUrl: text('icon_url').notNull().default(''),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    perPlayerLimit: integer('per_player_limit').notNull().default(0),
    usableIn: jsonb('usable_in').$type<GiftUse[]>().notNull().default([]),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('gift_packages_product').on(t.productId), index('gift_packages_cp').on(t.cpId)],
);
