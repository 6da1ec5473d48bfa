import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../src/db/index.ts';
import { seed } from '../src/seed/index.ts';
import { installBossSchema } from '../src/lib/jobs/index.ts';
import { lowerPasswordHashCostForTests } from '../src/lib/crypto.ts';
import { JWT_SECRET, TEST_PASSWORD_HASH_COST } from './helpers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an in-memory PGlite with the migrations applied and the demo data seeded. */
    pgliteSnapshot: string;
    /** A dump of an in-memory PGlite with the migrations applied and nothing else. */
    pgliteEmpty: string;
    /** With TEST_DATABASE=postgres: a database with the same content, to copy for each test file. */
    postgresTemplate: string;
  }
}

/** Writes the PGlite database to `file` as a tarball (`loadDataDir` starts another one from it). */
async function saveDump(lite: Database, file: string): Promise<string> {
  // A checkpoint first: a dump taken without one replays its WAL on every load (80 ms of each file's 420).
  await lite.db.execute(sql`CHECKPOINT`);
  fs.writeFileSync(file, Buffer.from(await (await lite.dump!()).arrayBuffer()));
  return file;
}

/**
 * Prepares the database every API test file starts from, once per run: migrating and seeding took
 * most of each file's setup. Each file then loads the PGlite dump, or copies the PostgreSQL
 * template (`CREATE DATABASE … TEMPLATE`), and still gets a database of its own.
 */
export default async function setup(project: TestProject) {
  // The demo staff's passwords at the tests' cost, like every hash the tests make (lib/crypto.ts).
  lowerPasswordHashCostForTests(TEST_PASSWORD_HASH_COST);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-db-'));
  const lite = await openDatabase({});
  // The migrated, empty database first, for the files that start a server on an empty one (each
  // migrating its own took them 2 to 4 s).
  project.provide('pgliteEmpty', await saveDump(lite, path.join(dir, 'empty.tar')));
  await seed(lite.db, { demo: true, jwtSecret: JWT_SECRET });
  // pg-boss's schema (lib/jobs), so each file's server starts its job queue without installing it.
  await installBossSchema(lite);
  const file = await saveDump(lite, path.join(dir, 'demo.tar'));
  await lite.close();
  project.provide('pgliteSnapshot', file);

  let template = '';
  const url = process.env.DATABASE_URL;
  if (process.env.TEST_DATABASE === 'postgres' && url) {
    const { default: pg } = await import('pg');
    template = `console_tpl_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const db = await openDatabase({ databaseUrl: target.toString() });
    await seed(db.db, { demo: true, jwtSecret: JWT_SECRET });
    await installBossSchema(db);
    await db.close();
    await admin.end();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (!template) return;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}
