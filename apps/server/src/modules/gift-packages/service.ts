import { and, eq, gt, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  GIFT_SORTS,
  GiftPackage,
  giftCreateBody,
  giftListQuery,
  giftUpdateBody,
  I18nText,
  giftUsedByAnswer,
  LogAction,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { deleteOrDisable } from '../../lib/delete.ts';
import { contains, countWhere, runList, sortOrder, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction } from '../../lib/problems.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { billingPoints } from '../billing-points/tables.ts';
import { props } from '../props/tables.ts';
import { giftPackages } from './tables.ts';
import { containsProp } from './usage.ts';

type Row = typeof giftPackages.$inferSelect;
type Query = z.output<typeof giftListQuery>;
export type GiftFilters = Omit<Query, 'page' | 'page_size' | 'sort'>;
export type GiftInput = z.output<typeof giftCreateBody>;
export type GiftChanges = z.output<typeof giftUpdateBody>;

const SORT: Record<(typeof GIFT_SORTS)[number], AnyColumn | SQL> = {
  id: giftPackages.id,
  name: sql`${giftPackages.name}->>'zh'`,
  status: giftPackages.status,
  valid_from: giftPackages.validFrom,
  valid_to: giftPackages.validTo,
  created_at: giftPackages.createdAt,
  updated_at: giftPackages.updatedAt,
};

export function toGift(row: Row): GiftPackage {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    contents: row.contents,
    icon_url: row.iconUrl,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_to: row.validTo?.toISOString() ?? null,
    per_player_limit: row.perPlayerLimit,
    usable_in: row.usableIn,
    status: row.status,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function giftWhere(scope: Scope, f: GiftFilters): SQL {
  return and(
    inScope(giftPackages, scope),
    f.q
      ? sql`exists (select 1 from jsonb_each_text(${giftPackages.name}) as n where ${contains(sql`n.value`, f.q)})`
      : undefined,
    f.status ? eq(giftPackages.status, f.status) : undefined,
    f.usable_in ? sql`${giftPackages.usableIn} @> ${JSON.stringify([f.usable_in])}::jsonb` : undefined,
    f.prop_id ? containsProp(f.prop_id) : undefined,
  )!;
}

export function listGifts(db: Db, scope: Scope, query: Query): Promise<ListPage<GiftPackage>> {
  const where = giftWhere(scope, query);
  return runList(
    query,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(giftPackages)
          .where(where)
          .orderBy(...sortOrder(query.sort, SORT, 'id', giftPackages.id, scope.lang))
          .limit(limit)
          .offset(offset)
      ).map(toGift),
    () => countWhere(db, giftPackages, where),
  );
}

export async function giftBatch(db: Db, scope: Scope, f: GiftFilters, afterId: number, limit: number) {
  const rows = await db
    .select()
    .from(giftPackages)
    .where(and(giftWhere(scope, f), gt(giftPackages.id, afterId)))
    .orderBy(giftPackages.id)
    .limit(limit);
  return rows.map(toGift);
}

export async function getGift(db: Db, scope: Scope, id: number): Promise<GiftPackage> {
  return toGift(await findOr404(db, giftPackages, rowInScope(giftPackages, scope, id)));
}

/**
 * Contents name props of the same product; a prop added now must be active (one already in the
 * gift may stay after it was disabled). The window must end after it starts.
 */
async function check(db: Db, scope: Scope, next: Partial<GiftInput>, before?: GiftPackage): Promise<void> {
  const problems = new FieldProblems(scope.lang);
  if (next.contents) {
    const ids = next.contents.map((c) => c.prop_id);
    const found = await db
      .select({ id: props.id, status: props.status })
      .from(props)
      .where(and(inScope(props, scope), inArray(props.id, ids)));
    const kept = new Set(before?.contents.map((c) => c.prop_id));
    next.contents.forEach((content, i) => {
      const prop = found.find((p) => p.id === content.prop_id);
      if (!prop || (prop.status !== 'active' && !kept.has(prop.id))) {
        problems.add(`contents.${i}.prop_id`, 'unknown_ref');
      }
    });
  }
  const from = next.valid_from !== undefined ? next.valid_from : before?.valid_from;
  const to = next.valid_to !== undefined ? next.valid_to : before?.valid_to;
  if (from && to && Date.parse(to) <= Date.parse(from)) problems.add('valid_to', 'end_before_start');
  problems.throwIfAny();
}

/** Absent stays absent (a partial update); null opens that end of the window. */
const time = (value: string | null | undefined): Date | null | undefined =>
  value === undefined || value === null ? value : new Date(value);

function columns(input: Partial<GiftInput>) {
  return {
    name: input.name,
    contents: input.contents,
    iconUrl: input.icon_url,
    validFrom: time(input.valid_from),
    validTo: time(input.valid_to),
    perPlayerLimit: input.per_player_limit,
    usableIn: input.usable_in,
    status: input.status,
  };
}

async function insertGift(db: Db, scope: Scope, input: GiftInput, action: LogAction, clonedFrom?: number) {
  const [row] = await db
    .insert(giftPackages)
    .values({
      ...columns(input),
      cpId: scope.cpId,
      productId: scope.productId!,
    } as typeof giftPackages.$inferInsert)
    .returning();
  const item = toGift(row!);
  await logChange(db, scope, {
    action,
    targetType: 'gift_package',
    targetId: row!.id,
    targetName: row!.name.zh,
    after: clonedFrom ? { ...item, cloned_from: clonedFrom } : item,
  });
  return item;
}

export function createGift(db: Db, scope: Scope, input: GiftInput): Promise<GiftPackage> {
  return inTransaction(db, scope.lang, async (tx) => {
    await check(tx, scope, input);
    return insertGift(tx, scope, input, 'create');
  });
}

export function updateGift(db: Db, scope: Scope, id: number, input: GiftChanges): Promise<GiftPackage> {
  return inTransaction(db, scope.lang, async (tx) => {
    const target = rowInScope(giftPackages, scope, id);
    const before = toGift(await findOr404(tx, giftPackages, target));
    await check(tx, scope, input, before);
    const row = await updateVersioned(tx, giftPackages, target, input.version, columns(input));
    const item = toGift(row);
    await logChange(tx, scope, {
      action: 'update',
      targetType: 'gift_package',
      targetId: id,
      targetName: row.name.zh,
      before,
      after: item,
    });
    return item;
  });
}

/** A copy with a new id (renamed when a name is given); its props must still be active. */
export function cloneGift(db: Db, scope: Scope, id: number, name?: I18nText): Promise<GiftPackage> {
  return inTransaction(db, scope.lang, async (tx) => {
    const source = toGift(await findOr404(tx, giftPackages, rowInScope(giftPackages, scope, id)));
    const input: GiftInput = { ...source, name: name ?? source.name };
    await check(tx, scope, input);
    return insertGift(tx, scope, input, 'clone', id);
  });
}

/** What refers to the gift: billing points (as reward or first-purchase bonus), old versions included. */
export async function giftUsedBy(
  db: Db,
  scope: Scope,
  id: number,
): Promise<z.infer<typeof giftUsedByAnswer>> {
  await findOr404(db, giftPackages, rowInScope(giftPackages, scope, id));
  const rows = await db
    .select({ id: billingPoints.id, name: billingPoints.name, status: billingPoints.status })
    .from(billingPoints)
    .where(
      and(
        inScope(billingPoints, scope),
        or(eq(billingPoints.rewardGiftId, id), eq(billingPoints.bonusGiftId, id)),
      ),
    )
    .orderBy(billingPoints.id);
  return rows.map((r) => ({ type: 'billing_point', ...r }));
}

/** A gift something refers to is disabled, never deleted (422001). */
export function deleteGift(db: Db, scope: Scope, id: number): Promise<{ deleted: true }> {
  return deleteOrDisable(db, scope, {
    table: giftPackages,
    target: rowInScope(giftPackages, scope, id),
    targetType: 'gift_package',
    usage: async (tx) => {
      const count = await countWhere(
        tx,
        billingPoints,
        or(eq(billingPoints.rewardGiftId, id), eq(billingPoints.bonusGiftId, id)),
      );
      return count ? [{ type: 'billing_point', count }] : [];
    },
    isDisabled: (row) => row.status === 'disabled',
    disable: { status: 'disabled' },
    describe: (row) => ({ name: row.name.zh, item: toGift(row) }),
  });
}
