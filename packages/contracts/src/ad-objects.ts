import { z } from 'zod';
import { AD_MEDIA } from './dimensions.ts';
import { int32, keyword, queryInt, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Delivery (issue 31 item 2): a mirror of the live objects of the game's advertiser accounts on a
 * medium — campaigns (Ocean Engine projects) and their ad groups (ads) — pulled from the medium
 * with their status, budget, bid and spend today (`/api/v1/ad-objects?media=jrtt`, Toutiao's
 * `put-manage`, Tencent's `gdtv3-list` and `gdt-list`). Pause, resume, budget and bid edits are
 * sent to the medium with the object's concurrency token as last read (the medium refuses an edit
 * of an object changed since); a refusal answers 422001 with the medium's reason and changes nothing.
 */

export const AD_OBJECT_LEVELS = ['campaign', 'adgroup'] as const;
export type AdObjectLevel = (typeof AD_OBJECT_LEVELS)[number];

export const AD_OBJECT_STATUSES = ['active', 'paused', 'deleted'] as const;
export type AdObjectStatus = (typeof AD_OBJECT_STATUSES)[number];

/** The media whose delivery the console mirrors (those with a delivery page). */
export const AD_DELIVERY_MEDIA = AD_MEDIA.filter(
  (m) => 'put-manage' in m.pages || 'gdtv3-list' in m.pages || 'gdt-list' in m.pages,
).map((m) => m.code) as unknown as readonly ['jrtt', 'tencent'];

export const adObjectItem = z.object({
  id: z.number().int(),
  media: z.string(),
  ad_account_id: z.number().int(),
  account_id: z.string(),
  level: z.enum(AD_OBJECT_LEVELS),
  /** The medium's id of the object, and of the campaign an ad group is under. */
  object_id: z.string(),
  parent_object_id: z.string(),
  name: z.string(),
  status: z.enum(AD_OBJECT_STATUSES),
  /** The medium's own status word. */
  media_status: z.string(),
  /** Daily budget and bid in cents (null: none at this level). */
  budget: z.number().int().nullable(),
  bid: z.number().int().nullable(),
  spend_today: z.number().int(),
  synced_at: z.string(),
  /** The medium's reason the last edit was refused ('' when it went through). */
  last_error: z.string(),
  version: z.number().int(),
});
export type AdObject = z.infer<typeof adObjectItem>;

export const AD_OBJECT_ACTIONS = ['pause', 'resume', 'budget', 'bid'] as const;
export type AdObjectAction = (typeof AD_OBJECT_ACTIONS)[number];

/** An edit sent to the medium: `value` (cents) for a budget or a bid. */
export const adObjectActionBody = z
  .object({
    action: z.enum(AD_OBJECT_ACTIONS),
    value: int32(1, 100_000_000).optional(),
    version: versionField,
  })
  .refine((b) => (b.action === 'budget' || b.action === 'bid') === (b.value !== undefined), {
    path: ['value'],
    params: { key: 'required' },
  });
export type AdObjectActionBody = z.input<typeof adObjectActionBody>;

export const adObjectSyncBody = z.object({ ad_account_id: int32(1).optional() });
export const adObjectSyncAnswer = z.object({
  accounts: z.number().int(),
  objects: z.number().int(),
  failed: z.number().int(),
});
export type AdObjectSyncAnswer = z.infer<typeof adObjectSyncAnswer>;

export const AD_OBJECT_SORTS = ['id', 'name', 'budget', 'spend_today'] as const;
const filters = {
  media: z.enum(AD_DELIVERY_MEDIA),
  q: keyword,
  level: z.enum(AD_OBJECT_LEVELS).optional(),
  status: z.enum(AD_OBJECT_STATUSES).optional(),
  ad_account_id: queryInt(1).optional(),
  parent_object_id: safeText().trim().max(64).optional(),
};
export const adObjectListQuery = listQuery(AD_OBJECT_SORTS, filters);
export const adObjectExportQuery = exportQuery(filters);
export const adObjectListAnswer = listAnswer(adObjectItem);

export const adObjectsResource = defineResource({
  name: 'ad-objects',
  page: AD_MEDIA[0].pages['put-manage'],
  scope: 'product',
  logTarget: 'ad_object',
  namespace: 'ads',
  item: adObjectItem,
  create: adObjectSyncBody,
  update: adObjectActionBody,
  list: adObjectListQuery,
  export: adObjectExportQuery,
  filters: ['q', 'level', 'status', 'ad_account_id', 'parent_object_id'],
  sorts: AD_OBJECT_SORTS,
  remove: 'none',
  dimension: { name: 'media', kind: ['put-manage', 'gdtv3-list', 'gdt-list'], values: AD_DELIVERY_MEDIA },
});
