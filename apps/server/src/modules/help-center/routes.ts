import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  helpArticleCopyBody,
  helpArticleStateBody,
  helpArticlesResource as articles,
  helpCategoriesResource as categories,
  helpPreviewQuery,
  idParam,
} from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes, resourceTableRoutes, standardRoutes } from '../../lib/resource-routes.ts';
import { invalidateOnWrite, type GameConfigRouteOptions } from '../game-api/index.ts';
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
import { checkChannel } from '../../lib/channel-ref.ts';
import { helpCategoryImpl, helpCategoryService } from './categories.ts';
import { helpArticleTable, helpCategoryTable } from './io.ts';

/**
 * `/help-categories` and `/help-articles`: the product's help centre. Categories are a standard
 * resource (export only); articles are groups of languages with their own publishing, so their
 * routes are written here, each declaring the action it needs.
 */
export async function helpCenterRoutes(
  fastify: FastifyInstance,
  options: GameConfigRouteOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const scope = (request: FastifyRequest) => scopeOf(request) as ProductScope;
  invalidateOnWrite(app, options.cache);

  resourceRoutes(app, db, categories, helpCategoryService, helpCategoryImpl);
  // Export only: categories are edited in the console.
  resourceTableRoutes(app, db, categories, { exporter: helpCategoryTable });

  const tags = [articles.name];
  standardRoutes(
    app,
    db,
    articles,
    {
      list: listHelpArticles,
      get: getHelpArticle,
      create: createHelpArticle,
      update: updateHelpArticle,
      remove: deleteHelpArticle,
    },
    {
      list: 'List help articles (one row per language)',
      get: 'One help article',
      create: 'Create a help article, or another language of one (`translation_of`); the body is sanitised',
      update: 'Update a help article (body carries its version); a zh change marks the translations stale',
      delete: 'Delete a draft help article (published: 422001)',
    },
  );
  app.get(
    '/help-articles/preview',
    {
      schema: {
        tags,
        summary: 'The published help centre as a player of a channel sees it, in a language (else zh)',
        querystring: helpPreviewQuery,
      },
      config: can(articles, 'read'),
    },
    async (request) => {
      const caller = scope(request);
      const { channel_id, language } = request.query;
      if (channel_id !== undefined) await checkChannel(db, caller, channel_id);
      return ok(await gameHelp(db, caller.productId, language, channel_id ?? null));
    },
  );
  app.post(
    '/help-articles/:id/publish',
    {
      schema: { tags, summary: 'Publish a help article', params: idParam, body: helpArticleStateBody },
      config: can(articles, 'update'),
    },
    async (request) =>
      ok(
        await setHelpArticleStatus(db, scope(request), request.params.id, request.body.version, 'published'),
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
      config: can(articles, 'update'),
    },
    async (request) =>
      ok(await setHelpArticleStatus(db, scope(request), request.params.id, request.body.version, 'draft')),
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
      config: can(articles, 'create'),
    },
    async (request) =>
      ok(await copyHelpArticle(db, scope(request), request.params.id, request.body.channel_ids)),
  );
  resourceTableRoutes(app, db, articles, { exporter: helpArticleTable });
}
