import { eq, isNull, type AnyColumn, type SQL } from 'drizzle-orm';
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
