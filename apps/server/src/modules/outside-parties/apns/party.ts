import { apnsParty } from '@rx/contracts';
import { defineParty } from '../../../lib/outside/index.ts';
import type { PushProvider } from '../fcm/adapter.ts';
import { FakeApns } from './fake.ts';
import { realApns } from './real.ts';

const fake = new FakeApns();
export const fakeApns = (): FakeApns => fake;

/** Apple Push Notification service. A send is one attempt (the push job answers each push once). */
export const apns = defineParty<PushProvider, typeof apnsParty>({
  contract: apnsParty,
  policies: { '*': { timeoutMs: 10_000, attempts: 1 } },
  real: realApns,
  fake: (ctx) => ({
    provider: 'apns',
    send: (message, key) =>
      ctx.call('send', async (a) => ({ value: await fake.send(ctx.productId, message, key, a.signal) }), {
        idempotencyKey: key,
      }),
  }),
  resetFake: () => fake.reset(),
});
