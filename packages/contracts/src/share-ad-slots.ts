import { z } from 'zod';
import { SHARE_PLATFORM_CODES } from './dimensions.ts';
import { iconUrl, isoTime, keyword, recordStatus, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';
import { httpsUrl } from './share.ts';

/**
 * Share ad scheduling (issue 30, page `/commercialbasic/share-ad-config/share-config`): slots of a
 * placement in the game's share surfaces over time, shown as a calendar. Two active slots of one
 * placement may not overlap in time on the same platform (a slot on `all` platforms overlaps every
 * platform); a conflicting write is refused on `starts_at`, naming the slot it meets.
 */

export const SHARE_AD_PLACEMENTS = ['share_panel', 'result_page', 'invite_page', 'landing_banner'] as const;
export type ShareAdPlacement = (typeof SHARE_AD_PLACEMENTS)[number];
export const SHARE_AD_PLATFORMS = ['all', ...SHARE_PLATFORM_CODES] as const;

const slotFields = z.object({
  name: safeText().trim().min(1).max(64),
  placement: z.enum(SHARE_AD_PLACEMENTS),
  platform: z.enum(SHARE_AD_PLATFORMS),
  starts_at: isoTime,
  ends_at: isoTime,
  image_url: iconUrl,
  link_url: httpsUrl.or(z.literal('')),
  status: recordStatus,
});
const endAfterStart = (s: { starts_at?: string; ends_at?: string }) =>
  !s.starts_at || !s.ends_at || Date.parse(s.ends_at) > Date.parse(s.starts_at);

export const shareAdSlotCreateBody = slotFields
  .extend({
    platform: slotFields.shape.platform.default('all'),
    image_url: iconUrl.default(''),
    link_url: slotFields.shape.link_url.default(''),
    status: recordStatus.default('active'),
  })
  .refine(endAfterStart, { path: ['ends_at'], params: { key: 'end_before_start' } });
export type ShareAdSlotCreate = z.input<typeof shareAdSlotCreateBody>;
export const shareAdSlotUpdateBody = slotFields
  .partial()
  .extend({ version: versionField })
  .refine(endAfterStart, { path: ['ends_at'], params: { key: 'end_before_start' } });
export const shareAdSlotItem = slotFields.extend({ ...rowMeta, product_id: z.number().int() });
export type ShareAdSlot = z.infer<typeof shareAdSlotItem>;

export const SHARE_AD_SLOT_SORTS = ['starts_at', 'id', 'name', 'placement', 'updated_at'] as const;
const slotFilters = {
  q: keyword,
  placement: z.enum(SHARE_AD_PLACEMENTS).optional(),
  platform: z.enum(SHARE_AD_PLATFORMS).optional(),
  /** Slots running at some time in [from, to). */
  from: isoTime.optional(),
  to: isoTime.optional(),
  status: recordStatus.optional(),
};
export const shareAdSlotListQuery = listQuery(SHARE_AD_SLOT_SORTS, slotFilters);
export const shareAdSlotListAnswer = listAnswer(shareAdSlotItem);

export const shareAdSlotsResource = defineResource({
  name: 'share-ad-slots',
  page: '/commercialbasic/share-ad-config/share-config',
  scope: 'product',
  logTarget: 'share_ad_slot',
  namespace: 'shareAds',
  item: shareAdSlotItem,
  create: shareAdSlotCreateBody,
  update: shareAdSlotUpdateBody,
  list: shareAdSlotListQuery,
  export: exportQuery(slotFilters),
  filters: ['q', 'placement', 'platform', 'from', 'to', 'status'],
  sorts: SHARE_AD_SLOT_SORTS,
  remove: 'delete',
  sheet: {
    key: 'id',
    columns: ['name', 'placement', 'platform', 'starts_at', 'ends_at', 'image_url', 'link_url', 'status'],
  },
});
