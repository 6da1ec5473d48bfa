import { z } from 'zod';
import {
  codeField,
  distinct,
  i18nText,
  iconUrl,
  keyword,
  recordStatus,
  rowMeta,
  versionField,
  idField,
  int32,
  safeText,
} from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/** Game props (the item catalogue) of a product (`X-Product-Id`): `/api/v1/props`. */

export const PROP_TYPES = ['currency', 'consumable', 'equipment', 'material', 'avatar'] as const;
export type PropType = (typeof PROP_TYPES)[number];
export const PROP_RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary', 'mythic'] as const;
export type PropRarity = (typeof PROP_RARITIES)[number];

export const MAX_STACK = 2_000_000_000;

const propFields = z.object({
  /** The item id the game knows; it never changes once created. */
  code: codeField(64),
  name: i18nText(64),
  type: z.enum(PROP_TYPES),
  rarity: z.enum(PROP_RARITIES),
  icon_url: iconUrl,
  stack_limit: int32(1, MAX_STACK),
  /** Days an item lasts after it is received; 0 never expires. */
  expiry_days: int32(0, 3650),
  /**
   * What one item is worth, in the product's reference unit (e.g. cents of the store price of its
   * currency); 0 when it has no value. Approval policies compare handed-out value with it.
   */
  unit_value: int32(0),
  tags: distinct(safeText().trim().min(1).max(32), 20),
  status: recordStatus,
});

export const propCreateBody = propFields.extend({
  icon_url: iconUrl.default(''),
  stack_limit: propFields.shape.stack_limit.default(1),
  expiry_days: propFields.shape.expiry_days.default(0),
  unit_value: propFields.shape.unit_value.default(0),
  tags: propFields.shape.tags.default([]),
  status: recordStatus.default('active'),
});
export type PropCreate = z.input<typeof propCreateBody>;

/** The code is immutable: an update naming another code is refused. */
export const propUpdateBody = propFields.partial().extend({ version: versionField });
export type PropUpdate = z.input<typeof propUpdateBody>;

export const propItem = propFields.extend({ ...rowMeta, product_id: idField });
export type Prop = z.infer<typeof propItem>;

export const PROP_SORTS = [
  'id',
  'code',
  'name',
  'type',
  'rarity',
  'status',
  'created_at',
  'updated_at',
] as const;
export const propFilters = {
  /** Matches the code or the name in any language. */
  q: keyword,
  type: z.enum(PROP_TYPES).optional(),
  rarity: z.enum(PROP_RARITIES).optional(),
  status: recordStatus.optional(),
  tag: safeText().trim().max(32).optional(),
};
export const propListQuery = listQuery(PROP_SORTS, propFilters);
export const propExportQuery = exportQuery(propFilters);
export const propListAnswer = listAnswer(propItem);

/** Game props: the item catalogue of a game, keyed in sheets by the immutable code. */
export const propsResource = defineResource({
  name: 'props',
  page: '/projectbase/projectbase-fe/game-prop-config',
  scope: 'product',
  logTarget: 'prop',
  namespace: 'props',
  item: propItem,
  create: propCreateBody,
  update: propUpdateBody,
  list: propListQuery,
  export: propExportQuery,
  filters: ['q', 'type', 'rarity', 'status', 'tag'],
  sorts: PROP_SORTS,
  remove: 'delete',
  sheet: {
    key: 'code',
    columns: [
      'name',
      'type',
      'rarity',
      'icon_url',
      'stack_limit',
      'expiry_days',
      'unit_value',
      'tags',
      'status',
    ],
  },
});
