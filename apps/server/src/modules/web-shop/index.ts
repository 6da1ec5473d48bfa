import { defineModule } from '../../lib/server-module.ts';
import { resetWebShopAdapters } from './adapter.ts';
import { webPayRoutes, webShopGameRoutes, webShopRoutes, webShopWork } from './routes.ts';

/**
 * The overseas web recharge site's goods and orders: console routes, the site's signed order API,
 * the payment provider's notices, and the delivery through the game adapter.
 */
export const webShopModule = defineModule({
  name: 'web-shop',
  routes: webShopRoutes,
  // The payment provider's signed notices.
  mounts: [{ prefix: '/api/pay/v1', routes: webPayRoutes }],
  gameRoutes: webShopGameRoutes,
  work: webShopWork,
  reset: resetWebShopAdapters,
});
export { DELIVER_JOB } from './routes.ts';
export {
  FakeDeliveryGame,
  FakePayProvider,
  deliveryGame,
  paymentProvider,
  setDeliveryGame,
  setDeliveryRetry,
  setPaymentProvider,
  setWebShopTimeout,
  type DeliveryGameAdapter,
  type PaymentProvider,
} from './adapter.ts';
export { goodsService } from './goods.ts';
export { seedDemoWebShop } from './seed.ts';
