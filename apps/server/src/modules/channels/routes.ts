import type { FastifyInstance } from 'fastify';
import { channelsResource, subChannelsResource } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { channelImpl, channelService } from './channels.ts';
import { subChannelImpl, subChannelService } from './sub-channels.ts';

/** `/channels` and `/sub-channels` of the product in `X-Product-Id`. */
export async function channelRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  resourceRoutes(fastify, options.db, channelsResource, channelService, channelImpl);
  resourceRoutes(fastify, options.db, subChannelsResource, subChannelService, subChannelImpl);
}
