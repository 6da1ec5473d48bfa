// The daily tier job (apps/server/src/modules/player-tiers) over the demo game's players
// (BENCH_PLAYERS, 200,000 by default): how long a first run takes (every player gets a history row),
// a second run on the same data (nothing changes: the steady daily case), and how long the event
// loop was held at most meanwhile (the job works in ranges of player ids, one short statement each).
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server.
// Usage: npx tsx bench/player-tiers.ts
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/index.ts';
import { benchTarget } from './support.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { queryRows } from '../apps/server/src/lib/rows.ts';
import { computeTiers } from '../apps/server/src/modules/player-tiers/index.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200_000);

async function run(label: string, target: DatabaseOptions) {
  const database = await openDatabase(target);
  const seeded = Date.now();
  await seed(database.db, { demo: true, jwtSecret: 'bench-jwt', demoPlayers: PLAYERS });
  await database.db.execute(sql`analyze`);
  const [game] = await queryRows<{ id: number; players: string }>(
    database.db,
    sql`select p.id, (select count(*) from players where product_id = p.id) as players
      from products p order by 2 desc limit 1`,
  );
  console.log(
    `  ${label}: demo seed in ${((Date.now() - seeded) / 1000).toFixed(1)} s; game ${game!.id} has ${Number(game!.players).toLocaleString()} players`,
  );
  // BENCH_CHUNKS=500,2000: steady runs with other range sizes too.
  const chunks = (process.env.BENCH_CHUNKS ?? '').split(',').filter(Boolean).map(Number);
  const passes: [string, number | undefined][] = [
    ['first run', undefined],
    ['second run', undefined],
    ...chunks.map((c): [string, number] => [`steady/${c}`, c]),
  ];
  for (const [pass, chunk] of passes) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const result = await computeTiers(database.db, game!.id, new Date(), undefined, chunk);
    delay.disable();
    console.log(
      `  ${label.padEnd(10)} ${pass.padEnd(11)} ${(result.ms / 1000).toFixed(2).padStart(6)} s  ${result.players.toLocaleString()} players, ${result.changed.toLocaleString()} changed; event loop held at most ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms)`,
    );
  }
  const dist = await queryRows<{ dimension: string; tier: string; players: number }>(
    database.db,
    sql`select dimension, tier, players from player_tier_daily where product_id = ${game!.id} order by 1, 2`,
  );
  console.log(
    `  ${label.padEnd(10)} distribution: ${dist.map((d) => `${d.dimension}/${d.tier} ${d.players}`).join(', ')}`,
  );
  await database.close();
}

console.log(`Player tier job, ${PLAYERS.toLocaleString()} demo players, ${os.cpus().length} cores`);
const target = await benchTarget('tiers');
try {
  await run(target.label, target.options);
} finally {
  await target.drop();
}
