import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { seed } from '../../seed/index.ts';
import { JWT_SECRET, SSO_SECRET, body, signInAs } from '../../../test/helpers.ts';
import { productIdOf } from '../../../test/api.ts';
import { migrationsFolder, openDatabase, startEmbedded, type Database } from '../index.ts';
import { players, props, users } from '../tables.ts';
import { moveFromPglite } from './move.ts';

// `npm run db:from-pglite` on a data folder as the PGlite releases left it: DATA_DIR/pgdata made by
// PGlite with the migrations applied and the demo data seeded at a first start.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'from-pglite-'));
let before: Record<string, number>;
let database: Database | undefined;

async function counts(db: Database['db']): Promise<Record<string, number>> {
  const of = async (table: typeof players | typeof props | typeof users) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return { players: await of(players), props: await of(props), users: await of(users) };
}

beforeAll(async () => {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const lite = new PGlite(path.join(dir, 'pgdata'));
  const db = drizzle(lite, { schema: await import('../tables.ts') });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  await seed(db as unknown as Database['db'], { demo: true, demoPlayers: 300, jwtSecret: JWT_SECRET });
  before = await counts(db as unknown as Database['db']);
  await lite.close();
}, 300_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('moving a PGlite data folder into the embedded PostgreSQL', () => {
  it('refuses to start the console on the folder before the move, saying what to run', async () => {
    await expect(startEmbedded(dir)).rejects.toThrow(/npm run db:from-pglite/);
  });

  it('copies every row, keeps the PGlite folder as a backup, and the console signs in on the result', async () => {
    const report = await moveFromPglite(dir);
    expect(report.backup).toBe(path.join(dir, 'pgdata.moved'));
    expect(fs.existsSync(path.join(dir, 'pgdata'))).toBe(false);
    expect(report.tables.find((t) => t.table === 'players')?.rows).toBe(before.players);

    database = await openDatabase({ dataDir: dir });
    expect(await counts(database.db)).toEqual(before);
    expect(before.players).toBeGreaterThanOrEqual(300);
    const app = await buildApp({
      database,
      ssoSecret: SSO_SECRET,
      jwtSecret: JWT_SECRET,
      logLevel: 'silent',
    });
    try {
      await app.ready();
      const { user } = await signInAs(app, 'admin');
      // New rows continue the moved identities (no key taken twice).
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/props',
        headers: {
          authorization: `Bearer ${user.access_token}`,
          'x-product-id': String(await productIdOf({ app, database }, 'xianxia')),
        },
        payload: {
          code: 'moved_prop',
          name: { zh: '迁移道具' },
          type: 'currency',
          rarity: 'common',
          stack_limit: 9,
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(body<{ id: number }>(created).data.id).toBeGreaterThan(0);
    } finally {
      await app.close();
      database = undefined;
    }
  }, 300_000);

  it('refuses a second move: the folder holds no PGlite database any more', async () => {
    await expect(moveFromPglite(dir)).rejects.toThrow(/no PGlite database/);
  });
});
