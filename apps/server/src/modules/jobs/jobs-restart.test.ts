import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrl, testServerUrl } from '../../../test/helpers.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
const script = path.join(import.meta.dirname, 'crash-child.ts');
const started: ChildProcess[] = [];

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
    for (const waiter of [...waiters]) {
      if (waiter.test(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  return {
    proc,
    lines,
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

/**
 * The console's own embedded PostgreSQL in a data folder (the kill -9 takes its postmaster's parent
 * away too), or, when DATABASE_URL names a server, a fresh database there.
 */
async function target(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const server = testServerUrl();
    const name = `console_crash_${randomBytes(5).toString('hex')}`;
    await adminQuery(server, `CREATE DATABASE ${name}`);
    return {
      env: { DATABASE_URL: databaseUrl(server, name) },
      drop: () => adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-crash-'));
  return {
    env: { DATA_DIR: dir, DATABASE_URL: '' },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

afterAll(() => {
  for (const proc of started) if (proc.exitCode === null) proc.kill('SIGKILL');
});

describe('a job survives kill -9', () => {
  it(
    'finishes after a restart without doing any item twice, and a one-off schedule fires after the restart',
    { timeout: 240_000 },
    async () => {
      const db = await target();
      try {
        const first = child({
          ...db.env,
          CRASH_MODE: 'start',
          CRASH_ITEMS: '300',
          CRASH_ITEM_MS: '10',
          // Far enough ahead that the first server is gone before it.
          CRASH_SCHEDULE_MS: '2000',
        });
        const { id } = await first.until((l) => l.event === 'started');
        await first.until((l) => l.event === 'progress' && Number(l.done) >= 40);
        first.proc.kill('SIGKILL');
        await first.ended;
        const killedAt = first.lines.filter((l) => l.event === 'progress').at(-1)!;
        expect(killedAt.status).toBe('running');
        expect(Number(killedAt.done)).toBeLessThan(300);

        const second = child({ ...db.env, CRASH_MODE: 'resume' });
        const resumed = await second.until((l) => l.event === 'resumed');
        expect(resumed.id).toBe(id);
        // Resumed by the server itself once it listened, never during its start, and it answers
        // while the job runs.
        const order = second.lines.map((l) => l.event);
        expect(order.indexOf('ready')).toBeGreaterThanOrEqual(0);
        expect(order.indexOf('ready')).toBeLessThan(order.indexOf('resumed'));
        expect(await second.until((l) => l.event === 'probe')).toMatchObject({ status: 200 });
        const finished = await second.until((l) => l.event === 'finished');
        expect(finished).toMatchObject({
          id,
          status: 'succeeded',
          total: 300,
          done: 300,
          failed: 0,
          // Each item's effect recorded once under a unique key: none twice, none missing.
          effects: 300,
          distinct: 300,
          schedule: 'done',
          schedule_runs: 1,
        });
        await second.ended;
      } finally {
        await db.drop();
      }
    },
  );
});
