import { z } from 'zod';
import {
  SHARE_MATERIAL_CODES,
  SHARE_PLATFORM_CODES,
  shareMaterialOf,
  type ShareMaterialField,
} from './dimensions.ts';
import { iconUrl, int32, keyword, recordStatus, rowMeta, idField, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Share material strategies (issue 30): invite, password, video, app and mini-game sharing under
 * `/share/app-share-manage/materials/<kind>-strategy`. One resource and one table for the five
 * kinds, the kind a dimension (`?material=invite`) checked against that page's permissions; which
 * fields a kind asks for and which platforms it offers come from its registry entry
 * (`SHARE_MATERIAL_KINDS` in dimensions.ts).
 */

const platform = z.enum(SHARE_PLATFORM_CODES);
const httpsUrl = safeText()
  .trim()
  .max(1000)
  .regex(/^(https:\/\/[^\s/?#]+[^\s]*)?$/);
const deepLink = safeText()
  .trim()
  .max(1000)
  .regex(/^([a-z][a-z0-9+.-]{1,30}:\/\/\S+)?$/);
/** The password's words: `{code}` stands for the player's code. */
export const SHARE_PASSWORD_PLACEHOLDER = '{code}';
const hashtag = safeText()
  .trim()
  .regex(/^[\p{L}\p{N}_]{1,30}$/u);
export const MAX_MATERIAL_HASHTAGS = 10;
/** How long a share password stays valid, in hours (up to 30 days). */
export const SHARE_PASSWORD_MAX_HOURS = 720;

const fields = z.object({
  name: safeText().trim().min(1).max(64),
  /** The platforms it is shared on: those the kind's registry entry offers. */
  platforms: z
    .array(platform)
    .min(1)
    .max(SHARE_PLATFORM_CODES.length)
    .refine((list) => new Set(list).size === list.length, { params: { key: 'duplicate_item' } }),
  title: safeText().trim().min(1).max(300),
  description: safeText().trim().max(2200),
  image_url: iconUrl,
  target_url: httpsUrl,
  deep_link: deepLink,
  reward_text: safeText().trim().max(100),
  template: safeText().trim().max(300),
  valid_hours: int32(1, SHARE_PASSWORD_MAX_HOURS).nullable(),
  /** An upload of `use=video` (MP4). */
  video_url: safeText()
    .trim()
    .max(300)
    .regex(/^(\/files\/[A-Za-z0-9_-]{22}|https:\/\/\S+)?$/),
  hashtags: z
    .array(hashtag)
    .max(MAX_MATERIAL_HASHTAGS)
    .refine((list) => new Set(list).size === list.length, { params: { key: 'duplicate_item' } }),
  app_id: safeText()
    .trim()
    .max(64)
    .regex(/^[\w.-]*$/),
  path: safeText()
    .trim()
    .max(256)
    .regex(/^[\w\-./?=&%]*$/),
  status: recordStatus,
});
export const shareMaterialCreateBody = fields.extend({
  description: fields.shape.description.default(''),
  image_url: iconUrl.default(''),
  target_url: httpsUrl.default(''),
  deep_link: deepLink.default(''),
  reward_text: fields.shape.reward_text.default(''),
  template: fields.shape.template.default(''),
  valid_hours: fields.shape.valid_hours.default(null),
  video_url: fields.shape.video_url.default(''),
  hashtags: fields.shape.hashtags.default([]),
  app_id: fields.shape.app_id.default(''),
  path: fields.shape.path.default(''),
  status: recordStatus.default('active'),
});
export type ShareMaterialCreate = z.input<typeof shareMaterialCreateBody>;
export const shareMaterialUpdateBody = fields.partial().extend({ version: versionField });
export const shareMaterialItem = fields.extend({
  ...rowMeta,
  product_id: idField,
  material: z.enum(SHARE_MATERIAL_CODES),
});
export type ShareMaterial = z.infer<typeof shareMaterialItem>;
export const SHARE_MATERIAL_SORTS = ['id', 'name', 'status', 'updated_at'] as const;
const shareMaterialFilters = {
  material: z.enum(SHARE_MATERIAL_CODES),
  q: keyword,
  platform: platform.optional(),
  status: recordStatus.optional(),
};
export const shareMaterialListQuery = listQuery(SHARE_MATERIAL_SORTS, shareMaterialFilters);

export const shareMaterialsResource = defineResource({
  name: 'share-materials',
  page: '/share/app-share-manage/materials/invite-strategy',
  scope: 'product',
  logTarget: 'share_material',
  namespace: 'shareMaterials',
  item: shareMaterialItem,
  create: shareMaterialCreateBody,
  update: shareMaterialUpdateBody,
  list: shareMaterialListQuery,
  export: exportQuery(shareMaterialFilters),
  filters: ['q', 'platform', 'status'],
  sorts: SHARE_MATERIAL_SORTS,
  remove: 'delete',
  dimension: { name: 'material', kind: 'material-strategy', values: SHARE_MATERIAL_CODES },
});
export const shareMaterialListAnswer = listAnswer(shareMaterialItem);

/** Whether a kind asks for a field (its form shows it), and whether it must be filled. */
export function materialField(code: string, field: ShareMaterialField): 'required' | 'optional' | undefined {
  return shareMaterialOf(code)?.fields[field];
}

/** `GET /api/game/v1/share/materials?material=&platform=`: the game's live strategies of a kind for a platform. */
export const gameShareMaterialsQuery = z.object({
  material: z.enum(SHARE_MATERIAL_CODES),
  platform,
});
export const gameShareMaterial = shareMaterialItem.omit({
  product_id: true,
  status: true,
  version: true,
  created_at: true,
  updated_at: true,
});
export type GameShareMaterial = z.infer<typeof gameShareMaterial>;
