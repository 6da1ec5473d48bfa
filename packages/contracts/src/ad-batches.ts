import { z } from 'zod';
import { AD_MEDIA, type AdMedium } from './dimensions.ts';
import { keyword, rowMeta, safeText } from './fields.ts';
import { exportQuery, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Batch ad creation (issue 31 item 3): a batch is accounts × titles built from one setup (campaign
 * budget, ad group bid), pushed to the medium as a job, one item per ad — a campaign, an ad group
 * and a creative made in one go, with the medium's ids or its reason per item. Retry runs the failed
 * items only; each item carries a request id of its own, so an item whose answer was lost after the
 * medium made it is not made twice (`/api/v1/ad-batches?media=jrtt`, the media's `batch-ad` page).
 */

/** The media with a batch page (`batch-ad`). */
export const AD_BATCH_MEDIA = (AD_MEDIA as readonly AdMedium[])
  .filter((m) => m.pages['batch-ad'])
  .map((m) => m.code) as [string, ...string[]];

export const adBatchMediaParam = z.enum(AD_BATCH_MEDIA);

/** `running` until every item is done; `partial` when some failed (retry them); `failed` when all did. */
export const AD_BATCH_STATUSES = ['running', 'succeeded', 'partial', 'failed'] as const;
export type AdBatchStatus = (typeof AD_BATCH_STATUSES)[number];
export const AD_BATCH_ITEM_STATUSES = ['pending', 'ok', 'error'] as const;

/** The most ads one batch makes (accounts × titles). */
export const AD_BATCH_MAX_ITEMS = 2000;

const title = safeText().trim().min(1).max(60);

export const adBatchCreateBody = z
  .object({
    name: safeText().trim().min(1).max(64),
    /** Advertiser accounts (the console's row ids) of this medium. */
    ad_account_ids: z.array(z.number().int().min(1)).min(1).max(100),
    /** One ad per account and title. */
    titles: z.array(title).min(1).max(200),
    /** The campaign's daily budget and the ad group's bid, in cents. */
    budget: z.number().int().min(30_000).max(1_000_000_000),
    bid: z.number().int().min(1).max(1_000_000),
  })
  .superRefine((b, ctx) => {
    if (b.ad_account_ids.length * b.titles.length > AD_BATCH_MAX_ITEMS)
      ctx.addIssue({ code: 'custom', path: ['titles'], params: { key: 'too_many_rows' } });
    if (new Set(b.titles).size !== b.titles.length)
      ctx.addIssue({ code: 'custom', path: ['titles'], params: { key: 'duplicate_item' } });
  });
export type AdBatchCreate = z.input<typeof adBatchCreateBody>;

export const adBatchItem = z.object({
  ...rowMeta,
  media: z.string(),
  name: z.string(),
  status: z.enum(AD_BATCH_STATUSES),
  budget: z.number().int(),
  bid: z.number().int(),
  total: z.number().int(),
  ok: z.number().int(),
  failed: z.number().int(),
  /** The job pushing it (its progress on the jobs page). */
  job_id: z.number().int().nullable(),
  created_by: z.string(),
});
export type AdBatch = z.infer<typeof adBatchItem>;

/** One ad of a batch: its account and title, and what the medium answered. */
export const adBatchAdItem = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  ad_account_id: z.number().int(),
  account_id: z.string(),
  title: z.string(),
  status: z.enum(AD_BATCH_ITEM_STATUSES),
  /** The medium's ids once made. */
  campaign_id: z.string(),
  adgroup_id: z.string(),
  creative_id: z.string(),
  /** The medium's reason when it failed. */
  message: z.string(),
  request_id: z.string(),
});
export type AdBatchAd = z.infer<typeof adBatchAdItem>;

export const AD_BATCH_SORTS = ['id', 'name'] as const;
const filters = {
  media: adBatchMediaParam,
  q: keyword,
  status: z.enum(AD_BATCH_STATUSES).optional(),
};
export const adBatchListQuery = listQuery(AD_BATCH_SORTS, filters);
export const adBatchExportQuery = exportQuery(filters);
export const adBatchAdsQuery = listQuery(['seq'] as const, {
  media: adBatchMediaParam,
  status: z.enum(AD_BATCH_ITEM_STATUSES).optional(),
});

export const adBatchesResource = defineResource({
  name: 'ad-batches',
  page: AD_MEDIA[0].pages['batch-ad'],
  scope: 'product',
  logTarget: 'ad_batch',
  namespace: 'ads',
  item: adBatchItem,
  create: adBatchCreateBody,
  update: z.object({}),
  list: adBatchListQuery,
  export: adBatchExportQuery,
  filters: ['q', 'status'],
  sorts: AD_BATCH_SORTS,
  remove: 'none',
  dimension: { name: 'media', kind: 'batch-ad', values: AD_BATCH_MEDIA },
});
