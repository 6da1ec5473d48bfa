import { createHash } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  lotteriesResource,
  type GameLottery,
  type GameLotteryDraw,
  type Lottery,
  type LotteryCreate,
  type LotteryDraw,
  type ShareLink,
} from '@rx/contracts';
import { body, describeResource, useTestApp } from '../../../test/index.ts';
import { mailRecipients, mails } from '../mails/index.ts';
import { players } from '../players/tables.ts';
import { resetShareClickWait, setShareClickWait } from '../share/index.ts';
import { rollOf } from './draw.ts';

const t = useTestApp();

const lottery = (n: number, extra: Partial<LotteryCreate> = {}): LotteryCreate => ({
  name: `Lucky ${n}`,
  prizes: [
    { key: 'gold', name: 'Gold', weight: 10, stock: 5 },
    { key: 'silver', name: 'Silver', weight: 30, stock: 100, per_player_cap: 1 },
  ],
  fallback: { name: 'Thanks', weight: 60 },
  mail_title: 'Your prize',
  ...extra,
});

describeResource(lotteriesResource, {
  sample: (n) => lottery(n),
  change: { name: 'Renamed lottery' },
  invalid: { body: { ...lottery(0), prizes: [] }, field: 'prizes' },
});

/** Players of the test's game, each with an openid of its own. */
async function newPlayers(prefix: string, count: number): Promise<string[]> {
  const openids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  await t.database.db.insert(players).values(openids.map((openid) => ({ productId: t.productId, openid })));
  return openids;
}

async function started(create: LotteryCreate): Promise<Lottery> {
  const made = body<Lottery>(await t.admin.post('/api/v1/lotteries', create)).data;
  const live = await t.admin.post(`/api/v1/lotteries/${made.id}/start`, { version: made.version });
  expect(body(live).code).toBe(0);
  return body<Lottery>(live).data;
}

describe('lotteries', () => {
  it('never oversells under many parallel draws; the fallback takes what is left', async () => {
    const key = await t.gameKey();
    const openids = await newPlayers('race', 80);
    const made = await started(
      lottery(1, {
        prizes: [{ key: 'gold', name: 'Gold', weight: 90, stock: 7 }],
        fallback: { name: 'Thanks', weight: 10 },
        draws_per_player: 2,
      }),
    );
    const draw = (openid: string) =>
      t.signedCall(key, 'POST', `/api/game/v1/lotteries/${made.id}/draw`, { openid });
    // 160 draws at once: two per player, all racing for 7 golds.
    const answers = await Promise.all([...openids, ...openids].map(draw));
    const results = answers.map((a) => body<GameLotteryDraw>(a));
    expect(results.every((r) => r.code === 0)).toBe(true);
    expect(results.filter((r) => r.data.prize_key === 'gold')).toHaveLength(7);
    expect(new Set(results.map((r) => r.data.draw_no)).size).toBe(160);

    const after = body<Lottery>(await t.admin.get(`/api/v1/lotteries/${made.id}`)).data;
    expect(after.given).toEqual({ gold: 7, '': 153 });
    expect(after.draws).toBe(160);
    // A third draw is refused, nothing changes.
    const third = await draw(openids[0]!);
    expect(body(third).code).toBe(422001);
    expect(body<Lottery>(await t.admin.get(`/api/v1/lotteries/${made.id}`)).data.draws).toBe(160);
    const game = body<GameLottery>(await t.signedCall(key, 'GET', `/api/game/v1/lotteries/${made.id}`)).data;
    expect(game.prizes[0]).toMatchObject({ key: 'gold', left: 0 });
  }, 120_000);

  it('publishes the seed hash before, reveals the seed after; every roll checks out', async () => {
    const key = await t.gameKey();
    const openids = await newPlayers('audit', 6);
    const made = await started(lottery(2));
    expect(made.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(made.seed).toBeNull();
    for (const openid of openids)
      expect(
        body(await t.signedCall(key, 'POST', `/api/game/v1/lotteries/${made.id}/draw`, { openid })).code,
      ).toBe(0);
    const before = body<GameLottery>(
      await t.signedCall(key, 'GET', `/api/game/v1/lotteries/${made.id}`),
    ).data;
    expect(before).toMatchObject({ seed_hash: made.seed_hash, seed: null });

    const live = body<Lottery>(await t.admin.get(`/api/v1/lotteries/${made.id}`)).data;
    const ended = body<Lottery>(
      await t.admin.post(`/api/v1/lotteries/${made.id}/end`, { version: live.version }),
    ).data;
    expect(ended.status).toBe('ended');
    const seed = ended.seed!;
    expect(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex')).toBe(made.seed_hash);
    const records = body<{ list: LotteryDraw[]; total: number }>(
      await t.admin.get(`/api/v1/lottery-draws?lottery_id=${made.id}&page_size=50`),
    ).data;
    expect(records.total).toBe(6);
    for (const r of records.list) expect(r.roll).toBe(rollOf(seed, made.id, r.draw_no, r.openid, 100));
    // Ended: no more draws; a started lottery cannot be edited.
    const late = await t.signedCall(key, 'POST', `/api/game/v1/lotteries/${made.id}/draw`, {
      openid: openids[0],
    });
    expect(body(late).code).toBe(422001);
    const edit = await t.admin.put(`/api/v1/lotteries/${made.id}`, { name: 'x', version: ended.version });
    expect(body(edit).code).toBe(422001);

    const csv = await t.admin.get(`/api/v1/lottery-draws/export?lottery_id=${made.id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('draw_no');
    expect(csv.body.trim().split('\n')).toHaveLength(7);
  });

  it('delivers each prize by mail to the player; caps a prize per player', async () => {
    const key = await t.gameKey();
    const [openid] = await newPlayers('mail', 1);
    const made = await started(
      lottery(3, {
        prizes: [{ key: 'gem', name: 'Gem', weight: 1, stock: 100, per_player_cap: 1, attachments: [] }],
        fallback: { name: 'Thanks', weight: 0 },
        draws_per_player: 3,
      }),
    );
    const got: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = body<GameLotteryDraw>(
        await t.signedCall(key, 'POST', `/api/game/v1/lotteries/${made.id}/draw`, { openid }),
      ).data;
      got.push(answer.prize_key);
      expect(answer.draws_left).toBe(2 - i);
    }
    expect(got).toEqual(['gem', '', '']);
    const db = t.database.db;
    const [player] = await db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.productId, t.productId), eq(players.openid, openid!)));
    const inbox = await db
      .select({ title: mails.title })
      .from(mailRecipients)
      .innerJoin(mails, eq(mails.id, mailRecipients.mailId))
      .where(eq(mailRecipients.playerId, player!.id));
    expect(inbox.map((m) => m.title.en).sort()).toEqual([
      'Your prize: Gem',
      'Your prize: Thanks',
      'Your prize: Thanks',
    ]);
  });

  it('refuses a prize whose mail names a prop the game does not have', async () => {
    const bad = await t.admin.post(
      '/api/v1/lotteries',
      lottery(6, {
        prizes: [
          {
            key: 'box',
            name: 'Box',
            weight: 1,
            stock: 1,
            attachments: [{ type: 'prop', id: 999_999, quantity: 1 }],
          },
        ],
      }),
    );
    expect(body(bad)).toMatchObject({
      code: 400001,
      data: { fields: { 'prizes.0.attachments.0.id': expect.any(String) } },
    });
  });

  it('asks for the shares a player made before a draw; an unknown player is 404', async () => {
    const key = await t.gameKey();
    const [openid] = await newPlayers('sharer', 1);
    const made = await started(lottery(4, { entry_kind: 'shares', entry_min: 2 }));
    const draw = () => t.signedCall(key, 'POST', `/api/game/v1/lotteries/${made.id}/draw`, { openid });
    const refused = await draw();
    expect(body(refused).code).toBe(422001);
    expect(body(refused).msg).toContain('分享');
    // Two clicks on a link the player shared (the public short link with them as the sharer), held
    // in memory by the share module's click log: the draw counts them all the same.
    setShareClickWait(60_000);
    onTestFinished(resetShareClickWait);
    const link = body<ShareLink>(
      await t.admin.post('/api/v1/share-links?platform=wechat', {
        name: 'L',
        target_url: 'https://example.com/',
      }),
    ).data;
    for (let i = 0; i < 2; i++) {
      const click = await t.app.inject({ method: 'GET', url: `/s/${link.code}?sharer=${openid}` });
      expect(click.statusCode).toBe(302);
    }
    expect(body(await draw()).code).toBe(0);
    const stranger = await t.signedCall(key, 'POST', `/api/game/v1/lotteries/${made.id}/draw`, {
      openid: 'nobody-here',
    });
    expect(body(stranger).code).toBe(404001);
  });

  it('asks for the invitees a player brought in: a click alone is not an invite, a register through it is', async () => {
    const key = await t.gameKey();
    const [openid] = await newPlayers('inviter', 1);
    const made = await started(lottery(5, { entry_kind: 'invites', entry_min: 1 }));
    const draw = () => t.signedCall(key, 'POST', `/api/game/v1/lotteries/${made.id}/draw`, { openid });
    expect(body(await draw()).code).toBe(422001);
    const link = body<ShareLink>(
      await t.admin.post('/api/v1/share-links?platform=wechat', {
        name: 'I',
        target_url: 'https://example.com/',
      }),
    ).data;
    const click = await t.app.inject({ method: 'GET', url: `/s/${link.code}?sharer=${openid}` });
    expect(click.statusCode).toBe(302);
    expect(body(await draw()).code).toBe(422001);
    const clickId = Number(new URL(click.headers.location as string).searchParams.get('rx_click'));
    const registered = await t.signedCall(key, 'POST', '/api/game/v1/share/events', {
      event_id: `inv-${made.id}`,
      type: 'register',
      click_id: clickId,
      openid: `invitee-${made.id}`,
    });
    expect(body<{ sharer: string }>(registered).data.sharer).toBe(openid);
    expect(body(await draw()).code).toBe(0);
  });

  it('needs its permissions; another CP never sees a lottery or its draws', async () => {
    const made = body<Lottery>(await t.admin.post('/api/v1/lotteries', lottery(5))).data;
    const viewer = await t.staff(['share/see/prize']);
    expect(body(await viewer.get(`/api/v1/lotteries/${made.id}`)).code).toBe(0);
    expect(
      body(await viewer.post(`/api/v1/lotteries/${made.id}/start`, { version: made.version })).code,
    ).toBe(403001);
    const nobody = await t.staff([]);
    expect(body(await nobody.get(`/api/v1/lottery-draws?lottery_id=${made.id}`)).code).toBe(403001);
    const hw = await t.signIn('ops_hw', 'dawn');
    expect(body(await hw.get(`/api/v1/lotteries/${made.id}`)).code).toBe(404001);
    expect(body(await hw.post(`/api/v1/lotteries/${made.id}/start`, { version: made.version })).code).toBe(
      404001,
    );
    // Its game's own key cannot draw from another game's lottery.
    const hwKey = await t.gameKey(hw);
    const draw = await t.signedCall(hwKey, 'POST', `/api/game/v1/lotteries/${made.id}/draw`, { openid: 'x' });
    expect(body(draw).code).toBe(404001);
  });
});
