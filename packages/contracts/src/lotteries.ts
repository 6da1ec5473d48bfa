import { z } from 'zod';
import { codeField, int32, isoTime, keyword, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { mailAttachment } from './mails.ts';
import { defineResource } from './resource.ts';

/**
 * Lotteries (issue 30, page `/operation/prize-manage`): prizes with weights, stock and per-player
 * caps, a fallback prize, an entry condition on the shares or invites a player made. A draw
 * (`POST /api/game/v1/lotteries/:id/draw`) is atomic (the stock is never oversold) and auditable:
 * the SHA-256 of a secret seed is published when the lottery starts, the seed when it ends, and
 * every draw's roll is HMAC-SHA256(seed, `<lottery id>:<draw no>:<openid>`), so anyone can check
 * every draw record against the published hash. Prizes are delivered by mail.
 */

export const LOTTERY_STATUSES = ['draft', 'live', 'ended'] as const;
export type LotteryStatus = (typeof LOTTERY_STATUSES)[number];
/** What a player must have done to draw: nothing, share clicks on their links, or invitees registered. */
export const LOTTERY_ENTRY_KINDS = ['none', 'shares', 'invites'] as const;
export type LotteryEntryKind = (typeof LOTTERY_ENTRY_KINDS)[number];
export const MAX_LOTTERY_PRIZES = 20;

const name = safeText().trim().min(1).max(64);
const attachments = z.array(mailAttachment).max(10);

export const lotteryPrize = z.object({
  /** The prize's key in draw records (`gold`, `p1`…). */
  key: codeField(16),
  name,
  /** Its chance relative to the other prizes' weights (the fallback takes what is left). */
  weight: int32(0, 1_000_000),
  /** How many can be given in all. */
  stock: int32(0, 10_000_000),
  /** How many one player can win; 0: no cap. */
  per_player_cap: int32(0, 1000).default(0),
  attachments: attachments.default([]),
});
export type LotteryPrize = z.infer<typeof lotteryPrize>;

/** What a draw gives when its prize is out of stock or capped for the player, or no prize is hit. */
export const lotteryFallback = z.object({
  name,
  /** The chance of a draw that hits no prize, relative to the prizes' weights. */
  weight: int32(0, 1_000_000),
  attachments: attachments.default([]),
});

const lotteryFields = z.object({
  name,
  prizes: z
    .array(lotteryPrize)
    .min(1)
    .max(MAX_LOTTERY_PRIZES)
    .refine((list) => new Set(list.map((p) => p.key)).size === list.length, {
      params: { key: 'duplicate_item' },
    }),
  fallback: lotteryFallback,
  entry_kind: z.enum(LOTTERY_ENTRY_KINDS),
  /** How many shares or invites the entry condition asks for. */
  entry_min: int32(0, 100_000),
  /** How many times one player may draw. */
  draws_per_player: int32(1, 1000),
  starts_at: isoTime.nullable(),
  ends_at: isoTime.nullable(),
  /** The title of the mail that delivers a prize (the prize's name follows it). */
  mail_title: safeText().trim().min(1).max(64),
});
const endAfterStart = (s: { starts_at?: string | null; ends_at?: string | null }) =>
  !s.starts_at || !s.ends_at || Date.parse(s.ends_at) > Date.parse(s.starts_at);
const withWeight = (s: { prizes?: { weight: number }[]; fallback?: { weight: number } }) =>
  !s.prizes || !s.fallback || s.prizes.reduce((sum, p) => sum + p.weight, s.fallback.weight) > 0;

export const lotteryCreateBody = lotteryFields
  .extend({
    entry_kind: lotteryFields.shape.entry_kind.default('none'),
    entry_min: lotteryFields.shape.entry_min.default(0),
    draws_per_player: lotteryFields.shape.draws_per_player.default(1),
    starts_at: isoTime.nullable().default(null),
    ends_at: isoTime.nullable().default(null),
  })
  .refine(endAfterStart, { path: ['ends_at'], params: { key: 'end_before_start' } })
  .refine(withWeight, { path: ['fallback', 'weight'], params: { key: 'required' } });
export type LotteryCreate = z.input<typeof lotteryCreateBody>;
export const lotteryUpdateBody = lotteryFields
  .partial()
  .extend({ version: versionField })
  .refine(endAfterStart, { path: ['ends_at'], params: { key: 'end_before_start' } })
  .refine(withWeight, { path: ['fallback', 'weight'], params: { key: 'required' } });

export const lotteryItem = lotteryFields.extend({
  ...rowMeta,
  product_id: z.number().int(),
  status: z.enum(LOTTERY_STATUSES),
  /** SHA-256 (hex) of the seed, published when the lottery starts. */
  seed_hash: z.string().nullable(),
  /** The seed (hex), revealed when the lottery ends. */
  seed: z.string().nullable(),
  /** Prizes given so far, by key (`''`: the fallback). */
  given: z.record(z.string(), z.number().int()),
  draws: z.number().int(),
});
export type Lottery = z.infer<typeof lotteryItem>;
export const LOTTERY_SORTS = ['id', 'name', 'status', 'updated_at'] as const;
const lotteryFilters = { q: keyword, status: z.enum(LOTTERY_STATUSES).optional() };
export const lotteryListQuery = listQuery(LOTTERY_SORTS, lotteryFilters);
export const lotteryListAnswer = listAnswer(lotteryItem);

export const lotteriesResource = defineResource({
  name: 'lotteries',
  page: '/operation/prize-manage',
  scope: 'product',
  logTarget: 'lottery',
  namespace: 'lottery',
  item: lotteryItem,
  create: lotteryCreateBody,
  update: lotteryUpdateBody,
  list: lotteryListQuery,
  export: exportQuery(lotteryFilters),
  filters: ['q', 'status'],
  sorts: LOTTERY_SORTS,
  remove: 'delete',
});

/** `POST /lotteries/:id/start|end {version}`. */
export const lotteryMoveBody = z.object({ version: versionField });

// ——— Draws ———

export const lotteryDrawItem = z.object({
  id: z.number().int(),
  lottery_id: z.number().int(),
  draw_no: z.number().int(),
  openid: z.string(),
  /** The prize's key; `''` for the fallback. */
  prize_key: z.string(),
  prize_name: z.string(),
  /** The draw's roll: HMAC-SHA256(seed, `<lottery id>:<draw no>:<openid>`)'s first 6 bytes, modulo the total weight. */
  roll: z.number().int(),
  mail_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type LotteryDraw = z.infer<typeof lotteryDrawItem>;
const lotteryDrawFilters = {
  lottery_id: queryInt(1).optional(),
  openid: safeText().trim().max(64).optional(),
  prize_key: safeText().trim().max(16).optional(),
};
export const lotteryDrawListQuery = listQuery(['id'] as const, lotteryDrawFilters);
export const lotteryDrawListAnswer = listAnswer(lotteryDrawItem);

/** The draw records of a lottery (its page's second tab), listed and exported. */
export const lotteryDrawsResource = defineResource({
  name: 'lottery-draws',
  page: '/operation/prize-manage',
  scope: 'product',
  logTarget: 'lottery',
  namespace: 'lottery',
  item: lotteryDrawItem,
  create: z.object({}),
  update: z.object({}),
  list: lotteryDrawListQuery,
  export: exportQuery(lotteryDrawFilters),
  filters: ['lottery_id', 'openid', 'prize_key'],
  sorts: ['id'] as const,
  remove: 'none',
});

// ——— Game API ———

export const gameLotteryDrawBody = z.object({ openid: safeText().trim().min(1).max(64) });
export const gameLotteryDrawAnswer = z.object({
  draw_no: z.number().int(),
  prize_key: z.string(),
  prize_name: z.string(),
  fallback: z.boolean(),
  roll: z.number().int(),
  seed_hash: z.string(),
  /** Draws the player has left. */
  draws_left: z.number().int(),
});
export type GameLotteryDraw = z.infer<typeof gameLotteryDrawAnswer>;
/** `GET /api/game/v1/lotteries/:id`: what a player sees, with the seed hash (and the seed once ended). */
export const gameLotteryAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(LOTTERY_STATUSES),
  prizes: z.array(
    z.object({ key: z.string(), name: z.string(), weight: z.number().int(), left: z.number().int() }),
  ),
  fallback: z.object({ name: z.string(), weight: z.number().int() }),
  seed_hash: z.string().nullable(),
  seed: z.string().nullable(),
});
export type GameLottery = z.infer<typeof gameLotteryAnswer>;
