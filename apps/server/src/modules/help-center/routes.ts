import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  helpArticleCopyBody,
  helpArticleCreateBody,
  helpArticleExportQuery,
  helpArticleListQuery,
  helpArticleStateBody,
  helpArticleUpdateBody,
  helpCategoryCreateBody,
  helpCategoryExportQuery,
  helpCategoryListQuery,
  helpCategoryUpdateBody,
  helpPreviewQuery,
  idParam,
  seePermissionOf,
} from '@rx/contracts';
import { productAccess, type Action } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import { invalidateOnWrite, type GameConfigRouteOptions } from '../game-api/cache.ts';
import {
  copyHelpArticle,
  gameHelp,
  createHelpArticle,
  deleteHelpArticle,
  getHelpArticle,
  listHelpArticles,
  setHelpArticleStatus,
  updateHelpArticle,
} from './articles.ts';
import {
  checkChannel,
  createHelpCategory,
  deleteHelpCategory,
  getHelpCategory,
  listHelpCategories,
  updateHelpCategory,
} from './categories.ts';
import { helpArticleTable, helpCategoryTable } from './io.ts';

export const HELP_CENTER_SEE = seePermissionOf('/projectbase/projectbase-fe/help-center');

/** `/help-categories` and `/help-articles`: the product's help centre (page `/projectbase/projectbase-fe/help-center`). */
export async function helpCenterRoutes(
  fastify: FastifyInstance,
  options: GameConfigRouteOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const can = (request: FastifyRequest, action: Action) =>
    productAccess(db, request, HELP_CENTER_SEE, action);
  app.addHook('onRequest', options.authenticate);
  invalidateOnWrite(app, options.cache);

  let tags = ['help-categories'];
  app.get(
    '/help-categories',
    { schema: { tags, summary: 'List help categories', querystring: helpCategoryListQuery } },
    async (request) => ok(await listHelpCategories(db, await can(request, 'read'), request.query)),
  );
  app.get(
    '/help-categories/:id',
    { schema: { tags, summary: 'One help category', params: idParam } },
    async (request) => ok(await getHelpCategory(db, await can(request, 'read'), request.params.id)),
  );
  app.post(
    '/help-categories',
    { schema: { tags, summary: 'Create a help category', body: helpCategoryCreateBody } },
    async (request) => ok(await createHelpCategory(db, await can(request, 'create'), request.body)),
  );
  app.put(
    '/help-categories/:id',
    {
      schema: {
        tags,
        summary: 'Update a help category (body carries its version)',
        params: idParam,
        body: helpCategoryUpdateBody,
      },
    },
    async (request) =>
      ok(await updateHelpCategory(db, await can(request, 'update'), request.params.id, request.body)),
  );
  app.delete(
    '/help-categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a help category; one with articles is disabled instead (422001)',
        params: idParam,
      },
    },
    async (request) => ok(await deleteHelpCategory(db, await can(request, 'delete'), request.params.id)),
  );
  tableRoutes(app, db, {
    path: '/help-categories',
    tags,
    exportQuery: helpCategoryExportQuery,
    access: (request, action) => can(request, action),
    exporter: helpCategoryTable,
  });

  tags = ['help-articles'];
  app.get(
    '/help-articles',
    {
      schema: {
        tags,
        summary: 'List help articles (one row per language)',
        querystring: helpArticleListQuery,
      },
    },
    async (request) => ok(await listHelpArticles(db, await can(request, 'read'), request.query)),
  );
  app.get(
    '/help-articles/preview',
    {
      schema: {
        tags,
        summary: 'The published help centre as a player of a channel sees it, in a language (else zh)',
        querystring: helpPreviewQuery,
      },
    },
    async (request) => {
      const scope = await can(request, 'read');
      const { channel_id, language } = request.query;
      if (channel_id !== undefined) await checkChannel(db, scope, channel_id);
      return ok(await gameHelp(db, scope.productId, language, channel_id ?? null));
    },
  );
  app.get(
    '/help-articles/:id',
    { schema: { tags, summary: 'One help article', params: idParam } },
    async (request) => ok(await getHelpArticle(db, await can(request, 'read'), request.params.id)),
  );
  app.post(
    '/help-articles',
    {
      schema: {
        tags,
        summary:
          'Create a help article, or another language of one (`translation_of`); the body is sanitised',
        body: helpArticleCreateBody,
      },
    },
    async (request) => ok(await createHelpArticle(db, await can(request, 'create'), request.body)),
  );
  app.put(
    '/help-articles/:id',
    {
      schema: {
        tags,
        summary: 'Update a help article (body carries its version); a zh change marks the translations stale',
        params: idParam,
        body: helpArticleUpdateBody,
      },
    },
    async (request) =>
      ok(await updateHelpArticle(db, await can(request, 'update'), request.params.id, request.body)),
  );
  app.post(
    '/help-articles/:id/publish',
    { schema: { tags, summary: 'Publish a help article', params: idParam, body: helpArticleStateBody } },
    async (request) =>
      ok(
        await setHelpArticleStatus(
          db,
          await can(request, 'update'),
          request.params.id,
          request.body.version,
          'published',
        ),
      ),
  );
  app.post(
    '/help-articles/:id/unpublish',
    {
      schema: {
        tags,
        summary: 'Take a help article back to draft',
        params: idParam,
        body: helpArticleStateBody,
      },
    },
    async (request) =>
      ok(
        await setHelpArticleStatus(
          db,
          await can(request, 'update'),
          request.params.id,
          request.body.version,
          'draft',
        ),
      ),
  );
  app.post(
    '/help-articles/:id/copy',
    {
      schema: {
        tags,
        summary: 'Copy the article (every language, as drafts) to other channels',
        params: idParam,
        body: helpArticleCopyBody,
      },
    },
    async (request) =>
      ok(
        await copyHelpArticle(db, await can(request, 'create'), request.params.id, request.body.channel_ids),
      ),
  );
  app.delete(
    '/help-articles/:id',
    { schema: { tags, summary: 'Delete a draft help article (published: 422001)', params: idParam } },
    async (request) => ok(await deleteHelpArticle(db, await can(request, 'delete'), request.params.id)),
  );
  tableRoutes(app, db, {
    path: '/help-articles',
    tags,
    exportQuery: helpArticleExportQuery,
    access: (request, action) => can(request, action),
    exporter: helpArticleTable,
  });
}
