import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { editStamps, gameRow } from '../../db/schema.ts';

/** A distribution channel of a product: a store, an OEM (phone maker) or the web. */
export const channels = pgTable(
  'channels',
  {
    ...gameRow(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<'store' | 'oem' | 'web'>().notNull(),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    ...editStamps(),
  },
  (t) => [uniqueIndex('channels_product_code').on(t.productId, t.code), index('channels_cp').on(t.cpId)],
);

/** A sub-channel: the channel string built into a package, with its attribution. */
export const subChannels = pgTable(
  'sub_channels',
  {
    ...gameRow(),
    channelId: channelRef().notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    packageId: text('package_id').notNull().default(''),
    media: text('media').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    /** Set when an installation package is built with this channel string: the code no longer changes. */
    frozen: boolean('frozen').notNull().default(false),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('sub_channels_product_code').on(t.productId, t.code),
    index('sub_channels_channel').on(t.channelId),
  ],
);

/** The channel a row is for (nullable: every channel). */
export function channelRef() {
  return integer('channel_id').references(() => channels.id);
}
