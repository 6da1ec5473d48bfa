import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BillingKind, BillingStatus, PriceTier, Store } from '@rx/contracts';
import { channelRef } from '../channels/tables.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { editStamps, gameRow } from '../../db/schema.ts';

/**
 * A purchasable SKU. Rows are versions: changing a live SKU's reward retires the row
 * (`current` false) and adds the next version, so orders keep naming what they bought.
 */
export const billingPoints = pgTable(
  'billing_points',
  {
    ...gameRow(),
    channelId: channelRef().notNull(),
    store: text('store').$type<Store>().notNull(),
    storeSku: text('store_sku').notNull(),
    name: text('name').notNull(),
    prices: jsonb('prices').$type<PriceTier[]>().notNull(),
    rewardGiftId: integer('reward_gift_id')
      .notNull()
      .references(() => giftPackages.id),
    bonusGiftId: integer('bonus_gift_id').references(() => giftPackages.id),
    limitPerPlayer: integer('limit_per_player').notNull().default(0),
    limitDaily: integer('limit_daily').notNull().default(0),
    kind: text('kind').$type<BillingKind>().notNull().default('consumable'),
    sandbox: boolean('sandbox').notNull().default(false),
    status: text('status').$type<BillingStatus>().notNull().default('draft'),
    skuVersion: integer('sku_version').notNull().default(1),
    previousId: integer('previous_id'),
    current: boolean('current').notNull().default(true),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('billing_points_product_store_sku')
      .on(t.productId, t.store, t.storeSku)
      .where(sql`${t.current}`),
    index('billing_points_reward').on(t.rewardGiftId),
    index('billing_points_bonus').on(t.bonusGiftId),
    index('billing_points_cp').on(t.cpId),
  ],
);
