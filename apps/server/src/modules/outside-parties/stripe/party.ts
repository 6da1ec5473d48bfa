import { stripeParty } from '@rx/contracts';
import { defineParty } from '../../../lib/outside/index.ts';
import type { PaymentProvider } from './adapter.ts';
import { FakePayProvider } from './fake.ts';
import { realStripe } from './real.ts';

/** The fake provider's state, shared by every game using the fake (reset before each test file). */
const fake = new FakePayProvider();
export const fakePayProvider = (): FakePayProvider => fake;

/**
 * The web recharge site's payment provider: Stripe Checkout, or the fake `fakepay`. Creating a
 * session or a refund is tried twice on a 429 or a 5xx (the same idempotency key: Stripe answers
 * the first result); a timeout is not retried while the player waits.
 */
export const stripePayments = defineParty<PaymentProvider, typeof stripeParty>({
  contract: stripeParty,
  policies: {
    '*': { timeoutMs: 10_000, attempts: 2, retryOn: ['rate_limited', 'unavailable'], maxWaitMs: 3000 },
  },
  real: realStripe,
  fake: (ctx) => ({
    name: fake.name,
    createPayment: (request) =>
      ctx.call('checkout_create', async (a) => ({ value: await fake.createPayment(request, a.signal) }), {
        idempotencyKey: `checkout:${request.orderNo}`,
      }),
    refund: (request) =>
      ctx.call('refund_create', async (a) => ({ value: await fake.refund(request, a.signal) }), {
        idempotencyKey: `refund:${request.orderNo}`,
      }),
  }),
  resetFake: () => fake.reset(),
});
