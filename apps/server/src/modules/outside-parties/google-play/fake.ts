import { randomBytes } from 'node:crypto';
import {
  FakeScript,
  OutsideError,
  actOut,
  type FakeMode,
  type TokenGrant,
} from '../../../lib/outside/index.ts';
import type { VoidedPage, VoidedPurchase } from './adapter.ts';

/** The store fails in every common way (lib/outside/fake.ts). */
export type StoreMode = FakeMode;

/**
 * The fake store (Google Play). `add(productId, purchase)` queues voided purchases; a call answers up
 * to `pageSize` after the cursor (an opaque token: the position). It issues access tokens
 * (`issueToken`) and accepts only those it issued and has not revoked. `mode` (or
 * `failNext(...outcomes)`):
 * - `rate_limit`: a 429 with `retryAfter` seconds — the poll stops, keeps its cursor and does not
 *   ask again before then;
 * - `timeout`: never answers — the cursor stays, the next tick retries; `fail`: a 5xx — the same;
 * - `token_expired`: revokes the token the call carried and answers 401 — the kit gets a new token
 *   and asks again.
 * A failure on a later page is a partial failure: the pages before it are stored and the cursor
 * moves past them. An entry the code cannot read (no order id, a reason outside 0–7) is counted
 * failed and skipped — `malformed()` queues one.
 */
export class FakeStore {
  readonly store = 'google_play';
  readonly calls: { productId: number; cursor: string | null; outcome: StoreMode }[] = [];
  private readonly queued = new Map<number, VoidedPurchase[]>();
  private readonly valid = new Set<string>();
  tokensIssued = 0;
  retryAfter = 30;
  pageSize = 2;
  private readonly script = new FakeScript<StoreMode>('ok');

  get mode(): StoreMode {
    return this.script.mode;
  }
  set mode(mode: StoreMode) {
    this.script.mode = mode;
  }

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
    this.script.plan(...outcomes);
  }

  reset(): void {
    this.calls.length = 0;
    this.queued.clear();
    this.valid.clear();
    this.tokensIssued = 0;
    this.retryAfter = 30;
    this.pageSize = 2;
    this.script.reset();
  }

  issueToken(): TokenGrant {
    this.tokensIssued += 1;
    const accessToken = `fake-${randomBytes(12).toString('hex')}`;
    this.valid.add(accessToken);
    return { accessToken, expiresAt: new Date(Date.now() + 3600_000) };
  }

  async voidedPurchases(
    productId: number,
    cursor: string | null,
    token: string,
    signal?: AbortSignal,
  ): Promise<VoidedPage> {
    const outcome = this.script.next();
    this.calls.push({ productId, cursor, outcome });
    if (outcome === 'token_expired') this.valid.delete(token);
    if (!this.valid.has(token))
      throw new OutsideError('token_expired', 'store refused the access token (401, fake)', { status: 401 });
    await actOut(outcome, 'store', signal, this.retryAfter);
    const list = this.queued.get(productId) ?? [];
    const from = cursor ? Number(cursor) : 0;
    const page = list.slice(from, from + this.pageSize);
    const next = from + page.length;
    return { voidedPurchases: page, cursor: String(next), more: next < list.length };
  }
}
