// Background jobs (apps/server/src/lib/jobs), printing:
//  1. items per second of a BENCH_JOB_ITEMS-item job (100,000 by default; each item writes one row
//     under a unique key in its batch's transaction) on the embedded PostgreSQL, or in a new
//     database on DATABASE_URL's server;
//  2. the time from kill -9 of a server in the middle of a job to the job running again in the next
//     server (apps/server/src/modules/jobs/crash-child.ts, through tsx: node start-up included);
//  3. a 5,000-row props import through HTTP (a server of its own): how long the answer
//     (`{ job_id }`, HTTP 202) takes, the slowest /healthz while the job runs, and the job's duration.
// Usage: npx tsx bench/jobs.ts     (npm run bench:jobs; BENCH_SKIP=items,kill,import skips parts)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type Database } from '../apps/server/src/db/index.ts';
import { cps } from '../apps/server/src/db/schema.ts';
import { jobItemEffects } from '../apps/server/src/db/jobs.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { benchTarget, propsCsv, signIn } from './support.ts';

const root = path.resolve(import.meta.dirname, '..');
const ITEMS = Number(process.env.BENCH_JOB_ITEMS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);
const skip = new Set((process.env.BENCH_SKIP ?? '').split(','));
const machine = `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`;

// ---------------------------------------------------------------- 1. items per second

async function itemsPerSecond(label: string, database: Database) {
  await seed(database.db, { demo: false, adminPassword: 'Bench@12345', jwtSecret: 'bench-jwt' });
  const app = await buildApp({ database, ssoSecret: 'bench-sso', jwtSecret: 'bench-jwt', logLevel: 'warn' });
  app.jobs.defineJob('bench:effect', {
    async item(tx, _input, { job, seq }) {
      await tx.insert(jobItemEffects).values({ jobId: job.id, seq });
    },
  });
  await app.ready();
  try {
    const [cp] = await database.db.select({ id: cps.id }).from(cps).limit(1);
    const items = Array.from({ length: ITEMS }, (_, i) => ({ n: i }));
    let started = performance.now();
    const id = await app.jobs.create('bench:effect', { cpId: cp!.id, username: 'bench' }, { items });
    const created = performance.now() - started;
    started = performance.now();
    await app.jobs.runJob(id);
    const ran = performance.now() - started;
    const job = (await app.jobs.find(id))!;
    const [effects] = await database.db
      .select({ n: count() })
      .from(jobItemEffects)
      .where(eq(jobItemEffects.jobId, id));
    console.log(
      `${label}: ${ITEMS.toLocaleString()}-item job ${job.status} (${job.done.toLocaleString()} done, ` +
        `${effects!.n.toLocaleString()} effects): created in ${(created / 1000).toFixed(1)} s, ` +
        `ran in ${(ran / 1000).toFixed(1)} s = ${Math.round((ITEMS * 1000) / ran).toLocaleString()} items/s (${machine})`,
    );
  } finally {
    await app.close();
  }
}

// ---------------------------------------------------------------- 2. kill -9 to resumed

function crashChild(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/modules/jobs/crash-child.ts')],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines: Record<string, unknown>[] = [];
  const listeners: ((line: Record<string, unknown>) => void)[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    const line = JSON.parse(text) as Record<string, unknown>;
    lines.push(line);
    for (const listener of listeners) listener(line);
  });
  const until = (test: (line: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const seen = lines.find(test);
      if (seen) return resolve(seen);
      listeners.push((line) => test(line) && resolve(line));
      child.once('exit', (code) => reject(new Error(`crash child ended (${code})`)));
    });
  return { child, until };
}

async function killAndResume(label: string, env: Record<string, string>) {
  const first = crashChild({ ...env, CRASH_MODE: 'start', CRASH_ITEMS: '2000', CRASH_ITEM_MS: '2' });
  await first.until((l) => l.event === 'progress' && Number(l.done) >= 200);
  const killedAt = Date.now();
  first.child.kill('SIGKILL');
  await new Promise((r) => first.child.once('exit', r));
  const second = crashChild({ ...env, CRASH_MODE: 'resume' });
  const ready = await second.until((l) => l.event === 'ready');
  const resumed = await second.until((l) => l.event === 'resumed');
  const finished = await second.until((l) => l.event === 'finished');
  await new Promise((r) => second.child.once('exit', r));
  console.log(
    `${label}: kill -9 at ${resumed.done} of 2,000 items done → job running again after ` +
      `${((Number(resumed.t) - killedAt) / 1000).toFixed(2)} s (server ready after ${((Number(ready.t) - killedAt) / 1000).toFixed(2)} s, ` +
      `node + tsx start-up included); finished ${finished.status}, ${finished.effects} effects for ${finished.total} items`,
  );
}

// ---------------------------------------------------------------- 3. a large import

const send = (url: string, options: http.RequestOptions, body?: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(url, options, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, text }));
    });
    request.on('error', reject);
    request.end(body);
  });

async function largeImport() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-jobs-import-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      SSO_SECRET: 'bench-sso',
      JWT_SECRET: 'bench-jwt',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (i > 3000) throw new Error('server did not start');
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const token = await signIn(base);
    const games = await (
      await fetch(`${base}/api/v1/products?page_size=100`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const game = (games.data.list as { id: number; code: string }[]).find((p) => p.code === 'xianxia')!;
    const headers = { authorization: `Bearer ${token}`, 'x-product-id': String(game.id) };
    const csv = await propsCsv(base, headers, IMPORT_ROWS);

    let done = false;
    const probes: number[] = [];
    const probing = (async () => {
      while (!done) {
        const started = performance.now();
        await send(`${base}/healthz`, {}).catch(() => undefined);
        probes.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const started = performance.now();
    const res = await send(
      `${base}/api/v1/props/import`,
      { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' } },
      csv,
    );
    const answered = performance.now() - started;
    const jobId = JSON.parse(res.text).data.job_id as number;
    let job: { status: string; done: number; total: number; summary?: { create?: unknown[] } } | undefined;
    for (let i = 0; i < 6000; i++) {
      const r = await send(`${base}/api/v1/jobs/${jobId}`, { headers });
      job = JSON.parse(r.text).data;
      if (job && job.status !== 'running' && job.status !== 'queued') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const finished = performance.now() - started;
    done = true;
    await probing;
    probes.sort((a, b) => a - b);
    console.log(
      `${IMPORT_ROWS.toLocaleString()}-row props import (${(csv.length / 1024).toFixed(0)} KB, ${machine}): ` +
        `HTTP ${res.status} { job_id: ${jobId} } in ${answered.toFixed(0)} ms; job ${job?.status} ` +
        `(${job?.summary?.create?.length ?? '?'} created) after ${(finished / 1000).toFixed(1)} s`,
    );
    console.log(
      `/healthz while it ran: ${probes.length} probes, max ${probes.at(-1)!.toFixed(0)} ms, ` +
        `p95 ${probes[Math.floor(probes.length * 0.95)]!.toFixed(0)} ms, median ${probes[Math.floor(probes.length / 2)]!.toFixed(0)} ms`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- run

if (!skip.has('import')) await largeImport();
if (!skip.has('items')) {
  const target = await benchTarget('jobs-items');
  try {
    await itemsPerSecond(target.label, await openDatabase(target.options));
  } finally {
    await target.drop();
  }
}
if (!skip.has('kill')) {
  const target = await benchTarget('jobs-kill');
  try {
    await killAndResume(target.label, target.env);
  } finally {
    await target.drop();
  }
}
process.exit(0);
