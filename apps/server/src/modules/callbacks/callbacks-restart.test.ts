import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CRASH_TEST_TIMEOUT, crashChild, crashTarget, killCrashChildren } from '../../../test/crash-child.ts';
import { CALLBACK_HEADERS, signCallback } from './delivery.ts';

const script = path.join(import.meta.dirname, 'crash-child.ts');
const SECRET = 'whsec_crash_0123456789abcdefghij';

/**
 * A game server's receiver: it holds the first attempt unanswered (the console is killed during it)
 * and answers 200 to the others; it notes each attempt, its key, its signature's check and its answer.
 */
function receiver() {
  const arrivals: { key: string; signed: boolean; answered: number | null }[] = [];
  let first: (() => void) | undefined;
  const firstArrived = new Promise<void>((resolve) => (first = resolve));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const timestamp = Number(req.headers[CALLBACK_HEADERS.timestamp]);
      const arrival = {
        key: String(req.headers[CALLBACK_HEADERS.idempotency]),
        signed: req.headers[CALLBACK_HEADERS.signature] === signCallback(SECRET, timestamp, body),
        answered: null as number | null,
      };
      arrivals.push(arrival);
      if (arrivals.length === 1) {
        first!();
        return; // Held: never answered.
      }
      arrival.answered = 200;
      res.writeHead(200).end('ok');
    });
  });
  return {
    arrivals,
    firstArrived,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

afterAll(killCrashChildren);

describe('a callback survives kill -9', () => {
  it(
    'a server killed between a change and its delivery: the next server delivers it, answered once',
    { timeout: CRASH_TEST_TIMEOUT },
    async () => {
      const db = await crashTarget('callbacks');
      const game = receiver();
      try {
        const url = await game.start();
        const first = crashChild(script, {
          ...db.env,
          CRASH_MODE: 'change',
          CRASH_RECEIVER: url,
          CRASH_LEASE_MS: '2000',
        });
        const changed = await first.until((l) => l.event === 'changed');
        expect(changed).toMatchObject({ status: 'pending' });
        // The worker sent it; the receiver holds the attempt, and the server dies during it.
        await game.firstArrived;
        first.proc.kill('SIGKILL');
        await first.ended;
        expect(game.arrivals).toEqual([{ key: changed.public_id, signed: true, answered: null }]);

        const second = crashChild(script, { ...db.env, CRASH_MODE: 'resume', CRASH_LEASE_MS: '2000' });
        const finished = await second.until((l) => l.event === 'finished');
        await second.ended;
        // Sent again once the dead worker's claim lapsed, with the same key, answered once; nothing after.
        expect(finished).toMatchObject({ public_id: changed.public_id, status: 'delivered', attempts: 2 });
        expect(game.arrivals).toEqual([
          { key: changed.public_id, signed: true, answered: null },
          { key: changed.public_id, signed: true, answered: 200 },
        ]);
      } finally {
        await game.close();
        await db.drop();
      }
    },
  );
});
