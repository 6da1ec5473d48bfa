import { fcmParty } from '@rx/contracts';
import { defineParty } from '../../../lib/outside/index.ts';
import type { PushProvider } from './adapter.ts';
import { FakeFcm } from './fake.ts';
import { realFcm } from './real.ts';

const fake = new FakeFcm();
export const fakeFcm = (): FakeFcm => fake;

/**
 * Firebase Cloud Messaging. A send is one attempt (the push job retries it as its item, with the
 * same idempotency key); the token request is retried.
 */
export const fcm = defineParty<PushProvider, typeof fcmParty>({
  contract: fcmParty,
  policies: {
    '*': { timeoutMs: 10_000, attempts: 1 },
    token: { attempts: 3, backoffMs: 500 },
  },
  real: realFcm,
  fake: (ctx) => ({
    provider: 'fcm',
    send: (message, key) =>
      ctx.authorized(
        () => ctx.call('token', async () => ({ value: fake.issueToken() })),
        (token) =>
          ctx.call(
            'send',
            async (a) => ({ value: await fake.send(ctx.productId, message, key, token, a.signal) }),
            {
              idempotencyKey: key,
            },
          ),
      ),
  }),
  resetFake: () => fake.reset(),
});
