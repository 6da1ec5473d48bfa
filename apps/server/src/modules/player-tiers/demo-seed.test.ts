import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { JWT_SECRET, emptyDatabase } from '../../../test/index.ts';
import type { Database } from '../../db/index.ts';
import { products } from '../../db/schema.ts';
import { seed } from '../../seed/index.ts';
import { players } from '../players/tables.ts';
import { distribution, trend } from './service.ts';
import { playerTiers } from './tables.ts';

/**
 * Issue 27, defect 9: the demo's numbers are computed at seed time. A first start with demo players
 * shows the tier distribution and today's snapshot at once, not empty charts until the daily run
 * (04:00 in the game's time zone) or a recompute.
 */
let database: Database;

beforeAll(async () => {
  database = await emptyDatabase();
  await seed(database.db, { demo: true, demoPlayers: 60, jwtSecret: JWT_SECRET });
}, 240_000);

afterAll(async () => {
  await database?.close();
});

describe('the demo seed', () => {
  it('computes every demo game’s player tiers, so the tier page has its charts on the first day', async () => {
    const games = await database.db.select({ id: products.id, code: products.code }).from(products);
    expect(games.length).toBeGreaterThan(1);
    for (const game of games) {
      const [seeded] = await database.db
        .select({ n: count() })
        .from(players)
        .where(eq(players.productId, game.id));
      if (!seeded!.n) continue;
      const [tiered] = await database.db
        .select({ n: count() })
        .from(playerTiers)
        .where(eq(playerTiers.productId, game.id));
      expect(tiered!.n, game.code).toBe(seeded!.n);
      const current = await distribution(database.db, game.id, { by: 'none' });
      expect(current.computed_at, game.code).not.toBeNull();
      const payers = current.rows.filter((r) => r.dimension === 'pay').reduce((n, r) => n + r.players, 0);
      expect(payers, game.code).toBe(seeded!.n);
      expect((await trend(database.db, game.id, 30)).rows.length, game.code).toBeGreaterThan(0);
    }
  });
});
