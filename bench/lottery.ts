// Lotteries (apps/server/src/modules/lotteries): BENCH_PLAYERS players (200 by default) draw
// BENCH_DRAWS times in all (5,000), all at once, from one prize of BENCH_STOCK (1,000) weighted so
// that most draws hit it, through the function the game API's `POST /lotteries/:id/draw` calls.
// Prints draws per second, p50/p99, and checks the prizes given equal the stock exactly (never
// oversold, never lost) and every draw number is used once.
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server.
// Usage: npx tsx bench/lottery.ts
import { createHash, randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/index.ts';
import { drawOnce } from '../apps/server/src/modules/lotteries/draw.ts';
import { lotteries, lotteryDraws } from '../apps/server/src/modules/lotteries/tables.ts';
import { players } from '../apps/server/src/modules/players/tables.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { withBenchDatabase, machine, percentile, benchProduct } from './support.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);
const DRAWS = Number(process.env.BENCH_DRAWS ?? 5_000);
const STOCK = Number(process.env.BENCH_STOCK ?? 1_000);

async function run(label: string, database: Database) {
  const { db } = database;
  await seed(db, { demo: false, adminPassword: 'Bench@12345', jwtSecret: 'bench-jwt' });
  const { cp, product } = await benchProduct(db);
  const openids = Array.from({ length: PLAYERS }, (_, i) => `bench${i}`);
  await db.insert(players).values(openids.map((openid) => ({ productId: product.id, openid })));
  const secret = randomBytes(32).toString('hex');
  const [lottery] = await db
    .insert(lotteries)
    .values({
      cpId: cp.id,
      productId: product.id,
      name: 'Bench',
      prizes: [{ key: 'gold', name: 'Gold', weight: 90, stock: STOCK, per_player_cap: 0, attachments: [] }],
      fallback: { name: 'Thanks', weight: 10, attachments: [] },
      drawsPerPlayer: Math.ceil(DRAWS / PLAYERS),
      mailTitle: 'Prize',
      status: 'live',
      seed: secret,
      seedHash: createHash('sha256').update(Buffer.from(secret, 'hex')).digest('hex'),
    })
    .returning();
  const caller = { cpId: cp.id, productId: product.id };
  const times: number[] = [];
  const failures: Record<string, number> = {};
  const started = performance.now();
  // One worker per player, each drawing its share in turn: PLAYERS draws in flight at once.
  await Promise.all(
    openids.map(async (openid, p) => {
      const share = Math.floor(DRAWS / PLAYERS) + (p < DRAWS % PLAYERS ? 1 : 0);
      for (let i = 0; i < share; i++) {
        const t0 = performance.now();
        try {
          await drawOnce(db, caller, lottery!.id, openid, 'en');
          times.push(performance.now() - t0);
        } catch (error) {
          const key = (error as Error).message.slice(0, 60);
          failures[key] = (failures[key] ?? 0) + 1;
        }
      }
    }),
  );
  const ms = performance.now() - started;
  times.sort((a, b) => a - b);
  const [row] = await db.select().from(lotteries).where(eq(lotteries.id, lottery!.id));
  const [records] = await db
    .select({ n: count() })
    .from(lotteryDraws)
    .where(eq(lotteryDraws.lotteryId, lottery!.id));
  const given = row!.given.gold ?? 0;
  console.log(
    `${label} (${machine()}): ${times.length.toLocaleString()} draws by ${PLAYERS} players at once in ` +
      `${(ms / 1000).toFixed(1)} s, ${Math.round((times.length * 1000) / ms)}/s, ` +
      `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms; ` +
      `gold given ${given} of ${STOCK} (${given === STOCK ? 'exactly the stock' : 'WRONG'}), ` +
      `records ${records!.n} = draws ${row!.draws}${Object.keys(failures).length ? `; failures ${JSON.stringify(failures)}` : ''}`,
  );
  if (given !== STOCK || records!.n !== row!.draws || row!.draws !== times.length) process.exitCode = 1;
}

await withBenchDatabase('lottery', (label, database) => run(label, database));
