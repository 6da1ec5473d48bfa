import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { queryRows } from './rows.ts';

/**
 * The prefix of every Redis key and channel of one deployment (REDIS_PREFIX, or derived here).
 * Deployments sharing one Redis must never hear each other's events nor share counters; the
 * instances of one deployment must share them. What they share is their database, so the default
 * is derived from its identity: the server's system identifier (unique per cluster, kept across
 * restarts and copies of the data directory) and the database's name, hashed so neither is shown.
 */
export async function deploymentPrefix(db: Db): Promise<string> {
  const [row] = await queryRows<{ identity: string }>(
    db,
    sql`select (select system_identifier::text from pg_control_system()) || '/' || current_database() as identity`,
  );
  const hash = createHash('sha256').update(row!.identity).digest('hex').slice(0, 16);
  return `rx:${hash}:`;
}

/** The names one deployment uses in Redis under its prefix. */
export function redisNames(prefix: string) {
  return { events: `${prefix}events`, rateLimits: `${prefix}rate:` };
}
