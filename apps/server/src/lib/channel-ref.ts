import { and, eq, isNull, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { channels } from '../db/tables.ts';
import type { Scope } from './access.ts';
import { FieldProblems } from './problems.ts';
import { checkReferences } from './references.ts';

/**
 * Rows that apply to a channel of the product or to every channel (`channel_id` null), as the
 * help centre, auto-replies and social access hold them.
 */

/** The list filter `channel_id`: a channel id, or `0` for the rows of every channel. */
export function channelIs(column: AnyColumn, channelId: number | undefined): SQL | undefined {
  if (channelId === undefined) return undefined;
  return channelId === 0 ? isNull(column) : eq(column, channelId);
}

/** 400001 on `field` unless the channel is one of the product's (null: every channel, always fine). */
export async function checkChannel(
  db: Db,
  scope: Scope,
  channelId: number | null,
  field = 'channel_id',
): Promise<void> {
  if (channelId === null) return;
  const problems = new FieldProblems(scope.lang);
  await checkReferences(db, scope, problems, channels, [{ field, id: channelId }]);
  problems.throwIfAny();
}

/**
 * The id of the product's channel with this code (as a game names it), or null: an unknown or absent
 * code reads the rows of every channel.
 */
export async function channelIdOfCode(
  db: Db,
  productId: number,
  code: string | undefined,
): Promise<number | null> {
  if (!code) return null;
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.productId, productId), eq(channels.code, code)));
  return row?.id ?? null;
}
