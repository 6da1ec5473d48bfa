// Push fan-out and pop-up decisions (issue 28's figures), on a console listening in this process
// with its probes and its game-API load sent from a second process (bench/push-client.ts):
//  1. BENCH_PUSH_TOKENS device tokens (200,000 by default; set-based INSERT … SELECT) on the demo
//     game, one push task to all of them through the fake FCM, sent from the console (HTTP) as
//     staff do: time from send to the task's end, pushes per second, each device once; the worst
//     and p99 /healthz and push-task list page during it beside a baseline taken just before, and
//     the process's memory peak (RSS, sampled every 100 ms);
//  2. the same through the real FCM HTTP v1 adapter against its local stand-in (test/stand-ins,
//     in this process too: its own work counts against the figure) to BENCH_PUSH_REAL tokens of a
//     second game (20,000 by default; 0 skips);
//  3. BENCH_POPUP_DECISIONS (5,000) signed pop-up decisions (`GET /api/game/v1/popups`, a new player
//     each, 16 at a time) from the second process: per second, p50 and p99, /healthz beside them.
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server.
// Usage: npx tsx bench/push-fanout.ts
import { fork } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { GameApiKeyCreated, Popup, PopupScene, PushTask } from '@rx/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/index.ts';
import { cps, products } from '../apps/server/src/db/schema.ts';
import { queryRows } from '../apps/server/src/lib/rows.ts';
import { FCM_API } from '../apps/server/src/modules/outside-parties/fcm/real.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { startFcm } from '../apps/server/test/stand-ins/fcm.ts';
import { machine, percentile, signIn, withBenchDatabase } from './support.ts';

const TOKENS = Number(process.env.BENCH_PUSH_TOKENS ?? 200_000);
const REAL = Number(process.env.BENCH_PUSH_REAL ?? 20_000);
const DECISIONS = Number(process.env.BENCH_POPUP_DECISIONS ?? 5_000);
const CONCURRENCY = 16;
const UNLIMITED = 1_000_000_000;

interface Answer<T> {
  code: number;
  msg?: string;
  data: T;
}

type Probed = { health: number[]; list: number[]; failures: Record<string, number> };
const failed = (f: Record<string, number>) =>
  Object.keys(f).length ? `; failed probes ${JSON.stringify(f)}` : '';
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const ms = (n: number | undefined) => `${(n ?? 0).toFixed(1)} ms`;
function spread(label: string, list: number[]): string {
  const s = sorted(list);
  if (!s.length) return `${label}: no probes`;
  return `${label} p50 ${ms(percentile(s, 50))}, p99 ${ms(percentile(s, 99))}, worst ${ms(s.at(-1))} (${s.length})`;
}

/** The second process, in `mode`; `stop` ends a probe run. */
function client<T>(input: Record<string, unknown>): { stop(): void; done: Promise<T> } {
  const file = `${os.tmpdir()}/push-bench-${process.pid}-${Math.random().toString(36).slice(2)}.json`;
  writeFileSync(file, JSON.stringify(input));
  const child = fork(new URL('./push-client.ts', import.meta.url), [file], { execArgv: ['--import', 'tsx'] });
  const done = new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`the bench client ended with ${code}`)));
  }).finally(() => {
    child.kill();
    rmSync(file, { force: true });
  });
  // Awaited later: a client that ends early must not end this process before the cause is printed.
  done.catch((e: unknown) => console.error(`bench client: ${(e as Error).message}`));
  return { stop: () => child.connected && child.send('stop'), done };
}

/** The process's resident memory, sampled every 100 ms until stopped: its peak in MB. */
function memoryPeak(): () => number {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.round(Math.max(peak, process.memoryUsage().rss) / 1048576);
  };
}

async function run(label: string, database: Database) {
  const fcm = await startFcm();
  const app = await buildApp({
    database,
    ssoSecret: 'bench-sso',
    jwtSecret: 'bench-jwt',
    logLevel: 'warn',
    credentialsSecret: 'bench-credentials',
    // The staff token outlives the run (a 200,000-device send on a busy machine outlasts 15 minutes).
    accessTtl: 6 * 3600,
    rateLimits: { console: UNLIMITED, signIn: UNLIMITED, game: UNLIMITED, gameUnsigned: UNLIMITED },
    // Games use the fakes unless they choose otherwise, as in the demo; FCM's address is its stand-in.
    outside: { unset: 'fake', endpoints: { [FCM_API]: fcm.url } },
  });
  await seed(database.db, { demo: true, jwtSecret: 'bench-jwt' });
  await app.ready();
  const { db } = database;
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = { authorization: `Bearer ${await signIn(base)}` };
    const call = async <T>(method: string, url: string, productId: number, payload?: unknown) => {
      const res = await fetch(`${base}/api/v1${url}`, {
        method,
        headers: {
          ...auth,
          'x-product-id': String(productId),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const answer = (await res.json().catch(() => ({ code: -1, msg: 'not JSON' }))) as Answer<T>;
      if (answer.code !== 0)
        throw new Error(`${method} ${url}: HTTP ${res.status}, ${answer.code} ${answer.msg ?? ''}`);
      return answer.data;
    };
    const [game] = await db.select().from(products).where(eq(products.code, 'xianxia'));
    const listUrl = `/api/v1/push-tasks?page=1&page_size=10`;
    const headers = { ...auth, 'x-product-id': String(game!.id) };

    /** `n` active FCM tokens of a game, one player each, set-based in batches of 50,000. */
    const tokens = async (productId: number, n: number, prefix: string) => {
      for (let start = 0; start < n; start += 50_000)
        await db.execute(sql`insert into push_tokens (product_id, openid, platform, provider, token, locale)
          select ${productId}::int, ${prefix} || g, 'android', 'fcm', ${prefix} || 'tok_' || g, 'en'
          from generate_series(${start + 1}::int, ${Math.min(n, start + 50_000)}::int) g`);
    };
    /** One push task to every token of the game, sent; answers the seconds to its end and the task. */
    const fanOut = async (productId: number, name: string) => {
      const task = await call<PushTask>('POST', '/push-tasks', productId, {
        name,
        title: { zh: '双倍经验', en: 'Double XP' },
        body: { zh: '今晚 8 点开启', en: 'Tonight at 8' },
        target: 'all',
      });
      const started = performance.now();
      await call<PushTask>('POST', `/push-tasks/${task.id}/send`, productId, {
        version: task.version,
        reason: '',
      });
      let row: PushTask | null = null;
      for (let misses = 0; ;) {
        // A poll that fails under load is tried again (ten in a row end the run).
        const read = await call<PushTask>('GET', `/push-tasks/${task.id}`, productId).catch((e: unknown) => {
          if (++misses >= 10) throw e;
          console.warn(`poll: ${(e as Error).message}`);
          return null;
        });
        if (read) misses = 0;
        if (read) row = read;
        if (read && read.status !== 'sending') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const seconds = (performance.now() - started) / 1000;
      if (!row) throw new Error('the task was never read');
      const [check] = await queryRows<{ n: number; d: number; sent: number }>(
        db,
        sql`select count(*)::int as n, count(distinct token_id)::int as d,
            count(*) filter (where state = 'sent')::int as sent
          from push_deliveries where task_id = ${task.id}::int`,
      );
      return { seconds, row, check: check! };
    };
    const report = (what: string, n: number, r: Awaited<ReturnType<typeof fanOut>>) =>
      `${label}: ${what}: ${r.row.sent.toLocaleString()} of ${n.toLocaleString()} devices in ${r.seconds.toFixed(1)} s = ` +
      `${Math.round(r.row.sent / r.seconds).toLocaleString()} pushes/s (status ${r.row.status}; ` +
      (Number(r.check.n) === n && Number(r.check.d) === n && Number(r.check.sent) === n
        ? 'each device exactly once)'
        : `MISMATCH deliveries ${r.check.n}, distinct ${r.check.d}, sent ${r.check.sent})`);

    // 1. The fake FCM, with the console probed before and during.
    const started = performance.now();
    await tokens(game!.id, TOKENS, 'fan_');
    console.log(
      `${label}: ${TOKENS.toLocaleString()} tokens seeded in ${((performance.now() - started) / 1000).toFixed(1)} s [${machine()}]`,
    );
    const probe = { mode: 'probe', base, headers, listUrl };
    const baseline = client<Probed>(probe);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    baseline.stop();
    const before = await baseline.done;
    const rssBefore = Math.round(process.memoryUsage().rss / 1048576);
    const during = client<Probed>(probe);
    const peak = memoryPeak();
    const fake = await fanOut(game!.id, 'bench fan-out (fake FCM)');
    const rssPeak = peak();
    during.stop();
    const probed = await during.done;
    console.log(report('fake FCM', TOKENS, fake));
    console.log(
      `${label}:   baseline  ${spread('/healthz', before.health)}; ${spread('list page', before.list)}${failed(before.failures)}`,
    );
    console.log(
      `${label}:   fan-out   ${spread('/healthz', probed.health)}; ${spread('list page', probed.list)}${failed(probed.failures)}`,
    );
    console.log(
      `${label}:   memory (RSS of the process: server, fakes, stand-in) ${rssBefore} MB before, peak ${rssPeak} MB`,
    );

    // 2. The real FCM adapter against its stand-in, on a second game.
    if (REAL > 0) {
      const [cp] = await db.select({ id: cps.id }).from(cps).where(eq(cps.id, game!.cpId));
      const [second] = await db
        .insert(products)
        .values({ cpId: cp!.id, code: 'benchfcm', name: 'Bench FCM', region: 'gn' })
        .returning();
      const parties = await call<{ party: string; version: number }[]>('GET', '/outside-parties', second!.id);
      await call('PUT', '/outside-parties/fcm', second!.id, {
        mode: 'real',
        settings: { project_id: fcm.project },
        credentials: { service_account: fcm.serviceAccount },
        version: parties.find((p) => p.party === 'fcm')!.version,
      });
      await tokens(second!.id, REAL, 'real_');
      const real = await fanOut(second!.id, 'bench fan-out (real FCM)');
      console.log(
        `${report('real FCM adapter → local stand-in', REAL, real)}; the stand-in accepted ${fcm.messages.length.toLocaleString()} messages`,
      );
    }

    // 3. Pop-up decisions from the second process, /healthz beside them.
    const scene = await call<PopupScene>('POST', '/popup-scenes', game!.id, {
      code: 'bench_lobby',
      name: 'Lobby',
      trigger: 'lobby',
      max_popups: 2,
      cooldown_seconds: 0,
    });
    for (const priority of [10, 20, 30]) {
      const popup = await call<Popup>('POST', '/popups', game!.id, {
        name: `bench pop-up ${priority}`,
        images: [{ orientation: 'portrait', lang: 'zh', url: '/files/bench.png' }],
        scene_ids: [scene.id],
        priority,
      });
      await call('POST', `/popups/${popup.id}/publish`, game!.id, { version: popup.version, reason: '' });
    }
    const key = await call<GameApiKeyCreated>('POST', '/game-api-keys', game!.id, { note: 'bench' });
    const load = await client<{
      health: number[];
      times: number[];
      answers: Record<string, number>;
      failures: Record<string, number>;
      ms: number;
    }>({
      mode: 'popups',
      base,
      key: { key_id: key.key_id, secret: key.secret },
      scene: scene.code,
      count: DECISIONS,
      concurrency: CONCURRENCY,
    }).done;
    console.log(
      `${label}: pop-up decisions from a second process (${CONCURRENCY} at a time): ${DECISIONS.toLocaleString()} in ` +
        `${(load.ms / 1000).toFixed(1)} s = ${Math.round((DECISIONS * 1000) / load.ms).toLocaleString()}/s, ` +
        `${spread('decision', load.times)}; answers ${JSON.stringify(load.answers)}`,
    );
    console.log(`${label}:   beside them ${spread('/healthz', load.health)}${failed(load.failures)}`);
  } finally {
    await app.close();
    await fcm.close();
  }
}

await withBenchDatabase('push', run);
