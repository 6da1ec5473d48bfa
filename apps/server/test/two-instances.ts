import { afterAll, beforeAll } from 'vitest';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/index.ts';
import { products } from '../src/db/schema.ts';
import { seed } from '../src/seed/index.ts';
import { JWT_SECRET, SSO_SECRET, TEST_RATE_LIMITS, signInAs, testServerUrl } from './helpers.ts';

/**
 * Several server instances of one deployment in one test process: each has its own app and its
 * own connection pool on a database of its own on the run's PostgreSQL (created for the file and
 * dropped after), optionally on one Redis. What tests of "two instances at once" share:
 *
 *   const skip = await instancesUnavailable({ redis: true });
 *   describe.skipIf(skip !== null)(…, () => {
 *     const name = testDatabaseName('two');
 *     beforeAll(async () => { await createDatabase(name); a = await startInstance(name, { seed: true }); … });
 *     afterAll(async () => { await stopInstances([a, b]); await dropDatabase(name); });
 *   });
 */

export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
export const POSTGRES_URL = testServerUrl();

/** Why instances cannot run here (PostgreSQL, or Redis when asked, not answering), or null. */
export async function instancesUnavailable({ redis = false }: { redis?: boolean } = {}): Promise<
  string | null
> {
  if (redis) {
    const client = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.ping();
    } catch {
      return `Redis does not answer at ${REDIS_URL}`;
    } finally {
      client.disconnect();
    }
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch {
    return `PostgreSQL does not answer at ${POSTGRES_URL}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  return null;
}

/** Runs one statement on the run's server (outside any test database). */
export async function withDatabase(url: string, sql: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A fresh name for a test file's database (`console_<prefix>_<random>`). */
export function testDatabaseName(prefix: string): string {
  return `console_${prefix}_${randomBytes(5).toString('hex')}`;
}

/** The address of a database of the run's server. */
export function databaseUrl(name: string): string {
  const target = new URL(POSTGRES_URL);
  target.pathname = `/${name}`;
  return target.toString();
}

export const createDatabase = (name: string) => withDatabase(POSTGRES_URL, `CREATE DATABASE ${name}`);
export const dropDatabase = (name: string) =>
  withDatabase(POSTGRES_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);

export interface Instance {
  app: FastifyInstance;
  database: Database;
  /** Its address when it listens (`http://127.0.0.1:<port>`), else ''. */
  base: string;
}

export type InstanceOptions = Partial<Omit<Parameters<typeof buildApp>[0], 'database'>> & {
  /** Fills the database with the demo data first (the first instance of a deployment). */
  seed?: boolean;
  /** Listens on a port of its own (default); false: ready, called with `inject`. */
  listen?: boolean;
};

/** Starts one instance on the database `name` (migrated by the app as it starts). */
export async function startInstance(name: string, options: InstanceOptions = {}): Promise<Instance> {
  const { seed: withDemo = false, listen = true, ...appOptions } = options;
  const database = await openDatabase({ databaseUrl: databaseUrl(name) });
  const app = await buildApp({
    ssoSecret: SSO_SECRET,
    jwtSecret: JWT_SECRET,
    logLevel: 'silent',
    rateLimits: TEST_RATE_LIMITS,
    ...appOptions,
    database,
  });
  if (withDemo) await seed(database.db, { demo: true, jwtSecret: JWT_SECRET });
  if (!listen) {
    await app.ready();
    return { app, database, base: '' };
  }
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, base };
}

export async function stopInstances(instances: readonly (Instance | undefined)[]): Promise<void> {
  for (const instance of instances) await instance?.app.close();
}

/**
 * Resolves once a session of the database `name` waits on a lock (another instance blocked on a
 * row the caller holds): lets a test hold one instance's work until the other really overlaps it.
 * Throws after `timeoutMs`.
 */
export async function lockWaiterSeen(name: string, timeoutMs = 30_000): Promise<void> {
  const { default: pg } = await import('pg');
  const watcher = new pg.Client({ connectionString: databaseUrl(name) });
  await watcher.connect();
  try {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const { rows } = await watcher.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no other session waited on a lock');
  } finally {
    await watcher.end();
  }
}

/** The id of the demo game `code` in the instance's database. */
export async function demoProductId(instance: Instance, code = 'xianxia'): Promise<number> {
  const [product] = await instance.database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.code, code));
  if (!product) throw new Error(`no game ${code} in the instance's database`);
  return product.id;
}

/** What console calls to `instance` carry: `username` signed in there, working in the demo game `code`. */
export async function staffHeaders(
  instance: Instance,
  username = 'admin',
  code = 'xianxia',
): Promise<{ authorization: string; 'x-product-id': string }> {
  const { user } = await signInAs(instance.app, username);
  return {
    authorization: `Bearer ${user.access_token}`,
    'x-product-id': String(await demoProductId(instance, code)),
  };
}

/** The part of a `ws` client these tests use (the package the server's WebSocket plugin is built on). */
export interface WsClient {
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  on(
    event: 'unexpected-response',
    listener: (request: unknown, response: { statusCode: number }) => void,
  ): void;
}
/** A `ws` client to an instance's WebSocket address. */
export const WebSocket = createRequire(import.meta.url)('ws') as new (
  url: string,
  protocols: string[],
  options?: { headers?: Record<string, string> },
) => WsClient;

/** The instances of a `useInstances` block and their database. */
export interface InstancesInUse {
  /** The database's name. */
  readonly name: string;
  /** The instances, once the block's `beforeAll` has run. */
  readonly instances: Instance[];
  /** The first and the second instance. */
  readonly a: Instance;
  readonly b: Instance;
}

/**
 * Registers, in the describe block it is called in, a new database `console_<prefix>_…` with
 * `count` instances on it before the block's tests (the first seeds the demo data unless `options`
 * say `seed: false`; `options` is read then, after the hooks registered before this call), and stops
 * them and drops the database after them.
 */
export function useInstances(prefix: string, options: () => InstanceOptions, count = 2): InstancesInUse {
  const name = testDatabaseName(prefix);
  const instances: Instance[] = [];
  beforeAll(async () => {
    await createDatabase(name);
    const common = options();
    instances.push(await startInstance(name, { seed: true, ...common }));
    while (instances.length < count) instances.push(await startInstance(name, { ...common, seed: false }));
  }, 120_000);
  afterAll(async () => {
    await stopInstances(instances);
    await dropDatabase(name);
  });
  const at = (i: number): Instance => {
    const instance = instances[i];
    if (!instance) throw new Error('the instances are there once the beforeAll of useInstances has run');
    return instance;
  };
  return {
    name,
    instances,
    get a() {
      return at(0);
    },
    get b() {
      return at(1);
    },
  };
}
