import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The two outside parties of web orders, each behind an interface with a fake (demo, tests):
 *
 * - the **payment provider** (`PaymentProvider`): creates a payment for an order (a reference and
 *   the address the player pays at), refunds one, and signs its notices (`POST /api/pay/v1/notify/
 *   :provider`) with HMAC-SHA256 over the raw body with its secret — checked in constant time here;
 * - the **game** (`DeliveryGameAdapter.deliver`): hands an order's items and currencies to the
 *   player's role. The game dedupes by order number: a second call for the same order answers
 *   `duplicate` and applies nothing.
 *
 * Every call is bounded by a timeout (`withTimeout`): a call that hangs counts as failed.
 */

export interface DeliveryItem {
  prop_id: number;
  quantity: number;
}
export interface DeliveryCurrency {
  currency: string;
  amount: number;
}
export interface DeliveryAnswer {
  /** False: the game had applied this order number already (nothing was applied now). */
  applied: boolean;
}

/** The game's 429: ask again after `retryAfter` seconds. */
export class GameRateLimited extends Error {
  constructor(readonly retryAfter: number) {
    super(`game rate limit (429), retry after ${retryAfter}s`);
  }
}

export interface DeliveryGameAdapter {
  deliver(
    productId: number,
    openid: string,
    roleId: string,
    orderNo: string,
    items: DeliveryItem[],
    currencies: DeliveryCurrency[],
  ): Promise<DeliveryAnswer>;
}

export type DeliveryMode = 'ok' | 'timeout' | 'timeout_after_apply' | 'rate_limit' | 'fail';

/**
 * The fake game. It keeps a ledger of what it applied, once per order number. `mode` (or
 * `failNext(...outcomes)` for the next calls in turn):
 * - `ok`: applied (or `applied: false` when the order number is in the ledger already);
 * - `timeout`: never answers and applies nothing — the caller's timeout ends the call;
 * - `timeout_after_apply`: applies (the ledger has it) and then never answers — the caller cannot
 *   tell, retries, and the retry answers `applied: false` (the dedupe): delivered exactly once;
 * - `rate_limit`: a 429 with `retryAfter` seconds, nothing applied — the caller waits that long
 *   (bounded) before the next attempt;
 * - `fail`: a 5xx, nothing applied.
 * A role id `fake-fail-<n>` makes the first n calls for each of its orders fail (a 5xx) whatever the
 * mode — how a browser test or the demo gets an order to "delivery failed" through the real server.
 * Every call is recorded in `calls`.
 */
export class FakeDeliveryGame implements DeliveryGameAdapter {
  readonly calls: { productId: number; orderNo: string; outcome: DeliveryMode }[] = [];
  /** What the game applied: one entry per order number. */
  readonly ledger = new Map<
    string,
    {
      productId: number;
      openid: string;
      roleId: string;
      items: DeliveryItem[];
      currencies: DeliveryCurrency[];
    }
  >();
  mode: DeliveryMode = 'ok';
  retryAfter = 1;
  private plan: DeliveryMode[] = [];
  /** Calls failed so far per order of a `fake-fail-<n>` role. */
  private readonly failedFor = new Map<string, number>();

  failNext(...outcomes: DeliveryMode[]): void {
    this.plan = outcomes;
  }

  reset(): void {
    this.calls.length = 0;
    this.ledger.clear();
    this.failedFor.clear();
    this.mode = 'ok';
    this.retryAfter = 1;
    this.plan = [];
  }

  /** How many times the order was applied (0 or 1). */
  applications(orderNo: string): number {
    return this.ledger.has(orderNo) ? 1 : 0;
  }

  async deliver(
    productId: number,
    openid: string,
    roleId: string,
    orderNo: string,
    items: DeliveryItem[],
    currencies: DeliveryCurrency[],
  ): Promise<DeliveryAnswer> {
    let outcome = this.plan.shift() ?? this.mode;
    const marked = /^fake-fail-(\d+)$/.exec(roleId);
    if (marked) {
      const failed = this.failedFor.get(orderNo) ?? 0;
      if (failed < Number(marked[1])) {
        this.failedFor.set(orderNo, failed + 1);
        outcome = 'fail';
      }
    }
    this.calls.push({ productId, orderNo, outcome });
    if (outcome === 'rate_limit') throw new GameRateLimited(this.retryAfter);
    if (outcome === 'fail') throw new Error('game answered 503 (fake: fail)');
    if (outcome === 'timeout') await new Promise<never>(() => {});
    const applied = !this.ledger.has(orderNo);
    if (applied) this.ledger.set(orderNo, { productId, openid, roleId, items, currencies });
    if (outcome === 'timeout_after_apply') await new Promise<never>(() => {});
    return { applied };
  }
}

export interface PaymentRequest {
  orderNo: string;
  amount: number;
  currency: string;
  country: string;
  method: string;
}
export interface PaymentCreated {
  paymentRef: string;
  payUrl: string;
}

export interface PaymentProvider {
  readonly name: string;
  createPayment(request: PaymentRequest): Promise<PaymentCreated>;
  refund(request: {
    paymentRef: string;
    orderNo: string;
    amount: number;
    currency: string;
    reason: string;
  }): Promise<{
    refundRef: string;
  }>;
  /** Whether the signature header is the provider's over exactly these body bytes (constant time). */
  verify(rawBody: Buffer, signature: string): boolean;
}

export type ProviderMode = 'ok' | 'timeout' | 'fail';

/** HMAC-SHA256 hex of the body with the secret. */
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

/**
 * The fake provider (`fakepay`). `createPayment` answers a reference and a pay address; `refund`
 * answers a refund reference. `mode` (or `failNext(...outcomes)`): `timeout` never answers (the
 * caller's timeout ends it: an order without a payment is not created; a refund stays where it was
 * and says so), `fail` answers an error. `notice(...)` builds a notice and its signature as the
 * provider would send it.
 */
export class FakePayProvider implements PaymentProvider {
  readonly name = 'fakepay';
  readonly calls: { kind: 'create' | 'refund'; orderNo: string; outcome: ProviderMode }[] = [];
  mode: ProviderMode = 'ok';
  private plan: ProviderMode[] = [];

  constructor(readonly secret = process.env.FAKEPAY_SECRET || 'fakepay-demo-secret') {}

  failNext(...outcomes: ProviderMode[]): void {
    this.plan = outcomes;
  }

  reset(): void {
    this.calls.length = 0;
    this.mode = 'ok';
    this.plan = [];
  }

  private async outcome(kind: 'create' | 'refund', orderNo: string): Promise<void> {
    const outcome = this.plan.shift() ?? this.mode;
    this.calls.push({ kind, orderNo, outcome });
    if (outcome === 'fail') throw new Error('provider answered 502 (fake: fail)');
    if (outcome === 'timeout') await new Promise<never>(() => {});
  }

  async createPayment(request: PaymentRequest): Promise<PaymentCreated> {
    await this.outcome('create', request.orderNo);
    const paymentRef = `fp_${randomBytes(8).toString('hex')}`;
    return { paymentRef, payUrl: `https://pay.fakepay.example/checkout/${paymentRef}` };
  }

  async refund(request: { orderNo: string }): Promise<{ refundRef: string }> {
    await this.outcome('refund', request.orderNo);
    return { refundRef: `fr_${randomBytes(8).toString('hex')}` };
  }

  verify(rawBody: Buffer, signature: string): boolean {
    return sameSignature(signBody(this.secret, rawBody), signature);
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

let game: DeliveryGameAdapter = new FakeDeliveryGame();
const providers = new Map<string, PaymentProvider>([['fakepay', new FakePayProvider()]]);
const DEFAULT_TIMEOUT_MS = 5000;
interface RetryPolicy {
  attempts: number;
  backoffMs: number;
  maxWaitMs: number;
}
const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  attempts: 3,
  backoffMs: 1000,
  maxWaitMs: 10_000,
});
/** How long a delivery or a provider call may take before it counts as failed (tests lower it). */
let timeoutMs = DEFAULT_TIMEOUT_MS;
/** Delivery attempts per run of the retry job, and the longest wait between two (a 429's retry-after is capped by it). */
let retryPolicy: Readonly<RetryPolicy> = DEFAULT_RETRY_POLICY;

/** The adapters, timeout and retries a server starts with: fresh fakes (each API test file starts so). */
export function resetWebShopAdapters(): void {
  game = new FakeDeliveryGame();
  providers.clear();
  providers.set('fakepay', new FakePayProvider());
  timeoutMs = DEFAULT_TIMEOUT_MS;
  retryPolicy = DEFAULT_RETRY_POLICY;
}

export const deliveryGame = () => game;
export function setDeliveryGame(adapter: DeliveryGameAdapter): void {
  game = adapter;
}
export function paymentProvider(name: string): PaymentProvider | undefined {
  return providers.get(name);
}
export function setPaymentProvider(adapter: PaymentProvider): void {
  providers.set(adapter.name, adapter);
}
/** The provider an order pays through (one for now: the fake, or a real one registered under its name). */
export const DEFAULT_PROVIDER = 'fakepay';
export function setWebShopTimeout(ms: number): void {
  timeoutMs = ms;
}
export function setDeliveryRetry(policy: Partial<RetryPolicy>): void {
  retryPolicy = { ...retryPolicy, ...policy };
}
export const deliveryRetry = () => retryPolicy;

/** The call, or a rejection after the timeout. */
export async function withTimeout<T>(call: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      call,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
