// The load generator of bench/version-check.ts, in a process of its own (so the server's event loop
// is not the one sending): signs each version check as a game server does (e2e/support/game.ts),
// one device id per request, CONCURRENCY at a time, while a prober asks /healthz one at a time
// beside it (the same run, the same server). Input: a JSON file named by argv[2]
// { base, key: { key_id, secret }, platform, channel, versionCode, devices, concurrency }.
// Output (IPC message to the parent): latencies in ms of both, the wall time, and per device
// whether it was offered the update (reason `rollout`) or not (`not_in_rollout`).
import { readFileSync } from 'node:fs';
import { signedHeaders } from '../e2e/support/game.ts';

interface Input {
  base: string;
  key: { key_id: string; secret: string };
  platform: string;
  channel: string;
  versionCode: number;
  devices: string[];
  concurrency: number;
}
const input = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Input;
const times: number[] = [];
const health: number[] = [];
const offered: string[] = [];
const outcomes: Record<string, number> = {};
let next = 0;
let done = false;

const probing = (async () => {
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(`${input.base}/healthz`);
    await res.arrayBuffer();
    health.push(performance.now() - t0);
  }
})();

const started = performance.now();
await Promise.all(
  Array.from({ length: input.concurrency }, async () => {
    while (next < input.devices.length) {
      const device = input.devices[next++]!;
      const url =
        `/api/game/v1/version/check?platform=${input.platform}&channel=${input.channel}` +
        `&version_code=${input.versionCode}&device_id=${device}`;
      const t0 = performance.now();
      const res = await fetch(input.base + url, { headers: signedHeaders(input.key, 'GET', url) });
      const answer = (await res.json()) as { code: number; data?: { update: string; reason: string } };
      times.push(performance.now() - t0);
      const outcome =
        res.status !== 200 || answer.code !== 0 ? `error ${res.status}/${answer.code}` : answer.data!.reason;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      if (outcome === 'rollout') offered.push(device);
    }
  }),
);
const ms = performance.now() - started;
done = true;
await probing;
process.send!({ times, health, ms, outcomes, offered });
