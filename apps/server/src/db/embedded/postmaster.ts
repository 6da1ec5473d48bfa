import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** What `postmaster.pid` says: the lock file a running PostgreSQL keeps in its data folder. */
export interface PostmasterLock {
  pid: number;
  dataDir: string;
  port: number;
}

export function readLock(pgdata: string): PostmasterLock | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  // Lines: PID, data folder, start time, port, socket folder, listen address, shared memory key, status.
  const [pid, dataDir, , port] = text.split('\n');
  return { pid: Number(pid), dataDir: dataDir ?? '', port: Number(port) };
}

export function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether process `pid` is a PostgreSQL process of this data folder: a postmaster and each of its
 * workers run inside the data folder (Linux: /proc/PID/cwd), or name it on their command line. A
 * PID only tells that some process has that number (after a reboot it may be any program's).
 */
export function belongsTo(pid: number, pgdata: string): boolean {
  if (!alive(pid)) return false;
  const real = fs.realpathSync(pgdata);
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`) === real;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return false;
  }
  // No /proc (macOS): its command line.
  try {
    const command = execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
    return /\bpostgres\b/.test(command) && (command.includes(pgdata) || command.includes(real));
  } catch {
    return false;
  }
}

/** The processes working in this data folder (Linux; elsewhere only the lock file's PID is known). */
export function processesOf(pgdata: string): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const real = fs.realpathSync(pgdata);
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (fs.readlinkSync(`/proc/${entry}/cwd`) === real) found.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to look at.
    }
  }
  return found;
}

/** Whether something accepts TCP connections on the loopback port. */
export function portAnswers(port: number, timeoutMs = 1000): Promise<boolean> {
  if (!Number.isInteger(port) || port <= 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Waits until `pid` is gone; false if it still runs after `timeoutMs`. */
export async function waitGone(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > until) return false;
    await sleep(50);
  }
  return true;
}

/**
 * Stops a process: SIGINT (PostgreSQL's fast shutdown: transactions roll back, a checkpoint is
 * written), then SIGKILL if it has not ended after `graceMs`.
 */
export async function stopProcess(pid: number, graceMs: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  if (await waitGone(pid, graceMs)) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  await waitGone(pid, 5000);
}

export interface StaleOutcome {
  /** What was found and done, for the log. */
  note?: string;
}

/**
 * Before a start: a postmaster left running by an earlier console (killed before it could stop
 * it) holds the data folder, and the new one would refuse to start. It is stopped when it really is
 * this folder's postmaster and its port answers; one of this folder's that does not answer (still
 * recovering, or hung) is stopped too: SIGINT, then SIGKILL after `graceMs`. A lock file whose PID is now
 * another program's (a reboot gave the number away) is removed, since PostgreSQL would refuse it.
 */
export async function clearStalePostmaster(pgdata: string, graceMs: number): Promise<StaleOutcome> {
  const lock = readLock(pgdata);
  if (!lock) return {};
  if (belongsTo(lock.pid, pgdata)) {
    const answers = await portAnswers(lock.port);
    await stopProcess(lock.pid, graceMs);
    return {
      note: `stopped the PostgreSQL server (pid ${lock.pid}, port ${lock.port}${answers ? '' : ', not answering'}) an earlier run left behind`,
    };
  }
  if (alive(lock.pid)) {
    fs.rmSync(path.join(pgdata, 'postmaster.pid'), { force: true });
    return { note: `removed postmaster.pid: its pid ${lock.pid} is another program's now` };
  }
  // A dead PID: PostgreSQL removes such a lock file itself.
  return {};
}
