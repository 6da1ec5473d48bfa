import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DebugTargetKind } from '@rx/contracts';
import { at, editStamps, gameRow } from '../../db/schema.ts';

/** Debug parameters of a game: a key-value for one player or device, in force until it expires. */
export const debugParams = pgTable(
  'debug_params',
  {
    ...gameRow(),
    targetKind: text('target_kind').$type<DebugTargetKind>().notNull(),
    /** The openid or the device id. */
    target: text('target').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    expiresAt: at('expires_at').notNull(),
    note: text('note').notNull().default(''),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('debug_params_target_key').on(t.productId, t.targetKind, t.target, t.key),
    index('debug_params_expiry').on(t.productId, t.expiresAt),
  ],
);
