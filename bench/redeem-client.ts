// The load generator of bench/code-generation.ts's HTTP phase, in a process of its own (so the
// server's event loop is not the one sending): signs each request as a game server does
// (e2e/support/game.ts) and redeems each code once, for its own player, CONCURRENCY at a time.
// Input: a JSON file named by argv[2] { base, key: { key_id, secret }, codes, concurrency }.
// Output (IPC message to the parent): latencies in ms, and the answers counted by outcome.
import { readFileSync } from 'node:fs';
import { signedHeaders } from '../e2e/support/game.ts';

interface Input {
  base: string;
  key: { key_id: string; secret: string };
  codes: string[];
  concurrency: number;
}
const input = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Input;
const url = '/api/game/v1/codes/redeem';
const times: number[] = [];
const outcomes: Record<string, number> = {};
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: input.concurrency }, async () => {
    while (next < input.codes.length) {
      const i = next++;
      const body = JSON.stringify({ openid: `load${i}`, role_id: '', code: input.codes[i] });
      const t0 = performance.now();
      const res = await fetch(input.base + url, {
        method: 'POST',
        headers: {
          ...signedHeaders(input.key, 'POST', url, body),
          'content-type': 'application/json',
        },
        body,
      });
      const answer = (await res.json()) as { code: number; data?: { redeemed?: boolean; reason?: string } };
      times.push(performance.now() - t0);
      const outcome =
        res.status !== 200
          ? `http ${res.status}`
          : answer.data?.redeemed
            ? 'redeemed'
            : `refused: ${answer.data?.reason ?? answer.code}`;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  }),
);
process.send!({ times, outcomes, ms: performance.now() - started });
