import { and, eq, gt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PROP_SORTS, Prop, propCreateBody, propListQuery, propUpdateBody } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { deleteOrDisable } from '../../lib/delete.ts';
import { contains, countWhere, runList, sortOrder, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction } from '../../lib/problems.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { containsProp } from '../gift-packages/usage.ts';
import { props } from './tables.ts';

type Row = typeof props.$inferSelect;
type Query = z.output<typeof propListQuery>;
export type PropFilters = Omit<Query, 'page' | 'page_size' | 'sort'>;
export type PropInput = z.output<typeof propCreateBody>;
export type PropChanges = z.output<typeof propUpdateBody>;

const SORT: Record<(typeof PROP_SORTS)[number], AnyColumn | SQL> = {
  id: props.id,
  code: props.code,
  name: sql`${props.name}->>'zh'`,
  type: props.type,
  rarity: sql`array_position(array['common','uncommon','rare','epic','legendary','mythic'], ${props.rarity})`,
  status: props.status,
  created_at: props.createdAt,
  updated_at: props.updatedAt,
};

export function toProp(row: Row): Prop {
  return {
    id: row.id,
    product_id: row.productId,
    code: row.code,
    name: row.name,
    type: row.type,
    rarity: row.rarity,
    icon_url: row.iconUrl,
    stack_limit: row.stackLimit,
    expiry_days: row.expiryDays,
    tags: row.tags,
    status: row.status,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function propWhere(scope: Scope, f: PropFilters): SQL {
  return and(
    inScope(props, scope),
    // One generated column holds the code and every name, so the keyword is one LIKE per row.
    f.q ? contains(props.searchText, f.q.toLowerCase()) : undefined,
    f.type ? eq(props.type, f.type) : undefined,
    f.rarity ? eq(props.rarity, f.rarity) : undefined,
    f.status ? eq(props.status, f.status) : undefined,
    f.tag ? sql`${props.tags} @> ${JSON.stringify([f.tag])}::jsonb` : undefined,
  )!;
}

export function listProps(db: Db, scope: Scope, query: Query): Promise<ListPage<Prop>> {
  const where = propWhere(scope, query);
  return runList(
    query,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(props)
          .where(where)
          .orderBy(...sortOrder(query.sort, SORT, 'id', props.id, scope.lang))
          .limit(limit)
          .offset(offset)
      ).map(toProp),
    () => countWhere(db, props, where),
  );
}

export async function propBatch(db: Db, scope: Scope, f: PropFilters, afterId: number, limit: number) {
  const rows = await db
    .select()
    .from(props)
    .where(and(propWhere(scope, f), gt(props.id, afterId)))
    .orderBy(props.id)
    .limit(limit);
  return rows.map(toProp);
}

export async function getProp(db: Db, scope: Scope, id: number): Promise<Prop> {
  return toProp(await findOr404(db, props, rowInScope(props, scope, id)));
}

function columns(input: Partial<PropInput>) {
  return {
    name: input.name,
    type: input.type,
    rarity: input.rarity,
    iconUrl: input.icon_url,
    stackLimit: input.stack_limit,
    expiryDays: input.expiry_days,
    tags: input.tags,
    status: input.status,
  };
}

const UNIQUE = { props_product_code: 'code' };

export function createProp(db: Db, scope: Scope, input: PropInput): Promise<Prop> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      const [taken] = await tx
        .select({ id: props.id })
        .from(props)
        .where(and(inScope(props, scope), eq(props.code, input.code)));
      if (taken) new FieldProblems(scope.lang).add('code', 'taken').throwIfAny();
      const [row] = await tx
        .insert(props)
        .values({
          ...columns(input),
          code: input.code,
          cpId: scope.cpId,
          productId: scope.productId!,
        } as typeof props.$inferInsert)
        .returning();
      const item = toProp(row!);
      await logChange(tx, scope, {
        action: 'create',
        targetType: 'prop',
        targetId: row!.id,
        targetName: row!.name.zh,
        after: item,
      });
      return item;
    },
    UNIQUE,
  );
}

/** The code never changes (the game knows the item by it): naming another one is 400001. */
export function updateProp(db: Db, scope: Scope, id: number, input: PropChanges): Promise<Prop> {
  return inTransaction(db, scope.lang, async (tx) => {
    const target = rowInScope(props, scope, id);
    const before = await findOr404(tx, props, target);
    if (input.code !== undefined && input.code !== before.code) {
      new FieldProblems(scope.lang).add('code', 'immutable').throwIfAny();
    }
    const row = await updateVersioned(tx, props, target, input.version, columns(input));
    const item = toProp(row);
    await logChange(tx, scope, {
      action: 'update',
      targetType: 'prop',
      targetId: id,
      targetName: row.name.zh,
      before: toProp(before),
      after: item,
    });
    return item;
  });
}

/** A prop a gift package contains is disabled, never deleted (422001). */
export function deleteProp(db: Db, scope: Scope, id: number): Promise<{ deleted: true }> {
  return deleteOrDisable(db, scope, {
    table: props,
    target: rowInScope(props, scope, id),
    targetType: 'prop',
    usage: async (tx) => {
      const count = await countWhere(tx, giftPackages, and(inScope(giftPackages, scope), containsProp(id)));
      return count ? [{ type: 'gift_package', count }] : [];
    },
    isDisabled: (row) => row.status === 'disabled',
    disable: { status: 'disabled' },
    describe: (row) => ({ name: row.name.zh, item: toProp(row) }),
  });
}
