import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, editStamps, playerRecord, recordCreator, recordPlayer } from '../../db/schema.ts';

/** One piece of evidence of a flag: when it was seen, with what score, and what the source said. */
export interface CheatEvidence {
  at: string;
  score: number;
  source: string;
  data: Record<string, unknown>;
}

/**
 * Anti-cheat flags of a game's players: a rule (a game's report, a server rule, staff by hand) saw a
 * player cheat. One open flag (flagged, under_review) per (product, player, rule): later hits raise
 * its count, its score to the highest seen and keep the latest evidence (a bounded list). Staff move
 * it flagged → under_review → confirmed (a violation template applied: `sanction_id`, `offence`) or
 * false_positive (the player and rule go on the whitelist).
 */
export const cheatFlags = pgTable(
  'cheat_flags',
  {
    ...playerRecord(),
    ...recordPlayer(),
    source: text('source').notNull(),
    rule: text('rule').notNull(),
    score: integer('score').notNull(),
    hits: integer('hits').notNull().default(1),
    evidence: jsonb('evidence').$type<CheatEvidence[]>().notNull().default([]),
    firstSeen: at('first_seen').notNull(),
    lastSeen: at('last_seen').notNull(),
    state: text('state').notNull().default('flagged'),
    assigneeId: integer('assignee_id'),
    assigneeName: text('assignee_name').notNull().default(''),
    reviewerId: integer('reviewer_id'),
    reviewerName: text('reviewer_name').notNull().default(''),
    reviewedAt: at('reviewed_at'),
    note: text('note').notNull().default(''),
    templateId: integer('template_id'),
    sanctionId: bigint('sanction_id', { mode: 'number' }),
    offence: integer('offence'),
    /** Staff who flagged by hand (source manual). */
    ...recordCreator(),
    ...editStamps(),
  },
  (t) => [
    // One open flag per player and rule: a second raise at the same time finds it (or waits for it).
    uniqueIndex('cheat_flags_open')
      .on(t.productId, t.playerId, t.rule)
      .where(sql`${t.state} in ('flagged', 'under_review')`),
    index('cheat_flags_product_last_seen').on(t.productId, t.lastSeen),
    index('cheat_flags_product_state').on(t.productId, t.state),
    index('cheat_flags_player').on(t.playerId),
    index('cheat_flags_product_openid').on(t.productId, t.openid),
  ],
);

/** Player and rule pairs found false positive: the rule no longer flags the player until lifted. */
export const cheatWhitelist = pgTable(
  'cheat_whitelist',
  {
    ...playerRecord(),
    ...recordPlayer(),
    rule: text('rule').notNull(),
    /** The flag dismissed as a false positive. */
    flagId: bigint('flag_id', { mode: 'number' }),
    note: text('note').notNull().default(''),
    ...recordCreator(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cheat_whitelist_player_rule').on(t.productId, t.playerId, t.rule),
    index('cheat_whitelist_product_openid').on(t.productId, t.openid),
  ],
);
