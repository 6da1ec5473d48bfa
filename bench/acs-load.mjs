// Throughput and p99 latency of acs/permission/get_all and acs/user/rejwt, with the server in its
// own process and the load (autocannon) from this one; on PGlite, and on PostgreSQL when one answers.
// Usage: npm run build && node bench/acs-load.mjs [--seconds 10] [--connections 10]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 10);
const connections = arg('connections', 10);
const server = path.join(root, 'apps/server/dist/server.js');
if (!fs.existsSync(server)) {
  console.error('build first: npm run build');
  process.exit(1);
}

/** Up to 120 s, like the browser tests: a first start migrates and seeds, slow on a busy machine. */
async function waitReady(base, child) {
  for (let i = 0; i < 1200 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function post(base, url, body, token) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** One console sign-in of the demo admin: sign-in page, signed link, link login. */
async function consoleSignIn(base) {
  const login = await post(base, '/api/v1/users/login', { username: 'admin', password: 'Demo@12345' });
  const link = await (
    await fetch(`${base}/api/v1/acs/user/platform_link?platform=main`, {
      headers: { authorization: `Bearer ${login.data.token}` },
    })
  ).json();
  const q = Object.fromEntries(new URL(link.data.url, base).searchParams);
  const info = await post(base, '/api/v1/acs/user/login', {
    ...q,
    is_modified_password: Number(q.is_modified_password),
    ts: Number(q.ts),
  });
  return info.data;
}

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: seconds, connections, ...options }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

async function bench(label, env) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [server], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DEMO: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady(base, child);
    const admin = await consoleSignIn(base);
    const perms = await load({
      url: `${base}/api/v1/acs/permission/get_all`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.access_token}` },
      body: JSON.stringify({ user_id: admin.id }),
    });
    // Each refresh token is good once: keep a pool, and put back the rotated token of every answer.
    const pool = [];
    for (let i = 0; i < connections * 3; i++) pool.push((await consoleSignIn(base)).refresh_token);
    const rejwt = await load({
      url: base,
      method: 'POST',
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: `/api/v1/acs/user/rejwt?rejwt=${encodeURIComponent(pool.shift())}`,
          }),
          onResponse: (status, body) => {
            if (status === 200) pool.push(JSON.parse(body).data.refresh_token);
          },
        },
      ],
    });
    for (const [name, r] of [
      ['permission/get_all', perms],
      ['rejwt', rejwt],
    ]) {
      const errors = r.non2xx + r.errors + r.timeouts;
      console.log(
        `${label.padEnd(10)} ${name.padEnd(20)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${errors}`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

console.log(`ACS load: ${connections} connections, ${seconds} s per endpoint, ${os.cpus().length} cores`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
await bench('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
fs.rmSync(dataDir, { recursive: true, force: true });

const pgUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
let pgClient;
try {
  const { default: pg } = await import('pg');
  pgClient = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  await pgClient.connect();
} catch {
  pgClient = undefined;
  console.log('PostgreSQL  (no server answered; skipped)');
}
if (pgClient) {
  const name = `bench_${Date.now()}`;
  await pgClient.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const secretsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  try {
    await bench('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: secretsDir });
  } finally {
    await pgClient.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await pgClient.end();
    fs.rmSync(secretsDir, { recursive: true, force: true });
  }
}
