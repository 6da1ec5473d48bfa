import { and, eq, sql } from 'drizzle-orm';
import type { RefundPollAnswer } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { isOutsideError, type Outside } from '../../lib/outside/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { googlePlay, type StoreAdapter, type VoidedPurchase } from '../outside-parties/index.ts';
import { reasonOf, sourceOf, storeNotice } from './service.ts';
import { refundPolls } from './tables.ts';

/** Pages one poll reads at most (the next tick goes on from the cursor). */
const MAX_PAGES = 20;

/** A voided purchase as a notice, or null when it cannot be read. */
function noticeOf(store: string, p: VoidedPurchase) {
  const voided = Number(p.voidedTimeMillis);
  if (!p.orderId || !Number.isInteger(p.voidedReason) || p.voidedReason < 0 || p.voidedReason > 7)
    return null;
  if (!Number.isFinite(voided)) return null;
  return {
    notice_id: `${store}:${p.purchaseToken || p.orderId}`.slice(0, 64),
    order_no: p.orderId,
    store,
    reason: reasonOf(p.voidedReason),
    source: sourceOf(p.voidedSource),
    quantity: Math.max(1, Math.min(1000, p.voidedQuantity ?? 1)),
    voided_at: new Date(voided).toISOString(),
  };
}

/**
 * Pulls a product's voided purchases from its store (the outside party `google_play`, when the game
 * has it on) from the last cursor on: each page's purchases are stored (once per token) and the
 * cursor saved with them, so a failure on a later page keeps what came before (a partial failure).
 * A 429 stops the poll and sets `not_before` from its retry-after; a poll before then answers the
 * seconds left without calling the store. A timeout or an error stops it with the cursor where it was.
 */
export async function pollStore(
  outside: Outside,
  db: Db,
  cpId: number,
  productId: number,
): Promise<RefundPollAnswer> {
  const store = 'google_play';
  const answer: RefundPollAnswer = { stored: 0, duplicate: 0, failed: 0, cursor: null, retry_after: null };
  if ((await outside.modeOf(db, googlePlay.contract.name, productId)) === 'off') return answer;
  await db.insert(refundPolls).values({ productId, store }).onConflictDoNothing();
  const [state] = await db
    .select()
    .from(refundPolls)
    .where(and(eq(refundPolls.productId, productId), eq(refundPolls.store, store)));
  answer.cursor = state?.cursor ?? null;
  if (state?.notBefore && state.notBefore.getTime() > Date.now()) {
    answer.retry_after = Math.ceil((state.notBefore.getTime() - Date.now()) / 1000);
    return answer;
  }
  let error = '';
  let notBefore: Date | null = null;
  let adapter: StoreAdapter | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    let result;
    try {
      adapter ??= await outside.open(db, googlePlay, productId);
      result = await adapter.voidedPurchases(answer.cursor);
    } catch (e) {
      if (isOutsideError(e, 'rate_limited') && e.retryAfter !== undefined) {
        answer.retry_after = e.retryAfter;
        notBefore = new Date(Date.now() + e.retryAfter * 1000);
      }
      error = e instanceof Error ? e.message : String(e);
      break;
    }
    const list = result.voidedPurchases;
    const next = result.cursor;
    await db.transaction(async (tx) => {
      for (const purchase of list) {
        const notice = noticeOf(store, purchase);
        if (!notice) {
          answer.failed += 1;
          continue;
        }
        const { duplicate } = await storeNotice(tx, cpId, productId, notice);
        if (duplicate) answer.duplicate += 1;
        else answer.stored += 1;
      }
      await tx
        .update(refundPolls)
        .set({ cursor: next })
        .where(and(eq(refundPolls.productId, productId), eq(refundPolls.store, store)));
    });
    answer.cursor = next;
    if (!result.more) break;
  }
  await db
    .update(refundPolls)
    .set({
      lastPolledAt: new Date(),
      notBefore,
      lastResult: { ...answer, error } as unknown as Record<string, unknown>,
    })
    .where(and(eq(refundPolls.productId, productId), eq(refundPolls.store, store)));
  return answer;
}

/** The scheduler's tick: every product (those with the store off are skipped at once). */
export async function pollAll(outside: Outside, db: Db): Promise<void> {
  const rows = await queryRows<{ id: number; cp_id: number }>(db, sql`select id, cp_id from products`);
  for (const p of rows) await pollStore(outside, db, Number(p.cp_id), Number(p.id)).catch(() => undefined);
}
