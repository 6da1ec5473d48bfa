/** Distribution channels and sub-channels of a product: the routes, and the services other modules use. */
export { channelRoutes } from './routes.ts';
export { channelService } from './channels.ts';
export { subChannelService } from './sub-channels.ts';
