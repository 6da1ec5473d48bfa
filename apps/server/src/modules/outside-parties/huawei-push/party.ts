import { huaweiPushParty } from '@rx/contracts';
import { defineParty } from '../../../lib/outside/index.ts';
import type { PushProvider } from '../fcm/adapter.ts';
import { FakeHuaweiPush } from './fake.ts';
import { realHuaweiPush } from './real.ts';

const fake = new FakeHuaweiPush();
export const fakeHuaweiPush = (): FakeHuaweiPush => fake;

/** Huawei Push Kit. A send is one attempt (the push job answers each push once); the token request is retried. */
export const huaweiPush = defineParty<PushProvider, typeof huaweiPushParty>({
  contract: huaweiPushParty,
  policies: {
    '*': { timeoutMs: 10_000, attempts: 1 },
    token: { attempts: 3, backoffMs: 500 },
  },
  real: realHuaweiPush,
  fake: (ctx) => ({
    provider: 'huawei',
    send: (message, key) =>
      ctx.authorized(
        () => ctx.call('token', async () => ({ value: fake.issueToken() })),
        (token) =>
          ctx.call(
            'send',
            async (a) => ({ value: await fake.send(ctx.productId, message, key, token, a.signal) }),
            { idempotencyKey: key },
          ),
      ),
  }),
  resetFake: () => fake.reset(),
});
