import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { autoRepliesResource, autoReplyTestBody, specialReplyBody, type AutoReplyRule } from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import { invalidateOnWrite, type GameConfigRouteOptions } from '../game-api/index.ts';
import { autoReplyTable } from './io.ts';
import {
  autoReplyImpl,
  autoReplyService,
  listSpecialReplies,
  matchAutoReply,
  overlaps,
  saveSpecialReply,
} from './service.ts';

const resource = autoRepliesResource;
const path = `/${resource.name}`;

/** `/auto-replies`: the product's automatic replies (page `/projectbase/projectbase-fe/auto-reply`). */
export async function autoReplyRoutes(
  fastify: FastifyInstance,
  options: GameConfigRouteOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = [resource.name];
  invalidateOnWrite(app, options.cache);
  const full = `${app.prefix}${path}`;

  // The list shows first what fires first.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'GET' && request.routeOptions.url === full) {
      const query = request.query as { sort?: string };
      query.sort ??= '-priority';
    }
  });
  // A create or an update answers the keywords the rule shares with other enabled rules of its
  // channel and platform (`warnings`): the console shows them, the save is not refused.
  app.addHook('preSerialization', async (request, reply, payload: { code?: number; data?: unknown }) => {
    const saves =
      (request.method === 'POST' && request.routeOptions.url === full) ||
      (request.method === 'PUT' && request.routeOptions.url === `${full}/:id`);
    if (!saves || reply.statusCode !== 200 || payload?.code !== 0) return payload;
    const rule = payload.data as AutoReplyRule;
    return { ...payload, data: { ...rule, warnings: await overlaps(db, scopeOf(request), rule) } };
  });

  resourceRoutes(app, db, resource, autoReplyService, autoReplyImpl);

  app.get(
    `${path}/specials`,
    {
      schema: { tags, summary: 'The on-enter and no-match replies of every channel' },
      config: can(resource, 'read'),
    },
    async (request) => ok(await listSpecialReplies(db, scopeOf(request))),
  );
  app.put(
    `${path}/specials`,
    {
      schema: {
        tags,
        summary: "Set a channel's on-enter or no-match reply (an existing one needs its version)",
        body: specialReplyBody,
      },
      config: can(resource, 'update'),
    },
    async (request) => ok(await saveSpecialReply(db, scopeOf(request) as ProductScope, request.body)),
  );
  app.post(
    `${path}/test`,
    {
      schema: {
        tags,
        summary: 'The test box: which rule answers a text, and its replies',
        body: autoReplyTestBody,
      },
      config: can(resource, 'read'),
    },
    async (request) => {
      const { text, channel_id, platform, lang } = request.body;
      return ok(
        await matchAutoReply(db, (scopeOf(request) as ProductScope).productId, {
          text,
          channelId: channel_id ?? null,
          platform: platform ?? null,
          lang: lang ?? null,
        }),
      );
    },
  );
  // Export only: keywords and replies are JSON in a cell, not something to edit in a sheet.
  tableRoutes(app, db, {
    path,
    tags,
    exportQuery: resource.export,
    access: async (request) => scopeOf(request),
    config: (action) => can(resource, action),
    exporter: autoReplyTable,
  });
}
