import { eq, sql } from 'drizzle-orm';
import { businessMinutes, CS_DEFAULT_SETTINGS, type CsSettings } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { EventBus } from '../../lib/events.ts';
import { writeOperationLog } from '../../lib/operation-log.ts';
import { queryRows } from '../../lib/rows.ts';
import { closedDaysOf } from './settings.ts';
import {
  addMessages,
  giveTo,
  lockAssignment,
  nextAgent,
  notice,
  publish,
  setConversation,
  systemMessage,
  type ConversationRow,
  type Notices,
} from './service.ts';
import { csConversations, csSettings } from './tables.ts';

/**
 * Reassignment when an agent does not answer in time (a schedule's task): an open conversation
 * held by an agent whose player has waited `reassign_after_minutes` business minutes (counted as
 * the first-reply SLA is: business hours of the game, holidays left out) goes back to assignment —
 * to the next agent by the same rules, never the one it is taken from; else (nobody with room, or
 * manual assignment) to the unassigned queue. The wait runs from the first player message after the
 * agent's last reply, or from the conversation's last assignment if that is later (a conversation
 * just given to someone is theirs for the full delay).
 *
 * Two instances running the task at once: each change is made under the CP's assignment lock and
 * the conversation's row lock, and only if the conversation is still the same agent's and still
 * waiting, so the second finds nothing to do.
 */

/** The player's unanswered wait of each open, assigned conversation of a game (`id` one only). */
function waiting(productId: number, before: Date, id?: number) {
  return sql`select c.id, c.cp_id, c.assignee_id, greatest(w.since, a.at) as since
    from cs_conversations c
    cross join lateral (
      select min(m.created_at) as since from cs_messages m
      where m.conversation_id = c.id and m.author = 'player' and m.kind in ('text', 'image')
        and m.id > coalesce((
          select max(r.id) from cs_messages r
          where r.conversation_id = c.id and r.author = 'agent' and r.kind in ('text', 'image')
        ), 0)
    ) w
    left join lateral (
      select max(e.created_at) as at from cs_messages e
      where e.conversation_id = c.id and e.kind = 'event' and e.event in ('assigned', 'transferred')
    ) a on true
    where c.product_id = ${productId} and c.state = 'open' and c.assignee_id is not null
      and w.since is not null and greatest(w.since, a.at) <= ${before.toISOString()}::timestamptz
      ${id === undefined ? sql`` : sql`and c.id = ${id}`}
    order by c.id limit 500`;
}

interface Waiting {
  id: number | string;
  cp_id: number;
  assignee_id: number;
  since: string | Date;
}

const settingsValues = (s: Partial<CsSettings>) => ({ ...CS_DEFAULT_SETTINGS, ...s });

/** Reassigns the conversations whose agent did not answer in time; answers how many moved. */
export async function reassignOverdue(db: Db, events: EventBus, now = new Date()): Promise<number> {
  const games = await db
    .select({ productId: csSettings.productId, cpId: csSettings.cpId, settings: csSettings.settings })
    .from(csSettings)
    .where(sql`coalesce((${csSettings.settings}->>'reassign_after_minutes')::int, 0) > 0`);
  let moved = 0;
  for (const game of games) {
    const settings = settingsValues(game.settings);
    const limit = settings.reassign_after_minutes;
    // Business minutes never exceed wall-clock ones: a wait shorter than the delay cannot be due.
    const before = new Date(now.getTime() - limit * 60_000);
    const candidates = await queryRows<Waiting>(db, waiting(game.productId, before));
    if (candidates.length === 0) continue;
    const oldest = new Date(Math.min(...candidates.map((c) => new Date(c.since).getTime())));
    const closed = await closedDaysOf(db, game.cpId, settings, oldest, now);
    const overdue = (since: string | Date) =>
      businessMinutes(new Date(since), now, settings, closed) >= limit;
    for (const candidate of candidates) {
      if (!overdue(candidate.since)) continue;
      const notices: Notices = [];
      const done = await db.transaction(async (tx) => {
        await lockAssignment(tx, game.cpId);
        const [current] = await tx
          .select()
          .from(csConversations)
          .where(eq(csConversations.id, Number(candidate.id)))
          .for('update');
        if (!current) return false;
        // Still the same agent's, still open and still waiting (another instance may have moved it).
        const [still] = await queryRows<Waiting>(tx, waiting(game.productId, before, current.id));
        if (!still || Number(still.assignee_id) !== Number(candidate.assignee_id) || !overdue(still.since))
          return false;
        const from = current.assigneeId!;
        const agent =
          settings.assignment === 'auto' ? await nextAgent(tx, current.cpId, current.lang, from) : null;
        let updated: ConversationRow;
        if (agent) {
          updated = await giveTo(tx, current, agent, 'assigned');
        } else {
          updated = await setConversation(tx, current, { assigneeId: null });
          await addMessages(tx, updated, [systemMessage('queued')]);
        }
        notices.push(notice(updated, 'assigned', {}, current));
        await writeOperationLog(tx, {
          cpId: current.cpId,
          productId: current.productId,
          action: 'update',
          targetType: 'cs_conversation',
          targetId: current.id,
          targetName: `#${current.id}`,
          before: { assignee_id: from },
          after: { assignee_id: agent?.userId ?? null, reason: 'reassign_after_minutes', minutes: limit },
        });
        return true;
      });
      if (done) {
        publish(events, notices);
        moved++;
      }
    }
  }
  return moved;
}
