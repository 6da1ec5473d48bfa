import { defineModule } from '../../lib/server-module.ts';
import { autoReplyGameRoutes } from './game.ts';
import { autoReplyRoutes } from './routes.ts';

/** Automatic replies of a product: the `/auto-replies` routes, and the matching games ask for. */
export const autoRepliesModule = defineModule({
  name: 'auto-replies',
  routes: autoReplyRoutes,
  gameRoutes: autoReplyGameRoutes,
});
export { matchAutoReply } from './service.ts';
