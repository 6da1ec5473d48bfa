import { defineModule } from '../../lib/server-module.ts';
import { channelRoutes } from './routes.ts';

/** Distribution channels and sub-channels of a product: the routes, and the services other modules use. */
export const channelsModule = defineModule({ name: 'channels', routes: channelRoutes });
export { channelService } from './channels.ts';
export { subChannelService } from './sub-channels.ts';
