/**
 * The overseas web recharge site's goods and orders: console routes, the site's signed order API,
 * the payment provider's notices, and the delivery through the game's server.
 */
export { webPayRoutes, webShopGameRoutes, webShopRoutes, DELIVER_JOB } from './routes.ts';
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
