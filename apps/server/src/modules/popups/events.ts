import { and, eq, inArray, sql } from 'drizzle-orm';
import { gamePopupEvent, type GamePopupEventResult } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { popups } from './tables.ts';

/** How far ahead of the server's clock an event's `at` may be (clocks of phones drift). */
const FUTURE_SLACK_MS = 24 * 3600_000;

function problem(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const first = error.issues[0];
  return first ? `${first.path.map(String).join('.') || 'event'}: ${first.message}` : 'invalid event';
}

/**
 * A batch of pop-up events a game reports (`POST /api/game/v1/popups/events`): each answers `ok`,
 * `duplicate` (its event id was stored before: nothing changes, so a retried batch counts once) or
 * `error` with its reason (the others still count). A pop-up of another game reads as unknown.
 */
export async function ingestPopupEvents(
  db: Db,
  productId: number,
  events: unknown[],
  now: Date = new Date(),
): Promise<GamePopupEventResult[]> {
  const parsed = events.map((raw) => ({ raw, result: gamePopupEvent.safeParse(raw) }));
  const ids = [...new Set(parsed.flatMap(({ result }) => (result.success ? [result.data.popup_id] : [])))];
  const known = new Set(
    ids.length
      ? (
          await db
            .select({ id: popups.id })
            .from(popups)
            .where(and(eq(popups.productId, productId), inArray(popups.id, ids)))
        ).map((row) => row.id)
      : [],
  );
  const results: GamePopupEventResult[] = [];
  for (const { raw, result } of parsed) {
    const rawId = (raw as { event_id?: unknown } | null)?.event_id;
    const eventId = typeof rawId === 'string' ? rawId.slice(0, 64) : '';
    if (!result.success) {
      results.push({ event_id: eventId, status: 'error', message: problem(result.error) });
      continue;
    }
    const event = result.data;
    if (!known.has(event.popup_id)) {
      results.push({ event_id: event.event_id, status: 'error', message: 'popup_id: unknown pop-up' });
      continue;
    }
    const at = event.at ? new Date(event.at) : now;
    if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) {
      results.push({ event_id: event.event_id, status: 'error', message: 'at: in the future' });
      continue;
    }
    const stored = await queryRows(
      db,
      sql`insert into popup_events (product_id, event_id, popup_id, scene_code, openid, session, type, at)
          values (${productId}, ${event.event_id}, ${event.popup_id}, ${event.scene}, ${event.openid},
                  ${event.session}, ${event.type}, ${at.toISOString()}::timestamptz)
          on conflict (product_id, event_id) do nothing returning id`,
    );
    results.push({ event_id: event.event_id, status: stored.length ? 'ok' : 'duplicate' });
  }
  return results;
}
