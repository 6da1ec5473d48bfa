// The game API's version check under load from a second process (bench/version-check-client.ts),
// the server in a process of its own: a version of the demo game published to BENCH_VC_PERCENT %
// of devices (30), then BENCH_VC_REQUESTS checks (20,000), each from a new device id, BENCH_VC_CONCURRENCY
// at a time (16), while the same client asks /healthz one request at a time beside them. Prints:
//  - version checks per second and their p50/p99; /healthz p50/p99 alone before the load and
//    during it (the same run, the same server);
//  - the rollout share observed (devices told `rollout`) against the configured percent, and
//    whether exactly the devices whose bucket (hash of device id and release) lies below the
//    percentage were offered it — none missing, none extra.
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server.
// Usage: npm run build && npx tsx bench/version-check.ts
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inRollout } from '../apps/server/src/modules/releases/publish.ts';
import { benchTarget, machine, percentile, signIn, startServer } from './support.ts';

const REQUESTS = Number(process.env.BENCH_VC_REQUESTS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_VC_CONCURRENCY ?? 16);
const PERCENT = Number(process.env.BENCH_VC_PERCENT ?? 30);
const HEALTH_ALONE = 500;

type Answer<T> = { code: number; msg?: string; data: T };
const ms = (n: number) => `${n.toFixed(1)} ms`;

const target = await benchTarget('version-check');
const dist = fs.existsSync(path.resolve(import.meta.dirname, '../apps/server/dist/server.js'));
const { child, base } = await startServer(
  { ...target.env, RATE_LIMIT_CONSOLE: '1000000', RATE_LIMIT_GAME: '1000000' },
  { source: !dist, waitSeconds: 300 },
);
try {
  console.log(`version check — ${target.label}, ${machine()}`);
  const token = await signIn(base);
  const games = (await (
    await fetch(`${base}/api/v1/products?page_size=100`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Answer<{ list: { id: number; code: string }[] }>;
  const game = games.data.list.find((p) => p.code === 'xianxia')!;
  const staff = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(base + url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-product-id': String(game.id),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as Answer<T>;
    if (answer.code !== 0) throw new Error(`${method} ${url}: ${answer.code} ${answer.msg ?? ''}`);
    return answer.data;
  };
  const key = await staff<{ key_id: string; secret: string }>('POST', '/api/v1/game-api-keys', {
    note: 'bench',
  });
  const channel = `bench${Date.now().toString(36)}`;
  const release = await staff<{ id: number; version: number }>('POST', '/api/v1/app-releases', {
    platform: 'android',
    channel,
    version_name: '9.0.0',
    version_code: 9000,
  });
  await staff('POST', `/api/v1/app-releases/${release.id}/publish`, {
    version: release.version,
    percent: PERCENT,
  });

  // /healthz alone first, for comparison.
  const alone: number[] = [];
  for (let i = 0; i < HEALTH_ALONE; i++) {
    const t0 = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    alone.push(performance.now() - t0);
  }
  alone.sort((a, b) => a - b);

  const devices = Array.from(
    { length: REQUESTS },
    (_, i) => `dev-${i.toString(36)}-${(i * 2654435761) % 1e9}`,
  );
  const inputFile = path.join(os.tmpdir(), `bench-version-check-${process.pid}.json`);
  fs.writeFileSync(
    inputFile,
    JSON.stringify({
      base,
      key,
      platform: 'android',
      channel,
      versionCode: 1,
      devices,
      concurrency: CONCURRENCY,
    }),
  );
  const result = await new Promise<{
    times: number[];
    health: number[];
    ms: number;
    outcomes: Record<string, number>;
    offered: string[];
  }>((resolve, reject) => {
    const client = fork(path.join(import.meta.dirname, 'version-check-client.ts'), [inputFile], {
      execArgv: ['--import', 'tsx'],
    });
    client.once('message', (message) => resolve(message as never));
    client.once('exit', (code) => code && reject(new Error(`the client ended (${code})`)));
  });
  fs.rmSync(inputFile, { force: true });
  const times = result.times.sort((a, b) => a - b);
  const health = result.health.sort((a, b) => a - b);
  console.log(
    `  ${REQUESTS.toLocaleString()} version checks, ${CONCURRENCY} at a time: ` +
      `${((REQUESTS / result.ms) * 1000).toFixed(0)} req/s; p50 ${ms(percentile(times, 50))}, ` +
      `p99 ${ms(percentile(times, 99))}, max ${ms(times.at(-1)!)}`,
  );
  console.log(
    `  /healthz alone: p50 ${ms(percentile(alone, 50))}, p99 ${ms(percentile(alone, 99))} (${HEALTH_ALONE}); ` +
      `beside the checks: p50 ${ms(percentile(health, 50))}, p99 ${ms(percentile(health, 99))}, ` +
      `max ${ms(health.at(-1)!)} (${health.length.toLocaleString()} probes)`,
  );
  console.log(`  answers: ${JSON.stringify(result.outcomes)}`);

  // The rollout: the share offered, and exactly the devices whose bucket is below the percentage.
  const expected = new Set(devices.filter((d) => inRollout(release.id, d, PERCENT)));
  const offered = new Set(result.offered);
  const missing = [...expected].filter((d) => !offered.has(d)).length;
  const extra = [...offered].filter((d) => !expected.has(d)).length;
  const share = (offered.size / REQUESTS) * 100;
  const sigma = Math.sqrt(((PERCENT / 100) * (1 - PERCENT / 100)) / REQUESTS) * 100;
  const withinShare = Math.abs(share - PERCENT) <= 3 * sigma;
  console.log(
    `  rollout: configured ${PERCENT} %, observed ${share.toFixed(2)} % of ${REQUESTS.toLocaleString()} devices ` +
      `(±${(3 * sigma).toFixed(2)} points is 3σ: ${withinShare ? 'within' : 'OUTSIDE'}); ` +
      `against the buckets: ${missing} missing, ${extra} extra`,
  );
  const errors = Object.keys(result.outcomes).filter((o) => o.startsWith('error'));
  if (!withinShare || missing || extra || errors.length) process.exitCode = 1;
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await target.drop();
}
