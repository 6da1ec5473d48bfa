import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { GiftContent, GiftUse, I18nText } from '@rx/contracts';
import { at, editStamps, gameRow } from '../../db/schema.ts';

/** A gift package: the reward unit mail, codes, the web shop and billing points hand out. */
export const giftPackages = pgTable(
  'gift_packages',
  {
    ...gameRow(),
    name: jsonb('name').$type<I18nText>().notNull(),
    /** [{prop_id, quantity}]; a prop named here is "in use" (disabled, never deleted). */
    contents: jsonb('contents').$type<GiftContent[]>().notNull(),
    iconUrl: text('icon_url').notNull().default(''),
    validFrom: at('valid_from'),
    validTo: at('valid_to'),
    perPlayerLimit: integer('per_player_limit').notNull().default(0),
    usableIn: jsonb('usable_in').$type<GiftUse[]>().notNull().default([]),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    ...editStamps(),
  },
  (t) => [index('gift_packages_product').on(t.productId), index('gift_packages_cp').on(t.cpId)],
);
