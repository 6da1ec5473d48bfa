// A 5,000-row props CSV dry run on the embedded PostgreSQL, with the server (from source, through tsx) in its own
// process: prints how long the import takes and the slowest /healthz answer measured while it runs
// (one probe after another, 20 ms apart), so a blocked event loop shows as a long /healthz.
// Usage: npx tsx bench/import-latency.ts   (BENCH_ROWS changes the row count)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { signIn, startServer } from './support.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 5_000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
// Through tsx: compiling and seeding the demo data can take minutes on a loaded machine.
const { child, base } = await startServer(
  { DATA_DIR: dataDir, DATABASE_URL: '' },
  { source: true, waitSeconds: 300 },
);
try {
  const token = await signIn(base);
  const games = await (
    await fetch(`${base}/api/v1/products?page_size=100`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const game = (games.data.list as { id: number; code: string }[]).find((p) => p.code === 'xianxia')!;
  const headers = { authorization: `Bearer ${token}`, 'x-product-id': String(game.id) };
  const exported = await (await fetch(`${base}/api/v1/props/export?format=csv`, { headers })).text();
  const header = exported
    .replace(/^\uFEFF/, '')
    .split('\r\n')[0]!
    .split(',');
  const row = (i: number) =>
    header
      .map((column) =>
        column === 'code'
          ? `bench_${i}`
          : column === 'name.zh'
            ? `道具 ${i}`
            : column === 'name.en'
              ? `Item ${i}`
              : column === 'type'
                ? 'material'
                : column === 'rarity'
                  ? 'common'
                  : column === 'stack_limit'
                    ? '99'
                    : column === 'expiry_days'
                      ? '0'
                      : column === 'status'
                        ? 'active'
                        : '',
      )
      .join(',');
  const csv = '\uFEFF' + [header.join(','), ...Array.from({ length: ROWS }, (_, i) => row(i))].join('\r\n');

  // node:http rather than fetch: a blocked server can outlast fetch's five-minute header timeout.
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
  let done = false;
  let failed = 0;
  const probes: number[] = [];
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      // A probe the server drops (it can time a request out once it gets to it) counts as its wait.
      await send(`${base}/healthz`, {}).catch(() => failed++);
      probes.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const res = await send(
    `${base}/api/v1/props/import?dry_run=1`,
    { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' } },
    csv,
  );
  const answer = JSON.parse(res.text);
  const elapsed = performance.now() - started;
  done = true;
  await probing;
  const created = answer.data?.create?.length;
  console.log(
    `${ROWS.toLocaleString()}-row props CSV dry run (${(csv.length / 1024).toFixed(0)} KB, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}): ` +
      `HTTP ${res.status} code ${answer.code}, ${created ?? '?'} to create, ${(elapsed / 1000).toFixed(2)} s`,
  );
  console.log(
    `/healthz during the import: ${probes.length} probes, max ${Math.max(...probes).toFixed(0)} ms, ` +
      `median ${probes.sort((a, b) => a - b)[Math.floor(probes.length / 2)]!.toFixed(0)} ms` +
      (failed ? `, ${failed} dropped by the server` : ''),
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
