import { and, eq, isNull, or } from 'drizzle-orm';
import { feedbackTypesResource, type FeedbackType, type FeedbackTypeNode } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { deleteOrDisable } from '../../lib/delete.ts';
import { anyLanguageContains, contains, countWhere } from '../../lib/list.ts';
import { dropUndefined } from '../../lib/patch.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction, ruleError } from '../../lib/problems.ts';
import { resourceReads } from '../../lib/resource-routes.ts';
import type { CreateInput, Filters, UpdateInput } from '../../lib/resource-routes.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { feedbackTypes } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

/** Feedback types of a product: a tree the player's feedback form and the ticket routing read. */

type Resource = typeof feedbackTypesResource;
type Row = typeof feedbackTypes.$inferSelect;
export type FeedbackTypeFilters = Filters<Resource>;

/** How deep the tree may grow. */
const MAX_DEPTH = 8;

export function toFeedbackType(row: Row): FeedbackType {
  return {
    id: row.id,
    product_id: row.productId,
    code: row.code,
    parent_id: row.parentId,
    name: row.name,
    require_order_no: row.requireOrderNo,
    require_screenshot: row.requireScreenshot,
    require_server_role: row.requireServerRole,
    queue: row.queue,
    auto_reply: row.autoReply,
    enabled: row.enabled,
    sort: row.sort,
    ...stamps(row),
  };
}

export const {
  list: listFeedbackTypes,
  batch: feedbackTypeBatch,
  get: getFeedbackType,
} = resourceReads(feedbackTypesResource, {
  table: feedbackTypes,
  items: (_db, rows) => rows.map(toFeedbackType),
  where: (f) => [
    f.q ? or(contains(feedbackTypes.code, f.q), anyLanguageContains(feedbackTypes.name, f.q)) : undefined,
    f.parent_id === 0 ? isNull(feedbackTypes.parentId) : undefined,
    f.parent_id ? eq(feedbackTypes.parentId, f.parent_id) : undefined,
    f.enabled !== undefined ? eq(feedbackTypes.enabled, f.enabled) : undefined,
    f.queue ? eq(feedbackTypes.queue, f.queue) : undefined,
  ],
});

/** The game's enabled feedback type of this code; undefined: none. */
export async function enabledFeedbackType(db: Db, productId: number, code: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(feedbackTypes)
    .where(
      and(
        eq(feedbackTypes.productId, productId),
        eq(feedbackTypes.code, code),
        eq(feedbackTypes.enabled, true),
      ),
    );
  return row;
}

/** Every type of the product, nested, siblings by `sort` then id. */
export async function feedbackTypeTree(db: Db, scope: ProductScope): Promise<FeedbackTypeNode[]> {
  const rows = await db
    .select()
    .from(feedbackTypes)
    .where(inScope(feedbackTypes, scope))
    .orderBy(feedbackTypes.sort, feedbackTypes.id);
  const nodes = new Map(
    rows.map((row) => [row.id, { ...toFeedbackType(row), children: [] as FeedbackTypeNode[] }]),
  );
  const roots: FeedbackTypeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/**
 * Checks where a node goes: the parent must be a type of the product (400001), not the node itself
 * nor one of its descendants (422001), and the tree must stay within MAX_DEPTH levels (400001).
 */
async function checkParent(db: Db, scope: ProductScope, parentId: number | null, selfId: number | null) {
  if (parentId === null) return;
  // A product has tens of types: reading the whole tree is simpler than recursive SQL.
  const rows = await db
    .select({ id: feedbackTypes.id, parentId: feedbackTypes.parentId })
    .from(feedbackTypes)
    .where(inScope(feedbackTypes, scope));
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  if (!parentOf.has(parentId)) new FieldProblems(scope.lang).add('parent_id', 'unknown_ref').throwIfAny();
  const chain: number[] = [];
  for (
    let at: number | null | undefined = parentId;
    at != null && !chain.includes(at);
    at = parentOf.get(at)
  ) {
    chain.push(at);
  }
  if (selfId !== null && chain.includes(selfId)) throw ruleError(scope.lang, 'tree_cycle');
  const height = (id: number): number =>
    Math.max(0, ...rows.filter((row) => row.parentId === id).map((row) => 1 + height(row.id)));
  if (chain.length + 1 + (selfId === null ? 0 : height(selfId)) > MAX_DEPTH) {
    new FieldProblems(scope.lang).add('parent_id', 'too_big', { max: MAX_DEPTH }).throwIfAny();
  }
}

async function checkCode(db: Db, scope: ProductScope, code: string): Promise<void> {
  const [taken] = await db
    .select({ id: feedbackTypes.id })
    .from(feedbackTypes)
    .where(and(inScope(feedbackTypes, scope), eq(feedbackTypes.code, code)));
  if (taken) new FieldProblems(scope.lang).add('code', 'taken').throwIfAny();
}

const UNIQUE = { feedback_types_product_code: 'code' };

function columns(input: Omit<UpdateInput<Resource>, 'version'>, before?: Row) {
  return {
    parentId: input.parent_id,
    name: input.name,
    requireOrderNo: input.require_order_no,
    requireScreenshot: input.require_screenshot,
    requireServerRole: input.require_server_role,
    queue: input.queue,
    // An update names only the languages it changes.
    autoReply:
      input.auto_reply && before ? { ...before.autoReply, ...dropUndefined(input.auto_reply) } : undefined,
    enabled: input.enabled,
    sort: input.sort,
  };
}

export function createFeedbackType(
  db: Db,
  scope: ProductScope,
  input: CreateInput<Resource>,
): Promise<FeedbackType> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      await checkCode(tx, scope, input.code);
      await checkParent(tx, scope, input.parent_id, null);
      const [row] = await tx
        .insert(feedbackTypes)
        .values({
          ...columns(input),
          code: input.code,
          autoReply: input.auto_reply,
          name: input.name,
          cpId: scope.cpId,
          productId: scope.productId,
        })
        .returning();
      const item = toFeedbackType(row!);
      await logChange(tx, scope, {
        action: 'create',
        targetType: 'feedback_type',
        targetId: row!.id,
        targetName: row!.code,
        after: item,
      });
      return item;
    },
    UNIQUE,
  );
}

export function updateFeedbackType(
  db: Db,
  scope: ProductScope,
  id: number,
  input: UpdateInput<Resource>,
): Promise<FeedbackType> {
  return inTransaction(db, scope.lang, async (tx) => {
    const target = rowInScope(feedbackTypes, scope, id);
    const before = await findOr404(tx, feedbackTypes, target);
    if (input.code !== undefined && input.code !== before.code) {
      new FieldProblems(scope.lang).add('code', 'immutable').throwIfAny();
    }
    if (input.parent_id !== undefined && input.parent_id !== before.parentId) {
      await checkParent(tx, scope, input.parent_id, id);
    }
    const row = await updateVersioned(tx, feedbackTypes, target, input.version, columns(input, before));
    const item = toFeedbackType(row);
    await logChange(tx, scope, {
      action: input.parent_id !== undefined && input.parent_id !== before.parentId ? 'move' : 'update',
      targetType: 'feedback_type',
      targetId: id,
      targetName: row.code,
      before: toFeedbackType(before),
      after: item,
    });
    return item;
  });
}

/**
 * Deletes a type without children; one with children is refused (422001, `data.children`). A type
 * something else refers to (e.g. tickets) is disabled instead (422001, `data.used_by`).
 */
export async function deleteFeedbackType(
  db: Db,
  scope: ProductScope,
  id: number,
): Promise<{ deleted: true }> {
  const target = rowInScope(feedbackTypes, scope, id);
  await findOr404(db, feedbackTypes, target);
  const children = await countWhere(db, feedbackTypes, eq(feedbackTypes.parentId, id));
  if (children > 0) throw ruleError(scope.lang, 'has_children', { children });
  return deleteOrDisable(db, scope, {
    table: feedbackTypes,
    target,
    targetType: 'feedback_type',
    // Referrers hold a foreign key: deleteOrDisable finds them when the delete is refused.
    usage: async () => [],
    isDisabled: (row) => !row.enabled,
    disable: { enabled: false },
    describe: (row) => ({ name: row.code, item: toFeedbackType(row) }),
  });
}
