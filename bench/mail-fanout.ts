// System mail fan-out (apps/server/src/modules/mails): recipients per second of one mail to every
// player of a product, written by its fan-out job (set-based INSERT … SELECT per player-id range),
// BENCH_MAIL_PLAYERS players (200,000 by default), with a check that every player got exactly one
// copy. Players are inserted set-based into a fresh product.
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server.
// Usage: npx tsx bench/mail-fanout.ts
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/index.ts';
import { mails } from '../apps/server/src/modules/mails/tables.ts';
import { queueFanout } from '../apps/server/src/modules/mails/fanout.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { queryRows } from '../apps/server/src/lib/rows.ts';
import { withBenchDatabase, benchProduct } from './support.ts';

const PLAYERS = Number(process.env.BENCH_MAIL_PLAYERS ?? 200_000);
const machine = `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`;

async function run(label: string, database: Database, players: number) {
  await seed(database.db, { demo: false, adminPassword: 'Bench@12345', jwtSecret: 'bench-jwt' });
  const app = await buildApp({ database, ssoSecret: 'bench-sso', jwtSecret: 'bench-jwt', logLevel: 'warn' });
  await app.ready();
  const { db } = database;
  try {
    const { cp, product } = await benchProduct(db);
    for (let start = 0; start < players; start += 50_000) {
      await db.execute(sql`insert into players (product_id, openid, channel, region, country, nickname)
        select ${product.id}::int, 'bench_' || g, 'official', 'cn', 'CN', 'n' || g
        from generate_series(${start + 1}::int, ${Math.min(players, start + 50_000)}::int) g`);
    }
    const [mail] = await db
      .insert(mails)
      .values({
        cpId: cp.id,
        productId: product.id,
        title: { zh: '全服补偿', en: 'Compensation' } as never,
        body: { zh: '<p>补偿</p>' } as never,
        sender: 'GM',
        target: 'all',
        status: 'sending',
        sentAt: new Date(),
      })
      .returning();
    const scope = {
      cpId: cp.id,
      productId: product.id,
      userId: 0,
      username: 'bench',
      ip: '',
      lang: 'zh' as const,
      isAdmin: true,
    };
    const started = performance.now();
    const jobId = await db.transaction((tx) => queueFanout(tx, scope, mail!));
    await app.jobs.runJob(jobId);
    const seconds = (performance.now() - started) / 1000;
    const [row] = await db.select().from(mails).where(eq(mails.id, mail!.id));
    const [check] = await queryRows<{ n: number; d: number }>(
      db,
      sql`select count(*)::int as n, count(distinct player_id)::int as d
        from mail_recipients where mail_id = ${mail!.id}::int`,
    );
    const ok = Number(check!.n) === players && Number(check!.d) === players && row!.status === 'sent';
    console.log(
      `${label}: ${players.toLocaleString()} recipients in ${seconds.toFixed(1)} s = ` +
        `${Math.round(players / seconds).toLocaleString()} recipients/s (${row!.chunkCount} chunks; ` +
        `status ${row!.status}; ${ok ? 'every player exactly once' : `MISMATCH ${check!.n}/${check!.d}`}) [${machine}]`,
    );
  } finally {
    await app.close();
  }
}

await withBenchDatabase('mail', (label, database) => run(label, database, PLAYERS));
