import { z } from 'zod';
import { AD_BATCH_MAX_MATERIALS, adBatchSetup, adTargeting } from './ad-batch-templates.ts';
import { AD_CREATIVE_LAYOUTS, AD_MEDIA, type AdMedium } from './dimensions.ts';
import { distinct, idField, keyword, rowMeta, safeText } from './fields.ts';
import { exportQuery, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Batch ad creation (issue 31 item 3): a batch is accounts × titles built from one setup (campaign
 * budget, ad group bid), pushed to the medium as a job, one item per ad — a campaign, an ad group
 * and a creative made in one go, with the medium's ids or its reason per item. Retry runs the failed
 * items only; each item carries a request id of its own, so an item whose answer was lost after the
 * medium made it is not made twice (`/api/v1/ad-batches?media=jrtt`, the media's `batch-ad` page).
 */

/** The media with a batch page (`batch-ad`, or Tencent's editor `gdtv3-edit`). */
export const AD_BATCH_MEDIA = (AD_MEDIA as readonly AdMedium[])
  .filter((m) => m.pages['batch-ad'] || m.pages['gdtv3-edit'])
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
    /**
     * The campaign's daily budget and the ad group's bid (cents), the layout, targeting and
     * schedule: checked against the medium's rules (`AdMedium.batch`).
     */
    ...adBatchSetup,
    /** Image or video addresses: one ad per material (all in one for a multi-image layout). */
    materials: distinct(
      safeText()
        .trim()
        .max(500)
        .regex(/^https:\/\/\S+$/),
      AD_BATCH_MAX_MATERIALS,
    ).default([]),
    /** The template the setup came from (`ad-batch-templates`), if any. */
    template_id: idField.nullable().default(null),
    /**
     * The landing target: an enabled window (`ad-windows`) of this game on this medium — a
     * mini-game AppID and path, an H5 address or an app. None: the medium's default (the account's).
     */
    window_id: idField.nullable().default(null),
  })
  .superRefine((b, ctx) => {
    const groups = b.layout === 'multi_image' ? 1 : Math.max(1, b.materials.length);
    if (b.ad_account_ids.length * b.titles.length * groups > AD_BATCH_MAX_ITEMS)
      ctx.addIssue({ code: 'custom', path: ['titles'], params: { key: 'too_many_rows' } });
    if (new Set(b.titles).size !== b.titles.length)
      ctx.addIssue({ code: 'custom', path: ['titles'], params: { key: 'duplicate_item' } });
  });
export type AdBatchCreate = z.input<typeof adBatchCreateBody>;

/**
 * Where a batch's ads land, as its window said when the batch was made (kept with the batch, so a
 * later edit of the window does not change what was sent): the window and what it opens.
 */
export const adBatchLanding = z.object({
  window_id: z.number().int(),
  name: z.string(),
  kind: z.enum(['mini_program', 'h5', 'app']),
  /** Mini-game / mini-program AppID and page path (kind `mini_program`). */
  mini_program_id: z.string(),
  path: z.string(),
  /** H5 address (kind `h5`). */
  url: z.string(),
  /** The app's id on the medium and its package name (kind `app`). */
  app_id: z.string(),
  package_name: z.string(),
});
export type AdBatchLanding = z.infer<typeof adBatchLanding>;

/** An enabled window of the game on the medium, as the batch editor offers it. */
export const adBatchWindowChoice = adBatchLanding.omit({ window_id: true }).extend({ id: z.number().int() });
export type AdBatchWindowChoice = z.infer<typeof adBatchWindowChoice>;

export const adBatchItem = z.object({
  ...rowMeta,
  media: z.string(),
  name: z.string(),
  status: z.enum(AD_BATCH_STATUSES),
  budget: z.number().int(),
  bid: z.number().int(),
  layout: z.enum(AD_CREATIVE_LAYOUTS),
  targeting: adTargeting,
  schedule_start: z.string(),
  schedule_end: z.string(),
  template_id: z.number().int().nullable(),
  /** The landing window chosen (null: none; the window may have been deleted since) and what was sent. */
  window_id: z.number().int().nullable(),
  landing: adBatchLanding.nullable(),
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
  materials: z.array(z.string()),
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
  dimension: { name: 'media', kind: ['batch-ad', 'gdtv3-edit'], values: AD_BATCH_MEDIA },
});

/** One draft of a batch before it is submitted, with what it does not keep to of the medium's rules. */
export const adBatchDraft = z.object({
  seq: z.number().int(),
  ad_account_id: z.number().int(),
  account_id: z.string(),
  title: z.string(),
  materials: z.array(z.string()),
  /** Translated messages; none: the draft can be made. */
  problems: z.array(z.string()),
});
export type AdBatchDraft = z.infer<typeof adBatchDraft>;

/** The drafts preview: how many ads, the first drafts, the setup's problems by field. */
export const adBatchDraftsAnswer = z.object({
  total: z.number().int(),
  /** How many drafts have problems. */
  failing: z.number().int(),
  drafts: z.array(adBatchDraft),
  fields: z.record(z.string(), z.string()),
  /** Where every draft lands (the chosen window), or null. */
  landing: adBatchLanding.nullable(),
});
export type AdBatchDraftsAnswer = z.infer<typeof adBatchDraftsAnswer>;

// ——— Batch tasks across media (`/newrxlaunch/batch-task`, Toutiao's `jrtt/batch-task`) ———

const taskFilters = {
  media: z.enum(AD_BATCH_MEDIA).optional(),
  q: keyword,
  status: z.enum(AD_BATCH_STATUSES).optional(),
};

/**
 * The batches as tasks: every medium's (or one medium's with `?media=`), their per-ad results and
 * the retry of the failed ads, guarded by the batch-task page's permissions.
 */
export const adBatchTasksResource = defineResource({
  name: 'ad-batch-tasks',
  page: '/newrxlaunch/batch-task',
  scope: 'product',
  logTarget: 'ad_batch',
  namespace: 'ads',
  item: adBatchItem,
  create: z.object({}),
  update: z.object({}),
  list: listQuery(AD_BATCH_SORTS, taskFilters),
  export: exportQuery(taskFilters),
  filters: ['q', 'media', 'status'],
  sorts: AD_BATCH_SORTS,
  remove: 'none',
  // `?media=`: that medium's own permission (its batch-task page, else the page its batches are
  // made on); no medium: the cross-media page's.
  dimension: {
    name: 'media',
    kind: ['batch-task', 'batch-ad', 'gdtv3-edit'],
    values: AD_BATCH_MEDIA,
    optional: true,
  },
});
export const adBatchTaskAdsQuery = listQuery(['seq'] as const, {
  media: z.enum(AD_BATCH_MEDIA).optional(),
  status: z.enum(AD_BATCH_ITEM_STATUSES).optional(),
});
