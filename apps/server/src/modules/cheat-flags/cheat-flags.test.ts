import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, signInAs, type TestContext } from '../../../test/helpers.ts';
import { client, productIdOf, type Client } from '../../../test/api.ts';
import { queryRows } from '../../lib/rows.ts';
import { raiseCheatFlag, type RaiseInput } from './index.ts';
import { EVIDENCE_KEPT } from './service.ts';
import { cheatFlags, cheatWhitelist } from './tables.ts';

// Anti-cheat flags: raised by other modules inside their own transaction (raiseCheatFlag), reviewed
// by staff in the console (/api/v1/cheat-flags).

let t: TestContext;
let admin: Client;
let xianxia: number;
let cpId: number;
const tag = Date.now().toString(36);
let playerSeq = 0;

/** A new player of the product; answers its id and openid. */
async function newPlayer(productId = xianxia): Promise<{ id: number; openid: string }> {
  const openid = `cf${tag}_${++playerSeq}`;
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into players (product_id, openid, nickname) values (${productId}, ${openid}, ${openid}) returning id`,
  );
  return { id: Number(row!.id), openid };
}
function input(player: { id: number; openid: string }, extra: Partial<RaiseInput> = {}): RaiseInput {
  return {
    cpId,
    productId: xianxia,
    playerId: player.id,
    openid: player.openid,
    source: 'game_report',
    rule: 'speed_hack',
    score: 50,
    evidence: { speed: 12 },
    at: new Date(),
    ...extra,
  };
}
/** raiseCheatFlag inside a transaction, as the game reports' ingestion calls it. */
function raise(i: RaiseInput) {
  return t.database.db.transaction((tx) => raiseCheatFlag(tx, i));
}
async function flagsOf(playerId: number) {
  return t.database.db.select().from(cheatFlags).where(eq(cheatFlags.playerId, playerId));
}

beforeAll(async () => {
  t = await createTestApp();
  const token = (await signInAs(t.app, 'admin')).user.access_token;
  xianxia = await productIdOf(t, 'xianxia');
  admin = client(t, token, xianxia);
  const [cp] = await queryRows<{ cp_id: number }>(
    t.database.db,
    sql`select cp_id from products where id = ${xianxia}`,
  );
  cpId = Number(cp!.cp_id);
});
afterAll(() => t.app.close());

describe('raiseCheatFlag', () => {
  it('raises one flag, then updates it: hits, the highest score, last seen, the latest evidence (bounded)', async () => {
    const p = await newPlayer();
    const t0 = new Date(Date.now() - 3_600_000);
    expect(await raise(input(p, { at: t0, score: 40 }))).toBe('raised');
    const t1 = new Date(t0.getTime() + 60_000);
    expect(await raise(input(p, { at: t1, score: 90, evidence: { speed: 30 } }))).toBe('updated');
    expect(await raise(input(p, { at: new Date(t0.getTime() + 30_000), score: 60 }))).toBe('updated');
    let [flag] = await flagsOf(p.id);
    expect(flag).toMatchObject({
      state: 'flagged',
      hits: 3,
      score: 90,
      source: 'game_report',
      rule: 'speed_hack',
    });
    expect(flag!.firstSeen.getTime()).toBe(t0.getTime());
    expect(flag!.lastSeen.getTime()).toBe(t1.getTime());
    expect(flag!.evidence[0]).toMatchObject({ score: 90, data: { speed: 30 } });
    // Another rule is another flag.
    expect(await raise(input(p, { rule: 'wall_hack' }))).toBe('raised');
    expect(await flagsOf(p.id)).toHaveLength(2);
    // Evidence stays bounded; a huge piece is kept as a preview.
    for (let i = 0; i < EVIDENCE_KEPT + 5; i++)
      await raise(
        input(p, {
          at: new Date(t1.getTime() + (i + 1) * 1000),
          evidence: { i, blob: 'x'.repeat(i === 0 ? 10_000 : 1) },
        }),
      );
    [flag] = (await flagsOf(p.id)).filter((f) => f.rule === 'speed_hack');
    expect(flag!.hits).toBe(3 + EVIDENCE_KEPT + 5);
    expect(flag!.evidence).toHaveLength(EVIDENCE_KEPT);
    expect(flag!.evidence[0]!.data).toMatchObject({ i: EVIDENCE_KEPT + 4 });
  });

  it('answers suppressed for a whitelisted player and rule and stores nothing', async () => {
    const p = await newPlayer();
    await t.database.db
      .insert(cheatWhitelist)
      .values({ cpId, productId: xianxia, playerId: p.id, openid: p.openid, rule: 'speed_hack' });
    expect(await raise(input(p))).toBe('suppressed');
    expect(await flagsOf(p.id)).toHaveLength(0);
    expect(await raise(input(p, { rule: 'botting' }))).toBe('raised');
  });

  it('raises one open flag when two raises race', async () => {
    const p = await newPlayer();
    const results = await Promise.all([raise(input(p)), raise(input(p)), raise(input(p))]);
    expect(results.filter((r) => r === 'raised')).toHaveLength(1);
    const flags = await flagsOf(p.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.hits).toBe(3);
  });

  it('opens a new flag once the earlier one is closed', async () => {
    const p = await newPlayer();
    await raise(input(p));
    await t.database.db
      .update(cheatFlags)
      .set({ state: 'confirmed' })
      .where(and(eq(cheatFlags.playerId, p.id)));
    expect(await raise(input(p))).toBe('raised');
    expect(await flagsOf(p.id)).toHaveLength(2);
    void admin;
  });
});
