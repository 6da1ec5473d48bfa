// What the benchmarks share: the console's server in its own process, signing in as the demo admin
// the way the console does, and percentiles.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseOptions, type Db } from '../apps/server/src/db/index.ts';
import { cps, products } from '../apps/server/src/db/schema.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The secrets the benchmarks' servers run with (a database seeded beforehand must use the same). */
export const BENCH_SECRETS = { SSO_SECRET: 'bench-sso', JWT_SECRET: 'bench-jwt' };

/**
 * Starts the console's server in its own process (the build, or with `source` the TypeScript
 * through tsx) with demo data on a random port, and waits until it answers /readyz: a first start
 * migrates and seeds, slow on a busy machine. `env` adds to or overrides the defaults.
 */
export async function startServer(
  env: Record<string, string>,
  options: { source?: boolean; waitSeconds?: number } = {},
): Promise<{ child: ChildProcess; base: string }> {
  const port = 3700 + Math.floor(Math.random() * 290);
  // BENCH_PROFILE=DIR: the server writes a V8 CPU profile there when it stops (bench/profile-top.mjs).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
    : [];
  const args = options.source
    ? [...profile, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]
    : [...profile, path.join(root, 'apps/server/dist/server.js')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...BENCH_SECRETS,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const tries = (options.waitSeconds ?? 120) * 10;
  for (let i = 0; i < tries && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base };
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error(
    child.exitCode === null ? 'the server did not start' : `the server ended (${child.exitCode})`,
  );
}

/** Signs in as a demo staff member, the admin by default (password, then the platform link), and answers the access token. */
export async function signIn(base: string, username = 'admin'): Promise<string> {
  const post = async (url: string, body: unknown) =>
    (
      await fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const login = await post('/api/v1/users/login', { username, password: 'Demo@12345' });
  const link = await (
    await fetch(`${base}/api/v1/acs/user/platform_link`, {
      headers: { authorization: `Bearer ${login.data.token}` },
    })
  ).json();
  const q = Object.fromEntries(new URL(link.data.url, base).searchParams);
  const info = await post('/api/v1/acs/user/login', {
    ...q,
    is_modified_password: Number(q.is_modified_password),
    ts: Number(q.ts),
  });
  return info.data.access_token;
}

/** The p-th percentile of sorted figures. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Where a benchmark's data goes: the console's own embedded PostgreSQL in a new data folder (what
 * `npm start` runs), or, when DATABASE_URL is set, a new database on that server. `options` opens it
 * in this process (close it before a server process opens the same data folder); `env` is what a
 * server process needs for it; `drop` removes it.
 */
export async function benchTarget(tag: string): Promise<{
  label: string;
  options: DatabaseOptions;
  env: Record<string, string>;
  drop(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${tag}-`));
  const url = process.env.DATABASE_URL;
  if (!url) {
    return {
      label: 'embedded PostgreSQL',
      options: { dataDir },
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${tag.replace(/\W/g, '_')}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    label: 'DATABASE_URL',
    options: { databaseUrl: target.toString() },
    env: { DATABASE_URL: target.toString(), DATA_DIR: dataDir },
    async drop() {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a benchmark on a database of its own (see `benchTarget`), opened in this process, and
 * removes it afterwards, whatever happens.
 */
export async function withBenchDatabase(
  tag: string,
  run: (label: string, database: Database) => Promise<void>,
): Promise<void> {
  const target = await benchTarget(tag);
  try {
    const database = await openDatabase(target.options);
    try {
      await run(target.label, database);
    } finally {
      // A benchmark's app.close() may have closed it already.
      await database.close().catch(() => undefined);
    }
  } finally {
    await target.drop();
  }
}

/** One line about the machine, for every figure: cores and the load average (the machine is shared). */
export function machine(): string {
  return `${os.cpus().length} cores, load ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join('/')}`;
}

/** A props CSV of `rows` new props, in the columns of the console's own export. */
export async function propsCsv(base: string, headers: Record<string, string>, rows: number): Promise<string> {
  const exported = await (await fetch(`${base}/api/v1/props/export?format=csv`, { headers })).text();
  const columns = exported
    .replace(/^\uFEFF/, '')
    .split('\r\n')[0]!
    .split(',');
  const values: Record<string, (i: number) => string> = {
    code: (i) => `bench_${i}`,
    'name.zh': (i) => `道具 ${i}`,
    'name.en': (i) => `Item ${i}`,
    type: () => 'material',
    rarity: () => 'common',
    stack_limit: () => '99',
    expiry_days: () => '0',
    status: () => 'active',
  };
  const line = (i: number) => columns.map((column) => values[column]?.(i) ?? '').join(',');
  return '\uFEFF' + [columns.join(','), ...Array.from({ length: rows }, (_, i) => line(i))].join('\r\n');
}

/** The seeded CP of a bench database (seeded without demo data) and a new game `bench` of it. */
export async function benchProduct(db: Db) {
  const [cp] = await db.select({ id: cps.id }).from(cps).limit(1);
  const [product] = await db
    .insert(products)
    .values({ cpId: cp!.id, code: 'bench', name: 'Bench', region: 'gn' })
    .returning();
  return { cp: cp!, product: product! };
}
