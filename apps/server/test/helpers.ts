import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/index.ts';
import { seed, DEMO_PASSWORD } from '../src/seed/index.ts';
import { PUBLIC_DEMO_PAY_SECRET } from '../src/modules/outside-parties/index.ts';

export { DEMO_PASSWORD };

/** The scrypt cost of the passwords the API tests hash (lib/crypto.ts; the server's is 16384). */
export const TEST_PASSWORD_HASH_COST = 1024;

export const SSO_SECRET = 'test-sso-secret';
export const JWT_SECRET = 'test-jwt-secret';
export const CREDENTIALS_SECRET = 'test-credentials-secret';

/** `server` (a PostgreSQL URL) with another database name. */
export function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function adminQuery(server: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** What test/global-setup.ts prepared: the run's server and the two databases to copy. */
function prepared(): { server: string; template: string; empty: string } {
  try {
    return {
      server: inject('testServer'),
      template: inject('postgresTemplate'),
      empty: inject('postgresEmpty'),
    };
  } catch {
    throw new Error(
      'API tests run under vitest with test/global-setup.ts (vitest.config.ts, project server)',
    );
  }
}

/** The run's PostgreSQL server (its `postgres` database): for tests that make databases of their own. */
export function testServerUrl(): string {
  return prepared().server;
}

/**
 * A database of one test file's own on the run's server, copied from a prepared template (with the
 * demo data, or migrated and empty as a first start has), and dropped when it closes.
 */
async function testDatabase(demo: boolean): Promise<Database> {
  const { server, template, empty } = prepared();
  const name = `console_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(server, `CREATE DATABASE ${name} TEMPLATE ${demo ? template : empty}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(server, name) });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A database with the migrations applied and no data, as a first start has. */
export function emptyDatabase(): Promise<Database> {
  return testDatabase(false);
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
    /** Where outside parties are reached (tests' local stand-ins: test/stand-ins). */
    outsideEndpoints?: Record<string, string>;
    /** The fake payment provider's secret (default: the public demo one, as a demo on loopback has). */
    fakePaySecret?: string;
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
    credentialsSecret: CREDENTIALS_SECRET,
    // Games use the fakes unless a test chooses otherwise, as in the demo.
    outside: { unset: 'fake', endpoints: options.outsideEndpoints },
    fakePaySecret: options.fakePaySecret ?? PUBLIC_DEMO_PAY_SECRET,
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
