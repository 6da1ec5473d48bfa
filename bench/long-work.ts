// The console on its embedded PostgreSQL under long work (issue 25's figures), with the built server
// (npm run build) in its own process and every probe from this one:
//  1. the worst /healthz and the worst first props page (probed one after another, 20 ms apart)
//     while a 20,000-row props import dry run, a 1,000,000-code export and a 300,000-code
//     generation run one after another (goal: under 100 ms);
//  2. the idle memory of the console with its demo data: the server and the PostgreSQL processes,
//     proportional set size (shared pages counted once), goal 250 MB;
//  3. kill -9 of the server 1.5, 3 and 5 s into a 300,000-code generation, BENCH_KILLS times (10):
//     restarts that answer /readyz, and codes generated once each (goal 10 of 10).
// Usage: npm run build && npx tsx bench/long-work.ts   (BENCH_SKIP=work,memory,kill skips parts, and
// import,export,generation parts of the work; BENCH_PROFILE=DIR: the server writes a CPU profile there;
// BENCH_DEMO_PLAYERS, default the console's 200,000)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { codeBatchResource } from '@rx/contracts';
import { machine, propsCsv, startServer } from './support.ts';

const skip = new Set((process.env.BENCH_SKIP ?? '').split(','));
const KILLS = Number(process.env.BENCH_KILLS ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-long-work-'));
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  DEMO_PLAYERS: process.env.BENCH_DEMO_PLAYERS ?? '200000',
  RATE_LIMIT_CONSOLE: '1000000000',
  RATE_LIMIT_SIGN_IN: '1000000000',
};

interface Answer<T> {
  code: number;
  data: T;
}
type Api = <T>(method: string, url: string, body?: unknown, type?: string) => Promise<Answer<T>>;

async function session(base: string): Promise<{ api: Api; headers: Record<string, string> }> {
  const call = async <T>(url: string, init: RequestInit = {}) =>
    (await (await fetch(base + url, init)).json()) as Answer<T>;
  const post = <T>(url: string, body: unknown) =>
    call<T>(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const login = await post<{ token: string }>('/api/v1/users/login', {
    username: 'admin',
    password: 'Demo@12345',
  });
  const link = await call<{ url: string }>('/api/v1/acs/user/platform_link', {
    headers: { authorization: `Bearer ${login.data.token}` },
  });
  const q = Object.fromEntries(new URL(link.data.url, base).searchParams);
  const info = await post<{ access_token: string }>('/api/v1/acs/user/login', {
    ...q,
    is_modified_password: Number(q.is_modified_password),
    ts: Number(q.ts),
  });
  const auth = { authorization: `Bearer ${info.data.access_token}` };
  const games = await call<{ list: { id: number; code: string }[] }>('/api/v1/products?page_size=100', {
    headers: auth,
  });
  const game = games.data.list.find((p) => p.code === 'xianxia')!;
  const headers = { ...auth, 'x-product-id': String(game.id) };
  const api: Api = (method, url, body, type = 'application/json') =>
    call(url, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': type }) },
      body:
        body === undefined
          ? undefined
          : type === 'application/json'
            ? JSON.stringify(body)
            : (body as string),
    });
  return { api, headers };
}

/** A connection to the console's embedded PostgreSQL (its password and port from the data folder). */
async function databaseClient(): Promise<pg.Client> {
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const port = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  const client = new pg.Client({
    connectionString: `postgres://postgres:${secrets.postgres}@127.0.0.1:${port}/postgres`,
  });
  await client.connect();
  return client;
}

/**
 * The demo asks a second person to approve large code batches (approval policies on every demo
 * game): the benchmark's batches are its own, so it turns those policies off in the database.
 */
async function withoutBatchApprovals(): Promise<void> {
  const client = await databaseClient();
  try {
    await client.query('update approval_policies set enabled = false where action = $1', [
      codeBatchResource.permissions.approve,
    ]);
  } finally {
    await client.end();
  }
}

/** A code batch of `quantity` codes, submitted: its generation job starts at once. */
async function startBatch(api: Api, quantity: number): Promise<number> {
  // The demo game's maintenance compensation (what the code-batch tests hand out too).
  const gifts = await api<{ list: { id: number; name: { zh: string } }[] }>(
    'GET',
    '/api/v1/gift-packages?page_size=100',
  );
  const gift = gifts.data.list.find((g) => g.name.zh === '维护补偿')!.id;
  const day = 86_400_000;
  const created = await api<{ id: number; version: number }>('POST', '/api/v1/code-batches', {
    name: `bench ${quantity} ${Date.now()}`,
    kind: 'unique',
    length: 12,
    quantity,
    gift_package_id: gift,
    start_at: new Date(Date.now() - day).toISOString(),
    end_at: new Date(Date.now() + 30 * day).toISOString(),
  });
  if (created.code !== 0) throw new Error(JSON.stringify(created));
  const submitted = await api('POST', `/api/v1/code-batches/${created.data.id}/submit`, {
    version: created.data.version,
  });
  if (submitted.code !== 0) throw new Error(JSON.stringify(submitted));
  return created.data.id;
}

async function untilGenerated(api: Api, id: number, quantity: number): Promise<void> {
  for (;;) {
    const batch = await api<{ generated: number }>('GET', `/api/v1/code-batches/${id}`);
    if (batch.data.generated >= quantity) return;
    await sleep(500);
  }
}

/** Probes /healthz and the first props page one after another until `work` ends; the worst of each. */
async function probed(base: string, headers: Record<string, string>, work: () => Promise<void>) {
  let done = false;
  const worst = { healthz: 0, props: 0, probes: 0 };
  const probing = (async () => {
    while (!done) {
      let started = performance.now();
      await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
      worst.healthz = Math.max(worst.healthz, performance.now() - started);
      started = performance.now();
      await fetch(`${base}/api/v1/props?page=1&page_size=20`, { headers }).then((r) => r.arrayBuffer());
      worst.props = Math.max(worst.props, performance.now() - started);
      worst.probes++;
      await sleep(20);
    }
  })();
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await probing;
  return { ...worst, seconds };
}

async function longWork(): Promise<void> {
  const { child, base } = await startServer(env, { waitSeconds: 600 });
  try {
    await withoutBatchApprovals();
    const { api, headers } = await session(base);
    const line = (what: string, r: Awaited<ReturnType<typeof probed>>) =>
      console.log(
        `  ${what.padEnd(34)} ${r.seconds.toFixed(1).padStart(6)} s; worst /healthz ${r.healthz.toFixed(0).padStart(4)} ms, ` +
          `worst props page ${r.props.toFixed(0).padStart(4)} ms (${r.probes} probes each)`,
      );
    // The million codes to export are made first (their generation is not what is measured here).
    const million = skip.has('export') ? 0 : await startBatch(api, 1_000_000);
    if (million) await untilGenerated(api, million, 1_000_000);
    console.log(`Long work beside requests (${machine()}):`);
    // The same probes with no work running: what the machine alone costs them (a busy machine's
    // scheduling shows in every line; the work's share is the difference).
    line('no work (the baseline)', await probed(base, headers, () => sleep(10_000)));
    if (!skip.has('import'))
      line(
        '20,000-row props import, dry run',
        await probed(base, headers, async () => {
          const csv = await propsCsv(base, headers, 20_000);
          const answer = await api<{ job_id?: number }>(
            'POST',
            '/api/v1/props/import?dry_run=1',
            csv,
            'text/csv',
          );
          const jobId = answer.data?.job_id;
          if (!jobId) throw new Error(JSON.stringify(answer).slice(0, 300));
          for (;;) {
            const job = await api<{ status: string }>('GET', `/api/v1/jobs/${jobId}`);
            if (!['queued', 'running'].includes(job.data.status)) break;
            await sleep(200);
          }
        }),
      );
    if (million)
      line(
        '1,000,000-code export (CSV)',
        await probed(base, headers, async () => {
          const res = await fetch(`${base}/api/v1/code-batches/${million}/codes/export`, { headers });
          let bytes = 0;
          for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
          if (bytes < 1_000_000 * 12) throw new Error(`the export had ${bytes} bytes`);
        }),
      );
    if (!skip.has('generation'))
      line(
        '300,000-code generation',
        await probed(base, headers, async () => {
          const id = await startBatch(api, 300_000);
          await untilGenerated(api, id, 300_000);
        }),
      );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** The proportional set size (MB) of the server and of every process working in its cluster folder. */
function consoleMemory(serverPid: number): { server: number; database: number; processes: number } {
  const pss = (pid: number) => {
    try {
      const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      return Number(/^Pss:\s+(\d+) kB/m.exec(text)![1]) / 1024;
    } catch {
      return 0;
    }
  };
  const cluster = fs.realpathSync(path.join(dataDir, 'postgres'));
  let database = 0;
  let processes = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readlinkSync(`/proc/${entry}/cwd`) !== cluster) continue;
    } catch {
      continue;
    }
    database += pss(Number(entry));
    processes++;
  }
  return { server: pss(serverPid), database, processes };
}

async function idleMemory(): Promise<void> {
  const { child, base } = await startServer(env, { waitSeconds: 600 });
  try {
    // A console's first visit, then quiet: the pool's idle connections close after 10 s.
    await session(base);
    await sleep(15_000);
    const m = consoleMemory(child.pid!);
    console.log(
      `Idle memory with the demo data (${env.DEMO_PLAYERS} players; ${machine()}): ${(m.server + m.database).toFixed(0)} MB ` +
        `(server ${m.server.toFixed(0)} MB, PostgreSQL ${m.database.toFixed(0)} MB in ${m.processes} processes; PSS; goal 250 MB)`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function killDuringGeneration(): Promise<void> {
  console.log(`kill -9 during a 300,000-code generation, ${KILLS} times (${machine()}):`);
  let answered = 0;
  let exact = 0;
  for (let round = 0; round < KILLS; round++) {
    const at = [1.5, 3, 5][round % 3]!;
    const first = await startServer(env, { waitSeconds: 600 });
    await withoutBatchApprovals();
    const { api } = await session(first.base);
    const id = await startBatch(api, 300_000);
    await sleep(at * 1000);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const restarted = performance.now();
    let second: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      second = await startServer(env, { waitSeconds: 120 });
      const ready = (performance.now() - restarted) / 1000;
      answered++;
      const again = await session(second.base);
      await untilGenerated(again.api, id, 300_000);
      const client = await databaseClient();
      const [row] = (
        await client.query<{ n: string; distinct: string }>(
          'select count(*) as n, count(distinct code) as distinct from codes where batch_id = $1',
          [id],
        )
      ).rows;
      await client.end();
      const once = Number(row!.n) === 300_000 && Number(row!.distinct) === 300_000;
      if (once) exact++;
      console.log(
        `  round ${round + 1}: killed ${at} s in; /readyz after ${ready.toFixed(1)} s; ${row!.n} codes, ${row!.distinct} distinct${once ? '' : '  MISMATCH'}`,
      );
    } catch (err) {
      console.log(`  round ${round + 1}: killed ${at} s in; no restart: ${(err as Error).message}`);
    } finally {
      if (second) {
        second.child.kill('SIGTERM');
        await new Promise((r) => second!.child.once('exit', r));
      }
    }
  }
  console.log(
    `  restarts answering /readyz: ${answered} of ${KILLS}; batches with every code once: ${exact} of ${KILLS}`,
  );
}

try {
  if (!skip.has('memory')) await idleMemory();
  if (!skip.has('work')) await longWork();
  if (!skip.has('kill')) await killDuringGeneration();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
