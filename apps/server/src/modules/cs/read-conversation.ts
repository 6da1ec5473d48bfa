import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { csConversations } from './tables.ts';

/** The conversation `id` of the scope's CP and game; 404 for one of another CP or game, or none. */
export async function readConversation(db: Db, scope: ProductScope, id: number) {
  const [row] = await db
    .select()
    .from(csConversations)
    .where(
      and(
        eq(csConversations.id, id),
        eq(csConversations.cpId, scope.cpId),
        eq(csConversations.productId, scope.productId),
      ),
    );
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}
