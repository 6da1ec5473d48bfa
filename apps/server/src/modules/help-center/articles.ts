import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, ne, or, sql, type AnyColumn } from 'drizzle-orm';
import {
  HELP_SOURCE_LANGUAGE,
  helpArticlesResource,
  type GameHelp,
  type HelpArticle,
  type Language,
  type LogAction,
  textFor,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { contains } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction, ruleError } from '../../lib/problems.ts';
import { resourceReads } from '../../lib/resource-routes.ts';
import type { CreateInput, Filters, UpdateInput } from '../../lib/resource-routes.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { channelIs, checkChannel } from '../../lib/channel-ref.ts';
import { helpArticles, helpCategories } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

/**
 * Help articles: one row per language of an article group. The zh row is the source: a change to
 * its title or body raises its `source_version` and marks the group's other languages stale until
 * they are edited.
 */

type Resource = typeof helpArticlesResource;
type Row = typeof helpArticles.$inferSelect;
export type HelpArticleFilters = Filters<Resource>;

export function toHelpArticle(row: Row): HelpArticle {
  return {
    id: row.id,
    product_id: row.productId,
    category_id: row.categoryId,
    channel_id: row.channelId,
    group_id: row.groupId,
    language: row.language,
    title: row.title,
    body: row.body,
    sort: row.sort,
    status: row.status,
    source_version: row.sourceVersion,
    stale: row.stale,
    published_at: row.publishedAt?.toISOString() ?? null,
    ...stamps(row),
  };
}

export const {
  list: listHelpArticles,
  batch: helpArticleBatch,
  get: getHelpArticle,
} = resourceReads(helpArticlesResource, {
  table: helpArticles,
  items: (_db, rows) => rows.map(toHelpArticle),
  where: (f) => [
    f.q ? contains(helpArticles.title, f.q) : undefined,
    f.category_id ? eq(helpArticles.categoryId, f.category_id) : undefined,
    channelIs(helpArticles.channelId, f.channel_id),
    f.language ? eq(helpArticles.language, f.language) : undefined,
    f.status ? eq(helpArticles.status, f.status) : undefined,
    f.stale !== undefined ? eq(helpArticles.stale, f.stale) : undefined,
    f.group_id ? eq(helpArticles.groupId, f.group_id) : undefined,
  ],
});

/** 400001 on `field` unless the category is the product's and serves the channel. */
async function checkCategory(
  db: Db,
  scope: ProductScope,
  categoryId: number,
  channelId: number | null,
  field = 'category_id',
): Promise<void> {
  const [category] = await db
    .select({ channelId: helpCategories.channelId })
    .from(helpCategories)
    .where(rowInScope(helpCategories, scope, categoryId));
  if (!category || (category.channelId !== null && category.channelId !== channelId)) {
    new FieldProblems(scope.lang).add(field, 'unknown_ref').throwIfAny();
  }
}

/** The zh source of a group, if it has one. */
async function sourceOf(db: Db, groupId: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(helpArticles)
    .where(and(eq(helpArticles.groupId, groupId), eq(helpArticles.language, HELP_SOURCE_LANGUAGE)));
  return row;
}

const UNIQUE = { help_articles_group_language: 'language' };

async function log(tx: Db, scope: ProductScope, action: LogAction, before: Row | null, after: Row | null) {
  const row = (after ?? before)!;
  await logChange(tx, scope, {
    action,
    targetType: 'help_article',
    targetId: row.id,
    targetName: row.title,
    before: before ? toHelpArticle(before) : undefined,
    after: after ? toHelpArticle(after) : undefined,
  });
}

export function createHelpArticle(
  db: Db,
  scope: ProductScope,
  input: CreateInput<Resource>,
): Promise<HelpArticle> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      let group: { groupId: string; categoryId: number; channelId: number | null; sourceVersion: number } = {
        groupId: randomUUID(),
        // The schema requires a category unless the article translates another.
        categoryId: input.category_id!,
        channelId: input.channel_id,
        sourceVersion: 1,
      };
      if (input.translation_of !== undefined) {
        const [of] = await tx
          .select()
          .from(helpArticles)
          .where(rowInScope(helpArticles, scope, input.translation_of));
        if (!of) new FieldProblems(scope.lang).add('translation_of', 'unknown_ref').throwIfAny();
        const [taken] = await tx
          .select({ id: helpArticles.id })
          .from(helpArticles)
          .where(and(eq(helpArticles.groupId, of!.groupId), eq(helpArticles.language, input.language)));
        if (taken) new FieldProblems(scope.lang).add('language', 'taken').throwIfAny();
        const source = await sourceOf(tx, of!.groupId);
        group = {
          groupId: of!.groupId,
          categoryId: of!.categoryId,
          channelId: of!.channelId,
          sourceVersion: source?.sourceVersion ?? 1,
        };
      } else {
        await checkChannel(tx, scope, input.channel_id);
        await checkCategory(tx, scope, group.categoryId, input.channel_id);
      }
      const [row] = await tx
        .insert(helpArticles)
        .values({
          cpId: scope.cpId,
          productId: scope.productId,
          ...group,
          language: input.language,
          title: input.title,
          body: sanitizeRichText(input.body),
          sort: input.sort,
        })
        .returning();
      await log(tx, scope, 'create', null, row!);
      return toHelpArticle(row!);
    },
    UNIQUE,
  );
}

export function updateHelpArticle(
  db: Db,
  scope: ProductScope,
  id: number,
  input: UpdateInput<Resource>,
): Promise<HelpArticle> {
  return inTransaction(db, scope.lang, async (tx) => {
    const target = rowInScope(helpArticles, scope, id);
    const before = await findOr404(tx, helpArticles, target);
    const body = input.body === undefined ? undefined : sanitizeRichText(input.body);
    const changed =
      (input.title !== undefined && input.title !== before.title) ||
      (body !== undefined && body !== before.body);
    const channelId = input.channel_id === undefined ? before.channelId : input.channel_id;
    const categoryId = input.category_id ?? before.categoryId;
    const moved = channelId !== before.channelId || categoryId !== before.categoryId;
    if (moved) {
      await checkChannel(tx, scope, channelId);
      await checkCategory(
        tx,
        scope,
        categoryId,
        channelId,
        input.category_id === undefined ? 'channel_id' : 'category_id',
      );
    }
    const isSource = before.language === HELP_SOURCE_LANGUAGE;
    // The source's revision moves on with its content; an edited translation catches up with it.
    const sourceVersion = !changed
      ? undefined
      : isSource
        ? before.sourceVersion + 1
        : ((await sourceOf(tx, before.groupId))?.sourceVersion ?? before.sourceVersion);
    const row = await updateVersioned(tx, helpArticles, target, input.version, {
      title: input.title,
      body,
      sort: input.sort,
      channelId,
      categoryId,
      sourceVersion,
      stale: changed && !isSource ? false : undefined,
    });
    await log(tx, scope, 'update', before, row);

    // The other languages of the group follow a move, and go stale when the source changes.
    const siblings = and(eq(helpArticles.groupId, before.groupId), ne(helpArticles.id, id))!;
    if (moved) {
      await tx
        .update(helpArticles)
        .set({ channelId, categoryId, version: sql`${helpArticles.version} + 1`, updatedAt: new Date() })
        .where(siblings);
    }
    if (changed && isSource) {
      await tx
        .update(helpArticles)
        .set({ stale: true, version: sql`${helpArticles.version} + 1`, updatedAt: new Date() })
        .where(
          and(siblings, lt(helpArticles.sourceVersion, row.sourceVersion), eq(helpArticles.stale, false)),
        );
    }
    return toHelpArticle(row);
  });
}

/** Publishes (or unpublishes) one language of an article. */
export function setHelpArticleStatus(
  db: Db,
  scope: ProductScope,
  id: number,
  version: number,
  status: 'draft' | 'published',
): Promise<HelpArticle> {
  return db.transaction(async (tx) => {
    const target = rowInScope(helpArticles, scope, id);
    const before = await findOr404(tx, helpArticles, target);
    const row = await updateVersioned(tx, helpArticles, target, version, {
      status,
      publishedAt: status === 'published' ? new Date() : null,
    });
    await log(tx, scope, status === 'published' ? 'publish' : 'unpublish', before, row);
    return toHelpArticle(row);
  });
}

/** Deletes a draft; a published article must be unpublished first (422001). */
export async function deleteHelpArticle(db: Db, scope: ProductScope, id: number): Promise<{ deleted: true }> {
  return db.transaction(async (tx) => {
    const target = rowInScope(helpArticles, scope, id);
    const before = await findOr404(tx, helpArticles, target);
    if (before.status === 'published') throw ruleError(scope.lang, 'unpublish_first');
    await tx.delete(helpArticles).where(target);
    await log(tx, scope, 'delete', before, null);
    return { deleted: true as const };
  });
}

/** Copies the article's group (every language, as drafts) to each channel, as new groups. */
export async function copyHelpArticle(
  db: Db,
  scope: ProductScope,
  id: number,
  channelIds: number[],
): Promise<{ articles: HelpArticle[] }> {
  return db.transaction(async (tx) => {
    const source = await findOr404(tx, helpArticles, rowInScope(helpArticles, scope, id));
    for (const channelId of channelIds) {
      await checkChannel(tx, scope, channelId, 'channel_ids');
      await checkCategory(tx, scope, source.categoryId, channelId, 'channel_ids');
    }
    const group = await tx
      .select()
      .from(helpArticles)
      .where(eq(helpArticles.groupId, source.groupId))
      .orderBy(helpArticles.id);
    const copies: HelpArticle[] = [];
    for (const channelId of channelIds) {
      const groupId = randomUUID();
      const rows = await tx
        .insert(helpArticles)
        .values(
          group.map((row) => ({
            cpId: row.cpId,
            productId: row.productId,
            channelId,
            categoryId: row.categoryId,
            groupId,
            language: row.language,
            title: row.title,
            body: row.body,
            sort: row.sort,
            sourceVersion: row.sourceVersion,
            stale: row.stale,
          })),
        )
        .returning();
      for (const row of rows) {
        await logChange(tx, scope, {
          action: 'copy',
          targetType: 'help_article',
          targetId: row.id,
          targetName: row.title,
          before: { copied_from: group.find((g) => g.language === row.language)?.id },
          after: toHelpArticle(row),
        });
        copies.push(toHelpArticle(row));
      }
    }
    return { articles: copies };
  });
}

/**
 * The published help centre a player of `channelId` sees in `lang`: enabled categories with
 * articles, each article in the player's language or else in zh.
 */
export async function gameHelp(
  db: Db,
  productId: number,
  lang: Language | null,
  channelId: number | null,
): Promise<GameHelp> {
  const language = lang ?? HELP_SOURCE_LANGUAGE;
  const forChannel = (column: AnyColumn) =>
    channelId === null ? isNull(column) : or(isNull(column), eq(column, channelId));
  const [categories, articles] = await Promise.all([
    db
      .select()
      .from(helpCategories)
      .where(
        and(
          eq(helpCategories.productId, productId),
          eq(helpCategories.enabled, true),
          forChannel(helpCategories.channelId),
        ),
      )
      .orderBy(helpCategories.sort, helpCategories.id),
    db
      .select()
      .from(helpArticles)
      .where(
        and(
          eq(helpArticles.productId, productId),
          eq(helpArticles.status, 'published'),
          forChannel(helpArticles.channelId),
          inArray(helpArticles.language, [...new Set<Language>([language, HELP_SOURCE_LANGUAGE])]),
        ),
      )
      .orderBy(helpArticles.sort, helpArticles.id),
  ]);
  const chosen = new Map<string, Row>();
  for (const row of articles) {
    const current = chosen.get(row.groupId);
    if (!current || (row.language === language && current.language !== language))
      chosen.set(row.groupId, row);
  }
  const picked = articles.filter((row) => chosen.get(row.groupId) === row);
  return {
    lang: language,
    categories: categories
      .map((category) => ({
        id: category.id,
        name: textFor(category.name, language),
        articles: picked
          .filter((row) => row.categoryId === category.id)
          .map((row) => ({
            id: row.id,
            group_id: row.groupId,
            language: row.language,
            title: row.title,
            body: row.body,
            updated_at: row.updatedAt.toISOString(),
          })),
      }))
      .filter((category) => category.articles.length > 0),
  };
}
