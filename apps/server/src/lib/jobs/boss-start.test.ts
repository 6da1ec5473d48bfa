import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../db/index.ts';
import { createBoss, startBoss } from './boss.ts';
import { testServerUrl } from '../../../test/helpers.ts';

/**
 * Several instances started at once on a new PostgreSQL database: pg-boss's schema install is not
 * guarded by itself (two of four rounds of three racing starts failed with a duplicate
 * `pg_namespace` key before `startBoss` took a lock), so every start must succeed.
 */

const POSTGRES_URL = testServerUrl();

async function admin(sql: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(sql);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const available = await admin('SELECT 1');
const created: string[] = [];

describe.skipIf(!available)('pg-boss started by several instances at once on a new database', () => {
  afterAll(async () => {
    for (const name of created) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('starts every instance, each round', async () => {
    for (let round = 0; round < 3; round++) {
      const name = `console_boss_${randomBytes(5).toString('hex')}`;
      expect(await admin(`CREATE DATABASE ${name}`)).toBe(true);
      created.push(name);
      const target = new URL(POSTGRES_URL);
      target.pathname = `/${name}`;
      const databases: Database[] = [];
      for (let i = 0; i < 4; i++) databases.push(await openDatabase({ databaseUrl: target.toString() }));
      const bosses = databases.map((database) => {
        const boss = createBoss(database);
        boss.on('error', () => undefined);
        return boss;
      });
      const results = await Promise.allSettled(bosses.map((boss, i) => startBoss(databases[i]!, boss)));
      await Promise.allSettled(
        bosses.map((boss) => boss.stop({ graceful: false, wait: true, close: false })),
      );
      for (const database of databases) await database.close();
      expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
        'ok',
      ]);
    }
  }, 120_000);
});
