import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { FakeScript, actOut } from '../../../lib/outside/index.ts';
import type { PaymentCreated, PaymentRequest } from './adapter.ts';

/**
 * The demo's public secret of the fake provider: the browser tests and the demo sign notices with it.
 * The server accepts it only with demo data on a loopback address (config.ts, `fakePaySecret`).
 */
export const PUBLIC_DEMO_PAY_SECRET = 'fakepay-demo-secret';

/** HMAC-SHA256 hex of the body with the secret: the fake provider's notice signature. */
export function signBody(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Constant-time comparison of two hex signatures (a length mismatch is false without a timing hint). */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  if (a.length !== b.length) {
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}

export type ProviderMode = 'ok' | 'timeout' | 'fail';

/**
 * The fake provider (`fakepay`). `createPayment` answers a reference and a pay address; `refund` a
 * refund reference. `mode` (or `failNext(...outcomes)`): `timeout` never answers (an order without a
 * payment is not created; a refund stays where it was and says so), `fail` answers an error.
 * `notice(...)` builds a notice and its signature as the provider would send it, signed with
 * `secret` (the server checks notices with its own: config.ts).
 */
export class FakePayProvider {
  readonly name = 'fakepay';
  readonly calls: { kind: 'create' | 'refund'; orderNo: string; outcome: ProviderMode }[] = [];
  private readonly script = new FakeScript<ProviderMode>('ok');

  constructor(readonly secret = PUBLIC_DEMO_PAY_SECRET) {}

  get mode(): ProviderMode {
    return this.script.mode;
  }
  set mode(mode: ProviderMode) {
    this.script.mode = mode;
  }

  failNext(...outcomes: ProviderMode[]): void {
    this.script.plan(...outcomes);
  }

  reset(): void {
    this.calls.length = 0;
    this.script.reset();
  }

  private async outcome(kind: 'create' | 'refund', orderNo: string, signal?: AbortSignal): Promise<void> {
    const outcome = this.script.next();
    this.calls.push({ kind, orderNo, outcome });
    await actOut(outcome, 'payment provider', signal);
  }

  async createPayment(request: PaymentRequest, signal?: AbortSignal): Promise<PaymentCreated> {
    await this.outcome('create', request.orderNo, signal);
    const paymentRef = `fp_${randomBytes(8).toString('hex')}`;
    return { paymentRef, payUrl: `https://pay.fakepay.example/checkout/${paymentRef}` };
  }

  async refund(request: { orderNo: string }, signal?: AbortSignal): Promise<{ refundRef: string }> {
    await this.outcome('refund', request.orderNo, signal);
    return { refundRef: `fr_${randomBytes(8).toString('hex')}` };
  }

  /** A notice as the provider sends it: the JSON body and its signature header value. */
  notice(fields: {
    notice_id: string;
    order_no: string;
    payment_ref: string;
    amount: number;
    currency: string;
    status?: 'paid' | 'failed';
    paid_at?: string;
  }): { body: string; signature: string } {
    const body = JSON.stringify({ status: 'paid', paid_at: new Date().toISOString(), ...fields });
    return { body, signature: signBody(this.secret, body) };
  }
}
