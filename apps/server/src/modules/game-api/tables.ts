import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, createdBy, gameRow } from '../../db/schema.ts';

/** API keys of the game-facing API: one product each; the secret is kept encrypted (see lib/secret-box.ts). */
export const gameApiKeys = pgTable(
  'game_api_keys',
  {
    ...gameRow(),
    keyId: text('key_id').notNull(),
    /** AES-256-GCM of the secret under a key derived from JWT_SECRET: `v1.<iv>.<tag>.<data>`, base64url. */
    secretEnc: text('secret_enc').notNull(),
    note: text('note').notNull().default(''),
    createdBy: createdBy(),
    createdAt: createdAt(),
    revokedAt: at('revoked_at'),
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
