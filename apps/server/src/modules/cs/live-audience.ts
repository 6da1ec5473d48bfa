import { csConversationAccess, csWatch, inCsQueue, type CsLiveData, type CsWatch } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Auth } from '../../lib/authenticate.ts';
import type { LiveEvent } from '../../lib/events.ts';
import { userGrants } from '../../lib/grants.ts';
import { productOfCp } from '../../lib/scope.ts';
import type { LiveAudience } from '../live/index.ts';

/** Whether a workbench watching `watch` as `userId` hears of a conversation's change. */
export function csHears(data: CsLiveData, watch: CsWatch, userId: number): boolean {
  if (data.product_id !== watch.product_id) return false;
  const open = data.conversation_id === watch.conversation_id;
  // Typing: only where the chat is open, never to the one typing.
  if (data.what === 'typing') return open && data.by !== userId;
  if (open) return true;
  const before = {
    state: data.previous_state ?? data.state,
    assignee_id: data.previous_assignee_id === undefined ? data.assignee_id : data.previous_assignee_id,
  };
  // Its agent, and the one it left, wherever their workbench looks.
  if (data.assignee_id === userId || before.assignee_id === userId) return true;
  return inCsQueue(watch.queue, data, userId) || inCsQueue(watch.queue, before, userId);
}

/**
 * The service workbench's live audience (topic `cs`): a console hears a conversation's change when it
 * watches that game (`csWatch`) with the workbench's see permission, and the change is of a
 * conversation it holds or held, has open, or that its queue lists before or after (`csHears`).
 */
export function csLiveAudience(db: Db): LiveAudience<CsWatch> {
  return {
    watch: csWatch,
    async allowed(auth: Auth, watch: CsWatch) {
      if (auth.mustChangePassword) return false;
      const grants = await userGrants(db, auth.userId, auth.permChangedAt);
      if (!grants.isAdmin && !grants.permissions.has(csConversationAccess.permissions.see)) return false;
      return productOfCp(db, watch.product_id, auth.cpId);
    },
    hears: (event: LiveEvent, watch: CsWatch, auth: Auth) =>
      event.topic === 'cs' && csHears(event.data, watch, auth.userId),
  };
}
