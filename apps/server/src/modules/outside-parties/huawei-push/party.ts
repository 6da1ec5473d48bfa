import { huaweiPushParty } from '@rx/contracts';
import { definePushParty } from '../fcm/push-fake.ts';
import { FakeHuaweiPush } from './fake.ts';
import { realHuaweiPush } from './real.ts';

const fake = new FakeHuaweiPush();
export const fakeHuaweiPush = (): FakeHuaweiPush => fake;

/** Huawei Push Kit, with the app's OAuth client-credentials tokens. */
export const huaweiPush = definePushParty({
  contract: huaweiPushParty,
  provider: 'huawei',
  fake,

  real: realHuaweiPush,
});
