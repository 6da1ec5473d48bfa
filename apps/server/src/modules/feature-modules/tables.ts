import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { editStamps, gameRow } from '../../db/schema.ts';

/** A game's feature modules: per channel ('' every channel) and version range, on or off, rolled out. */
export const featureModules = pgTable(
  'feature_modules',
  {
    ...gameRow(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    channel: text('channel').notNull().default(''),
    minVersion: text('min_version').notNull().default(''),
    maxVersion: text('max_version').notNull().default(''),
    enabled: boolean('enabled').notNull().default(false),
    rolloutPercent: integer('rollout_percent').notNull().default(100),
    whitelist: jsonb('whitelist').$type<string[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    ...editStamps(),
  },
  (t) => [uniqueIndex('feature_modules_code_channel').on(t.productId, t.code, t.channel)],
);
