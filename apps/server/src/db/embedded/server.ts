import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { binaries, ownedFolder, runAs, spawnAs, type RunAs } from './binaries.ts';
import { clearStalePostmaster, processesOf, stopProcess, waitGone } from './postmaster.ts';

export interface EmbeddedOptions {
  /** The cluster's folder (created and initialised at the first start). */
  pgdata: string;
  /** The `postgres` role's password (kept with the generated secrets, config.ts). */
  password: string;
  /**
   * `durable` (the console's data): every commit on disk. `throwaway` (tests, benchmarks' scratch
   * copies): no fsync, for speed; a crash may lose the folder.
   */
  durability?: 'durable' | 'throwaway';
  log?: { info(msg: string): void; warn(msg: string): void };
}

export interface EmbeddedServer {
  /** postgres://postgres:…@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  pid: number;
  /** Fast shutdown: open transactions roll back, a checkpoint is written. */
  stop(): Promise<void>;
}

/** How long a start may try while an earlier server's workers still hold the folder. */
const START_BOUND_MS = 60_000;
/** How long an orphaned postmaster gets to shut down before SIGKILL. */
const ORPHAN_GRACE_MS = 15_000;
/** How long a started postmaster may take to accept connections (crash recovery included). */
const READY_BOUND_MS = 10 * 60_000;

/** A free loopback port (another program may take it before the postmaster does: the start retries). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Settings on the command line (the folder's postgresql.conf stays initdb's): loopback only, no
 * Unix socket, and a footprint for one console (its pool of 10 connections per instance, pg-boss,
 * migrations, a few tools) that keeps the idle console small.
 */
function settings(port: number, durability: 'durable' | 'throwaway'): string[] {
  const values: Record<string, string> = {
    port: String(port),
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '60',
    shared_buffers: '48MB',
    work_mem: '8MB',
    maintenance_work_mem: '128MB',
    max_wal_size: '1GB',
    // No replicas: the least WAL (an index built after a bulk load writes none).
    wal_level: 'minimal',
    max_wal_senders: '0',
    huge_pages: 'off',
    log_min_messages: 'warning',
    log_checkpoints: 'off',
  };
  if (durability === 'throwaway') {
    Object.assign(values, { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' });
  }
  return Object.entries(values).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

async function initialise(pgdata: string, password: string, user: RunAs | undefined, logFd: number) {
  const { initdb } = await binaries();
  ownedFolder(pgdata, user);
  // initdb reads the password from a file only: one only its user may read, removed at once.
  const pwfile = path.join(path.dirname(pgdata), `.pgpass-${process.pid}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (user) fs.chownSync(pwfile, user.uid, user.gid);
  try {
    const child = spawnAs(
      user,
      initdb,
      [
        `--pgdata=${pgdata}`,
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // PostgreSQL's own locale (no dependence on the machine's): code-point order, Unicode case.
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      { stdio: ['ignore', logFd, logFd] },
    );
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) {
      fs.rmSync(pgdata, { recursive: true, force: true });
      throw new Error(
        `initdb failed (exit ${code}); see ${path.join(path.dirname(pgdata), 'postgres.log')}` +
          (user ? ` (as root it runs as ${user.name}, who must be able to reach ${pgdata})` : ''),
      );
    }
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/**
 * As root the database runs as another account, which must be able to pass through the folder that
 * holds the cluster: root's own folder gets the search bit for others (not read: secrets.json and
 * the uploads stay root's). Folders above it are the machine's business (initdb says so).
 */
function reachable(dir: string): void {
  const stat = fs.statSync(dir);
  if (stat.uid === 0 && (stat.mode & 0o001) === 0) fs.chmodSync(dir, (stat.mode & 0o7777) | 0o001);
}

/** The log's tail written since `from`: why a start failed. */
function logSince(logFile: string, from: number): string {
  try {
    const text = fs.readFileSync(logFile, 'utf8');
    return text.slice(from).trim().split('\n').slice(-5).join('\n');
  } catch {
    return '';
  }
}

/** Whether a failed start may be tried again: an earlier server's processes or a port race. */
function retriable(log: string): boolean {
  return /lock file .* already exists|shared memory block .* still in use|could not bind|Address already in use|could not create any TCP\/IP sockets/i.test(
    log,
  );
}

/** Connects until the server accepts (crash recovery may take a while), or it exits. */
async function untilReady(child: ChildProcess, url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const exited = new Promise<false>((resolve) => child.once('exit', () => resolve(false)));
  const until = Date.now() + READY_BOUND_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    const ok = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => undefined);
    if (ok) return true;
    const stopped = await Promise.race([exited, sleep(100).then(() => true)]);
    if (!stopped) return false;
  }
  throw new Error(`PostgreSQL did not accept connections within ${READY_BOUND_MS / 1000} s`);
}

/**
 * Starts the console's own PostgreSQL server on a free loopback port: initialises the folder the
 * first time, stops what an earlier run left behind (a killed console's postmaster, its workers),
 * and lets PostgreSQL's crash recovery run. The postmaster dies with the console where the system
 * allows it (binaries.ts `spawnAs`); `stop` ends it otherwise.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const { pgdata, password, durability = 'durable', log } = options;
  const user = runAs();
  const logFile = path.join(path.dirname(pgdata), 'postgres.log');
  fs.mkdirSync(path.dirname(pgdata), { recursive: true });
  if (user) reachable(path.dirname(pgdata));
  const logFd = fs.openSync(logFile, 'a', 0o600);
  try {
    if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) await initialise(pgdata, password, user, logFd);
    const { postgres } = await binaries();
    const until = Date.now() + START_BOUND_MS;
    for (;;) {
      const stale = await clearStalePostmaster(pgdata, ORPHAN_GRACE_MS);
      if (stale.note) log?.warn(stale.note);
      const port = await freePort();
      const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
      const from = fs.fstatSync(logFd).size;
      const child = spawnAs(user, postgres, ['-D', pgdata, ...settings(port, durability)], {
        stdio: ['ignore', logFd, logFd],
        // Its own process group: a Ctrl-C in the terminal reaches the console, which closes its
        // requests first and then stops the database.
        detached: true,
        dieWithParent: true,
      });
      child.unref();
      if (await untilReady(child, url)) {
        log?.info(`PostgreSQL started (pid ${child.pid}, port ${port}, ${pgdata})`);
        return { url, port, pid: child.pid!, stop: () => stopChild(child) };
      }
      const why = logSince(logFile, from);
      if (!retriable(why) || Date.now() > until) throw new Error(`PostgreSQL did not start: ${why}`);
      // Workers of a postmaster that was killed outlive it for a moment, holding the folder; ones
      // still there after half the bound are stopped.
      if (Date.now() > until - START_BOUND_MS / 2) {
        for (const pid of processesOf(pgdata)) await stopProcess(pid, 2000);
      }
      await sleep(500);
    }
  } finally {
    fs.closeSync(logFd);
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  await stopProcess(child.pid, 30_000);
  await waitGone(child.pid, 1000);
}
