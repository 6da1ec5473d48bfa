import { ErrorCode } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { csConversations } from './tables.ts';
import { rowInGame } from '../../lib/scope.ts';

/** The conversation `id` of the scope's CP and game; 404 for one of another CP or game, or none. */
export async function readConversation(db: Db, scope: ProductScope, id: number) {
  const [row] = await db
    .select()
    .from(csConversations)
    .where(rowInGame(csConversations, scope, id));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}
