import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { ModuleWork } from '../../lib/server-module.ts';
import { deleteInBatches } from '../../lib/rows.ts';

/**
 * What the players module keeps for a limited time: sign-ins (the table that grows with every
 * login) and the event ids that make the game API's reporting idempotent (a game resending an
 * event older than the window would store it again, so the window is far longer than any retry).
 */
export interface PlayerRetention {
  /** PLAYER_LOGIN_RETENTION_DAYS: sign-ins older than this are deleted (180 by default). */
  loginDays: number;
  /** PLAYER_EVENT_ID_RETENTION_DAYS: reported event ids older than this are forgotten (30). */
  eventIdDays: number;
}

export const DEFAULT_PLAYER_RETENTION: PlayerRetention = { loginDays: 180, eventIdDays: 30 };

export const RETENTION_TASK = 'players.retention';
const RETENTION_KEY = 'players:retention';
/** Rows deleted per statement: each one short, the event loop free between them. */
const BATCH = 5_000;

/** Deletes what is past its time, a batch at a time; answers how many rows of each went. */
export async function sweepPlayerData(
  db: Db,
  retention: PlayerRetention,
): Promise<{ logins: number; eventIds: number }> {
  const logins = await deleteInBatches(
    db,
    BATCH,
    () => sql`delete from player_logins where id in (
      select id from player_logins where at < now() - make_interval(days => ${retention.loginDays}::int) limit ${BATCH}::int)
      returning 1 as gone`,
  );
  const eventIds = await deleteInBatches(
    db,
    BATCH,
    () => sql`delete from player_event_ids e using (
      select product_id, event_id from player_event_ids
      where received_at < now() - make_interval(days => ${retention.eventIdDays}::int) limit ${BATCH}::int) old
      where e.product_id = old.product_id and e.event_id = old.event_id
      returning 1 as gone`,
  );
  return { logins, eventIds };
}

/** The daily sweep (03:40 UTC), a recurring task: it runs outside any transaction, in batches. */
export function retentionWork(db: Db, retention: Partial<PlayerRetention> = {}): ModuleWork {
  return {
    tasks: {
      [RETENTION_TASK]: async () => {
        await sweepPlayerData(db, { ...DEFAULT_PLAYER_RETENTION, ...retention });
      },
    },
    schedules: [{ task: RETENTION_TASK, key: RETENTION_KEY, cron: '40 3 * * *', tz: 'UTC' }],
  };
}
