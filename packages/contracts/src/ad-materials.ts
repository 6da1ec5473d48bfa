import { z } from 'zod';
import { calendarDay } from './holidays.ts';
import { distinct, idField, keyword, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * The material library (issue 31 item 5, `/api/v1/ad-materials`): a game's images and videos for
 * ads, one row per file whatever medium it goes to (one upload row per medium, never a column set
 * per medium). A material is made from a file uploaded through the upload service (`use=image` or
 * `use=video`: the bytes sniffed, an image's header and a video's container read within the
 * service's limits); the file's MD5 (the media's own material signature) keeps the same file to one
 * material per game. Labels and the source come from the ad tools' lists (`ad-labels`,
 * `ad-sources`); the ads that use a material are ad groups of the delivery mirror (`ad-objects`).
 *
 * The effect report (`/api/v1/ad-material-effects`, page `material-attribution`) answers each
 * material's spend, impressions, clicks, conversions, CTR, CVR and CPA over a range of days. The
 * media report an advertiser account's figures by day; a material gets the share of its account's
 * day that its ad groups make of the account's ad groups (an account whose three ad groups include
 * one using the material gives it a third of each day).
 */

const AD = '/rxlaunch/rxlaunch-fe/deliver-manage';

export const AD_MATERIAL_KINDS = ['image', 'video'] as const;
export type AdMaterialKind = (typeof AD_MATERIAL_KINDS)[number];

/** Labels one material may carry. */
export const AD_MATERIAL_MAX_LABELS = 10;
/** Ad groups one material may be linked to in one request. */
export const AD_MATERIAL_MAX_ADS = 200;

/** An uploaded file's id (the upload service's random 22 characters). */
const fileId = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
const labelIds = distinct(idField, AD_MATERIAL_MAX_LABELS);

const editable = {
  /** The name staff know it by (the uploaded file's name when left empty). */
  name: safeText().trim().max(100),
  label_ids: labelIds,
  /** A source of `ad-sources`, or null. */
  source_id: idField.nullable(),
  note: safeText().trim().max(200),
};

export const adMaterialCreateBody = z.object({
  file_id: fileId,
  name: editable.name.default(''),
  label_ids: labelIds.default([]),
  source_id: editable.source_id.default(null),
  note: editable.note.default(''),
});
export const adMaterialUpdateBody = z.object(editable).partial().extend({ version: versionField });

export const adMaterialItem = z.object({
  ...rowMeta,
  file_id: z.string(),
  /** The file's public address (images and videos are served at `/files/<id>`). */
  url: z.string(),
  name: z.string(),
  kind: z.enum(AD_MATERIAL_KINDS),
  content_type: z.string(),
  /** Bytes. */
  size: z.number().int(),
  md5: z.string(),
  /** Pixels (images; null for videos, whose track size the container check does not keep). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Videos only. */
  duration_ms: z.number().int().nullable(),
  label_ids: z.array(z.number().int()),
  /** The labels that still exist, with their text. */
  labels: z.array(z.object({ id: z.number().int(), text: z.string() })),
  source_id: z.number().int().nullable(),
  source: z.string(),
  note: z.string(),
  /** Ad groups of the delivery mirror that use it. */
  ad_count: z.number().int(),
});
export type AdMaterial = z.infer<typeof adMaterialItem>;
export type AdMaterialCreate = z.input<typeof adMaterialCreateBody>;

export const AD_MATERIAL_SORTS = ['id', 'name', 'size', 'ad_count', 'updated_at'] as const;

const materialFilters = {
  /** Part of the name, the note or the MD5. */
  q: keyword,
  kind: z.enum(AD_MATERIAL_KINDS).optional(),
  label_id: queryInt(1).optional(),
  source_id: queryInt(1).optional(),
  /** An image's exact size in pixels, `1280x720`. */
  dims: safeText()
    .trim()
    .regex(/^\d{1,5}x\d{1,5}$/)
    .optional(),
  /** Largest file size in KiB. */
  max_kb: queryInt(1, 1_048_576).optional(),
};

export const adMaterialsResource = defineResource({
  name: 'ad-materials',
  page: `${AD}/material-library`,
  scope: 'product',
  logTarget: 'ad_material',
  namespace: 'adMaterials',
  item: adMaterialItem,
  create: adMaterialCreateBody,
  update: adMaterialUpdateBody,
  list: listQuery(AD_MATERIAL_SORTS, materialFilters),
  export: exportQuery(materialFilters),
  filters: ['q', 'kind', 'label_id', 'source_id', 'dims', 'max_kb'],
  sorts: AD_MATERIAL_SORTS,
  // A material used by ads is kept (422001); unlink it first.
  remove: 'delete',
  // A row without an id makes a material of an uploaded file; one with an id renames it.
  sheet: { key: 'id', columns: ['file_id', 'name', 'note'] },
});
export const adMaterialListAnswer = listAnswer(adMaterialItem);

/** An ad group of the delivery mirror a material is used by. */
export const adMaterialAd = z.object({
  /** The mirror's row (`ad-objects`). */
  ad_object_id: z.number().int(),
  media: z.string(),
  object_id: z.string(),
  name: z.string(),
  status: z.string(),
  account_id: z.string(),
  account_name: z.string(),
});
export type AdMaterialAd = z.infer<typeof adMaterialAd>;
export const adMaterialAdsAnswer = z.object({ list: z.array(adMaterialAd) });

/** The ad groups that use a material, all of them at once (the mirror's row ids). */
export const adMaterialAdsBody = z.object({
  ad_object_ids: distinct(idField, AD_MATERIAL_MAX_ADS),
  version: versionField,
});
export type AdMaterialAdsChange = z.input<typeof adMaterialAdsBody>;

/** The game's labels and sources a material can carry (read with the library's own permission). */
export const adMaterialOptionsAnswer = z.object({
  labels: z.array(z.object({ id: z.number().int(), text: z.string() })),
  sources: z.array(z.object({ id: z.number().int(), text: z.string() })),
});
export type AdMaterialOptions = z.infer<typeof adMaterialOptionsAnswer>;

/** The ad groups staff can link (the mirror's ad groups of the game, by name or id). */
export const adMaterialAdChoicesQuery = z.object({ q: keyword });

// ---- The effect report ----

/** The longest range the report covers at once. */
export const AD_MATERIAL_EFFECT_MAX_DAYS = 366;

const figures = {
  /** Cents. */
  cost: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  /** Clicks per impression, conversions per click (0–1), cost per conversion in cents; null without a base. */
  ctr: z.number().nullable(),
  cvr: z.number().nullable(),
  cpa: z.number().int().nullable(),
};

export const adMaterialEffectItem = z.object({
  /** The material's id. */
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(AD_MATERIAL_KINDS),
  url: z.string(),
  ad_count: z.number().int(),
  ...figures,
});
export type AdMaterialEffect = z.infer<typeof adMaterialEffectItem>;

export const AD_MATERIAL_EFFECT_SORTS = ['cost', 'impressions', 'clicks', 'conversions', 'id'] as const;

const effectFilters = {
  from: calendarDay,
  to: calendarDay,
  q: keyword,
  kind: z.enum(AD_MATERIAL_KINDS).optional(),
  label_id: queryInt(1).optional(),
  source_id: queryInt(1).optional(),
};

/** Whole days from one `YYYY-MM-DD` to another. */
const span = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A range checked: `to` not before `from`, at most AD_MATERIAL_EFFECT_MAX_DAYS days. */
function checkRange(b: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (b.from > b.to) ctx.addIssue({ code: 'custom', path: ['to'], params: { key: 'end_before_start' } });
  else if (span(b.from, b.to) >= AD_MATERIAL_EFFECT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], params: { key: 'range_too_long' } });
}

export const adMaterialEffectsQuery = listQuery(AD_MATERIAL_EFFECT_SORTS, effectFilters).superRefine(
  checkRange,
);
export const adMaterialEffectsExport = exportQuery(effectFilters).superRefine(checkRange);
export const adMaterialEffectsSummaryQuery = z.object(effectFilters).superRefine(checkRange);

export const adMaterialEffectsResource = defineResource({
  name: 'ad-material-effects',
  page: `${AD}/material-attribution`,
  scope: 'product',
  logTarget: 'ad_material',
  namespace: 'adMaterials',
  item: adMaterialEffectItem,
  create: z.object({}),
  update: z.object({}),
  list: adMaterialEffectsQuery,
  export: adMaterialEffectsExport,
  filters: ['from', 'to', 'q', 'kind', 'label_id', 'source_id'],
  sorts: AD_MATERIAL_EFFECT_SORTS,
  remove: 'none',
});

/** The filtered materials' totals and their sums per day (the chart), oldest day first. */
export const adMaterialEffectsSummary = z.object({
  totals: z.object(figures),
  days: z.array(z.object({ day: z.string(), ...figures })),
  currency: z.string(),
});
export type AdMaterialEffectsSummary = z.infer<typeof adMaterialEffectsSummary>;
