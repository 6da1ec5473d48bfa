import type Stripe from 'stripe';
import type { Db } from '../../../db/index.ts';
import type { Outside } from '../../../lib/outside/index.ts';
import { STRIPE_API, stripeClient } from './real.ts';

/** A payment notice as the web shop applies it (contracts' `webPayNotice`). */
export interface PayNotice {
  notice_id: string;
  order_no: string;
  payment_ref: string;
  status: 'paid' | 'failed';
  amount: number;
  currency: string;
  paid_at: string;
}

/** What Stripe's signed event says of an order's payment; null for events about something else. */
export function noticeOfEvent(event: Stripe.Event): PayNotice | null {
  let status: PayNotice['status'];
  switch (event.type) {
    case 'checkout.session.completed':
      // Paid now, or (bank transfers and the like) later: `async_payment_succeeded` follows.
      if (event.data.object.payment_status === 'unpaid') return null;
      status = 'paid';
      break;
    case 'checkout.session.async_payment_succeeded':
      status = 'paid';
      break;
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      status = 'failed';
      break;
    default:
      return null;
  }
  const session = event.data.object;
  return {
    notice_id: event.id,
    order_no: session.client_reference_id ?? session.metadata?.order_no ?? '',
    payment_ref: session.id,
    status,
    amount: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    paid_at: new Date(event.created * 1000).toISOString(),
  };
}

/**
 * A Stripe webhook to a game's address (`/api/pay/v1/notify/stripe/<product id>`): its signature
 * checked with `stripe.webhooks.constructEvent` and the game's webhook secret, and logged in the
 * game's call log. Answers the payment notice it carries (null: an event about something else), or
 * `refused` when the game has no real Stripe or the signature does not hold.
 */
export async function readStripeWebhook(
  outside: Outside,
  db: Db,
  productId: number,
  raw: Buffer,
  signature: string | undefined,
): Promise<{ refused: string } | { notice: PayNotice | null }> {
  const started = performance.now();
  const choice = await outside.choice(db, 'stripe', productId);
  if (
    !choice ||
    choice.mode !== 'real' ||
    !choice.credentials.webhook_secret ||
    !choice.credentials.secret_key
  )
    return { refused: 'Stripe is not the real provider of this game' };
  const log = (status: 'ok' | 'refused', requestId: string, error = '') =>
    outside.calls.record(
      {
        cpId: choice.cpId,
        productId,
        party: 'stripe',
        account: '',
        operation: 'webhook',
        mode: 'real',
        status,
        attempt: 1,
        latencyMs: performance.now() - started,
        requestId,
        error,
      },
      Object.values(choice.credentials),
    );
  let event: Stripe.Event;
  try {
    const client = stripeClient(choice.credentials.secret_key, STRIPE_API);
    event = client.webhooks.constructEvent(raw, signature ?? '', choice.credentials.webhook_secret);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    log('refused', '', why);
    return { refused: why };
  }
  log('ok', event.id);
  return { notice: noticeOfEvent(event) };
}
