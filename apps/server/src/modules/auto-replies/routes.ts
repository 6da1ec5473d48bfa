import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  autoReplyCreateBody,
  autoReplyExportQuery,
  autoReplyListQuery,
  autoReplyTestBody,
  autoReplyUpdateBody,
  idParam,
  seePermissionOf,
  specialReplyBody,
} from '@rx/contracts';
import { productAccess, type Action } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import { invalidateOnWrite, type GameConfigRouteOptions } from '../game-api/cache.ts';
import { autoReplyTable } from './io.ts';
import {
  createAutoReply,
  deleteAutoReply,
  getAutoReply,
  listAutoReplies,
  listSpecialReplies,
  matchAutoReply,
  saveSpecialReply,
  updateAutoReply,
} from './service.ts';

export const AUTO_REPLY_SEE = seePermissionOf('/projectbase/projectbase-fe/auto-reply');

/** `/auto-replies`: the product's automatic replies (page `/projectbase/projectbase-fe/auto-reply`). */
export async function autoReplyRoutes(
  fastify: FastifyInstance,
  options: GameConfigRouteOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['auto-replies'];
  const can = (request: FastifyRequest, action: Action) => productAccess(db, request, AUTO_REPLY_SEE, action);
  app.addHook('onRequest', options.authenticate);
  invalidateOnWrite(app, options.cache);

  app.get(
    '/auto-replies',
    { schema: { tags, summary: 'List auto-reply rules', querystring: autoReplyListQuery } },
    async (request) => ok(await listAutoReplies(db, await can(request, 'read'), request.query)),
  );
  app.get(
    '/auto-replies/specials',
    { schema: { tags, summary: 'The on-enter and no-match replies of every channel' } },
    async (request) => ok(await listSpecialReplies(db, await can(request, 'read'))),
  );
  app.put(
    '/auto-replies/specials',
    {
      schema: {
        tags,
        summary: "Set a channel's on-enter or no-match reply (an existing one needs its version)",
        body: specialReplyBody,
      },
    },
    async (request) => ok(await saveSpecialReply(db, await can(request, 'update'), request.body)),
  );
  app.post(
    '/auto-replies/test',
    {
      schema: {
        tags,
        summary: 'The test box: which rule answers a text, and its replies',
        body: autoReplyTestBody,
      },
    },
    async (request) => {
      const scope = await can(request, 'read');
      const { text, channel_id, platform } = request.body;
      return ok(
        await matchAutoReply(db, scope.productId, {
          text,
          channelId: channel_id ?? null,
          platform: platform ?? null,
        }),
      );
    },
  );
  app.get(
    '/auto-replies/:id',
    { schema: { tags, summary: 'One auto-reply rule', params: idParam } },
    async (request) => ok(await getAutoReply(db, await can(request, 'read'), request.params.id)),
  );
  app.post(
    '/auto-replies',
    {
      schema: {
        tags,
        summary:
          'Create a rule; keywords shared with another enabled rule of its scope come back as `warnings`',
        body: autoReplyCreateBody,
      },
    },
    async (request) => ok(await createAutoReply(db, await can(request, 'create'), request.body)),
  );
  app.put(
    '/auto-replies/:id',
    {
      schema: {
        tags,
        summary: 'Update a rule (body carries its version); overlapping keywords come back as `warnings`',
        params: idParam,
        body: autoReplyUpdateBody,
      },
    },
    async (request) =>
      ok(await updateAutoReply(db, await can(request, 'update'), request.params.id, request.body)),
  );
  app.delete(
    '/auto-replies/:id',
    { schema: { tags, summary: 'Delete a rule', params: idParam } },
    async (request) => ok(await deleteAutoReply(db, await can(request, 'delete'), request.params.id)),
  );
  tableRoutes(app, db, {
    path: '/auto-replies',
    tags,
    exportQuery: autoReplyExportQuery,
    access: (request, action) => can(request, action),
    exporter: autoReplyTable,
  });
}
