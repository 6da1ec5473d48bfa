import type { HelpArticle, HelpCategory, helpCategoryExportQuery } from '@rx/contracts';
import type { z } from 'zod';
import type { ProductScope } from '../../lib/access.ts';
import { i18nCells, i18nHeaders, STAMP_HEADERS, stampCells, timeCell } from '../../lib/cells.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { helpArticleBatch, type HelpArticleFilters } from './articles.ts';
import { helpCategoryService } from './categories.ts';

type HelpCategoryFilters = Omit<z.output<typeof helpCategoryExportQuery>, 'format'>;

/** Help categories as a sheet (export only). */
export const helpCategoryTable: ExportSpec<HelpCategory, HelpCategoryFilters, null> = {
  name: 'help-categories',
  headers: ['id', 'channel_id', ...i18nHeaders('name'), 'sort', 'enabled', 'articles', ...STAMP_HEADERS],
  prepare: async () => null,
  toCells: (c) => ({
    id: c.id,
    channel_id: c.channel_id,
    ...i18nCells('name', c.name),
    sort: c.sort,
    enabled: c.enabled,
    articles: c.articles,
    ...stampCells(c),
  }),
  batch: helpCategoryService.batch,
};

/** Help articles as a sheet (export only: bodies are edited in the rich-text editor). */
export const helpArticleTable: ExportSpec<HelpArticle, HelpArticleFilters, null> = {
  name: 'help-articles',
  headers: [
    'id',
    'group_id',
    'category_id',
    'channel_id',
    'language',
    'title',
    'body',
    'sort',
    'status',
    'stale',
    'source_version',
    'published_at',
    ...STAMP_HEADERS,
  ],
  prepare: async () => null,
  toCells: (a) => ({
    id: a.id,
    group_id: a.group_id,
    category_id: a.category_id,
    channel_id: a.channel_id,
    language: a.language,
    title: a.title,
    body: a.body,
    sort: a.sort,
    status: a.status,
    stale: a.stale,
    source_version: a.source_version,
    published_at: timeCell(a.published_at),
    ...stampCells(a),
  }),
  batch: (db, scope, filters, afterId, limit) =>
    helpArticleBatch(db, scope as ProductScope, filters, afterId, limit),
};
