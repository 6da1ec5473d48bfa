import PgBoss from 'pg-boss';
import type { Database } from '../../db/index.ts';

/** pg-boss's `db` on the app's pool. */
export function bossDb(database: Database): PgBoss.Db {
  return {
    executeSql: (text: string, values?: unknown[]) => database.pool.query(text, values ?? []),
  } as PgBoss.Db;
}

export interface BossOptions {
  /** How often workers look for new messages (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
}

/** A pg-boss on the app's database; `migrate`: install or upgrade its schema (`pgboss`). */
export function createBoss(database: Database, options: BossOptions & { migrate?: boolean } = {}): PgBoss {
  return new PgBoss({
    db: bossDb(database),
    migrate: options.migrate ?? true,
    // Our own tables hold what staff see; pg-boss's archive only needs to outlive a restart.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 2,
    maintenanceIntervalSeconds: 120,
    // Crons are ticks the runner sends itself (runner.ts `sendTick`): pg-boss's clock would parse
    // every cron twice a minute, stalling the server's thread.
    schedule: false,
  });
}

/** The advisory lock key under which instances start pg-boss one at a time (migrations use 727001). */
const BOSS_START_LOCK = 727002;

/**
 * Starts a pg-boss. Several instances may start at once on a new database, and pg-boss's `create
 * schema` is not guarded (two instances racing failed with a duplicate `pg_namespace` key), so the
 * start holds a session advisory lock on a connection of its own: the first instance installs the
 * schema, the others wait and then find it there.
 */
export async function startBoss(database: Database, boss: PgBoss): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [BOSS_START_LOCK]);
    await boss.start();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [BOSS_START_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** Installs pg-boss's schema in a database (the test harness's prepared copy; servers do it at start). */
export async function installBossSchema(database: Database): Promise<void> {
  const boss = createBoss(database, { migrate: true });
  boss.on('error', () => undefined);
  await startBoss(database, boss);
  await boss.stop({ graceful: false, wait: true, close: false });
}
