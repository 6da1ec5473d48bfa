import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, countDistinct, eq, sql } from 'drizzle-orm';
import {
  ErrorCode,
  LANGUAGES,
  gameLotteryDrawBody,
  idParam,
  type GameLottery,
  type GameLotteryDraw,
  type Language,
  type LotteryPrize,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ruleError } from '../../lib/problems.ts';
import { ok, requestLanguage } from '../../lib/request.ts';
import { GAME } from '../../lib/route-access.ts';
import { mailRecipients, mails } from '../mails/index.ts';
import { players } from '../players/tables.ts';
import { shareClicksSettled } from '../share/index.ts';
import { shareClicks, shareEvents, shareLinks } from '../share/tables.ts';
import { lotteries, lotteryDraws } from './tables.ts';

/**
 * A draw's roll: the first 6 bytes of HMAC-SHA256(seed, `<lottery id>:<draw no>:<openid>`) modulo
 * the total weight. With the seed revealed, anyone can recompute every draw record's roll and see
 * the seed is the one whose SHA-256 was published before the first draw.
 */
export function rollOf(
  seedHex: string,
  lotteryId: number,
  drawNo: number,
  openid: string,
  total: number,
): number {
  const digest = createHmac('sha256', Buffer.from(seedHex, 'hex'))
    .update(`${lotteryId}:${drawNo}:${openid}`)
    .digest();
  return digest.readUIntBE(0, 6) % total;
}

/** The prize a roll lands on (the prizes' weights in order, then the fallback's), or null: the fallback. */
export function prizeAt(prizes: readonly LotteryPrize[], roll: number): LotteryPrize | null {
  let point = roll;
  for (const prize of prizes) {
    if (point < prize.weight) return prize;
    point -= prize.weight;
  }
  return null;
}

/** The shares (clicks on links they shared) or invites (invitees registered) a player made in a game. */
async function entryCount(
  db: Db,
  productId: number,
  openid: string,
  kind: 'shares' | 'invites',
): Promise<number> {
  if (kind === 'shares') {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(shareClicks)
      .innerJoin(shareLinks, eq(shareLinks.id, shareClicks.linkId))
      .where(and(eq(shareLinks.productId, productId), eq(shareClicks.sharer, openid)));
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: countDistinct(shareEvents.openid) })
    .from(shareEvents)
    .where(
      and(
        eq(shareEvents.productId, productId),
        eq(shareEvents.sharer, openid),
        eq(shareEvents.type, 'register'),
      ),
    );
  return row?.n ?? 0;
}

const everyLanguage = (text: string) =>
  Object.fromEntries(LANGUAGES.map((lang) => [lang, text])) as Record<Language, string>;

/**
 * One draw, atomic: the lottery's row is locked while the prize is chosen, its count raised, the
 * record written and the prize's mail delivered, so parallel draws take turns and a prize out of
 * stock (or at the player's cap) gives the fallback instead.
 */
export async function drawOnce(
  db: Db,
  caller: { cpId: number; productId: number },
  lotteryId: number,
  openid: string,
  lang: Language,
): Promise<GameLotteryDraw> {
  // The prize mail's id is taken before the lottery is locked (a draw refused leaves a gap in the
  // sequence, nothing else): the writes under the lock are then one statement.
  const [player] = await db
    .select({
      id: players.id,
      mailId: sql<number>`nextval(pg_get_serial_sequence('mails', 'id'))`.mapWith(Number),
    })
    .from(players)
    .where(and(eq(players.productId, caller.productId), eq(players.openid, openid)));
  if (!player) throw new ApiError(ErrorCode.NOT_FOUND);
  // Clicks are written in batches: a share entry condition counts the last moments' clicks too.
  await shareClicksSettled(db);
  return db.transaction(async (tx) => {
    const [lottery] = await tx
      .select()
      .from(lotteries)
      .where(and(eq(lotteries.id, lotteryId), eq(lotteries.productId, caller.productId)))
      .for('update');
    if (!lottery) throw new ApiError(ErrorCode.NOT_FOUND);
    const now = Date.now();
    if (
      lottery.status !== 'live' ||
      !lottery.seed ||
      (lottery.startsAt && lottery.startsAt.getTime() > now) ||
      (lottery.endsAt && lottery.endsAt.getTime() <= now)
    ) {
      throw ruleError(lang, 'lottery_not_live');
    }
    if (lottery.entryKind !== 'none' && lottery.entryMin > 0) {
      if ((await entryCount(tx, caller.productId, openid, lottery.entryKind)) < lottery.entryMin)
        throw ruleError(lang, 'lottery_entry_unmet');
    }
    const won = await tx
      .select({ key: lotteryDraws.prizeKey, n: sql<number>`count(*)`.mapWith(Number) })
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.lotteryId, lottery.id), eq(lotteryDraws.openid, openid)))
      .groupBy(lotteryDraws.prizeKey);
    const mine = new Map(won.map((w) => [w.key, w.n]));
    const drawn = won.reduce((sum, w) => sum + w.n, 0);
    if (drawn >= lottery.drawsPerPlayer) throw ruleError(lang, 'lottery_no_draws_left');

    const drawNo = lottery.draws + 1;
    const total = lottery.prizes.reduce((sum, p) => sum + p.weight, lottery.fallback.weight);
    const roll = rollOf(lottery.seed, lottery.id, drawNo, openid, total);
    const hit = prizeAt(lottery.prizes, roll);
    const available =
      hit &&
      (lottery.given[hit.key] ?? 0) < hit.stock &&
      (hit.per_player_cap === 0 || (mine.get(hit.key) ?? 0) < hit.per_player_cap);
    const prize = available
      ? { key: hit.key, name: hit.name, attachments: hit.attachments }
      : { key: '', ...lottery.fallback };

    // The mail, its recipient, the lottery's counts and the draw record in one statement: the lock is
    // held for as few round trips as can be (every draw of the lottery waits for it).
    const mail = tx
      .insert(mails)
      .overridingSystemValue()
      .values({
        id: player.mailId,
        cpId: lottery.cpId,
        productId: lottery.productId,
        title: everyLanguage(`${lottery.mailTitle}: ${prize.name}`.slice(0, 64)),
        body: everyLanguage(''),
        sender: lottery.name,
        attachments: prize.attachments,
        target: 'file',
        status: 'sent',
        recipients: 1,
        sentAt: new Date(),
        finishedAt: new Date(),
        createdBy: `lottery:${lottery.id}`,
      });
    const recipient = tx.insert(mailRecipients).values({ mailId: player.mailId, playerId: player.id });
    const counts = tx
      .update(lotteries)
      .set({ draws: drawNo, given: { ...lottery.given, [prize.key]: (lottery.given[prize.key] ?? 0) + 1 } })
      .where(eq(lotteries.id, lottery.id));
    const record = tx.insert(lotteryDraws).values({
      cpId: lottery.cpId,
      productId: lottery.productId,
      lotteryId: lottery.id,
      drawNo,
      playerId: player.id,
      openid,
      prizeKey: prize.key,
      prizeName: prize.name,
      fallback: !available,
      roll,
      mailId: player.mailId,
    });
    // `getSQL()`: each statement as it is (a query builder put in `sql` comes in parentheses, which a
    // data-modifying WITH does not take).
    await tx.execute(
      sql`with m as (${mail.getSQL()}), r as (${recipient.getSQL()}), c as (${counts.getSQL()}) ${record.getSQL()}`,
    );
    return {
      draw_no: drawNo,
      prize_key: prize.key,
      prize_name: prize.name,
      fallback: !available,
      roll,
      seed_hash: lottery.seedHash!,
      draws_left: lottery.drawsPerPlayer - drawn - 1,
    };
  });
}

/** `GET /api/game/v1/lotteries/:id` and `POST /api/game/v1/lotteries/:id/draw`. */
export function lotteryGameRoutes(fastify: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['game-api'];
  app.get(
    '/lotteries/:id',
    {
      schema: {
        tags,
        summary: 'A lottery as players see it: prizes left, the seed hash (the seed once ended)',
        params: idParam,
      },
      config: GAME,
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(lotteries)
        .where(
          and(eq(lotteries.id, request.params.id), eq(lotteries.productId, request.gameCaller!.productId)),
        );
      if (!row || row.status === 'draft') throw new ApiError(ErrorCode.NOT_FOUND);
      const answer: GameLottery = {
        id: row.id,
        name: row.name,
        status: row.status,
        prizes: row.prizes.map((p) => ({
          key: p.key,
          name: p.name,
          weight: p.weight,
          left: Math.max(0, p.stock - (row.given[p.key] ?? 0)),
        })),
        fallback: { name: row.fallback.name, weight: row.fallback.weight },
        seed_hash: row.seedHash,
        seed: row.status === 'ended' ? row.seed : null,
      };
      return ok(answer);
    },
  );
  app.post(
    '/lotteries/:id/draw',
    {
      schema: {
        tags,
        summary: "A player's draw: atomic, auditable, the prize delivered by mail",
        params: idParam,
        body: gameLotteryDrawBody,
      },
      config: GAME,
    },
    async (request) =>
      ok(
        await drawOnce(
          db,
          request.gameCaller!,
          request.params.id,
          request.body.openid,
          requestLanguage(request),
        ),
      ),
  );
}
