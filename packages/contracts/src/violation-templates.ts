import { z } from 'zod';
import {
  codeField,
  idField,
  int32,
  keyword,
  optionalI18nText,
  i18nTextPatch,
  recordStatus,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import { listAnswer, listQuery } from './lists.ts';
import { openidField } from './players.ts';
import { defineResource } from './resource.ts';
import { SANCTION_FEATURES, SANCTION_MAX_MINUTES, type SanctionItem } from './sanctions.ts';

/**
 * Violation templates (`/api/v1/violation-templates`, page `/useraccount/violation-legal-template`):
 * a code, a category, an escalation ladder by offence count, a message per language, appealable or
 * not. Applying one to a player counts their earlier offences under it and applies the matching
 * rung (past the last rung, the last one again) as a sanction.
 */

export const VIOLATION_CATEGORIES = [
  'speed_hack',
  'abnormal_gains',
  'botting',
  'illegal_trade',
  'chat_abuse',
  'other',
] as const;
export const LADDER_ACTIONS = ['warn', 'mute', 'feature', 'account', 'device'] as const;
export type LadderAction = (typeof LADDER_ACTIONS)[number];

export const ladderStep = z
  .object({
    action: z.enum(LADDER_ACTIONS),
    feature: z.enum(SANCTION_FEATURES).optional(),
    /** Minutes; null: permanent (a warning has none). */
    duration_minutes: int32(1, SANCTION_MAX_MINUTES).nullable().default(null),
  })
  .superRefine((step, ctx) => {
    if (step.action === 'feature' && !step.feature)
      ctx.addIssue({ code: 'custom', path: ['feature'], message: 'required', params: { key: 'required' } });
    if (step.action !== 'feature' && step.feature)
      ctx.addIssue({ code: 'custom', path: ['feature'], message: 'invalid', params: { key: 'invalid' } });
  });
export type LadderStep = z.infer<typeof ladderStep>;
const ladder = z.array(ladderStep).min(1).max(10);

const templateFields = z.object({
  code: codeField(64),
  name: safeText().trim().min(1).max(64),
  category: z.enum(VIOLATION_CATEGORIES),
  ladder,
  /** What the player is told, per language. */
  message: optionalI18nText(500),
  appealable: z.boolean(),
  status: recordStatus,
});

export const violationTemplateCreateBody = templateFields.extend({
  message: optionalI18nText(500).prefault({}),
  appealable: z.boolean().default(true),
  status: recordStatus.default('active'),
});
export const violationTemplateUpdateBody = templateFields
  .partial()
  .extend({ message: i18nTextPatch(500).optional(), version: versionField });
export const violationTemplateItem = templateFields.extend({ ...rowMeta, product_id: idField });
export type ViolationTemplate = z.infer<typeof violationTemplateItem>;

export const VIOLATION_TEMPLATE_SORTS = ['id', 'code', 'category', 'updated_at'] as const;
export const violationTemplateListQuery = listQuery(VIOLATION_TEMPLATE_SORTS, {
  q: keyword,
  category: z.enum(VIOLATION_CATEGORIES).optional(),
  status: recordStatus.optional(),
});
export const violationTemplateListAnswer = listAnswer(violationTemplateItem);

/** `POST /violation-templates/:id/apply`: the player, and the device for a device-ban rung (else their last). */
export const violationApplyBody = z.object({
  openid: openidField,
  device_id: safeText().trim().min(1).max(64).optional(),
  note: safeText().trim().max(500).default(''),
});

/** What applying answers: which offence this is, the rung applied, and the sanction (none for a warning). */
export interface ViolationApplied {
  offence: number;
  step: LadderStep;
  sanction: SanctionItem | null;
}

export const violationTemplatesResource = defineResource({
  name: 'violation-templates',
  page: '/useraccount/violation-legal-template',
  scope: 'product',
  logTarget: 'violation_template',
  namespace: 'violationTemplates',
  item: violationTemplateItem,
  create: violationTemplateCreateBody,
  update: violationTemplateUpdateBody,
  list: violationTemplateListQuery,
  filters: ['q', 'category', 'status'],
  sorts: VIOLATION_TEMPLATE_SORTS,
  remove: 'delete',
});
