import fs from 'node:fs';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { PoolClient } from 'pg';
import { savedSecrets } from '../../secrets.ts';
import { startEmbeddedPostgres } from '../embedded/server.ts';
import { clusterFolder, migrationsFolder, openDatabase } from '../index.ts';

/**
 * Moves the PGlite database of earlier versions (DATA_DIR/pgdata) into the embedded PostgreSQL
 * server (DATA_DIR/postgres): a dump and restore, table by table. PGlite is loaded here only.
 *
 * 1. PGlite is migrated to this version's schema first, as a start of the old console would have
 *    done, so both sides have the same tables and columns.
 * 2. The new server gets the schema from the same migrations, then each table of `public` is
 *    copied in batches through a cursor (rows as JSON, `json_populate_recordset` on the other side,
 *    identities kept), with foreign keys and triggers off while it loads; sequences follow.
 * 3. Each table's row count is compared; then `pgdata` is renamed `pgdata.moved` (a backup the
 *    console no longer reads; delete it once satisfied).
 *
 * pg-boss's queue is not moved: the jobs and schedules tables are, and the job runner resumes left
 * jobs and sends each schedule's wake-up again at start (lib/jobs).
 */
export interface MoveReport {
  tables: { table: string; rows: number }[];
  backup: string;
}

const BATCH = 2000;

async function tablesOf(lite: PGlite): Promise<string[]> {
  const { rows } = await lite.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((row) => row.name);
}

async function copyTable(
  lite: Transaction,
  target: PoolClient,
  table: string,
  onBatch: () => void,
): Promise<number> {
  const quoted = `public."${table.replaceAll('"', '""')}"`;
  // Generated columns are computed again on this side.
  const { rows: columns } = await target.query<{ name: string }>(
    `select quote_ident(attname) as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [quoted],
  );
  const list = columns.map((column) => column.name).join(', ');
  await lite.query(
    `declare move_rows no scroll cursor for select row_to_json(t)::text as row from ${quoted} t`,
  );
  let copied = 0;
  for (;;) {
    const { rows } = await lite.query<{ row: string }>(`fetch ${BATCH} from move_rows`);
    if (rows.length === 0) break;
    await target.query(
      `insert into ${quoted} (${list}) overriding system value
       select ${list} from json_populate_recordset(null::${quoted}, $1::json)`,
      [`[${rows.map((row) => row.row).join(',')}]`],
    );
    copied += rows.length;
    onBatch();
  }
  await lite.query('close move_rows');
  return copied;
}

export async function moveFromPglite(
  dataDir: string,
  say: (line: string) => void = () => undefined,
): Promise<MoveReport> {
  const source = path.join(dataDir, 'pgdata');
  const pgdata = clusterFolder(dataDir);
  if (!fs.existsSync(path.join(source, 'PG_VERSION')))
    throw new Error(`${source} holds no PGlite database: nothing to move`);
  if (fs.existsSync(pgdata))
    throw new Error(`${pgdata} exists already: move it away first (the move fills a new server only)`);

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const lite = new PGlite(source);
  await lite.waitReady;
  say('PGlite: applying this version’s migrations');
  await migrate(drizzle(lite), { migrationsFolder: migrationsFolder() });

  const { postgres: password } = savedSecrets(dataDir, ['postgres']);
  const server = await startEmbeddedPostgres({ pgdata, password, log: { info: say, warn: say } });
  const tables: MoveReport['tables'] = [];
  try {
    const database = await openDatabase({ databaseUrl: server.url, poolSize: 1 });
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      // Foreign keys and triggers wait until every table is in (the server's superuser may).
      await client.query('set local session_replication_role = replica');
      const names = await tablesOf(lite);
      const list = names.map((name) => `public."${name.replaceAll('"', '""')}"`).join(', ');
      // The migrations may have written rows of their own; the source has the same ones.
      if (list) await client.query(`truncate ${list}`);
      await lite.transaction(async (tx) => {
        for (const table of names) {
          let batches = 0;
          const rows = await copyTable(tx, client, table, () => {
            if (++batches % 25 === 0) say(`  ${table}: ${batches * BATCH} rows…`);
          });
          tables.push({ table, rows });
          say(`${table}: ${rows} rows`);
        }
      });
      const sequences = await lite.query<{ name: string; value: string | null }>(
        `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value
         from pg_sequences where schemaname = 'public'`,
      );
      for (const { name, value } of sequences.rows) {
        if (value !== null)
          await client.query('select setval($1::regclass, $2::bigint, true)', [name, value]);
      }
      for (const { table, rows } of tables) {
        const { rows: counted } = await client.query<{ n: string }>(
          `select count(*) as n from public."${table.replaceAll('"', '""')}"`,
        );
        if (Number(counted[0]!.n) !== rows)
          throw new Error(`${table}: ${counted[0]!.n} rows arrived of ${rows}`);
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
      await database.close();
    }
  } catch (err) {
    await server.stop();
    await lite.close();
    fs.rmSync(pgdata, { recursive: true, force: true });
    throw err;
  }
  await server.stop();
  await lite.close();
  const backup = `${source}.moved`;
  fs.renameSync(source, backup);
  return { tables, backup };
}
