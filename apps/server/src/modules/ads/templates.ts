import type { FastifyInstance } from 'fastify';
import { count, eq, inArray } from 'drizzle-orm';
import {
  adBatchRulesOf,
  adBatchTemplatesResource,
  adSetupProblems,
  type AdBatchSetup,
  type AdBatchTemplate,
  type AdProblem,
  type Language,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { contains } from '../../lib/list.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { listCell, parseCell } from '../../lib/cells.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { adBatches, adBatchTemplates } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof adBatchTemplates.$inferSelect;
const resource = adBatchTemplatesResource;

const toItem = (row: Row): AdBatchTemplate => ({
  id: row.id,
  media: row.media,
  name: row.name,
  budget: row.budget,
  bid: row.bid,
  layout: row.layout,
  targeting: row.targeting,
  schedule_start: row.scheduleStart,
  schedule_end: row.scheduleEnd,
  remark: row.remark,
  used_count: 0,
  ...stamps(row),
});

/** A setup's problems as 400001 field messages (nothing when it keeps to the medium's rules). */
export function throwProblems(lang: Language, problems: readonly AdProblem[]): void {
  const fields = new FieldProblems(lang);
  for (const p of problems) fields.add(p.field, p.key, p.params);
  fields.throwIfAny();
}

/** The medium's rules (every medium of a batch or template resource has them: the registry says so). */
export function rulesOf(media: string) {
  const rules = adBatchRulesOf(media);
  if (!rules) throw new Error(`no batch rules for medium ${media}`);
  return rules;
}

const TARGETING_COLUMNS = ['genders', 'age_min', 'age_max', 'regions'];
const flatSheet = autoSheet<AdBatchTemplate>(resource);

/** The sheet: the flat fields (`autoSheet`), then the targeting's fields as columns of their own. */
const sheet: NonNullable<
  ResourceImpl<typeof resource, typeof adBatchTemplates, AdBatchTemplate, null>['sheet']
> = {
  ...flatSheet,
  columns: [...flatSheet.columns, ...TARGETING_COLUMNS],
  headers: [...flatSheet.headers.slice(0, -3), ...TARGETING_COLUMNS, ...flatSheet.headers.slice(-3)],
  toCells: (item) => ({
    ...flatSheet.toCells(item),
    genders: listCell(item.targeting.genders),
    age_min: item.targeting.age_min,
    age_max: item.targeting.age_max,
    regions: listCell(item.targeting.regions),
  }),
  fromCells: (cells) => ({
    ...(flatSheet.fromCells(cells) as object),
    targeting: {
      genders: parseCell.list(cells.genders),
      age_min: parseCell.number(cells.age_min),
      age_max: parseCell.number(cells.age_max),
      regions: parseCell.list(cells.regions),
    },
  }),
};

const impl: ResourceImpl<typeof resource, typeof adBatchTemplates, AdBatchTemplate, null> = {
  table: adBatchTemplates,
  toItem,
  /** How many batches each template set up. */
  async complete(db, items) {
    if (items.length === 0) return items;
    const rows = await db
      .select({ id: adBatches.templateId, n: count() })
      .from(adBatches)
      .where(
        inArray(
          adBatches.templateId,
          items.map((i) => i.id),
        ),
      )
      .groupBy(adBatches.templateId);
    const used = new Map(rows.map((r) => [r.id, r.n]));
    return items.map((item) => ({ ...item, used_count: used.get(item.id) ?? 0 }));
  },
  nameOf: (row) => row.name,
  where: (f) => [
    f.q ? contains(adBatchTemplates.name, f.q) : undefined,
    f.layout ? eq(adBatchTemplates.layout, f.layout) : undefined,
  ],
  columns: (input) => ({
    name: input.name,
    budget: input.budget,
    bid: input.bid,
    layout: input.layout,
    targeting: input.targeting,
    scheduleStart: input.schedule_start,
    scheduleEnd: input.schedule_end,
    remark: input.remark,
  }),
  unique: { ad_batch_templates_product_media_name: 'name' },
  sheet,
  /** The setup as it will be (an update merged into the row) against the medium's rules. */
  async check(_db, scope, input, before) {
    const media = scope.dimension!.value;
    const setup: AdBatchSetup = {
      budget: input.budget ?? before?.budget ?? 0,
      bid: input.bid ?? before?.bid ?? 0,
      layout: input.layout ?? before?.layout ?? 'single_image',
      targeting: input.targeting ?? before!.targeting,
      schedule_start: input.schedule_start ?? before?.scheduleStart ?? '',
      schedule_end: input.schedule_end ?? before?.scheduleEnd ?? '',
    };
    throwProblems(scope.lang, adSetupProblems(rulesOf(media), setup));
  },
};

export const templateService = resourceService(resource, impl);

/** `/ad-batch-templates?media=`: list, get, create, update, delete, export and import (the medium's template page's permissions). */
export function adBatchTemplateRoutes(fastify: FastifyInstance, db: Db): void {
  resourceRoutes(fastify, db, resource, templateService, impl);
}
