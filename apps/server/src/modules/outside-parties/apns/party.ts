import { apnsParty } from '@rx/contracts';
import { definePushParty } from '../fcm/push-fake.ts';
import { FakeApns } from './fake.ts';
import { realApns } from './real.ts';

const fake = new FakeApns();
export const fakeApns = (): FakeApns => fake;

/** Apple Push Notification service (provider tokens signed locally from the .p8 key). */
export const apns = definePushParty({
  contract: apnsParty,
  provider: 'apns',
  fake,

  real: realApns,
});
