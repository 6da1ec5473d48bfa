import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { editStamps, gameRow } from '../../db/schema.ts';
import { adAccounts } from '../ads/tables.ts';
import { subChannels } from '../channels/tables.ts';

/**
 * Channel mapping: a sub-channel of a game ↔ an advertiser account of a medium and, optionally, one
 * of its campaigns ('' for the whole account). A sub-channel/campaign pair maps once.
 */
export const adMappings = pgTable(
  'ad_mappings',
  {
    ...gameRow(),
    subChannelId: integer('sub_channel_id')
      .notNull()
      .references(() => subChannels.id, { onDelete: 'cascade' }),
    media: text('media').notNull(),
    adAccountId: integer('ad_account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id').notNull().default(''),
    note: text('note').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('ad_mappings_sub_channel_campaign').on(t.subChannelId, t.campaignId),
    index('ad_mappings_product').on(t.productId),
    index('ad_mappings_account').on(t.adAccountId),
  ],
);
