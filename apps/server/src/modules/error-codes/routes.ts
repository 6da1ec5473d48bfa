import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorCodeMissingQuery,
  errorCodePublishBody,
  errorCodesResource,
  releaseListQuery,
  releaseParam,
} from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { listRoute, resourceRoutes } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { invalidateOnWrite, type GameConfigRouteOptions } from '../game-api/index.ts';
import { errorCodeImpl, errorCodeService } from './error-codes.ts';
import { answerPendingWith202 } from '../approvals/index.ts';
import { askPublish, askRollback, registerErrorCodeApprovals } from './approval.ts';
import { getRelease, listReleases, missingTranslations } from './service.ts';

/** `/error-codes`: the product's error-code texts, their translation report and their releases. */
export async function errorCodeRoutes(
  fastify: FastifyInstance,
  options: GameConfigRouteOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = [errorCodesResource.name];
  const scope = (request: Parameters<typeof scopeOf>[0]) => scopeOf(request) as ProductScope;
  invalidateOnWrite(app, options.cache);
  // Publishing and rollback may wait for a second person (approval.ts): then 202 and `{ approval }`.
  answerPendingWith202(app);
  registerErrorCodeApprovals((maker) => {
    options.cache.invalidate(maker.productId!);
    app.events.publish({ topic: 'game-config', cpId: maker.cpId, data: { productId: maker.productId! } });
  });
  resourceRoutes(app, db, errorCodesResource, errorCodeService, errorCodeImpl);

  listRoute(app, {
    name: 'error-codes-missing',
    path: '/error-codes/missing',
    tags,
    summary: 'Missing-translation report: enabled codes without a text in `lang` (any language when absent)',
    query: errorCodeMissingQuery,
    filters: ['lang'],
    sorts: ['code', 'module'],
    config: can(errorCodesResource, 'read'),
    list: (request, query) => missingTranslations(db, scope(request), query),
  });
  listRoute(app, {
    name: 'error-code-releases',
    path: '/error-codes/releases',
    tags,
    summary: 'The releases, newest first (the newest is live)',
    query: releaseListQuery,
    filters: [],
    sorts: ['number'],
    config: can(errorCodesResource, 'read'),
    list: (request, query) => listReleases(db, scope(request), query),
  });
  app.get(
    '/error-codes/releases/:n',
    {
      schema: { tags, summary: 'One release with the codes it holds', params: releaseParam },
      config: can(errorCodesResource, 'read'),
    },
    async (request) => ok(await getRelease(db, scope(request), request.params.n)),
  );
  app.post(
    '/error-codes/publish',
    {
      // Publishing and rolling back change what players see: the page's approve permission.
      schema: {
        tags,
        summary:
          'Publish the enabled codes as a new live release; 202 with `{ approval }` when the policy asks for approval',
        body: errorCodePublishBody,
      },
      config: can(errorCodesResource, 'approve'),
    },
    async (request) => ok(await askPublish(db, app.events, scope(request), request.body.note)),
  );
  app.post(
    '/error-codes/releases/:n/rollback',
    {
      schema: {
        tags,
        summary: "Make release n's content live again, as a new release (the working copy is unchanged)",
        params: releaseParam,
        body: errorCodePublishBody,
      },
      config: can(errorCodesResource, 'approve'),
    },
    async (request) =>
      ok(await askRollback(db, app.events, scope(request), request.params.n, request.body.note)),
  );
}
