import { index, pgTable, text } from 'drizzle-orm/pg-core';
import type { RecordStatus, ShareAdPlacement } from '@rx/contracts';
import { at, editStamps, gameRow } from '../../db/schema.ts';

/** Share ad slots: a placement of the game's share surfaces booked over a span of time. */
export const shareAdSlots = pgTable(
  'share_ad_slots',
  {
    ...gameRow(),
    name: text('name').notNull(),
    placement: text('placement').$type<ShareAdPlacement>().notNull(),
    /** A share platform's code, or `all`. */
    platform: text('platform').notNull().default('all'),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    linkUrl: text('link_url').notNull().default(''),
    status: text('status').$type<RecordStatus>().notNull().default('active'),
    ...editStamps(),
  },
  (t) => [index('share_ad_slots_product_placement').on(t.productId, t.placement, t.startsAt)],
);
