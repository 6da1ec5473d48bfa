import { z } from 'zod';
import {
  AD_CREATIVE_LAYOUTS,
  AD_MEDIA,
  type AdBatchRules,
  type AdCreativeLayout,
  type AdMedium,
} from './dimensions.ts';
import { distinct, int32, keyword, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';
import type { ValidationKey } from './validation.ts';

/**
 * Batch ad templates and drafts (issue 31 item 3): a template (`batch-create-config`) is a saved
 * setup — targeting, daily budget, bid, schedule, creative layout — checked against its medium's
 * rules (`AdMedium.batch` in the registry). A batch's editor crosses accounts × titles × materials
 * with a setup into drafts, each checked against the same rules before the batch is submitted.
 */

export const AD_GENDERS = ['male', 'female'] as const;

/** The most materials one batch takes. */
export const AD_BATCH_MAX_MATERIALS = 20;

/** Who sees the ads: genders (none: everyone), ages, regions (none: everywhere). */
export const adTargeting = z.object({
  genders: distinct(z.enum(AD_GENDERS), 2).default([]),
  age_min: int32(0, 100).default(18),
  age_max: int32(0, 100).default(50),
  regions: distinct(safeText().trim().min(1).max(32), 50).default([]),
});
export type AdTargeting = z.output<typeof adTargeting>;

/** `YYYY-MM-DD`, or empty (start now / no end). */
const scheduleDay = z.union([z.iso.date(), z.literal('')]).default('');

/** A batch's setup, as a template saves it and a batch carries it (budget and bid in cents). */
export const adBatchSetup = {
  budget: int32(1, 1_000_000_000),
  bid: int32(1, 1_000_000),
  layout: z.enum(AD_CREATIVE_LAYOUTS).default('single_image'),
  targeting: adTargeting.prefault({}),
  schedule_start: scheduleDay,
  schedule_end: scheduleDay,
};
export type AdBatchSetup = {
  budget: number;
  bid: number;
  layout: AdCreativeLayout;
  targeting: AdTargeting;
  schedule_start: string;
  schedule_end: string;
};

/** The media with batch ads (and so with rules to check them against). */
export function adBatchRulesOf(media: string): AdBatchRules | undefined {
  return (AD_MEDIA as readonly AdMedium[]).find((m) => m.code === media)?.batch;
}

/** One thing a setup or a draft does not keep to: the field, the message's key and its parameters. */
export interface AdProblem {
  field: string;
  key: ValidationKey;
  params?: Record<string, string | number>;
}

const yuan = (cents: number) => Number((cents / 100).toFixed(2));
const DAY_MS = 86_400_000;

function range(
  problems: AdProblem[],
  field: string,
  value: number,
  [min, max]: readonly [number, number],
  show: (n: number) => number = (n) => n,
) {
  if (value < min) problems.push({ field, key: 'too_small', params: { min: show(min) } });
  else if (value > max) problems.push({ field, key: 'too_big', params: { max: show(max) } });
}

/** What a setup does not keep to of its medium's rules (budget and bid shown in yuan). */
export function adSetupProblems(rules: AdBatchRules, setup: AdBatchSetup): AdProblem[] {
  const problems: AdProblem[] = [];
  range(problems, 'budget', setup.budget, rules.budget, yuan);
  range(problems, 'bid', setup.bid, rules.bid, yuan);
  if (!rules.layouts.includes(setup.layout)) problems.push({ field: 'layout', key: 'ad_layout_unsupported' });
  const { age_min, age_max } = setup.targeting;
  range(problems, 'targeting.age_min', age_min, rules.ages);
  if (age_max < age_min)
    problems.push({ field: 'targeting.age_max', key: 'too_small', params: { min: age_min } });
  else range(problems, 'targeting.age_max', age_max, rules.ages);
  const { schedule_start: start, schedule_end: end } = setup;
  if (start && end) {
    if (end < start) problems.push({ field: 'schedule_end', key: 'end_before_start' });
    else if ((Date.parse(end) - Date.parse(start)) / DAY_MS + 1 > rules.maxScheduleDays)
      problems.push({ field: 'schedule_end', key: 'range_too_long' });
  }
  return problems;
}

/** What a material address is, by its extension (query and fragment aside). */
export function adMaterialKind(url: string): 'image' | 'video' | undefined {
  const path = url.split(/[?#]/)[0]!.toLowerCase();
  if (/\.(jpe?g|png|gif|webp)$/.test(path)) return 'image';
  if (/\.(mp4|mov|m4v|webm)$/.test(path)) return 'video';
  return undefined;
}

/**
 * The material groups of a batch: one ad per material, or all of them in one multi-image creative;
 * no materials: ads of text alone (one group, empty).
 */
export function adMaterialGroups(layout: AdCreativeLayout, materials: readonly string[]): string[][] {
  if (materials.length === 0) return [[]];
  return layout === 'multi_image' ? [[...materials]] : materials.map((m) => [m]);
}

/**
 * What one draft (an account's ad of a title and its materials) does not keep to of its medium's
 * rules: the title's length, the materials' kind for the layout (and the multi-image count), and
 * whether its account can make ads now.
 */
export function adDraftProblems(
  rules: AdBatchRules,
  layout: AdCreativeLayout,
  draft: { title: string; materials: readonly string[]; accountUsable: boolean },
): AdProblem[] {
  const problems: AdProblem[] = [];
  const length = [...draft.title].length;
  if (length < rules.title[0])
    problems.push({ field: 'titles', key: 'too_short', params: { min: rules.title[0] } });
  if (length > rules.title[1])
    problems.push({ field: 'titles', key: 'too_long', params: { max: rules.title[1] } });
  if (draft.materials.length > 0) {
    const wanted = layout === 'video' ? 'video' : 'image';
    if (draft.materials.some((m) => adMaterialKind(m) !== wanted))
      problems.push({ field: 'materials', key: 'ad_material_kind' });
    if (layout === 'multi_image') range(problems, 'materials', draft.materials.length, rules.multiImages);
  }
  if (!draft.accountUsable) problems.push({ field: 'ad_account_ids', key: 'ad_account_unusable' });
  return problems;
}

// ——— Templates (`/api/v1/ad-batch-templates?media=`) ———

/** The media with a template page (`batch-create-config`). */
export const AD_TEMPLATE_MEDIA = (AD_MEDIA as readonly AdMedium[])
  .filter((m) => m.pages['batch-create-config'])
  .map((m) => m.code) as [string, ...string[]];

export const adBatchTemplateCreateBody = z.object({
  name: safeText().trim().min(1).max(64),
  ...adBatchSetup,
  remark: safeText().trim().max(200).default(''),
});
export type AdBatchTemplateCreate = z.input<typeof adBatchTemplateCreateBody>;

export const adBatchTemplateUpdateBody = z.object({
  name: safeText().trim().min(1).max(64).optional(),
  budget: adBatchSetup.budget.optional(),
  bid: adBatchSetup.bid.optional(),
  layout: z.enum(AD_CREATIVE_LAYOUTS).optional(),
  targeting: adTargeting.optional(),
  schedule_start: z.union([z.iso.date(), z.literal('')]).optional(),
  schedule_end: z.union([z.iso.date(), z.literal('')]).optional(),
  remark: safeText().trim().max(200).optional(),
  version: versionField,
});

export const adBatchTemplateItem = z.object({
  ...rowMeta,
  media: z.string(),
  name: z.string(),
  budget: z.number().int(),
  bid: z.number().int(),
  layout: z.enum(AD_CREATIVE_LAYOUTS),
  targeting: z.object({
    genders: z.array(z.enum(AD_GENDERS)),
    age_min: z.number().int(),
    age_max: z.number().int(),
    regions: z.array(z.string()),
  }),
  schedule_start: z.string(),
  schedule_end: z.string(),
  remark: z.string(),
  /** How many batches were made from it. */
  used_count: z.number().int(),
});
export type AdBatchTemplate = z.infer<typeof adBatchTemplateItem>;

export const AD_TEMPLATE_SORTS = ['id', 'name', 'updated_at'] as const;
const templateFilters = {
  media: z.enum(AD_TEMPLATE_MEDIA),
  q: keyword,
  layout: z.enum(AD_CREATIVE_LAYOUTS).optional(),
};

export const adBatchTemplatesResource = defineResource({
  name: 'ad-batch-templates',
  page: AD_MEDIA[0].pages['batch-create-config'],
  scope: 'product',
  logTarget: 'ad_batch_template',
  namespace: 'ads',
  item: adBatchTemplateItem,
  create: adBatchTemplateCreateBody,
  update: adBatchTemplateUpdateBody,
  list: listQuery(AD_TEMPLATE_SORTS, templateFilters),
  export: exportQuery(templateFilters),
  filters: ['q', 'layout'],
  sorts: AD_TEMPLATE_SORTS,
  remove: 'delete',
  /** The targeting's four fields are columns of their own beside these (the server's sheet adds them). */
  sheet: { key: 'name', columns: ['budget', 'bid', 'layout', 'schedule_start', 'schedule_end', 'remark'] },
  dimension: { name: 'media', kind: 'batch-create-config', values: AD_TEMPLATE_MEDIA },
});
