import { count, eq, inArray } from 'drizzle-orm';
import { helpCategoriesResource, type HelpCategory, textFor } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { channelIs, checkChannel } from '../../lib/channel-ref.ts';
import { anyLanguageContains } from '../../lib/list.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { helpArticles, helpCategories } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

/** Help-centre categories of a product, per channel (null: all channels), as a standard resource. */

type Row = typeof helpCategories.$inferSelect;

async function articlesOf(db: Db, id: number): Promise<number> {
  return (await articleCounts(db, [id])).get(id) ?? 0;
}

/** How many articles each category holds (one query for a page of them). */
async function articleCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: helpArticles.categoryId, n: count() })
    .from(helpArticles)
    .where(inArray(helpArticles.categoryId, ids))
    .groupBy(helpArticles.categoryId);
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

const impl: ResourceImpl<typeof helpCategoriesResource, typeof helpCategories, HelpCategory, null> = {
  table: helpCategories,
  // The article count is another table's: `complete` fills it in.
  toItem: (row: Row): HelpCategory => ({
    id: row.id,
    product_id: row.productId,
    channel_id: row.channelId,
    name: row.name,
    sort: row.sort,
    enabled: row.enabled,
    articles: 0,
    ...stamps(row),
  }),
  complete: async (db, items) => {
    const counts = await articleCounts(
      db,
      items.map((item) => item.id),
    );
    return items.map((item) => ({ ...item, articles: counts.get(item.id) ?? 0 }));
  },
  nameOf: (row) => textFor(row.name),
  where: (f) => [
    f.q ? anyLanguageContains(helpCategories.name, f.q) : undefined,
    channelIs(helpCategories.channelId, f.channel_id),
    f.enabled !== undefined ? eq(helpCategories.enabled, f.enabled) : undefined,
  ],
  columns: (input) => ({
    channelId: input.channel_id,
    name: input.name,
    sort: input.sort,
    enabled: input.enabled,
  }),
  check: async (db, scope, input, before) => {
    if (input.channel_id === undefined || input.channel_id === before?.channelId) return;
    // Its articles were written for the channel it had.
    if (before && (await articlesOf(db, before.id)) > 0) {
      new FieldProblems(scope.lang).add('channel_id', 'frozen').throwIfAny();
    }
    await checkChannel(db, scope, input.channel_id);
  },
  // A category with articles is disabled, never deleted.
  usage: async (db, _scope, row) => {
    const n = await articlesOf(db, row.id);
    return n > 0 ? [{ type: 'help_article', count: n }] : [];
  },
  disable: { isDisabled: (row) => !row.enabled, set: { enabled: false } },
};

export const helpCategoryImpl = impl;
export const helpCategoryService = resourceService(helpCategoriesResource, impl);
