import type { PushProviderName } from '@rx/contracts';
import type { PartyDefinition } from '../../lib/outside/index.ts';
import type { PushProvider } from './fcm/adapter.ts';
import { apns } from './apns/party.ts';
import { fcm } from './fcm/party.ts';
import { huaweiPush } from './huawei-push/party.ts';
import { wechatSubscribe } from './wechat-subscribe/party.ts';

/** The app push providers, by the name a device token is registered with. */
export const pushParties: Partial<Record<PushProviderName, PartyDefinition<PushProvider>>> = {
  fcm: fcm as unknown as PartyDefinition<PushProvider>,
  apns: apns as unknown as PartyDefinition<PushProvider>,
  huawei: huaweiPush as unknown as PartyDefinition<PushProvider>,
  wechat: wechatSubscribe as unknown as PartyDefinition<PushProvider>,
};
