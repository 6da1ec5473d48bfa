import type { Db } from '../../db/index.ts';
import type { Outside } from '../../lib/outside/index.ts';
import { defineModule } from '../../lib/server-module.ts';
import { resetDeliveryRetry } from './fakes.ts';
import { webPayRoutes, webShopGameRoutes, webShopRoutes, webShopWork } from './routes.ts';

/**
 * The overseas web recharge site's goods and orders: console routes, the site's signed order API,
 * the payment provider's notices, and the delivery through the game's server.
 */
export const webShopModule = defineModule<{ db: Db; fakePaySecret: string; outside: Outside }>({
  name: 'web-shop',
  routes: webShopRoutes,
  // The payment provider's signed notices.
  mounts: [{ prefix: '/api/pay/v1', routes: webPayRoutes }],
  gameRoutes: webShopGameRoutes,
  work: webShopWork,
  reset: resetDeliveryRetry,
});
export { DELIVER_JOB } from './routes.ts';
export {
  deliveryGame,
  paymentProvider,
  resetDeliveryRetry,
  setDeliveryRetry,
  setWebShopTimeout,
} from './fakes.ts';
export type { FakeDeliveryGame, FakePayProvider } from '../outside-parties/index.ts';
export { goodsService } from './goods.ts';
export { seedDemoWebShop } from './seed.ts';
