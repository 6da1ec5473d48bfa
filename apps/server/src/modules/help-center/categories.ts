import { and, eq, gt, isNull, sql, type AnyColumn, type SQL, type Table } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  HELP_CATEGORY_SORTS,
  HelpCategory,
  helpCategoryCreateBody,
  helpCategoryListQuery,
  helpCategoryUpdateBody,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { countWhere, runList, sortOrder, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { deleteOrDisable } from '../../lib/delete.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { channels } from '../channels/tables.ts';
import { anyLanguageContains } from '../feedback-types/service.ts';
import { helpArticles, helpCategories } from './tables.ts';

/** Help-centre categories of a product, per channel (null: all channels). */

type Row = typeof helpCategories.$inferSelect;
type Query = z.output<typeof helpCategoryListQuery>;
export type HelpCategoryFilters = Omit<Query, 'page' | 'page_size' | 'sort'>;
export type HelpCategoryInput = z.output<typeof helpCategoryCreateBody>;
export type HelpCategoryChanges = z.output<typeof helpCategoryUpdateBody>;

const SORT: Record<(typeof HELP_CATEGORY_SORTS)[number], AnyColumn> = {
  id: helpCategories.id,
  sort: helpCategories.sort,
  created_at: helpCategories.createdAt,
  updated_at: helpCategories.updatedAt,
};

/** `table.column`, qualified: in a select from one table drizzle leaves its columns unqualified. */
const qualified = (table: Table, column: AnyColumn) => sql`${table}.${sql.identifier(column.name)}`;
// Unqualified, `id` inside the subquery would be the article's own id, not the category's.
const articleCount = sql<number>`(select count(*)::int from ${helpArticles} where ${qualified(helpArticles, helpArticles.categoryId)} = ${qualified(helpCategories, helpCategories.id)})`;

export function toHelpCategory(row: Row, articles: number): HelpCategory {
  return {
    id: row.id,
    product_id: row.productId,
    channel_id: row.channelId,
    name: row.name,
    sort: row.sort,
    enabled: row.enabled,
    articles,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A channel filter: `0` for the rows of every channel, an id for that channel's. */
export function channelIs(column: AnyColumn, channelId: number | undefined): SQL | undefined {
  if (channelId === undefined) return undefined;
  return channelId === 0 ? isNull(column) : eq(column, channelId);
}

/** 400001 on `field` unless the channel is one of the product's. */
export async function checkChannel(
  db: Db,
  scope: ProductScope,
  channelId: number | null,
  field = 'channel_id',
) {
  if (channelId === null) return;
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(rowInScope(channels, scope, channelId));
  if (!row) new FieldProblems(scope.lang).add(field, 'unknown_ref').throwIfAny();
}

export function helpCategoryWhere(scope: ProductScope, f: HelpCategoryFilters): SQL {
  return and(
    inScope(helpCategories, scope),
    f.q ? anyLanguageContains(helpCategories.name, f.q) : undefined,
    channelIs(helpCategories.channelId, f.channel_id),
    f.enabled !== undefined ? eq(helpCategories.enabled, f.enabled) : undefined,
  )!;
}

export function listHelpCategories(
  db: Db,
  scope: ProductScope,
  query: Query,
): Promise<ListPage<HelpCategory>> {
  const where = helpCategoryWhere(scope, query);
  return runList(
    query,
    async (limit, offset) =>
      (
        await db
          .select({ row: helpCategories, articles: articleCount })
          .from(helpCategories)
          .where(where)
          .orderBy(...sortOrder(query.sort, SORT, 'sort', helpCategories.id, scope.lang))
          .limit(limit)
          .offset(offset)
      ).map(({ row, articles }) => toHelpCategory(row, articles)),
    () => countWhere(db, helpCategories, where),
  );
}

export async function helpCategoryBatch(
  db: Db,
  scope: ProductScope,
  f: HelpCategoryFilters,
  afterId: number,
  limit: number,
): Promise<HelpCategory[]> {
  const rows = await db
    .select({ row: helpCategories, articles: articleCount })
    .from(helpCategories)
    .where(and(helpCategoryWhere(scope, f), gt(helpCategories.id, afterId)))
    .orderBy(helpCategories.id)
    .limit(limit);
  return rows.map(({ row, articles }) => toHelpCategory(row, articles));
}

async function articlesOf(db: Db, id: number): Promise<number> {
  return countWhere(db, helpArticles, eq(helpArticles.categoryId, id));
}

export async function getHelpCategory(db: Db, scope: ProductScope, id: number): Promise<HelpCategory> {
  const row = await findOr404(db, helpCategories, rowInScope(helpCategories, scope, id));
  return toHelpCategory(row, await articlesOf(db, id));
}

export async function createHelpCategory(
  db: Db,
  scope: ProductScope,
  input: HelpCategoryInput,
): Promise<HelpCategory> {
  return db.transaction(async (tx) => {
    await checkChannel(tx, scope, input.channel_id);
    const [row] = await tx
      .insert(helpCategories)
      .values({
        cpId: scope.cpId,
        productId: scope.productId,
        channelId: input.channel_id,
        name: input.name,
        sort: input.sort,
        enabled: input.enabled,
      })
      .returning();
    const item = toHelpCategory(row!, 0);
    await logChange(tx, scope, {
      action: 'create',
      targetType: 'help_category',
      targetId: row!.id,
      targetName: row!.name.zh,
      after: item,
    });
    return item;
  });
}

export async function updateHelpCategory(
  db: Db,
  scope: ProductScope,
  id: number,
  input: HelpCategoryChanges,
): Promise<HelpCategory> {
  return db.transaction(async (tx) => {
    const target = rowInScope(helpCategories, scope, id);
    const before = await findOr404(tx, helpCategories, target);
    const articles = await articlesOf(tx, id);
    if (input.channel_id !== undefined && input.channel_id !== before.channelId) {
      // Its articles were written for the channel it had.
      if (articles > 0) new FieldProblems(scope.lang).add('channel_id', 'frozen').throwIfAny();
      await checkChannel(tx, scope, input.channel_id);
    }
    const row = await updateVersioned(tx, helpCategories, target, input.version, {
      channelId: input.channel_id,
      name: input.name,
      sort: input.sort,
      enabled: input.enabled,
    });
    const item = toHelpCategory(row, articles);
    await logChange(tx, scope, {
      action: 'update',
      targetType: 'help_category',
      targetId: id,
      targetName: row.name.zh,
      before: toHelpCategory(before, articles),
      after: item,
    });
    return item;
  });
}

/** Deletes an empty category; one with articles is disabled instead (422001). */
export async function deleteHelpCategory(
  db: Db,
  scope: ProductScope,
  id: number,
): Promise<{ deleted: true }> {
  const articles = await articlesOf(db, id);
  return deleteOrDisable(db, scope, {
    table: helpCategories,
    target: rowInScope(helpCategories, scope, id),
    targetType: 'help_category',
    usage: async (tx) => {
      const n = await articlesOf(tx, id);
      return n > 0 ? [{ type: 'help_article', count: n }] : [];
    },
    isDisabled: (row) => !row.enabled,
    disable: { enabled: false },
    describe: (row) => ({ name: row.name.zh, item: toHelpCategory(row, articles) }),
  });
}
