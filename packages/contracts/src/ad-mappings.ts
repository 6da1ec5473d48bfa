import { z } from 'zod';
import { AD_MEDIUM_CODES } from './dimensions.ts';
import { idField, keyword, queryFlag, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Channel mapping (issue 31 item 5; `/api/v1/ad-mappings`, pages `mapping-manage` and its
 * `detail/:id?`): a sub-channel of the game ↔ an advertiser account of a medium and, optionally, one
 * of its campaigns. The reports credit the player payments of the sub-channel to that account (and
 * campaign) for ROI. A sub-channel/campaign pair maps once; the account is an advertiser of the same
 * game (and so of the caller's CP), the campaign one of that account's mirrored campaigns.
 */

/** The medium's campaign id ('' maps the whole account). */
const campaignId = safeText()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9._-]*$/);

const adMappingFields = z.object({
  sub_channel_id: idField,
  media: z.enum(AD_MEDIUM_CODES),
  /** A row of ad-accounts (an advertiser of the medium). */
  ad_account_id: idField,
  campaign_id: campaignId,
  note: safeText().trim().max(200),
  enabled: z.boolean(),
});

export const adMappingCreateBody = adMappingFields.extend({
  campaign_id: campaignId.default(''),
  note: adMappingFields.shape.note.default(''),
  enabled: z.boolean().default(true),
});
export type AdMappingCreate = z.input<typeof adMappingCreateBody>;
export const adMappingUpdateBody = adMappingFields.partial().extend({ version: versionField });

export const adMappingItem = adMappingFields.extend({
  ...rowMeta,
  sub_channel_code: z.string(),
  sub_channel_name: z.string(),
  /** The medium's id of the account, and its name. */
  account_id: z.string(),
  account_name: z.string(),
  /** The campaign's name in the mirror ('' when the whole account is mapped or not mirrored). */
  campaign_name: z.string(),
});
export type AdMapping = z.infer<typeof adMappingItem>;

export const AD_MAPPING_SORTS = ['id', 'media', 'updated_at'] as const;
const filters = {
  /** Part of the sub-channel's code or name, the account's id or name, or the campaign id. */
  q: keyword,
  media: z.enum(AD_MEDIUM_CODES).optional(),
  sub_channel_id: queryInt(1).optional(),
  ad_account_id: queryInt(1).optional(),
  enabled: queryFlag,
};
export const adMappingListQuery = listQuery(AD_MAPPING_SORTS, filters);
export const adMappingExportQuery = exportQuery(filters);
export const adMappingListAnswer = listAnswer(adMappingItem);

export const adMappingsResource = defineResource({
  name: 'ad-mappings',
  page: '/rxlaunch/rxlaunch-fe/deliver-manage/mapping-manage',
  scope: 'product',
  logTarget: 'ad_mapping',
  namespace: 'adMappings',
  item: adMappingItem,
  create: adMappingCreateBody,
  update: adMappingUpdateBody,
  list: adMappingListQuery,
  export: adMappingExportQuery,
  filters: ['q', 'media', 'sub_channel_id', 'ad_account_id', 'enabled'],
  sorts: AD_MAPPING_SORTS,
  remove: 'delete',
  sheet: {
    key: 'id',
    columns: ['sub_channel_id', 'media', 'ad_account_id', 'campaign_id', 'note', 'enabled'],
  },
});

/** What the detail page offers to choose from (without the sub-channel and account pages' permissions). */
export const adMappingChoicesQuery = z.object({
  media: z.enum(AD_MEDIUM_CODES),
  ad_account_id: queryInt(1).optional(),
  q: keyword,
});
export const adMappingChoices = z.object({
  sub_channels: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  /** The medium's advertisers of the game. */
  accounts: z.array(z.object({ id: z.number().int(), account_id: z.string(), name: z.string() })),
  /** The mirrored campaigns of `ad_account_id`. */
  campaigns: z.array(z.object({ object_id: z.string(), name: z.string(), status: z.string() })),
});
export type AdMappingChoices = z.infer<typeof adMappingChoices>;
