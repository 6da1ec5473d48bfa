import { z } from 'zod';
import { codeField, distinct, int32, keyword, queryFlag, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Module management (`/api/v1/feature-modules`, page `/offline/module-manage`): a game's feature
 * modules per channel and version range — on or off, a rollout percentage of the players, and a
 * whitelist of openids that always have it. A row for a channel overrides the row for every channel
 * ('') of the same module. Games read them through `GET /api/game/v1/modules?channel=&version=&openid=`.
 */

/** An app version: up to four dotted numbers (`2`, `1.4`, `1.10.2`); '' for no bound. */
export const appVersionBound = safeText()
  .trim()
  .max(32)
  .regex(/^(\d{1,6}(\.\d{1,6}){0,3})?$/);

/** A channel code ('' for every channel). */
export const moduleChannel = safeText()
  .trim()
  .max(64)
  .regex(/^([A-Za-z0-9][A-Za-z0-9_.-]*)?$/);

/** An openid of the whitelist: visible ASCII, no spaces. */
const whitelistedOpenid = safeText()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\x21-\x7e]+$/);

/** -1, 0 or 1 comparing two app versions part by part (1.10 > 1.9; missing parts are 0). */
export function compareAppVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

const moduleFields = z.object({
  code: codeField(64),
  name: safeText().trim().min(1).max(64),
  channel: moduleChannel,
  min_version: appVersionBound,
  max_version: appVersionBound,
  enabled: z.boolean(),
  /** The share of players (by a stable hash of the openid and the code) who have it, 0–100. */
  rollout_percent: int32(0, 100),
  /** Openids that always have it while it is enabled. */
  whitelist: distinct(whitelistedOpenid, 1000),
  note: safeText().trim().max(200),
});

const versionsInOrder = (m: { min_version?: string; max_version?: string }) =>
  !m.min_version || !m.max_version || compareAppVersions(m.min_version, m.max_version) <= 0;
const ORDER = { path: ['max_version'], params: { key: 'max_below_min' } };

export const featureModuleCreateBody = moduleFields
  .extend({
    channel: moduleFields.shape.channel.default(''),
    min_version: moduleFields.shape.min_version.default(''),
    max_version: moduleFields.shape.max_version.default(''),
    enabled: moduleFields.shape.enabled.default(false),
    rollout_percent: moduleFields.shape.rollout_percent.default(100),
    whitelist: moduleFields.shape.whitelist.default([]),
    note: moduleFields.shape.note.default(''),
  })
  .refine(versionsInOrder, ORDER);
export type FeatureModuleCreate = z.input<typeof featureModuleCreateBody>;

export const featureModuleUpdateBody = moduleFields
  .partial()
  .extend({ version: versionField })
  .refine(versionsInOrder, ORDER);
export type FeatureModuleUpdate = z.input<typeof featureModuleUpdateBody>;

export const featureModuleItem = moduleFields.extend({ ...rowMeta });
export type FeatureModule = z.infer<typeof featureModuleItem>;

export const FEATURE_MODULE_SORTS = ['code', 'id', 'channel', 'rollout_percent', 'updated_at'] as const;
export const featureModuleFilters = {
  /** Part of the code, the name or the note. */
  q: keyword,
  /** Exactly this channel ('' is not a filter: every-channel rows show under any search). */
  channel: moduleChannel.optional(),
  enabled: queryFlag.optional(),
};
export const featureModuleListQuery = listQuery(FEATURE_MODULE_SORTS, featureModuleFilters);
export const featureModuleExportQuery = exportQuery(featureModuleFilters);
export const featureModuleListAnswer = listAnswer(featureModuleItem);

export const featureModulesResource = defineResource({
  name: 'feature-modules',
  page: '/offline/module-manage',
  scope: 'product',
  logTarget: 'feature_module',
  namespace: 'featureModules',
  item: featureModuleItem,
  create: featureModuleCreateBody,
  update: featureModuleUpdateBody,
  list: featureModuleListQuery,
  export: featureModuleExportQuery,
  filters: ['q', 'channel', 'enabled'],
  sorts: FEATURE_MODULE_SORTS,
  remove: 'delete',
  sheet: {
    key: 'id',
    columns: [
      'code',
      'name',
      'channel',
      'min_version',
      'max_version',
      'enabled',
      'rollout_percent',
      'whitelist',
      'note',
    ],
  },
});

/** `GET /api/game/v1/modules`: which modules are on for a channel, version and player. */
export const gameModulesQuery = z.object({
  channel: moduleChannel.default(''),
  version: appVersionBound.default(''),
  openid: whitelistedOpenid.optional(),
});

export const GAME_MODULE_REASONS = ['disabled', 'version', 'whitelist', 'rollout', 'not_in_rollout'] as const;
export const gameModulesAnswer = z.object({
  /** Code → on. */
  modules: z.record(z.string(), z.boolean()),
  items: z.array(z.object({ code: z.string(), on: z.boolean(), reason: z.enum(GAME_MODULE_REASONS) })),
});
export type GameModules = z.infer<typeof gameModulesAnswer>;
