import Stripe from 'stripe';
import type { stripeParty } from '@rx/contracts';
import {
  OutsideError,
  retryAfterSeconds,
  type Answer,
  type PartyContext,
  type SettingsOf,
} from '../../../lib/outside/index.ts';
import type { PaymentProvider } from './adapter.ts';

/** Stripe's API, reached elsewhere only when the server is told so (tests' stand-in). */
export const STRIPE_API = 'https://api.stripe.com';

/** A Stripe client for the secret key, aimed at `api` (the kit retries and times out itself). */
export function stripeClient(secretKey: string, api: string): Stripe {
  const url = new URL(api);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
    timeout: 20_000,
    telemetry: false,
  });
}

/** A Stripe SDK error as the kit's: by its HTTP status, with Stripe's request id and `Retry-After`. */
function failure(error: unknown): OutsideError {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  const status = error.statusCode;
  const header = error.headers?.['retry-after'];
  const kind =
    status === undefined || status >= 500 ? 'unavailable' : status === 429 ? 'rate_limited' : 'refused';
  return new OutsideError(kind, `${error.type}: ${error.message}`, {
    status,
    requestId: error.requestId,
    retryAfter: retryAfterSeconds(typeof header === 'string' ? header : undefined),
  });
}

async function attempt<T extends { lastResponse: { statusCode: number; requestId: string } }>(
  request: () => Promise<T>,
): Promise<Answer<T>> {
  try {
    const value = await request();
    return { value, httpStatus: value.lastResponse.statusCode, requestId: value.lastResponse.requestId };
  } catch (error) {
    throw failure(error);
  }
}

/** The site's payment method as the Checkout Session's filter: cards and wallets by card, PayPal by PayPal, others as the account allows. */
function methodsOf(method: string): ('card' | 'paypal')[] | undefined {
  if (method === 'paypal') return ['paypal'];
  return method === 'local_wallet' ? undefined : ['card'];
}

/**
 * Stripe Checkout: a payment is a Checkout Session (its id the payment reference, its URL where the
 * player pays), a refund refunds the session's PaymentIntent. Each carries an idempotency key
 * derived from the order number, so a retry never makes a second session or refund.
 */
export function realStripe(ctx: PartyContext<SettingsOf<typeof stripeParty>>): PaymentProvider {
  const client = stripeClient(ctx.credentials.secret_key!, ctx.endpoint(STRIPE_API));
  return {
    name: 'stripe',
    async createPayment(request) {
      const session = await ctx.call(
        'checkout_create',
        (a) =>
          attempt(() =>
            client.checkout.sessions.create(
              {
                mode: 'payment',
                client_reference_id: request.orderNo,
                metadata: { order_no: request.orderNo },
                payment_intent_data: { metadata: { order_no: request.orderNo } },
                allowed_payment_method_types: methodsOf(request.method),
                line_items: [
                  {
                    quantity: 1,
                    price_data: {
                      currency: request.currency.toLowerCase(),
                      unit_amount: request.amount,
                      product_data: { name: request.description },
                    },
                  },
                ],
                success_url: ctx.settings.success_url,
                cancel_url: ctx.settings.cancel_url,
              },
              { idempotencyKey: a.idempotencyKey },
            ),
          ),
        { idempotencyKey: `checkout:${request.orderNo}` },
      );
      if (!session.url) throw new OutsideError('refused', `Checkout Session ${session.id} has no URL`);
      return { paymentRef: session.id, payUrl: session.url };
    },
    async refund(request) {
      const session = await ctx.call('checkout_get', () =>
        attempt(() => client.checkout.sessions.retrieve(request.paymentRef)),
      );
      const intent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent)
        throw new OutsideError('refused', `Checkout Session ${session.id} has no payment to refund`);
      const refund = await ctx.call(
        'refund_create',
        (a) =>
          attempt(() =>
            client.refunds.create(
              {
                payment_intent: intent,
                amount: request.amount,
                reason: 'requested_by_customer',
                metadata: { order_no: request.orderNo, reason: request.reason.slice(0, 500) },
              },
              { idempotencyKey: a.idempotencyKey },
            ),
          ),
        { idempotencyKey: `refund:${request.orderNo}` },
      );
      return { refundRef: refund.id };
    },
  };
}
