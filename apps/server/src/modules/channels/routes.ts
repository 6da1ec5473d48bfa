import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  channelCreateBody,
  channelExportQuery,
  channelListQuery,
  channelUpdateBody,
  idParam,
  seePermissionOf,
  subChannelCreateBody,
  subChannelExportQuery,
  subChannelListQuery,
  subChannelUpdateBody,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { productAccess, type Action } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { documentProductHeader } from '../../lib/scope.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import { createChannel, deleteChannel, getChannel, listChannels, updateChannel } from './channel-service.ts';
import { channelTable, subChannelTable } from './io.ts';
import {
  createSubChannel,
  deleteSubChannel,
  getSubChannel,
  listSubChannels,
  updateSubChannel,
} from './sub-channel-service.ts';

export const CHANNEL_SEE = seePermissionOf('/basic/channel-list');
export const SUB_CHANNEL_SEE = seePermissionOf('/basic/sub-channel/edit/:id');

/** `/channels` and `/sub-channels` of the product in `X-Product-Id`. */
export async function channelRoutes(
  fastify: FastifyInstance,
  options: { db: Db; authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  app.addHook('onRequest', options.authenticate);
  documentProductHeader(app);

  {
    const tags = ['channels'];
    const can = (request: FastifyRequest, action: Action) => productAccess(db, request, CHANNEL_SEE, action);
    app.get(
      '/channels',
      { schema: { tags, summary: 'List the channels of the product', querystring: channelListQuery } },
      async (request) => ok(await listChannels(db, await can(request, 'read'), request.query)),
    );
    app.get('/channels/:id', { schema: { tags, summary: 'One channel', params: idParam } }, async (request) =>
      ok(await getChannel(db, await can(request, 'read'), request.params.id)),
    );
    app.post(
      '/channels',
      { schema: { tags, summary: 'Create a channel', body: channelCreateBody } },
      async (request) => ok(await createChannel(db, await can(request, 'create'), request.body)),
    );
    app.put(
      '/channels/:id',
      {
        schema: {
          tags,
          summary: 'Update a channel (body carries its version)',
          params: idParam,
          body: channelUpdateBody,
        },
      },
      async (request) =>
        ok(await updateChannel(db, await can(request, 'update'), request.params.id, request.body)),
    );
    app.delete(
      '/channels/:id',
      {
        schema: {
          tags,
          summary: 'Delete a channel; one in use is disabled instead (422001)',
          params: idParam,
        },
      },
      async (request) => ok(await deleteChannel(db, await can(request, 'delete'), request.params.id)),
    );
    tableRoutes(app, db, {
      path: '/channels',
      tags,
      exportQuery: channelExportQuery,
      access: can,
      exporter: channelTable,
      importer: channelTable,
    });
  }

  {
    const tags = ['sub-channels'];
    const can = (request: FastifyRequest, action: Action) =>
      productAccess(db, request, SUB_CHANNEL_SEE, action);
    app.get(
      '/sub-channels',
      { schema: { tags, summary: 'List the sub-channels of the product', querystring: subChannelListQuery } },
      async (request) => ok(await listSubChannels(db, await can(request, 'read'), request.query)),
    );
    app.get(
      '/sub-channels/:id',
      { schema: { tags, summary: 'One sub-channel', params: idParam } },
      async (request) => ok(await getSubChannel(db, await can(request, 'read'), request.params.id)),
    );
    app.post(
      '/sub-channels',
      { schema: { tags, summary: 'Create a sub-channel', body: subChannelCreateBody } },
      async (request) => ok(await createSubChannel(db, await can(request, 'create'), request.body)),
    );
    app.put(
      '/sub-channels/:id',
      {
        schema: {
          tags,
          summary: 'Update a sub-channel (body carries its version); a frozen code cannot change',
          params: idParam,
          body: subChannelUpdateBody,
        },
      },
      async (request) =>
        ok(await updateSubChannel(db, await can(request, 'update'), request.params.id, request.body)),
    );
    app.delete(
      '/sub-channels/:id',
      {
        schema: {
          tags,
          summary: 'Delete a sub-channel; one a package uses is disabled instead (422001)',
          params: idParam,
        },
      },
      async (request) => ok(await deleteSubChannel(db, await can(request, 'delete'), request.params.id)),
    );
    tableRoutes(app, db, {
      path: '/sub-channels',
      tags,
      exportQuery: subChannelExportQuery,
      access: can,
      exporter: subChannelTable,
      importer: subChannelTable,
    });
  }
}
