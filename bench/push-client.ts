// The second process of bench/push-fanout.ts: probes the listening console so its figures are not
// taken on the server's own event loop. Input: a JSON file named by argv[2].
//  - `probe`: /healthz every 20 ms and the push tasks' first list page every 250 ms until the parent
//    sends 'stop'; answers their latencies (ms).
//  - `popups`: `count` signed pop-up decisions (`GET /api/game/v1/popups`, a new player each time)
//    `concurrency` at a time, /healthz every 20 ms beside them; answers both latencies and the
//    answers counted by how many pop-ups they held.
// Output: one IPC message to the parent.
import { readFileSync } from 'node:fs';
import { signedHeaders } from '../e2e/support/game.ts';

interface Input {
  mode: 'probe' | 'popups';
  base: string;
  headers: Record<string, string>;
  listUrl: string;
  key: { key_id: string; secret: string };
  scene: string;
  count: number;
  concurrency: number;
}
const input = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Input;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed(url: string, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const res = await fetch(input.base + url, { headers });
  await res.arrayBuffer();
  // A failed probe counts as its time (the figure is latency; failures are counted apart).
  if (!res.ok)
    failures[`${url.split('?')[0]} HTTP ${res.status}`] =
      (failures[`${url.split('?')[0]} HTTP ${res.status}`] ?? 0) + 1;
  return performance.now() - started;
}

const failures: Record<string, number> = {};
let stopped = false;
process.on('message', (m) => {
  if (m === 'stop') stopped = true;
});

/** /healthz every 20 ms until stopped. */
async function healthLoop(into: number[]): Promise<void> {
  while (!stopped) {
    into.push(await timed('/healthz'));
    await sleep(20);
  }
}

if (input.mode === 'probe') {
  const health: number[] = [];
  const list: number[] = [];
  await Promise.all([
    healthLoop(health),
    (async () => {
      while (!stopped) {
        list.push(await timed(input.listUrl, input.headers));
        await sleep(250);
      }
    })(),
  ]);
  process.send!({ health, list, failures });
} else {
  const health: number[] = [];
  const times: number[] = [];
  const answers: Record<string, number> = {};
  const probing = healthLoop(health);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: input.concurrency }, async () => {
      while (next < input.count) {
        const i = next++;
        const url = `/api/game/v1/popups?scene=${input.scene}&openid=pop_${i}&channel=official&version=1.0&lang=en`;
        const t0 = performance.now();
        const res = await fetch(input.base + url, { headers: signedHeaders(input.key, 'GET', url) });
        const answer = (await res.json()) as { data?: { popups?: unknown[] } };
        times.push(performance.now() - t0);
        const outcome =
          res.status === 200 ? `${answer.data?.popups?.length ?? 0} pop-ups` : `http ${res.status}`;
        answers[outcome] = (answers[outcome] ?? 0) + 1;
      }
    }),
  );
  const ms = performance.now() - started;
  stopped = true;
  await probing;
  process.send!({ health, times, answers, ms, failures });
}
