import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { raiseCheatFlag, type RaiseInput } from './service.ts';
import { cheatFlags, cheatWhitelist } from './tables.ts';
import { queryRows } from '../../lib/rows.ts';

interface DemoFlag {
  rule: string;
  source: RaiseInput['source'];
  /** One score per hit, oldest first. */
  scores: number[];
  evidence: (hit: number) => Record<string, unknown>;
  state?: 'under_review' | 'false_positive';
}

const DEMO_FLAGS: DemoFlag[] = [
  {
    rule: 'speed_hack',
    source: 'game_report',
    scores: [72, 85, 96],
    evidence: (i) => ({ map: 'jade_valley', speed: 14 + i * 3, max_speed: 8, client: '3.2.1' }),
  },
  {
    rule: 'abnormal_gold',
    source: 'server_rule',
    scores: [64, 81],
    evidence: (i) => ({ gold_per_hour: 180_000 + i * 40_000, p99: 42_000, window_minutes: 60 }),
    state: 'under_review',
  },
  {
    rule: 'botting_pattern',
    source: 'server_rule',
    scores: [55],
    evidence: () => ({ sessions_24h: 23, idle_ratio: 0.01, same_route_loops: 412 }),
  },
  {
    rule: 'memory_tamper',
    source: 'game_report',
    scores: [98],
    evidence: () => ({ module: 'libgame.so', checksum: 'mismatch', detector: 'ace-7' }),
  },
  {
    rule: 'speed_hack',
    source: 'game_report',
    scores: [41, 38],
    evidence: (i) => ({ map: 'cloud_peak', speed: 9 + i, max_speed: 8, ping_ms: 480 }),
    state: 'false_positive',
  },
  {
    rule: 'trade_laundering',
    source: 'manual',
    scores: [60],
    evidence: () => ({ reported_by: 'guild leader', trades: 17, counterpart_accounts: 4 }),
  },
];

/** A few anti-cheat flags on the first demo product's players (needs demo players). */
export async function seedDemoCheatFlags(db: Db, product: { id: number; cpId: number }): Promise<void> {
  const players = await queryRows<{ id: number; openid: string }>(
    db,
    sql`select id, openid from players where product_id = ${product.id} order by id limit ${DEMO_FLAGS.length}`,
  );
  const now = Date.now();
  for (const [i, demo] of DEMO_FLAGS.entries()) {
    const player = players[i];
    if (!player) return;
    const playerId = Number(player.id);
    for (const [hit, score] of demo.scores.entries()) {
      await raiseCheatFlag(db, {
        cpId: product.cpId,
        productId: product.id,
        playerId,
        openid: player.openid,
        source: demo.source,
        rule: demo.rule,
        score,
        evidence: demo.evidence(hit),
        at: new Date(now - (i + 1) * 7_200_000 + hit * 600_000),
      });
    }
    if (!demo.state) continue;
    const where = and(eq(cheatFlags.productId, product.id), eq(cheatFlags.playerId, playerId));
    if (demo.state === 'under_review') {
      await db.update(cheatFlags).set({ state: 'under_review', assigneeName: 'admin' }).where(where);
    } else {
      await db
        .update(cheatFlags)
        .set({ state: 'false_positive', reviewerName: 'admin', reviewedAt: new Date(), note: 'High ping' })
        .where(where);
      await db.insert(cheatWhitelist).values({
        cpId: product.cpId,
        productId: product.id,
        playerId,
        openid: player.openid,
        rule: demo.rule,
        note: 'High ping',
        createdByName: 'admin',
      });
    }
  }
}
