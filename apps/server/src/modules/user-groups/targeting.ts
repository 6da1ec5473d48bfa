import { sql, type SQL } from 'drizzle-orm';
import { layerRanges } from './service.ts';
import type { UserGroupLayer } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import type { FieldProblems } from '../../lib/problems.ts';
import { checkReferences, eachOf } from '../../lib/references.ts';
import { userGroups } from './tables.ts';

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

/**
 * A group's members in some of its layers (by key), the ranges read from the group's layers as they
 * are when the statement runs (a key the group no longer has reaches nobody). Use as
 * `players.id in (${groupLayersMembersSql(productId, groupId, keys)})`. The buckets are one
 * uncorrelated read, so the members come by the (group, bucket) index.
 */
export function groupLayersMembersSql(productId: number, groupId: number, keys: readonly string[]): SQL {
  return sql`select m.player_id from user_group_members m
    where m.group_id = (select g.id from user_groups g where g.id = ${groupId}::int and g.product_id = ${productId}::int)
      and m.bucket in (select b from (select l.value ->> 'key' as key, (l.value ->> 'percent')::int as percent,
          sum((l.value ->> 'percent')::int) over (order by l.n) as upto
        from user_groups g, jsonb_array_elements(g.layers) with ordinality l(value, n)
        where g.id = ${groupId}::int and g.product_id = ${productId}::int) r,
        generate_series(r.upto - r.percent, r.upto - 1) b
        where r.key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)))`;
}

/**
 * The groups named in `user_group_ids`: each one of the game's (a group of another game or CP, or
 * of no one, would make a target that silently reaches nobody).
 */
export async function checkGroups(
  db: Db,
  scope: Pick<Scope, 'cpId' | 'productId'>,
  problems: FieldProblems,
  groupIds: number[],
): Promise<void> {
  await checkReferences(
    db,
    { cpId: scope.cpId, productId: scope.productId },
    problems,
    userGroups,
    eachOf('user_group_ids', groupIds),
  );
}
