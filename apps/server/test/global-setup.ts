import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase, startEmbedded } from '../src/db/index.ts';
import { seed } from '../src/seed/index.ts';
import { installBossSchema } from '../src/lib/jobs/index.ts';
import { lowerPasswordHashCostForTests } from '../src/lib/crypto.ts';
import { JWT_SECRET, TEST_PASSWORD_HASH_COST, adminQuery, databaseUrl } from './helpers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of the run (its `postgres` database): DATABASE_URL, or one started here. */
    testServer: string;
    /** A database with the migrations applied and the demo data seeded, to copy for each test file. */
    postgresTemplate: string;
    /** A database with the migrations applied and nothing else. */
    postgresEmpty: string;
  }
}

/**
 * Prepares the databases every API test file starts from, once per run: migrating and seeding took
 * most of each file's setup. The server is DATABASE_URL's when set, else an embedded one started
 * here (no fsync: nothing in it outlives the run). Each file then copies a template
 * (`CREATE DATABASE … TEMPLATE`, test/helpers.ts) and still gets a database of its own.
 */
export default async function setup(project: TestProject) {
  // The demo staff's passwords at the tests' cost, like every hash the tests make (lib/crypto.ts).
  lowerPasswordHashCostForTests(TEST_PASSWORD_HASH_COST);
  let dir: string | undefined;
  let server = process.env.DATABASE_URL;
  let stop = async (): Promise<void> => undefined;
  if (!server) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-db-'));
    const embedded = await startEmbedded(dir, { durability: 'throwaway' });
    server = embedded.url;
    stop = () => embedded.stop();
  }
  const tag = randomBytes(4).toString('hex');
  const empty = `console_empty_${tag}`;
  const template = `console_tpl_${tag}`;
  const prepare = async (name: string, demo: boolean) => {
    await adminQuery(server, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ databaseUrl: databaseUrl(server, name), poolSize: 2 });
    if (demo) {
      await seed(database.db, { demo: true, jwtSecret: JWT_SECRET });
      // pg-boss's schema (lib/jobs), so each file's server starts its job queue without installing it.
      await installBossSchema(database);
    }
    await database.db.execute(sql`VACUUM ANALYZE`);
    await database.close();
  };
  await Promise.all([prepare(empty, false), prepare(template, true)]);
  project.provide('testServer', server);
  project.provide('postgresEmpty', empty);
  project.provide('postgresTemplate', template);

  return async () => {
    if (dir) {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
      return;
    }
    for (const name of [empty, template])
      await adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
