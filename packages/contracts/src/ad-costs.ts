import { z } from 'zod';
import { keyword, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { calendarDay } from './holidays.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Media cost upload for overseas games (issue 31 item 5, page `/newrxlaunch/expend-report`):
 * media whose spend the console cannot pull (Facebook, Google, TikTok, AppLovin…) are uploaded
 * as a CSV or XLSX file of daily costs per advertiser account. An upload is first previewed (row
 * errors and totals, nothing written), then committed as a numbered batch. A day of an account is
 * counted from the newest active batch that has it; rolling a batch back (the whole batch) makes
 * the figures it replaced count again.
 *
 * `GET /api/v1/ad-costs`: the cost rows in force (or one batch's rows with `batch_id`);
 * `POST /api/v1/ad-costs/upload` (raw file body; `dry_run=1` previews);
 * `GET /api/v1/ad-costs/batches`; `POST /api/v1/ad-costs/batches/:id/rollback` `{ version }`.
 */

/** The columns of an upload, in the template's order; `campaign`, `impressions`, `clicks` may be empty. */
export const AD_COST_COLUMNS = [
  'day',
  'media',
  'account_id',
  'campaign',
  'cost',
  'currency',
  'impressions',
  'clicks',
] as const;

/** Rows an upload may hold. */
export const AD_COST_MAX_ROWS = 20_000;

const mediaCode = safeText()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_]{1,31}$/);
/** An amount with at most two decimals (the currency's cents), as the file writes it: answered in cents. */
const amount = safeText()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/)
  .transform((text) => {
    const [whole, fraction = ''] = text.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  });
const count = safeText()
  .trim()
  .regex(/^\d{0,12}$/)
  .transform((text) => (text === '' ? 0 : Number(text)));

/** One row of an upload as its cells (texts): checked, and turned into the stored values. */
export const adCostRow = z.object({
  day: calendarDay,
  media: mediaCode,
  account_id: safeText()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w.:-]+$/),
  campaign: safeText().trim().max(128).default(''),
  cost: amount,
  currency: safeText()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{3})?$/)
    .transform((code) => code || 'USD'),
  impressions: count.default(0),
  clicks: count.default(0),
});
export type AdCostRow = z.output<typeof adCostRow>;

export const AD_COST_BATCH_STATUSES = ['active', 'rolled_back'] as const;
export type AdCostBatchStatus = (typeof AD_COST_BATCH_STATUSES)[number];

export const adCostItem = z.object({
  id: z.number().int(),
  batch_id: z.number().int(),
  /** The batch's number in the game (1, 2, 3…). */
  batch_number: z.number().int(),
  day: z.string(),
  media: z.string(),
  account_id: z.string(),
  campaign: z.string(),
  /** Cents of `currency`. */
  cost: z.number().int(),
  currency: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** Whether this row is the one in force for its day, medium and account. */
  current: z.boolean(),
});
export type AdCost = z.infer<typeof adCostItem>;

export const adCostBatchItem = z.object({
  ...rowMeta,
  number: z.number().int(),
  file_name: z.string(),
  rows: z.number().int(),
  /** The sum of the batch's costs per currency, in cents. */
  totals: z.record(z.string(), z.number().int()),
  status: z.enum(AD_COST_BATCH_STATUSES),
  created_by: z.string(),
  rolled_back_by: z.string(),
  rolled_back_at: z.string().nullable(),
});
export type AdCostBatch = z.infer<typeof adCostBatchItem>;

/** What a preview or a commit answers. */
export const adCostUploadAnswer = z.object({
  dry_run: z.boolean(),
  rows: z.number().int(),
  /** Rows that replace a figure in force (the same day, medium and account). */
  replacing: z.number().int(),
  totals: z.record(z.string(), z.number().int()),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
  /** The first rows as they will be stored (a preview shows them). */
  sample: z.array(
    adCostItem
      .pick({ day: true, media: true, account_id: true, campaign: true, cost: true, currency: true })
      .extend({ row: z.number().int(), impressions: z.number().int(), clicks: z.number().int() }),
  ),
  /** The batch made (a commit). */
  batch: adCostBatchItem.nullable(),
});
export type AdCostUploadAnswer = z.infer<typeof adCostUploadAnswer>;

export const adCostUploadQuery = z.object({
  dry_run: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  /** The uploaded file's name, shown with its batch. */
  file_name: safeText().trim().max(200).optional(),
});

export const adCostRollbackBody = z.object({ version: versionField });

export const AD_COST_SORTS = ['day', 'id', 'cost', 'media'] as const;
const optionalDay = calendarDay.optional();
export const adCostFilters = {
  /** Part of the account id or the campaign. */
  q: keyword,
  media: mediaCode.optional(),
  from: optionalDay,
  to: optionalDay,
  /** One batch's rows (in force or not). */
  batch_id: queryInt(1).optional(),
};
export const adCostListQuery = listQuery(AD_COST_SORTS, adCostFilters);
export const adCostExportQuery = exportQuery(adCostFilters);
export const adCostListAnswer = listAnswer(adCostItem);

export const adCostBatchListQuery = listQuery(['id'] as const, {
  status: z.enum(AD_COST_BATCH_STATUSES).optional(),
});

export const adCostsResource = defineResource({
  name: 'ad-costs',
  page: '/newrxlaunch/expend-report',
  scope: 'product',
  logTarget: 'ad_cost_batch',
  namespace: 'adCosts',
  item: adCostItem,
  create: z.object({}),
  update: adCostRollbackBody,
  list: adCostListQuery,
  export: adCostExportQuery,
  filters: ['q', 'media', 'from', 'to', 'batch_id'],
  sorts: AD_COST_SORTS,
  remove: 'none',
});
