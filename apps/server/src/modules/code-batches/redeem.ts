import { sql } from 'drizzle-orm';
import { normalizeCode, type GiftContent, type RedeemAnswer, type RedeemReason } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';

/**
 * A player redeems a code, atomically: one transaction that first takes a lock on the player
 * (a transaction advisory lock on product + openid, so one player's redemptions run one after
 * another and the per-player and batch-group counts cannot be raced), then spends one use of the
 * code and one of the batch with conditional `UPDATE … WHERE redeemed < limit RETURNING` (so two
 * players racing for the last use: one row comes back for one of them only), then records the
 * redemption. Any refusal rolls the whole transaction back.
 */

class Refusal extends Error {
  constructor(readonly reason: RedeemReason) {
    super(reason);
  }
}

interface Found {
  batch_id: number;
  status: string;
  kind: string;
  start_at: Date | string;
  end_at: Date | string;
  total_limit: number;
  per_code_limit: number;
  per_player_limit: number;
  group_key: string;
  gift_package_id: number;
}

export interface RedeemInput {
  openid: string;
  role_id: string;
  code: string;
}

export async function redeemCode(
  db: Db,
  productId: number,
  input: RedeemInput,
  now = new Date(),
): Promise<RedeemAnswer> {
  const code = normalizeCode(input.code);
  if (!/^[A-Z0-9]{1,64}$/.test(code)) return { redeemed: false, reason: 'unknown' };
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`codes:${productId}:${input.openid}`}))`);
      const [found] = await queryRows<Found>(
        tx,
        sql`select b.id as batch_id, b.status, b.kind, b.start_at, b.end_at, b.total_limit, b.per_code_limit,
            b.per_player_limit, b.group_key, b.gift_package_id
          from codes c join code_batches b on b.id = c.batch_id
          where c.product_id = ${productId} and c.code = ${code}`,
      );
      if (!found || found.status === 'draft' || found.status === 'pending_approval')
        throw new Refusal('unknown');
      if (found.status === 'voided') throw new Refusal('voided');
      // By the clock too: the scheduler's expiry may come late.
      if (found.status === 'expired' || now.getTime() >= new Date(found.end_at).getTime())
        throw new Refusal('expired');
      if (found.status === 'off') throw new Refusal('off');
      if (now.getTime() < new Date(found.start_at).getTime()) throw new Refusal('not_started');
      const [mine] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from code_redemptions
          where product_id = ${productId} and openid = ${input.openid} and batch_id = ${found.batch_id}`,
      );
      if (Number(mine!.n) >= found.per_player_limit) throw new Refusal('already_redeemed');
      if (found.group_key) {
        const [other] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from code_redemptions
            where product_id = ${productId} and group_key = ${found.group_key} and openid = ${input.openid}
              and batch_id <> ${found.batch_id}`,
        );
        if (Number(other!.n) > 0) throw new Refusal('group_limit');
      }
      // A keyword's uses are the batch's total (0: unlimited); a unique code's its per-code limit.
      const codeLimit = found.kind === 'keyword' ? found.total_limit : found.per_code_limit;
      const spent = await queryRows<{ redeemed: number }>(
        tx,
        sql`update codes set redeemed = redeemed + 1
          where product_id = ${productId} and code = ${code} and (${codeLimit} = 0 or redeemed < ${codeLimit})
          returning redeemed`,
      );
      if (!spent.length) throw new Refusal('used_up');
      await tx.execute(sql`insert into code_redemptions (product_id, batch_id, code, openid, role_id, group_key)
        values (${productId}, ${found.batch_id}, ${code}, ${input.openid}, ${input.role_id}, ${found.group_key})`);
      const [gift] = await queryRows<{ contents: GiftContent[] | string }>(
        tx,
        sql`select contents from gift_packages where id = ${found.gift_package_id}`,
      );
      // Last: every redemption of the batch waits on its row, so it is held only until the commit.
      const batch = await queryRows<{ id: number }>(
        tx,
        sql`update code_batches set redeemed = redeemed + 1
          where id = ${found.batch_id} and status = 'active' and (total_limit = 0 or redeemed < total_limit)
          returning id`,
      );
      if (!batch.length) throw new Refusal('used_up');
      const contents =
        typeof gift?.contents === 'string' ? JSON.parse(gift.contents) : (gift?.contents ?? []);
      return {
        redeemed: true as const,
        batch_id: Number(found.batch_id),
        gift_package_id: Number(found.gift_package_id),
        reward: (contents as GiftContent[]).map((c) => ({ prop_id: c.prop_id, quantity: c.quantity })),
      };
    });
  } catch (error) {
    if (error instanceof Refusal) return { redeemed: false, reason: error.reason };
    throw error;
  }
}
