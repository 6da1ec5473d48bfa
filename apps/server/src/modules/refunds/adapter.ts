/**
 * The two outside parties of refunds, each behind an interface with a fake (demo, tests):
 *
 * - the **game** (`ClawbackGameAdapter.clawBack`): takes items and currency back from a player's
 *   balance and answers what it took and what was short (it never takes more than the player has);
 * - the **store** (`StoreAdapter.voidedPurchases`): lists voided purchases after a cursor, in pages,
 *   shaped like Google Play's Voided Purchases API (`voidedReason` 0–7, `voidedSource` 0–2,
 *   `voidedQuantity`, an opaque continuation token).
 *
 * Both calls are bounded by a timeout here (`withTimeout`): a call that hangs counts as failed.
 */

export interface ClawItem {
  prop_id: number;
  quantity: number;
}
export interface ClawCurrency {
  currency: string;
  amount: number;
}
export interface ClawAnswer {
  taken: { items: ClawItem[]; currencies: ClawCurrency[] };
  short: { items: ClawItem[]; currencies: ClawCurrency[] };
}

/** Compatible with the sanctions module's `GameAdapter` shape: one method per kind of push. */
export interface ClawbackGameAdapter {
  /**
   * `key` identifies this claw-back: the game applies a key once and answers a repeat with the
   * first answer, so a retry after a lost answer never takes twice.
   */
  clawBack(
    productId: number,
    openid: string,
    items: ClawItem[],
    currencies: ClawCurrency[],
    key: string,
  ): Promise<ClawAnswer>;
}

export type ClawMode = 'ok' | 'partial' | 'timeout' | 'lost_answer' | 'fail';

/**
 * The fake game. `mode` (or `failNext(n, mode)` for the next n calls only):
 * - `ok`: the player had enough; everything is taken;
 * - `partial`: the balance is short: only `partialShare` (default half, rounded down) of each line
 *   is taken and the rest answered as `short` — the code records a debt with the remainder, and a
 *   later claw-back asks only for what is still owed;
 * - `timeout`: the game never answers; the caller's timeout ends the call — the refund stays
 *   `clawback_pending` and a `refunds.clawback` job retries it as a job item;
 * - `lost_answer`: the game takes everything but its answer never arrives (a timeout after the
 *   fact) — the retry sends the same key, and the game answers what it took the first time
 *   without taking again (`applied` counts what it really took);
 * - `fail`: the game answers an error; handled like a timeout.
 * Every call is recorded in `calls`.
 */
export class FakeClawbackGame implements ClawbackGameAdapter {
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
  mode: ClawMode = 'ok';
  partialShare = 0.5;
  private failing = 0;
  private failingMode: ClawMode = 'fail';

  failNext(n: number, mode: Exclude<ClawMode, 'ok'> = 'fail'): void {
    this.failing = n;
    this.failingMode = mode;
  }

  reset(): void {
    this.calls.length = 0;
    this.applied.clear();
    this.mode = 'ok';
    this.partialShare = 0.5;
    this.failing = 0;
  }

  async clawBack(
    productId: number,
    openid: string,
    items: ClawItem[],
    currencies: ClawCurrency[],
    key: string,
  ): Promise<ClawAnswer> {
    let outcome = this.mode;
    if (this.failing > 0) {
      this.failing -= 1;
      outcome = this.failingMode;
    }
    this.calls.push({ productId, openid, items, currencies, outcome, key });
    if (outcome === 'fail') throw new Error('game refused the claw-back (fake: fail)');
    if (outcome === 'timeout') await new Promise<never>(() => {});
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
    if (outcome === 'lost_answer') await new Promise<never>(() => {});
    return answer;
  }
}

/** A voided purchase as Google Play's Voided Purchases API lists it. */
export interface VoidedPurchase {
  orderId: string;
  purchaseToken: string;
  purchaseTimeMillis: string;
  voidedTimeMillis: string;
  /** 0 user, 1 developer, 2 google. */
  voidedSource: number;
  /** 0 other, 1 remorse, 2 not_received, 3 defective, 4 accidental_purchase, 5 fraud, 6 friendly_fraud, 7 chargeback. */
  voidedReason: number;
  voidedQuantity?: number;
}
export interface VoidedPage {
  voidedPurchases: VoidedPurchase[];
  /** Set when more pages follow. */
  nextPageToken?: string;
}

/** A store's 429: ask again after `retryAfter` seconds. */
export class StoreRateLimited extends Error {
  constructor(readonly retryAfter: number) {
    super(`store rate limit (429), retry after ${retryAfter}s`);
  }
}

export interface StoreAdapter {
  readonly store: string;
  /** One page of voided purchases after `cursor` (null: from the start of the store's window). */
  voidedPurchases(productId: number, cursor: string | null): Promise<VoidedPage>;
}

export type StoreMode = 'ok' | 'timeout' | 'rate_limit' | 'fail';

/**
 * The fake store (Google Play). `add(productId, purchase)` queues voided purchases; a call answers
 * up to `pageSize` after the cursor (an opaque token: the position) with `nextPageToken` when more
 * follow. `mode` (or `failNext(n, mode)`):
 * - `rate_limit`: a 429 with `retryAfter` seconds — the poll stops, keeps its cursor and does not
 *   ask again before then (a poll in between answers the time left);
 * - `timeout`: never answers — the poll's timeout ends it, the cursor stays, the next tick retries;
 * - `fail`: a 5xx — as a timeout;
 * a failure on a later page is a partial failure: the pages before it are stored and the cursor
 * moves past them, so the next poll goes on from there. A purchase the code cannot read (an order
 * id missing, a reason outside 0–7) is counted failed and skipped — `malformed()` queues one.
 */
export class FakeStore implements StoreAdapter {
  readonly store = 'google_play';
  readonly calls: { productId: number; cursor: string | null; outcome: StoreMode }[] = [];
  private readonly queued = new Map<number, VoidedPurchase[]>();
  mode: StoreMode = 'ok';
  retryAfter = 30;
  pageSize = 2;
  private plan: StoreMode[] = [];

  add(productId: number, purchase: Partial<VoidedPurchase> & { orderId: string }): void {
    const now = Date.now();
    const list = this.queued.get(productId) ?? [];
    list.push({
      purchaseToken: `tok-${purchase.orderId}`,
      purchaseTimeMillis: String(now - 86_400_000),
      voidedTimeMillis: String(now),
      voidedSource: 0,
      voidedReason: 1,
      voidedQuantity: 1,
      ...purchase,
    });
    this.queued.set(productId, list);
  }

  /** Queues an unreadable entry (no order id). */
  malformed(productId: number): void {
    this.add(productId, { orderId: '', voidedReason: 42 });
  }

  /** The next calls answer these outcomes in turn (then `mode`). */
  failNext(...outcomes: StoreMode[]): void {
    this.plan = outcomes;
  }

  reset(): void {
    this.calls.length = 0;
    this.queued.clear();
    this.mode = 'ok';
    this.plan = [];
    this.retryAfter = 30;
    this.pageSize = 2;
  }

  async voidedPurchases(productId: number, cursor: string | null): Promise<VoidedPage> {
    const outcome = this.plan.shift() ?? this.mode;
    this.calls.push({ productId, cursor, outcome });
    if (outcome === 'rate_limit') throw new StoreRateLimited(this.retryAfter);
    if (outcome === 'fail') throw new Error('store answered 503 (fake: fail)');
    if (outcome === 'timeout') await new Promise<never>(() => {});
    const list = this.queued.get(productId) ?? [];
    const from = cursor ? Number(cursor) : 0;
    const page = list.slice(from, from + this.pageSize);
    const next = from + page.length;
    return { voidedPurchases: page, ...(next < list.length ? { nextPageToken: String(next) } : {}) };
  }

  /** Where a finished poll leaves the cursor: after the last entry. */
  static cursorAfter(cursor: string | null, count: number): string {
    return String((cursor ? Number(cursor) : 0) + count);
  }
}

let game: ClawbackGameAdapter = new FakeClawbackGame();
let store: StoreAdapter = new FakeStore();
const DEFAULT_TIMEOUT_MS = 5000;
/** How long a claw-back or a store page may take before it counts as failed (tests lower it). */
let timeoutMs = DEFAULT_TIMEOUT_MS;

/** The adapters and timeout a server starts with: fresh fakes (each API test file starts so). */
export function resetRefundAdapters(): void {
  game = new FakeClawbackGame();
  store = new FakeStore();
  timeoutMs = DEFAULT_TIMEOUT_MS;
}

export const clawbackGame = () => game;
export const storeAdapter = () => store;
export function setClawbackGame(adapter: ClawbackGameAdapter): void {
  game = adapter;
}
export function setStoreAdapter(adapter: StoreAdapter): void {
  store = adapter;
}
export function setRefundTimeout(ms: number): void {
  timeoutMs = ms;
}

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
