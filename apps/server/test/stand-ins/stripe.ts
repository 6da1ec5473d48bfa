import { createHmac, randomBytes } from 'node:crypto';
import { startStandIn, type Received, type Reply, type StandIn } from './server.ts';

/**
 * Stripe's API as far as Checkout and refunds go, from its documentation: form-encoded requests with
 * a bearer secret key, JSON objects back with a `Request-Id`, idempotency keys (a repeat answers
 * the first answer; the same key with other parameters is refused), errors as `{ error: { type,
 * message } }`. It signs webhook events as Stripe does: `Stripe-Signature: t=<ts>,v1=<HMAC-SHA256
 * of "<ts>.<payload>" with the endpoint's secret>`.
 */
export interface StripeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  allowed_payment_method_types: string[];
}

export interface StripeStandIn extends StandIn {
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, StripeSession>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** The next API requests' answers in turn: a 429 with `Retry-After`, or a 500. */
  plan(...outcomes: ('rate_limit' | 'fail')[]): void;
  /** The player paid: the session completes and its `checkout.session.completed` event is answered, signed. */
  pay(sessionId: string): { payload: string; signature: string };
  /** Any event, signed with the webhook secret (or another). */
  sign(payload: string, secret?: string): string;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const error = (
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): Reply => ({
  status,
  headers: { 'request-id': id('req'), ...headers },
  body: { error: { type, message } },
});

export async function startStripe(): Promise<StripeStandIn> {
  const secretKey = id('sk');
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, StripeSession>();
  const refunds: StripeStandIn['refunds'] = [];
  const replies = new Map<string, { params: string; reply: Reply }>();
  let queued: ('rate_limit' | 'fail')[] = [];

  function answer(request: Received, params: URLSearchParams): Reply {
    const session = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(request.path);
    if (request.method === 'GET' && session) {
      const found = sessions.get(session[1]!);
      return found
        ? { status: 200, body: found }
        : error(404, 'invalid_request_error', 'No such checkout.session');
    }
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const created: StripeSession = {
        id: id('cs'),
        object: 'checkout.session',
        mode: 'payment',
        url: '',
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        amount_total:
          Number(params.get('line_items[0][price_data][unit_amount]')) *
          Number(params.get('line_items[0][quantity]')),
        currency: params.get('line_items[0][price_data][currency]') ?? '',
        client_reference_id: params.get('client_reference_id'),
        metadata: { order_no: params.get('metadata[order_no]') ?? '' },
        success_url: params.get('success_url') ?? '',
        cancel_url: params.get('cancel_url') ?? '',
        allowed_payment_method_types: params.getAll('allowed_payment_method_types[0]'),
      };
      if (!created.success_url || !created.currency || !Number.isInteger(created.amount_total))
        return error(400, 'invalid_request_error', 'Missing required param');
      created.url = `https://checkout.stripe.com/c/pay/${created.id}`;
      sessions.set(created.id, created);
      return { status: 200, body: created };
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      const intent = params.get('payment_intent') ?? '';
      const paid = [...sessions.values()].find((s) => s.payment_intent === intent);
      if (!paid) return error(400, 'invalid_request_error', `No such payment_intent: '${intent}'`);
      const refund = {
        id: id('re'),
        payment_intent: intent,
        amount: Number(params.get('amount') ?? paid.amount_total),
      };
      refunds.push(refund);
      return {
        status: 200,
        body: { ...refund, object: 'refund', status: 'succeeded', currency: paid.currency },
      };
    }
    return error(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${request.method}: ${request.path})`,
    );
  }

  function handle(request: Received): Reply {
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return error(401, 'invalid_request_error', 'Invalid API Key provided');
    const outcome = queued.shift();
    if (outcome === 'rate_limit')
      return error(429, 'rate_limit_error', 'Too many requests', {
        'retry-after': '1',
        'stripe-should-retry': 'true',
      });
    if (outcome === 'fail') return error(500, 'api_error', 'Something went wrong on our end');
    const params = new URLSearchParams(request.body);
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string') {
      const before = replies.get(key);
      if (before && before.params !== request.body)
        return error(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters',
        );
      if (before) return before.reply;
      const reply = answer(request, params);
      const withId =
        'status' in reply ? { ...reply, headers: { 'request-id': id('req'), ...reply.headers } } : reply;
      replies.set(key, { params: request.body, reply: withId });
      return withId;
    }
    const reply = answer(request, params);
    return 'status' in reply ? { ...reply, headers: { 'request-id': id('req'), ...reply.headers } } : reply;
  }

  const sign = (payload: string, secret = webhookSecret) => {
    const t = Math.floor(Date.now() / 1000);
    return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
  };
  const standIn = await startStandIn(handle);
  return {
    ...standIn,
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    plan: (...outcomes) => {
      queued = outcomes;
    },
    sign,
    pay(sessionId) {
      const session = sessions.get(sessionId)!;
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi') });
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        type: 'checkout.session.completed',
        livemode: false,
        data: { object: session },
      });
      return { payload, signature: sign(payload) };
    },
  };
}
