// From a fresh clone to the sign-in page: clones this checkout's HEAD into a temporary folder, runs
// the README's `npm ci && npm start` there (the console's default: embedded PostgreSQL, 200,000
// demo players) and times each step until /login answers 200. Goal: 60 s in all.
// Usage: node bench/fresh-start.mjs   (BENCH_PORT, default 3390; the clone is removed afterwards)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3390);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fresh-'));
const machine = () =>
  `${os.cpus().length} cores, load ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join('/')}`;
const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1);

console.log(`Fresh clone to /login (${machine()})`);
spawnSync('git', ['clone', '--quiet', '--no-hardlinks', root, dir], { stdio: 'inherit' });
// The clone's own ./data, on its embedded database.
const { DATA_DIR: _dataDir, DATABASE_URL: _databaseUrl, ...inherited } = process.env;
const env = { ...inherited, PORT: String(port), HOST: '127.0.0.1' };
const total = performance.now();
let step = performance.now();
const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--silent'], {
  cwd: dir,
  env,
  stdio: 'inherit',
});
if (ci.status !== 0) throw new Error('npm ci failed');
console.log(`  npm ci                 ${seconds(step).padStart(6)} s`);
step = performance.now();
const server = spawn('npm', ['start', '--silent'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'inherit'] });
let built = 0;
server.stdout.on('data', (chunk) => {
  // The server's first line comes once the builds are done.
  if (!built && /PostgreSQL started|"level"/.test(String(chunk))) built = performance.now();
});
try {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start ended (${server.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/login`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (built) console.log(`  npm start: builds      ${((built - step) / 1000).toFixed(1).padStart(6)} s`);
  console.log(
    `  npm start: to /login   ${seconds(step).padStart(6)} s (database set-up and demo seed included)`,
  );
  console.log(`  in all                 ${seconds(total).padStart(6)} s (goal 60 s)`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dir, { recursive: true, force: true });
}
