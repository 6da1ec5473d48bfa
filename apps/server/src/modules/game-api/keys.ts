import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { GameApiKey, GameApiKeyCreated } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { logChange } from '../../lib/operation-log.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404 } from '../../lib/versioned.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { gameApiKeys } from './tables.ts';

/** API keys of the game-facing API, per product. The secret is answered once, at creation. */

type Row = typeof gameApiKeys.$inferSelect;

export function toGameApiKey(row: Row): GameApiKey {
  return {
    id: row.id,
    product_id: row.productId,
    key_id: row.keyId,
    note: row.note,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listGameApiKeys(db: Db, scope: ProductScope, all: boolean): Promise<GameApiKey[]> {
  const rows = await db
    .select()
    .from(gameApiKeys)
    .where(and(inScope(gameApiKeys, scope), all ? undefined : isNull(gameApiKeys.revokedAt)))
    .orderBy(desc(gameApiKeys.id));
  return rows.map(toGameApiKey);
}

/** A new key id and secret: the id is public (sent with each request), the secret only signs. */
export function newGameKey(): { keyId: string; secret: string } {
  return { keyId: `gk_${randomBytes(10).toString('hex')}`, secret: randomBytes(32).toString('base64url') };
}

export async function createGameApiKey(
  db: Db,
  scope: ProductScope,
  secrets: SecretBox,
  note: string,
): Promise<GameApiKeyCreated> {
  const { keyId, secret } = newGameKey();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gameApiKeys)
      .values({
        cpId: scope.cpId,
        productId: scope.productId,
        keyId,
        secretEnc: secrets.seal(secret),
        note,
        createdBy: scope.username,
      })
      .returning();
    const item = toGameApiKey(row!);
    // The log names the key, never its secret.
    await logChange(tx, scope, {
      action: 'create',
      targetType: 'game_api_key',
      targetId: row!.id,
      targetName: keyId,
      after: item,
    });
    return { ...item, secret };
  });
}

/** Revokes a key at once (already revoked: answered as it is). */
export async function revokeGameApiKey(db: Db, scope: ProductScope, id: number): Promise<GameApiKey> {
  return db.transaction(async (tx) => {
    const target = rowInScope(gameApiKeys, scope, id);
    const before = await findOr404(tx, gameApiKeys, target);
    if (before.revokedAt) return toGameApiKey(before);
    const [row] = await tx.update(gameApiKeys).set({ revokedAt: new Date() }).where(target).returning();
    const item = toGameApiKey(row!);
    await logChange(tx, scope, {
      action: 'revoke',
      targetType: 'game_api_key',
      targetId: id,
      targetName: row!.keyId,
      before: toGameApiKey(before),
      after: item,
    });
    return item;
  });
}

/** The product and secret of a usable key, or null when unknown or revoked. */
export async function activeKey(
  db: Db,
  secrets: SecretBox,
  keyId: string,
): Promise<{ cpId: number; productId: number; secret: string } | null> {
  // Only a key id we could have issued reaches the database (a NUL in a header would fail there).
  if (!/^gk_[0-9a-f]{20}$/.test(keyId)) return null;
  const [row] = await db
    .select()
    .from(gameApiKeys)
    .where(and(eq(gameApiKeys.keyId, keyId), isNull(gameApiKeys.revokedAt)));
  const secret = row && secrets.open(row.secretEnc);
  return row && secret ? { cpId: row.cpId, productId: row.productId, secret } : null;
}
