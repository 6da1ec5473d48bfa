import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/index.ts';
import { seed, DEMO_PASSWORD } from '../src/seed/index.ts';

export { DEMO_PASSWORD };

/** The scrypt cost of the passwords the API tests hash (lib/crypto.ts; the server's is 16384). */
export const TEST_PASSWORD_HASH_COST = 1024;

export const SSO_SECRET = 'test-sso-secret';
export const JWT_SECRET = 'test-jwt-secret';

/**
 * The database of one test file: in-memory PGlite, or, with TEST_DATABASE=postgres and
 * DATABASE_URL set, a fresh database on that server, dropped afterwards. With the demo data it
 * starts from the run's prepared copy (test/global-setup.ts) instead of migrating and seeding.
 */
async function testDatabase(demo: boolean): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const prepared = demo ? preparedDatabase() : {};
  if (process.env.TEST_DATABASE !== 'postgres' || !url) {
    return demo ? openDump(prepared.snapshot) : emptyDatabase();
  }
  const { default: pg } = await import('pg');
  const name = `console_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${prepared.template ? ` TEMPLATE ${prepared.template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/**
 * An in-memory PGlite with the migrations applied and no data, as a first start has: loaded from
 * the run's prepared copy (test/global-setup.ts) instead of migrating.
 */
export function emptyDatabase(): Promise<Database> {
  return openDump(preparedDatabase().empty);
}

/** The dumps a worker has read: its files run one after another in one module graph (vitest.config.ts). */
const dumps = new Map<string, Blob>();

/** An in-memory PGlite from a dump of test/global-setup.ts, migrated to the latest (a fresh one without a dump). */
function openDump(file: string | undefined): Promise<Database> {
  if (!file) return openDatabase({});
  let dump = dumps.get(file);
  if (!dump) {
    // Read and copied into a Blob once per worker, not once per file (64 MB each time).
    dump = new Blob([fs.readFileSync(file)]);
    dumps.set(file, dump);
  }
  return openDatabase({ loadDataDir: dump });
}

/** What test/global-setup.ts prepared (nothing when a file runs outside that setup). */
function preparedDatabase(): { snapshot?: string; empty?: string; template?: string } {
  try {
    return {
      snapshot: inject('pgliteSnapshot') || undefined,
      empty: inject('pgliteEmpty') || undefined,
      template: inject('postgresTemplate') || undefined,
    };
  } catch {
    return {};
  }
}

/** Limits no other test reaches: a rate-limit test lowers the one it checks. */
export const TEST_RATE_LIMITS = {
  console: 1_000_000,
  signIn: 1_000_000,
  game: 1_000_000,
  gameUnsigned: 1_000_000,
} as const;

export interface TestContext {
  app: FastifyInstance;
  database: Database;
}

export async function createTestApp(
  options: {
    demo?: boolean;
    accessTtl?: number;
    trustProxy?: AppOptions['trustProxy'];
    /** The external entries' addresses, as the configuration would give them. */
    external?: Pick<AppOptions, 'biUrl' | 'serviceWorkbenchUrl'>;
    /** Uploads' folder and S3 storage, as the configuration would give them (default: a temporary folder). */
    files?: Pick<AppOptions, 'dataDir' | 's3'>;
    /** Rate limits: far above anything a test sends unless a test sets its own (`TEST_RATE_LIMITS`). */
    rateLimits?: AppOptions['rateLimits'];
    /** The log, at a level, into a stream the test reads (default: silent). */
    log?: { level: string; stream: NodeJS.WritableStream };
  } = {},
): Promise<TestContext> {
  const database = await testDatabase(options.demo ?? true);
  const app = await buildApp({
    database,
    ssoSecret: SSO_SECRET,
    jwtSecret: JWT_SECRET,
    accessTtl: options.accessTtl,
    trustProxy: options.trustProxy,
    ...options.external,
    ...options.files,
    logLevel: options.log?.level ?? 'silent',
    logStream: options.log?.stream,
    rateLimits: { ...TEST_RATE_LIMITS, ...options.rateLimits },
  });
  await seed(database.db, { demo: options.demo ?? true, jwtSecret: JWT_SECRET });
  await app.ready();
  return { app, database };
}

/**
 * Asks for a captcha and solves it as the sign-in page does (ALTCHA proof of work, at the tests'
 * lowered work): the cookie naming it and the `code` users/login takes.
 */
export async function solveCaptcha(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<{ cookie: string; code: string }> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/users/captcha', headers });
  const { challenge } = body<{ challenge: Challenge }>(res).data;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('the captcha was not solved');
  const cookie = res.cookies.find((c) => c.name === 'rx_captcha')!;
  const code = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  return { cookie: `rx_captcha=${cookie.value}`, code };
}

export function body<T = unknown>(res: LightMyRequestResponse): { code: number; data: T; msg: string } {
  return res.json() as { code: number; data: T; msg: string };
}

/** Signs in through /login's API and follows the signed link: the user info the console would save. */
export async function signInAs(app: FastifyInstance, username: string, password = DEMO_PASSWORD) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username, password },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
  const token = body<{ token: string }>(login).data.token;
  const link = await app.inject({
    method: 'GET',
    url: '/api/v1/acs/user/platform_link?platform=main',
    headers: { authorization: `Bearer ${token}` },
  });
  const url = new URL(body<{ url: string }>(link).data.url, 'http://x');
  const fields = Object.fromEntries(url.searchParams);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/acs/user/login',
    payload: { ...fields, is_modified_password: Number(fields.is_modified_password), ts: Number(fields.ts) },
  });
  if (res.statusCode !== 200) throw new Error(`link login failed: ${res.body}`);
  return { sessionToken: token, user: body<UserInfoLike>(res).data };
}

export interface UserInfoLike {
  id: string;
  username: string;
  access_token: string;
  refresh_token: string;
  cpid: string;
  usertype: number | null;
  role_info: { identifier: string }[];
  default_lang: string;
  is_modified_password: number;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
