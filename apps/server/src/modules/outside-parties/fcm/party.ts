import { fcmParty } from '@rx/contracts';
import { FakeFcm } from './fake.ts';
import { definePushParty } from './push-fake.ts';
import { realFcm } from './real.ts';

const fake = new FakeFcm();
export const fakeFcm = (): FakeFcm => fake;

/** Firebase Cloud Messaging, with a service account's OAuth tokens. */
export const fcm = definePushParty({
  contract: fcmParty,
  provider: 'fcm',
  fake,

  real: realFcm,
});
