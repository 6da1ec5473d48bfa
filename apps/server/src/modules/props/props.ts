import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { PROP_RARITIES, propsResource, type Prop, textFor } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { contains } from '../../lib/list.ts';
import { liveReferences } from '../../lib/references.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { props } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof props.$inferSelect;

const impl: ResourceImpl<typeof propsResource, typeof props, Prop, null> = {
  table: props,
  toItem: (row: Row): Prop => ({
    id: row.id,
    product_id: row.productId,
    code: row.code,
    name: row.name,
    type: row.type,
    rarity: row.rarity,
    icon_url: row.iconUrl,
    stack_limit: row.stackLimit,
    expiry_days: row.expiryDays,
    unit_value: row.unitValue,
    tags: row.tags,
    status: row.status,
    ...stamps(row),
  }),
  // The CP is the scope's; the search text only serves the keyword filter.
  internal: ['cpId', 'searchText'],
  nameOf: (row) => textFor(row.name),
  where: (f) => [
    // One generated column holds the code and every name, so the keyword is one LIKE per row.
    f.q ? contains(props.searchText, f.q.toLowerCase()) : undefined,
    f.type ? eq(props.type, f.type) : undefined,
    f.rarity ? eq(props.rarity, f.rarity) : undefined,
    f.status ? eq(props.status, f.status) : undefined,
    f.tag ? sql`${props.tags} @> ${JSON.stringify([f.tag])}::jsonb` : undefined,
  ],
  sortBy: {
    id: props.id,
    code: props.code,
    name: sql`${props.name}->>'zh'`,
    type: props.type,
    rarity: sql`array_position(${sql.raw(`array[${PROP_RARITIES.map((r) => `'${r}'`).join(',')}]`)}, ${props.rarity})`,
    status: props.status,
    created_at: props.createdAt,
    updated_at: props.updatedAt,
  },
  columns: (input) => ({
    code: input.code,
    name: input.name,
    type: input.type,
    rarity: input.rarity,
    iconUrl: input.icon_url,
    stackLimit: input.stack_limit,
    expiryDays: input.expiry_days,
    unitValue: input.unit_value,
    tags: input.tags,
    status: input.status,
  }),
  // The game knows the item by its code.
  immutable: ['code'],
  unique: { props_product_code: 'code' },
  // A prop a gift package contains (or another module's row names) is disabled, never deleted.
  usage: (db, scope, row) => liveReferences(db, scope, propsResource.logTarget, row.id),
  disable: { isDisabled: (row) => row.status === 'disabled', set: { status: 'disabled' } },
  sheet: autoSheet<Prop>(propsResource),
  // The list pages are cached (lib/list-cache.ts), which is safe because an item is its row alone:
  // `toItem` reads only the row's columns (no `complete`, no other table, nothing of the clock),
  // `where` reads only the filters (the scope adds CP and product), and migration 0069 gives the
  // props table its `list_changed` trigger.
  cacheList: true,
};

export const propService = resourceService(propsResource, impl);

/** `/props`: the item catalogue of the product in `X-Product-Id`. */
export async function propRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  resourceRoutes(fastify, options.db, propsResource, propService, impl);
}
