import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cps, createdAt, products } from '../../db/schema.ts';

/** API keys of the game-facing API: one product each; the secret is kept encrypted (see secret-box.ts). */
export const gameApiKeys = pgTable(
  'game_api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cpId: integer('cp_id')
      .notNull()
      .references(() => cps.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    keyId: text('key_id').notNull(),
    /** AES-256-GCM of the secret under a key derived from JWT_SECRET: `v1.<iv>.<tag>.<data>`, base64url. */
    secretEnc: text('secret_enc').notNull(),
    note: text('note').notNull().default(''),
    createdBy: text('created_by').notNull().default(''),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('game_api_keys_key_id').on(t.keyId), index('game_api_keys_product').on(t.productId)],
);

/**
 * Nonces the game API has accepted, per key, so a signed request is not accepted twice, whichever
 * instance it reaches. Rows older than the replay window are swept (nonces.ts).
 */
export const gameApiNonces = pgTable(
  'game_api_nonces',
  {
    keyId: text('key_id').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.nonce] }), index('game_api_nonces_created').on(t.createdAt)],
);
