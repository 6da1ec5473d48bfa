import { z } from 'zod';
import { PUBLISH_AREAS } from './acs.ts';
import {
  codeField,
  distinct,
  iconUrl,
  keyword,
  recordStatus,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/** Products (games) of the caller's CP: `/api/v1/products` (page `/basic/product-list`). */

export const GAME_PLATFORMS = ['ios', 'android', 'pc', 'web'] as const;
export type GamePlatform = (typeof GAME_PLATFORMS)[number];

const productFields = z.object({
  code: codeField(32),
  name: safeText().trim().min(1).max(64),
  icon_url: iconUrl,
  platforms: distinct(z.enum(GAME_PLATFORMS), GAME_PLATFORMS.length).min(1),
  region: z.enum(PUBLISH_AREAS),
  status: recordStatus,
});

export const productCreateBody = productFields.extend({
  icon_url: iconUrl.default(''),
  status: recordStatus.default('active'),
});
export type ProductCreate = z.input<typeof productCreateBody>;

/** Fields left out keep their value. */
export const productUpdateBody = productFields.partial().extend({ version: versionField });
export type ProductUpdate = z.input<typeof productUpdateBody>;

export const productItem = productFields.extend(rowMeta);
export type Product = z.infer<typeof productItem>;

export const PRODUCT_SORTS = ['id', 'code', 'name', 'region', 'status', 'created_at', 'updated_at'] as const;
export const productFilters = {
  q: keyword,
  region: z.enum(PUBLISH_AREAS).optional(),
  status: recordStatus.optional(),
  platform: z.enum(GAME_PLATFORMS).optional(),
};
export const productListQuery = listQuery(PRODUCT_SORTS, productFilters);
export const productExportQuery = exportQuery(productFilters);
export const productListAnswer = listAnswer(productItem);

/** Products (games) of a CP: every game's data hangs off one; keyed in sheets by the code. */
export const productsResource = defineResource({
  name: 'products',
  page: '/basic/product-list',
  scope: 'cp',
  logTarget: 'product',
  namespace: 'channels',
  item: productItem,
  create: productCreateBody,
  update: productUpdateBody,
  list: productListQuery,
  export: productExportQuery,
  filters: ['q', 'region', 'status', 'platform'],
  sorts: PRODUCT_SORTS,
  remove: 'delete',
  sheet: { key: 'code', columns: ['name', 'icon_url', 'platforms', 'region', 'status'] },
});
