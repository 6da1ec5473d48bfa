import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { adminQuery, databaseUrl, testServerUrl } from './helpers.ts';

/**
 * What the kill -9 tests share: a child server started from a script of the module (it prints one
 * JSON line per event on stdout), killed and started again on the same database.
 *
 *   const db = await crashTarget('jobs');
 *   const first = crashChild(script, { ...db.env, CRASH_MODE: 'start' });
 *   await first.until((l) => l.event === 'started');
 *   first.proc.kill('SIGKILL');
 *   await first.ended;
 *   …
 *   afterAll(killCrashChildren);
 *
 * Nothing here counts on timing: a wait ends when its line arrives, when the child ends first (an
 * error with its stderr's tail), or after `CRASH_WAIT_MS`, a bound far above any busy machine's
 * start (a child server took 100 s to listen on a two-core machine running five test suites), so
 * a child that hangs fails the test with what it printed. `CRASH_TEST_TIMEOUT` is the tests'
 * timeout: room for every wait of a test at its bound.
 */

export type CrashLine = Record<string, unknown> & { event: string };

const root = path.resolve(import.meta.dirname, '../../..');
const started: ChildProcess[] = [];
// Five minutes: three times the slowest start seen; the test's whole room is then 25 minutes, so a
// child that hangs fails well within CI's time rather than holding it.
export const CRASH_WAIT_MS = 300_000;
export const CRASH_TEST_TIMEOUT = 5 * CRASH_WAIT_MS;

/** Starts the child server; `until` resolves with the first line it accepts (or rejects when the child ends first). */
export function crashChild(script: string, env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(proc);
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: CrashLine[] = [];
  const waiters: { test: (line: CrashLine) => boolean; resolve: (line: CrashLine) => void }[] = [];
  const ended = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  createInterface({ input: proc.stdout! }).on('line', (text) => {
    const line = JSON.parse(text) as CrashLine;
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
    until(test: (line: CrashLine) => boolean): Promise<CrashLine> {
      const seen = lines.find(test);
      if (seen) return Promise.resolve(seen);
      let timer: NodeJS.Timeout | undefined;
      return Promise.race([
        new Promise<CrashLine>((resolve) => waiters.push({ test, resolve })),
        ended.then((code) => {
          throw new Error(`the child ended (${code}) first: ${stderr.slice(-2000)}`);
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            const last = JSON.stringify(lines.slice(-5));
            reject(
              new Error(`no such line in ${CRASH_WAIT_MS} ms; last lines ${last}; ${stderr.slice(-2000)}`),
            );
          }, CRASH_WAIT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
    },
    ended,
  };
}

/** Kills the children a file started that still run (for `afterAll`). */
export function killCrashChildren(): void {
  for (const proc of started) if (proc.exitCode === null) proc.kill('SIGKILL');
}

/**
 * The console's own embedded PostgreSQL in a data folder (the kill -9 takes its postmaster's parent
 * away too), or, when DATABASE_URL names a server, a fresh database there.
 */
export async function crashTarget(
  name: string,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const server = testServerUrl();
    const database = `console_${name}_crash_${randomBytes(5).toString('hex')}`;
    await adminQuery(server, `CREATE DATABASE ${database}`);
    return {
      env: { DATABASE_URL: databaseUrl(server, database) },
      drop: () => adminQuery(server, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-crash-`));
  return {
    env: { DATA_DIR: dir, DATABASE_URL: '' },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
