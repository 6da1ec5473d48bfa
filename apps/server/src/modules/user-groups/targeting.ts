import { sql, type SQL } from 'drizzle-orm';
import { layerRanges } from './service.ts';
import type { UserGroupLayer } from '@rx/contracts';

/**
 * Targeting for mail, push, notices and pop-ups: a subquery of the player ids of a group's
 * materialised members (of that product only), optionally one layer's bucket range. Use as
 * `players.id in (${groupMembersSql(productId, groupId)})`.
 */
export function groupMembersSql(
  productId: number,
  groupId: number,
  bucket?: { from: number; to: number },
): SQL {
  return sql`select m.player_id from user_group_members m join user_groups g on g.id = m.group_id
    where g.id = ${groupId}::int and g.product_id = ${productId}::int${
      bucket ? sql` and m.bucket >= ${bucket.from}::int and m.bucket < ${bucket.to}::int` : sql``
    }`;
}

/** The bucket range of a layer key among a group's layers (undefined: no such layer). */
export function layerBucket(layers: UserGroupLayer[], key: string): { from: number; to: number } | undefined {
  const range = layerRanges(layers).find((r) => r.layer.key === key);
  return range && { from: range.from, to: range.to };
}
