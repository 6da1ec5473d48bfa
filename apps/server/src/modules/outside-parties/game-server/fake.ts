import { FakeScript, actOut, hangUntil } from '../../../lib/outside/index.ts';
import type {
  ClawAnswer,
  ClawCurrency,
  ClawItem,
  DeliveryAnswer,
  DeliveryCurrency,
  DeliveryItem,
} from './adapter.ts';

/*
 * The fake game server (demo, tests): one fake per operation, each recording its calls and answering
 * by its script (lib/outside/fake.ts). How the flows react: a kick or account ban that did not
 * reach the game is recorded `pending` and retried by a `sanctions.kick` job; a claw-back stays
 * `clawback_pending` and a `refunds.clawback` job retries it; a delivery is tried again with backoff
 * and by a `web_shop.deliver` job, ending delivered or delivery failed.
 */

export type KickMode = 'ok' | 'fail' | 'timeout';

/** Kicks: `mode` (or `failNext(n, mode)` for the next n calls only: a game that comes back). */
export class FakeGameAdapter {
  readonly calls: { productId: number; openid: string; reason: string; outcome: KickMode }[] = [];
  private readonly script = new FakeScript<KickMode>('ok');

  get mode(): KickMode {
    return this.script.mode;
  }
  set mode(mode: KickMode) {
    this.script.mode = mode;
  }

  failNext(n: number, mode: Exclude<KickMode, 'ok'> = 'fail'): void {
    this.script.plan(...Array<KickMode>(n).fill(mode));
  }

  reset(): void {
    this.calls.length = 0;
    this.script.reset();
  }

  async kick(productId: number, openid: string, reason: string, signal?: AbortSignal): Promise<void> {
    const outcome = this.script.next();
    this.calls.push({ productId, openid, reason, outcome });
    await actOut(outcome, 'game', signal);
  }
}

export type ClawMode = 'ok' | 'partial' | 'timeout' | 'lost_answer' | 'fail';

/**
 * Claw-backs. `mode` (or `failNext(n, mode)`):
 * - `ok`: the player had enough; everything is taken;
 * - `partial`: the balance is short: `partialShare` (half by default, rounded down) of each line is
 *   taken and the rest answered `short` — the code records a debt, and a later claw-back asks only
 *   for what is still owed;
 * - `timeout`, `fail`: no answer, or an error: the refund stays `clawback_pending` for a job;
 * - `lost_answer`: the game takes everything and its answer never arrives; the retry sends the
 *   same key, and the game answers what it took the first time without taking again (`applied`).
 */
export class FakeClawbackGame {
  readonly calls: {
    productId: number;
    openid: string;
    items: ClawItem[];
    currencies: ClawCurrency[];
    outcome: ClawMode;
    key: string;
  }[] = [];
  /** The claw-backs really applied, by key, with their answer (a repeated key is answered from here). */
  readonly applied = new Map<string, ClawAnswer>();
  partialShare = 0.5;
  private readonly script = new FakeScript<ClawMode>('ok');

  get mode(): ClawMode {
    return this.script.mode;
  }
  set mode(mode: ClawMode) {
    this.script.mode = mode;
  }

  failNext(n: number, mode: Exclude<ClawMode, 'ok'> = 'fail'): void {
    this.script.plan(...Array<ClawMode>(n).fill(mode));
  }

  reset(): void {
    this.calls.length = 0;
    this.applied.clear();
    this.partialShare = 0.5;
    this.script.reset();
  }

  async clawBack(
    productId: number,
    openid: string,
    items: ClawItem[],
    currencies: ClawCurrency[],
    key: string,
    signal?: AbortSignal,
  ): Promise<ClawAnswer> {
    const outcome = this.script.next();
    this.calls.push({ productId, openid, items, currencies, outcome, key });
    await actOut(outcome, 'game', signal);
    const before = this.applied.get(key);
    if (before) return before;
    const share = outcome === 'partial' ? this.partialShare : 1;
    const take = (n: number) => Math.floor(n * share);
    const answer: ClawAnswer = {
      taken: {
        items: items.map((i) => ({ prop_id: i.prop_id, quantity: take(i.quantity) })),
        currencies: currencies.map((c) => ({ currency: c.currency, amount: take(c.amount) })),
      },
      short: {
        items: items.map((i) => ({ prop_id: i.prop_id, quantity: i.quantity - take(i.quantity) })),
        currencies: currencies.map((c) => ({ currency: c.currency, amount: c.amount - take(c.amount) })),
      },
    };
    this.applied.set(key, answer);
    if (outcome === 'lost_answer') await hangUntil(signal);
    return answer;
  }
}

export type DeliveryMode = 'ok' | 'timeout' | 'timeout_after_apply' | 'rate_limit' | 'fail';

/**
 * Web-order deliveries, with a ledger of what was applied, once per order number. `mode` (or
 * `failNext(...outcomes)` for the next calls in turn):
 * - `ok`: applied (or `applied: false` when the order number is in the ledger already);
 * - `timeout`: never answers and applies nothing;
 * - `timeout_after_apply`: applies, then never answers — the retry answers `applied: false`:
 *   delivered exactly once;
 * - `rate_limit`: a 429 with `retryAfter` seconds, nothing applied;
 * - `fail`: a 5xx, nothing applied.
 * A role id `fake-fail-<n>` makes the first n calls for each of its orders fail whatever the mode —
 * how a browser test or the demo gets an order to "delivery failed" through the real server.
 */
export class FakeDeliveryGame {
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
  retryAfter = 1;
  private readonly script = new FakeScript<DeliveryMode>('ok');
  /** Calls failed so far per order of a `fake-fail-<n>` role. */
  private readonly failedFor = new Map<string, number>();

  get mode(): DeliveryMode {
    return this.script.mode;
  }
  set mode(mode: DeliveryMode) {
    this.script.mode = mode;
  }

  failNext(...outcomes: DeliveryMode[]): void {
    this.script.plan(...outcomes);
  }

  reset(): void {
    this.calls.length = 0;
    this.ledger.clear();
    this.failedFor.clear();
    this.retryAfter = 1;
    this.script.reset();
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
    signal?: AbortSignal,
  ): Promise<DeliveryAnswer> {
    let outcome = this.script.next();
    const marked = /^fake-fail-(\d+)$/.exec(roleId);
    if (marked) {
      const failed = this.failedFor.get(orderNo) ?? 0;
      if (failed < Number(marked[1])) {
        this.failedFor.set(orderNo, failed + 1);
        outcome = 'fail';
      }
    }
    this.calls.push({ productId, orderNo, outcome });
    await actOut(outcome, 'game', signal, this.retryAfter);
    const applied = !this.ledger.has(orderNo);
    if (applied) this.ledger.set(orderNo, { productId, openid, roleId, items, currencies });
    if (outcome === 'timeout_after_apply') await hangUntil(signal);
    return { applied };
  }
}
