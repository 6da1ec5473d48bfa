// Throughput and p99 latency of the request path, with the server in its own process and the load
// (autocannon) from this one, in one run: /healthz (nothing but Fastify), acs/permission/get_all
// and the first props list page (sign-in check, permission and scope look-ups, rate limit, the
// query, serialisation), and acs/user/rejwt. The two API routes are also given as a share of
// /healthz's rate (goals: 25% and 15%), which holds still on a busy machine where req/s do not.
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server.
// Usage: npm run build && node bench/acs-load.mjs [--seconds 10] [--connections 10] [--root DIR]
// (--root: the build of another checkout, e.g. the main branch's, for a before/after;
// --routes healthz,get_all,props,rejwt: some of them only;
// --profile DIR: the server writes a V8 CPU profile there at its stop, for `node bench/profile-top.mjs DIR`.)
// On Linux each route also gives the CPU time per answer of the server's process and of the
// database's (the embedded server's processes): what an answer costs, which a busy machine changes
// less than req/s.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuTicks } from './cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const seconds = Number(arg('seconds', 10));
const connections = Number(arg('connections', 10));
const server = path.join(path.resolve(arg('root', root)), 'apps/server/dist/server.js');
const profile = arg('profile', '');
const routes = new Set(arg('routes', 'healthz,get_all,props,rejwt').split(','));
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

const linux = fs.existsSync('/proc/self/stat');

/** autocannon's result, with the CPU the server (and its database) spent meanwhile (`cpu`, ms). */
async function load(options, pid) {
  const before = linux && pid ? cpuTicks(pid) : undefined;
  const result = await new Promise((resolve, reject) => {
    autocannon({ duration: seconds, connections, ...options }, (err, r) => (err ? reject(err) : resolve(r)));
  });
  if (before) {
    const after = cpuTicks(pid);
    result.cpu = { server: 10 * (after.own - before.own), database: 10 * (after.children - before.children) };
  }
  return result;
}

async function bench(label, env) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, server], {
    env: {
      ...process.env,
      DEMO_PLAYERS: '2000',
      // Far above the load: what is measured is the work of an answer, not a 429.
      RATE_LIMIT_CONSOLE: '1000000000',
      RATE_LIMIT_SIGN_IN: '1000000000',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady(base, child);
    const admin = await consoleSignIn(base);
    const auth = { authorization: `Bearer ${admin.access_token}` };
    const games = await (await fetch(`${base}/api/v1/products?page_size=100`, { headers: auth })).json();
    const game = games.data.list.find((p) => p.code === 'xianxia');
    const results = [];
    if (routes.has('healthz')) results.push(['/healthz', await load({ url: `${base}/healthz` }, child.pid)]);
    if (routes.has('get_all'))
      results.push([
        'permission/get_all',
        await load(
          {
            url: `${base}/api/v1/acs/permission/get_all`,
            method: 'POST',
            headers: { 'content-type': 'application/json', ...auth },
            body: JSON.stringify({ user_id: admin.id }),
          },
          child.pid,
        ),
      ]);
    if (routes.has('props'))
      results.push([
        'props, first page',
        await load(
          {
            url: `${base}/api/v1/props?page=1&page_size=20`,
            headers: { ...auth, 'x-product-id': String(game.id) },
          },
          child.pid,
        ),
      ]);
    // Each refresh token is good once: keep a pool, and put back the rotated token of every answer.
    const pool = [];
    if (routes.has('rejwt'))
      for (let i = 0; i < connections * 3; i++) pool.push((await consoleSignIn(base)).refresh_token);
    if (routes.has('rejwt'))
      results.push([
        'rejwt',
        await load(
          {
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
          },
          child.pid,
        ),
      ]);
    const healthz = results.find(([name]) => name === '/healthz')?.[1].requests.average ?? NaN;
    const goals = { 'permission/get_all': 25, 'props, first page': 15 };
    for (const [name, r] of results) {
      const errors = r.non2xx + r.errors + r.timeouts;
      const share =
        name === '/healthz'
          ? ''
          : `  ${((100 * r.requests.average) / healthz).toFixed(1).padStart(5)}% of /healthz`;
      const goal = goals[name] ? ` (goal ${goals[name]}%)` : '';
      // CPU per answer, in µs: the server's process, then the database's.
      const cpu = r.cpu
        ? `   CPU/answer ${((1000 * r.cpu.server) / r.requests.total).toFixed(0).padStart(4)} µs server, ${((1000 * r.cpu.database) / r.requests.total).toFixed(0).padStart(4)} µs database`
        : '';
      console.log(
        `${label.padEnd(10)} ${name.padEnd(20)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${errors}${share}${goal}${cpu}`,
      );
    }
    console.log(
      `load average after the run ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join('/')}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

console.log(
  `Request path under load: ${connections} connections, ${seconds} s per route, ${server}, ` +
    `${os.cpus().length} cores, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join('/')}`,
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-acs-'));
const url = process.env.DATABASE_URL;
if (!url) {
  try {
    await bench('embedded', { DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `bench_acs_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    await bench('DATABASE_URL', { DATABASE_URL: target.toString(), DATA_DIR: dataDir });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
