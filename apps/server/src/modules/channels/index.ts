/** Distribution channels and sub-channels of a product: the routes, and lookups other modules use. */
export { channelRoutes, CHANNEL_SEE, SUB_CHANNEL_SEE } from './routes.ts';
export { getChannel, toChannel } from './channel-service.ts';
export { getSubChannel } from './sub-channel-service.ts';
