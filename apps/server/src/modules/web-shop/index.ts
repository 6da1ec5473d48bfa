/**
 * The overseas web recharge site's goods and orders: console routes, the site's signed order API,
 * the payment provider's notices, and the delivery through the game adapter.
 */
export { webPayRoutes, webShopGameRoutes, webShopRoutes, DELIVER_JOB } from './routes.ts';
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
