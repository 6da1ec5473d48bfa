import { z } from 'zod';
import {
  distinct,
  i18nText,
  iconUrl,
  idField,
  int32,
  isoTime,
  queryInt,
  keyword,
  recordStatus,
  rowMeta,
  versionField,
} from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Gift packages of a product (`X-Product-Id`): `/api/v1/gift-packages`. A gift is the reward unit
 * that mail, codes, the web shop and billing points hand out.
 */

export const GIFT_USES = ['mail', 'codes', 'shop', 'billing_point'] as const;
export type GiftUse = (typeof GIFT_USES)[number];

export const giftContent = z.object({
  prop_id: idField,
  quantity: int32(1, 2_000_000_000),
});
export type GiftContent = z.infer<typeof giftContent>;

const giftFields = z.object({
  name: i18nText(64),
  /** Each prop once; props of the same product, active. */
  contents: z
    .array(giftContent)
    .min(1)
    .max(50)
    .refine((list) => new Set(list.map((c) => c.prop_id)).size === list.length, {
      params: { key: 'duplicate_item' },
    }),
  icon_url: iconUrl,
  /** The validity window; either end may be open. */
  valid_from: isoTime.nullable(),
  valid_to: isoTime.nullable(),
  /** How many times one player may receive it; 0 is unlimited. */
  per_player_limit: int32(0, 1_000_000),
  usable_in: distinct(z.enum(GIFT_USES), GIFT_USES.length),
  status: recordStatus,
});

/** Refuses a window that ends before it starts. */
function windowInOrder(body: { valid_from?: string | null; valid_to?: string | null }, ctx: z.RefinementCtx) {
  if (body.valid_from && body.valid_to && Date.parse(body.valid_to) <= Date.parse(body.valid_from)) {
    ctx.addIssue({ code: 'custom', path: ['valid_to'], params: { key: 'end_before_start' } });
  }
}

export const giftCreateBody = giftFields
  .extend({
    icon_url: iconUrl.default(''),
    valid_from: giftFields.shape.valid_from.default(null),
    valid_to: giftFields.shape.valid_to.default(null),
    per_player_limit: giftFields.shape.per_player_limit.default(0),
    usable_in: giftFields.shape.usable_in.default([...GIFT_USES]),
    status: recordStatus.default('active'),
  })
  .superRefine(windowInOrder);
export type GiftCreate = z.input<typeof giftCreateBody>;

export const giftUpdateBody = giftFields
  .partial()
  .extend({ version: versionField })
  .superRefine(windowInOrder);
export type GiftUpdate = z.input<typeof giftUpdateBody>;

/** A clone may be renamed; everything else is copied. */
export const giftCloneBody = z.object({ name: i18nText(64).optional() }).nullish();

export const giftItem = giftFields.extend({ ...rowMeta, product_id: idField });
export type GiftPackage = z.infer<typeof giftItem>;

/** What refers to a gift package (billing points for now). */
export const giftUsedByAnswer = z.array(
  z.object({ type: z.string(), id: z.number().int(), name: z.string(), status: z.string() }),
);

export const GIFT_SORTS = [
  'id',
  'name',
  'status',
  'valid_from',
  'valid_to',
  'created_at',
  'updated_at',
] as const;
export const giftFilters = {
  q: keyword,
  status: recordStatus.optional(),
  usable_in: z.enum(GIFT_USES).optional(),
  /** Gifts that contain this prop. */
  prop_id: queryInt(1).optional(),
};
export const giftListQuery = listQuery(GIFT_SORTS, giftFilters);
export const giftExportQuery = exportQuery(giftFilters);
export const giftListAnswer = listAnswer(giftItem);

/**
 * Gift packages: keyed in sheets by id (an empty id is a new gift), contents named by prop code.
 * Clone and used-by are routes of their own beside the standard ones.
 */
export const giftResource = defineResource({
  name: 'gift-packages',
  page: '/basic/gift-list',
  scope: 'product',
  logTarget: 'gift_package',
  namespace: 'gifts',
  item: giftItem,
  create: giftCreateBody,
  update: giftUpdateBody,
  list: giftListQuery,
  export: giftExportQuery,
  filters: ['q', 'status', 'usable_in', 'prop_id'],
  sorts: GIFT_SORTS,
  remove: 'delete',
  sheet: {
    key: 'id',
    columns: [
      'name',
      'contents',
      'icon_url',
      'valid_from',
      'valid_to',
      'per_player_limit',
      'usable_in',
      'status',
    ],
  },
});
