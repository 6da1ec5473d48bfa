import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ImageKind, ImageScoring, ImageState } from '@rx/contracts';
import { at, editStamps, gameRow } from '../../db/schema.ts';

/** Players' images of a game, their moderation score and the verdict. */
export const imageReviews = pgTable(
  'image_reviews',
  {
    ...gameRow(),
    openid: text('openid').notNull(),
    kind: text('kind').$type<ImageKind>().notNull(),
    url: text('url').notNull(),
    ref: text('ref').notNull().default(''),
    status: text('status').$type<ImageState>().notNull().default('pending'),
    score: integer('score'),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    decidedBy: text('decided_by').$type<'policy' | 'staff'>(),
    reviewer: text('reviewer').notNull().default(''),
    reason: text('reason').notNull().default(''),
    moderationError: text('moderation_error').notNull().default(''),
    scoring: text('scoring').$type<ImageScoring>().notNull().default('scored'),
    scoringAttempts: integer('scoring_attempts').notNull().default(0),
    nextScoringAt: at('next_scoring_at'),
    decidedAt: at('decided_at'),
    ...editStamps(),
  },
  (t) => [
    index('image_reviews_product_status').on(t.productId, t.status, t.id),
    index('image_reviews_product_openid').on(t.productId, t.openid),
  ],
);

/** A game's image policy (one row per game; none: the default policy). */
export const imagePolicies = pgTable(
  'image_policies',
  {
    ...gameRow(),
    approveBelow: integer('approve_below').notNull(),
    rejectAt: integer('reject_at').notNull(),
    showPending: boolean('show_pending').notNull().default(false),
    ...editStamps(),
  },
  (t) => [uniqueIndex('image_policies_product').on(t.productId)],
);
