import { googlePlayParty } from '@rx/contracts';
import { defineParty } from '../../../lib/outside/index.ts';
import type { StoreAdapter } from './adapter.ts';
import { FakeStore } from './fake.ts';
import { realGooglePlay } from './real.ts';

/** The fake store's state, shared by every game using the fake (reset before each test file). */
const fake = new FakeStore();
export const fakeStore = (): FakeStore => fake;

/**
 * Google Play's voided purchases. A page is asked once per poll step (the poll goes on from its
 * cursor at the next tick, and waits out a 429's `Retry-After`); the token request is retried.
 */
export const googlePlay = defineParty<StoreAdapter, typeof googlePlayParty>({
  contract: googlePlayParty,
  policies: {
    '*': { timeoutMs: 10_000, attempts: 1 },
    token: { attempts: 3, backoffMs: 500 },
  },
  real: realGooglePlay,
  fake: (ctx) => ({
    store: fake.store,
    voidedPurchases: (cursor) =>
      ctx.authorized(
        () => ctx.call('token', async () => ({ value: fake.issueToken() })),
        (token) =>
          ctx.call('voided_purchases', async (a) => ({
            value: await fake.voidedPurchases(ctx.productId, cursor, token, a.signal),
          })),
      ),
  }),
  resetFake: () => fake.reset(),
});
