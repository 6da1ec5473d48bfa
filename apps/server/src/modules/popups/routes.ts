import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  gamePopupEventsBody,
  gamePopupsQuery,
  idParam,
  popupScenesResource,
  popupsResource,
  popupStatsQuery,
} from '@rx/contracts';
import type { LifecycleContext } from '../../lib/define-lifecycle.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes, resourceTableRoutes } from '../../lib/resource-routes.ts';
import { can, GAME, scopeOf } from '../../lib/route-access.ts';
import type { Db } from '../../db/index.ts';
import { popupsFor } from './decide.ts';
import { ingestPopupEvents } from './events.ts';
import { popupLifecycle } from './lifecycle.ts';
import { popupImpl, popupService } from './popups.ts';
import { registerSceneReferrer, sceneImpl, sceneService } from './scenes.ts';
import { popupStats } from './stats.ts';
import { popupExporter } from './export.ts';

/**
 * `/popup-scenes` (the exposure scenes), `/popups` (the pop-ups, with their lifecycle actions
 * `POST /popups/:id/publish|recall|end {version, reason}`, which need the page's approve
 * permission) and `/popups/:id/stats` (exposures, clicks and CTR per day).
 */
export async function popupRoutes(fastify: FastifyInstance, context: LifecycleContext): Promise<void> {
  const { db } = context;
  registerSceneReferrer();
  resourceRoutes(fastify, db, popupScenesResource, sceneService, sceneImpl);
  // The list's export (without it `/popups/export` reads `export` as an id).
  resourceTableRoutes(fastify, db, popupsResource, { exporter: popupExporter });
  resourceRoutes(fastify, db, popupsResource, popupService, popupImpl);
  popupLifecycle.routes(fastify, context, { summary: 'Publish, recall or end a pop-up' });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/popups/:id/stats',
    {
      schema: {
        tags: ['popups'],
        summary: "A pop-up's exposures, clicks, closes and CTR per day (UTC)",
        params: idParam,
        querystring: popupStatsQuery,
      },
      config: can(popupsResource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const popup = await popupService.get(db, scope, request.params.id);
      return ok(await popupStats(db, { ...scope, productId: popup.product_id }, popup.id, request.query));
    },
  );
}

/** The game API: which pop-ups a player sees at a scene, and what they did with them. */
export function popupGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/popups',
    {
      schema: {
        tags: ['game-api'],
        summary:
          'The pop-ups a player sees at a scene now: highest priority first, caps and cool-down honoured',
        querystring: gamePopupsQuery,
      },
      config: GAME,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await popupsFor(db, request.gameCaller!.productId, request.query));
    },
  );
  app.post(
    '/popups/events',
    {
      schema: {
        tags: ['game-api'],
        summary: 'Report pop-up exposures, clicks and closes (each event id counts once)',
        body: gamePopupEventsBody,
      },
      config: GAME,
    },
    async (request) =>
      ok({ results: await ingestPopupEvents(db, request.gameCaller!.productId, request.body.events) }),
  );
}
