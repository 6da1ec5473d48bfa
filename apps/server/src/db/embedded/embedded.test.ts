import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, readLock, waitGone } from './postmaster.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from './server.ts';

// The console's own PostgreSQL server after the ways an earlier run can end: its postmaster left
// running, killed with its workers still about, or its lock file naming a PID another program has now.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-'));
const pgdata = path.join(dir, 'postgres');
const password = 'test-password';
const servers: EmbeddedServer[] = [];

async function start(): Promise<EmbeddedServer> {
  const server = await startEmbeddedPostgres({ pgdata, password });
  servers.push(server);
  return server;
}

async function query<T extends pg.QueryResultRow>(server: EmbeddedServer, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const server of servers) await server.stop().catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL server', () => {
  it('listens on loopback only, asks for the password, and keeps what was written', async () => {
    const server = await start();
    expect(server.url).toMatch(/@127\.0\.0\.1:\d+\//);
    const wrong = new URL(server.url);
    wrong.password = 'wrong';
    const refused = new pg.Client({ connectionString: wrong.toString() });
    await expect(refused.connect()).rejects.toThrow(/password/);
    await query(server, 'create table kept (n int)');
    await query(server, 'insert into kept select generate_series(1, 1000)');
    const [settings] = await query<{ listen: string; sockets: string }>(
      server,
      `select current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as sockets`,
    );
    expect(settings).toEqual({ listen: '127.0.0.1', sockets: '' });
  }, 120_000);

  it('stops the postmaster an earlier run left running on the folder, and starts again with its data', async () => {
    const left = servers.at(-1)!;
    expect(alive(left.pid)).toBe(true);
    // The earlier console never stopped it: the next start finds it answering and stops it.
    const server = await start();
    expect(server.pid).not.toBe(left.pid);
    expect(alive(left.pid)).toBe(false);
    expect(await query(server, 'select count(*)::int as n from kept')).toEqual([{ n: 1000 }]);
  }, 120_000);

  it('starts after its postmaster was killed while a worker still served a connection', async () => {
    const server = servers.at(-1)!;
    const client = new pg.Client({ connectionString: server.url });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('insert into kept select generate_series(1001, 1500)');
    process.kill(server.pid, 'SIGKILL');
    await waitGone(server.pid, 5000);
    // Its workers outlive it for a moment, holding the folder: the start retries within a bound,
    // and crash recovery brings back every committed row.
    const next = await start();
    expect(await query(next, 'select count(*)::int as n from kept')).toEqual([{ n: 1500 }]);
    await client.end().catch(() => undefined);
  }, 120_000);

  it('starts when postmaster.pid names a PID another program has now, and leaves that program alone', async () => {
    await servers.at(-1)!.stop();
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const lock = readLock(pgdata);
      expect(lock).toBeUndefined();
      fs.writeFileSync(
        path.join(pgdata, 'postmaster.pid'),
        `${other.pid}\n${pgdata}\n${Math.floor(Date.now() / 1000)}\n5432\n\n127.0.0.1\n  1234  5\nready   \n`,
      );
      const server = await start();
      expect(alive(other.pid!)).toBe(true);
      expect(await query(server, 'select count(*)::int as n from kept')).toEqual([{ n: 1500 }]);
      expect(readLock(pgdata)?.pid).toBe(server.pid);
    } finally {
      other.kill('SIGKILL');
    }
  }, 120_000);
});
