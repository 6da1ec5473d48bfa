import { z } from 'zod';
import {
  codeField,
  idField,
  keyword,
  queryInt,
  recordStatus,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Distribution channels and sub-channels of a product (`X-Product-Id`): `/api/v1/channels`,
 * `/api/v1/sub-channels` (pages `/basic/channel-list`, `/basic/sub-channel/edit/:id`).
 */

export const CHANNEL_KINDS = ['store', 'oem', 'web'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

const channelFields = z.object({
  code: codeField(32),
  name: safeText().trim().min(1).max(64),
  kind: z.enum(CHANNEL_KINDS),
  status: recordStatus,
});

export const channelCreateBody = channelFields.extend({ status: recordStatus.default('active') });
export type ChannelCreate = z.input<typeof channelCreateBody>;
export const channelUpdateBody = channelFields.partial().extend({ version: versionField });
export type ChannelUpdate = z.input<typeof channelUpdateBody>;
export const channelItem = channelFields.extend({ ...rowMeta, product_id: idField });
export type Channel = z.infer<typeof channelItem>;

export const CHANNEL_SORTS = ['id', 'code', 'name', 'kind', 'status', 'created_at', 'updated_at'] as const;
export const channelFilters = {
  q: keyword,
  kind: z.enum(CHANNEL_KINDS).optional(),
  status: recordStatus.optional(),
};
export const channelListQuery = listQuery(CHANNEL_SORTS, channelFilters);
export const channelExportQuery = exportQuery(channelFilters);
export const channelListAnswer = listAnswer(channelItem);

const subChannelFields = z.object({
  channel_id: idField,
  /** The channel string built into packages; it freezes once a package uses it. */
  code: codeField(64),
  name: safeText().trim().min(1).max(64),
  /** The application id of the package (bundle id / package name). */
  package_id: safeText()
    .trim()
    .max(128)
    .regex(/^([A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+)?$/),
  /** Attribution: the ad media and the campaign the installs are credited to. */
  media: safeText().trim().max(64),
  campaign: safeText().trim().max(128),
  status: recordStatus,
});

export const subChannelCreateBody = subChannelFields.extend({
  package_id: subChannelFields.shape.package_id.default(''),
  media: subChannelFields.shape.media.default(''),
  campaign: subChannelFields.shape.campaign.default(''),
  status: recordStatus.default('active'),
});
export type SubChannelCreate = z.input<typeof subChannelCreateBody>;
export const subChannelUpdateBody = subChannelFields.partial().extend({ version: versionField });
export type SubChannelUpdate = z.input<typeof subChannelUpdateBody>;

/** What uses a sub-channel (installation packages); once anything does, its code is frozen. */
export const usedByEntry = z.object({ type: z.string(), id: z.number().int(), name: z.string() });
export type UsedByEntry = z.infer<typeof usedByEntry>;

export const subChannelItem = subChannelFields.extend({
  ...rowMeta,
  product_id: idField,
  channel_code: z.string(),
  frozen: z.boolean(),
});
export type SubChannel = z.infer<typeof subChannelItem>;

export const SUB_CHANNEL_SORTS = [
  'id',
  'code',
  'name',
  'channel_id',
  'media',
  'status',
  'created_at',
] as const;
export const subChannelFilters = {
  q: keyword,
  channel_id: queryInt(1).optional(),
  media: safeText().trim().max(64).optional(),
  status: recordStatus.optional(),
};
export const subChannelListQuery = listQuery(SUB_CHANNEL_SORTS, subChannelFilters);
export const subChannelExportQuery = exportQuery(subChannelFilters);
export const subChannelListAnswer = listAnswer(subChannelItem);

/** Distribution channels of a product, keyed in sheets by the code. */
export const channelsResource = defineResource({
  name: 'channels',
  page: '/basic/channel-list',
  scope: 'product',
  logTarget: 'channel',
  namespace: 'channels',
  item: channelItem,
  create: channelCreateBody,
  update: channelUpdateBody,
  list: channelListQuery,
  export: channelExportQuery,
  filters: ['q', 'kind', 'status'],
  sorts: CHANNEL_SORTS,
  remove: 'delete',
  sheet: { key: 'code', columns: ['name', 'kind', 'status'] },
});

/**
 * Sub-channels of a product: listed inside the channel page, edited on their own page, guarded by
 * that page's permissions. Sheets name the channel by its code (`channel_code`).
 */
export const subChannelsResource = defineResource({
  name: 'sub-channels',
  page: '/basic/sub-channel/edit/:id',
  scope: 'product',
  logTarget: 'sub_channel',
  namespace: 'channels',
  item: subChannelItem,
  create: subChannelCreateBody,
  update: subChannelUpdateBody,
  list: subChannelListQuery,
  export: subChannelExportQuery,
  filters: ['q', 'channel_id', 'media', 'status'],
  sorts: SUB_CHANNEL_SORTS,
  remove: 'delete',
  sheet: { key: 'code', columns: ['channel_code', 'name', 'package_id', 'media', 'campaign', 'status'] },
});
