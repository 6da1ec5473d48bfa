/**
 * The game's outside parties (lib/outside is the kit): the kinds the console talks to today — the
 * game's own server (kick, claw-back, web-order delivery), Stripe Checkout (the web recharge site's
 * payments), Google Play (voided purchases) — each with its real implementation and its fake; and
 * the console's settings and call log (`/outside-parties`, `/outside-calls`).
 */
import { defineModule } from '../../lib/server-module.ts';
import { resetOutsideParties } from '../../lib/outside/index.ts';
import { outsidePartyRoutes } from './routes.ts';

export const outsidePartiesModule = defineModule({
  name: 'outside-parties',
  routes: outsidePartyRoutes,
  // Every kind's fake back to `ok`, its calls forgotten, its call policies as declared.
  reset: resetOutsideParties,
});
export { DEFAULT_CALL_RETENTION_DAYS, outsidePartyRoutes } from './routes.ts';
export { gameServer, gameServerFakes } from './game-server/party.ts';
export type {
  ClawAnswer,
  ClawCurrency,
  ClawItem,
  DeliveryAnswer,
  GameServer,
} from './game-server/adapter.ts';
export { FakeClawbackGame, FakeDeliveryGame, FakeGameAdapter } from './game-server/fake.ts';
export { fakePayProvider, stripePayments } from './stripe/party.ts';
export type { PaymentProvider } from './stripe/adapter.ts';
export { FakePayProvider, PUBLIC_DEMO_PAY_SECRET, sameSignature, signBody } from './stripe/fake.ts';
export { readStripeWebhook } from './stripe/notices.ts';
export { fakeStore, googlePlay } from './google-play/party.ts';
export type { StoreAdapter, VoidedPurchase } from './google-play/adapter.ts';
export { FakeStore } from './google-play/fake.ts';
export { fakeFcm, fcm } from './fcm/party.ts';
export type { PushMessage, PushOutcome, PushProvider } from './fcm/adapter.ts';
export { FakeFcm } from './fcm/fake.ts';
export { FCM_API } from './fcm/real.ts';
export { pushParties } from './push.ts';
export { apns, fakeApns } from './apns/party.ts';
export { FakeApns } from './apns/fake.ts';
export { APNS_PRODUCTION, APNS_SANDBOX } from './apns/real.ts';
export { fakeHuaweiPush, huaweiPush } from './huawei-push/party.ts';
export { HUAWEI_OAUTH, HUAWEI_PUSH_API } from './huawei-push/real.ts';
export { fakeWechatSubscribe, wechatSubscribe } from './wechat-subscribe/party.ts';
export { FAKE_CALLBACK_TOKEN, FakeWechatSubscribe } from './wechat-subscribe/fake.ts';
export { WECHAT_API } from './wechat-subscribe/real.ts';
export {
  callbackSignature,
  templateFields,
  type WechatSubscribe,
  type WechatTemplate,
} from './wechat-subscribe/adapter.ts';
export { fakeVision, googleVision } from './google-vision/party.ts';
export type { ImageModeration, ImageVerdict } from './google-vision/adapter.ts';
export { VISION_API } from './google-vision/real.ts';
