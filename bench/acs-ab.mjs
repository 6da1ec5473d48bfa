// Two builds side by side on a busy machine: both servers run at once and take turns under the same
// load (autocannon, short bursts, A B then B A), so each pair of figures shares the machine's state.
// Prints each burst's req/s and the server's CPU time per answer, then medians and the paired
// difference (how many pairs B was cheaper in). Sequential runs (bench/acs-load.mjs --root) on a
// machine other jobs load swing by 2× between runs; paired bursts do not.
// Usage: npm run build && node bench/acs-ab.mjs --a OTHER_ROOT [--b ROOT] [--rounds 8] [--seconds 5]
//   [--route props|get_all|healthz] [--connections 10]
// (--a/--b: checkouts whose apps/server/dist/server.js is built; --b defaults to this one.)
// On DATABASE_URL's server each build gets a new database; without it, each starts its own
// embedded PostgreSQL in a new data folder. Linux only (CPU time from /proc).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuTicks } from './cpu.mjs';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const roots = { A: arg('a', ''), B: arg('b', here) };
const rounds = Number(arg('rounds', 8));
const seconds = Number(arg('seconds', 5));
const connections = Number(arg('connections', 10));
const route = arg('route', 'props');
if (!roots.A || !fs.existsSync('/proc/self/stat')) {
  console.error('usage (Linux): node bench/acs-ab.mjs --a OTHER_ROOT [--b ROOT] [--rounds 8] [--seconds 5]');
  process.exit(1);
}
for (const root of Object.values(roots))
  if (!fs.existsSync(path.join(root, 'apps/server/dist/server.js'))) {
    console.error(`build first: ${root}/apps/server/dist/server.js`);
    process.exit(1);
  }

const url = process.env.DATABASE_URL;
const { default: pg } = url ? await import('pg') : { default: undefined };
const admin = url ? new pg.Client({ connectionString: url }) : undefined;
await admin?.connect();

async function post(base, to, body, token) {
  const res = await fetch(`${base}${to}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** Starts one build (its own database), signs the demo admin in, finds the demo game. */
async function start(label, root, port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ab-'));
  let database = '';
  let env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  if (admin) {
    database = `bench_ab_${label.toLowerCase()}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${database}`);
    const target = new URL(url);
    target.pathname = `/${database}`;
    env = { DATA_DIR: dataDir, DATABASE_URL: target.toString() };
  }
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      DEMO_PLAYERS: '2000',
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
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 1800) throw new Error(`${label} did not start`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await post(base, '/api/v1/users/login', { username: 'admin', password: 'Demo@12345' });
  const link = await (
    await fetch(`${base}/api/v1/acs/user/platform_link?platform=main`, {
      headers: { authorization: `Bearer ${login.data.token}` },
    })
  ).json();
  const q = Object.fromEntries(new URL(link.data.url, base).searchParams);
  const info = (
    await post(base, '/api/v1/acs/user/login', {
      ...q,
      is_modified_password: Number(q.is_modified_password),
      ts: Number(q.ts),
    })
  ).data;
  const auth = { authorization: `Bearer ${info.access_token}` };
  const games = await (await fetch(`${base}/api/v1/products?page_size=100`, { headers: auth })).json();
  const game = games.data.list.find((p) => p.code === 'xianxia');
  const requests = {
    healthz: { url: `${base}/healthz` },
    get_all: {
      url: `${base}/api/v1/acs/permission/get_all`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ user_id: info.id }),
    },
    props: {
      url: `${base}/api/v1/props?page=1&page_size=20`,
      headers: { ...auth, 'x-product-id': String(game.id) },
    },
  };
  if (!requests[route]) throw new Error(`--route: one of ${Object.keys(requests).join(', ')}`);
  return { label, child, dataDir, database, request: requests[route] };
}

/** One burst: req/s and the server process's CPU µs per answer (its database's apart). */
function burst(server) {
  const before = cpuTicks(server.child.pid);
  return new Promise((resolve, reject) =>
    autocannon({ duration: seconds, connections, ...server.request }, (err, r) => {
      if (err) return reject(err);
      const after = cpuTicks(server.child.pid);
      resolve({
        rps: r.requests.average,
        cpu: (10_000 * (after.own - before.own)) / Math.max(1, r.requests.total),
        errors: r.non2xx + r.errors + r.timeouts,
      });
    }),
  );
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join('/');
console.log(
  `A ${roots.A}\nB ${roots.B}\n${route}, ${rounds} rounds of ${seconds} s each, ${connections} connections, ` +
    `${os.cpus().length} cores, load ${load()}`,
);
const servers = [];
try {
  const port = 3800 + Math.floor(Math.random() * 90);
  servers.push(await start('A', roots.A, port), await start('B', roots.B, port + 1));
  const results = { A: [], B: [] };
  for (let round = 0; round < rounds; round++) {
    // A B, then B A: neither always runs first.
    for (const server of round % 2 ? [...servers].reverse() : servers) {
      const r = await burst(server);
      results[server.label].push(r);
      console.log(
        `round ${round} ${server.label} ${r.rps.toFixed(0).padStart(6)} req/s ${r.cpu.toFixed(0).padStart(5)} µs CPU/answer   errors ${r.errors}   load ${load()}`,
      );
    }
  }
  for (const label of ['A', 'B'])
    console.log(
      `${label}: median ${median(results[label].map((r) => r.cpu)).toFixed(0)} µs CPU/answer (min ${Math.min(...results[label].map((r) => r.cpu)).toFixed(0)}), median ${median(results[label].map((r) => r.rps)).toFixed(0)} req/s`,
    );
  const ratios = results.A.map((a, i) => results.B[i].cpu / a.cpu);
  console.log(
    `B/A CPU per answer, paired rounds: median ${median(ratios).toFixed(2)}; B cheaper in ${ratios.filter((x) => x < 1).length} of ${rounds}`,
  );
} finally {
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await new Promise((r) => (server.child.exitCode !== null ? r() : server.child.once('exit', r)));
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    if (server.database) await admin.query(`DROP DATABASE IF EXISTS ${server.database} WITH (FORCE)`);
  }
  await admin?.end();
}
