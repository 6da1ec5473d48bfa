import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrl, testServerUrl } from '../../../test/helpers.ts';
import { CALLBACK_HEADERS, signCallback } from './delivery.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
const script = path.join(import.meta.dirname, 'crash-child.ts');
const started: ChildProcess[] = [];
const SECRET = 'whsec_crash_0123456789abcdefghij';

type Line = Record<string, unknown> & { event: string };

/** Starts the child server; `until` resolves with the first line it accepts (or rejects when the child ends first). */
function child(env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(proc);
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: Line[] = [];
  const waiters: { test: (line: Line) => boolean; resolve: (line: Line) => void }[] = [];
  const ended = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  createInterface({ input: proc.stdout! }).on('line', (text) => {
    const line = JSON.parse(text) as Line;
    lines.push(line);
    for (const waiter of [...waiters])
      if (waiter.test(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
  });
  return {
    proc,
    until(test: (line: Line) => boolean): Promise<Line> {
      const seen = lines.find(test);
      if (seen) return Promise.resolve(seen);
      return Promise.race([
        new Promise<Line>((resolve) => waiters.push({ test, resolve })),
        ended.then((code) => {
          throw new Error(`the child ended (${code}) first: ${stderr.slice(-2000)}`);
        }),
      ]);
    },
    ended,
  };
}

/** The console's own embedded PostgreSQL in a data folder, or a fresh database on DATABASE_URL's server. */
async function target(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const server = testServerUrl();
    const name = `console_cbcrash_${randomBytes(5).toString('hex')}`;
    await adminQuery(server, `CREATE DATABASE ${name}`);
    return {
      env: { DATABASE_URL: databaseUrl(server, name) },
      drop: () => adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'callbacks-crash-'));
  return {
    env: { DATA_DIR: dir, DATABASE_URL: '' },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

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

afterAll(() => {
  for (const proc of started) if (proc.exitCode === null) proc.kill('SIGKILL');
});

describe('a callback survives kill -9', () => {
  it(
    'a server killed between a change and its delivery: the next server delivers it, answered once',
    { timeout: 240_000 },
    async () => {
      const db = await target();
      const game = receiver();
      try {
        const url = await game.start();
        const first = child({ ...db.env, CRASH_MODE: 'change', CRASH_RECEIVER: url, CRASH_LEASE_MS: '2000' });
        const changed = await first.until((l) => l.event === 'changed');
        expect(changed).toMatchObject({ status: 'pending' });
        // The worker sent it; the receiver holds the attempt, and the server dies during it.
        await game.firstArrived;
        first.proc.kill('SIGKILL');
        await first.ended;
        expect(game.arrivals).toEqual([{ key: changed.public_id, signed: true, answered: null }]);

        const second = child({ ...db.env, CRASH_MODE: 'resume', CRASH_LEASE_MS: '2000' });
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
