import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LotteryEntryKind, LotteryPrize, LotteryStatus, MailAttachment } from '@rx/contracts';
import { at, createdAt, editStamps, gameRow, playerRecord, recordPlayer } from '../../db/schema.ts';

/**
 * Lotteries: the prizes and their counts on one row, which every draw locks (`FOR UPDATE`), so
 * draws of one lottery take turns and the stock is never oversold.
 */
export const lotteries = pgTable(
  'lotteries',
  {
    ...gameRow(),
    name: text('name').notNull(),
    prizes: jsonb('prizes').$type<LotteryPrize[]>().notNull(),
    fallback: jsonb('fallback')
      .$type<{ name: string; weight: number; attachments: MailAttachment[] }>()
      .notNull(),
    entryKind: text('entry_kind').$type<LotteryEntryKind>().notNull().default('none'),
    entryMin: integer('entry_min').notNull().default(0),
    drawsPerPlayer: integer('draws_per_player').notNull().default(1),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    mailTitle: text('mail_title').notNull(),
    status: text('status').$type<LotteryStatus>().notNull().default('draft'),
    /** 32 random bytes (hex), drawn when the lottery starts, revealed when it ends. */
    seed: text('seed'),
    seedHash: text('seed_hash'),
    /** Prizes given, by key (`''`: the fallback). */
    given: jsonb('given').$type<Record<string, number>>().notNull().default({}),
    draws: integer('draws').notNull().default(0),
    ...editStamps(),
  },
  (t) => [index('lotteries_product').on(t.productId, t.status)],
);

/** Every draw: who, which prize, the roll that chose it and the mail that delivered it. */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    ...playerRecord(),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    drawNo: integer('draw_no').notNull(),
    ...recordPlayer(),
    prizeKey: text('prize_key').notNull(),
    prizeName: text('prize_name').notNull(),
    fallback: boolean('fallback').notNull().default(false),
    roll: bigint('roll', { mode: 'number' }).notNull(),
    mailId: integer('mail_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lottery_draws_lottery_no').on(t.lotteryId, t.drawNo),
    index('lottery_draws_lottery_openid').on(t.lotteryId, t.openid),
  ],
);
