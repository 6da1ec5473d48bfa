import { lt, sql } from 'drizzle-orm';
import { GAME_SIGNATURE_WINDOW } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { gameApiNonces } from './tables.ts';

/**
 * How long a used nonce is remembered. A request is accepted while its timestamp is within the
 * window either side of the server's clock, so a copy can arrive up to twice the window after the
 * first use.
 */
export const NONCE_RETENTION_SECONDS = 2 * GAME_SIGNATURE_WINDOW;
/** Expired nonces are deleted at most this often per instance, by the request that finds it due. */
const SWEEP_EVERY_MS = 60_000;

const expired = sql`now() - make_interval(secs => ${NONCE_RETENTION_SECONDS})`;

/**
 * Spends a key's nonce: true the first time, false when the key used it within the retention
 * time (a replay). The database decides, so two instances never both accept one nonce.
 */
export type SpendNonce = (keyId: string, nonce: string) => Promise<boolean>;

export function nonceStore(db: Db, now: () => number = Date.now): SpendNonce {
  let lastSweep = -Infinity;
  return async (keyId, nonce) => {
    if (now() - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now();
      await db.delete(gameApiNonces).where(lt(gameApiNonces.createdAt, expired));
    }
    // A row left from before the retention time (not swept yet) is taken over, not a replay.
    const spent = await db
      .insert(gameApiNonces)
      .values({ keyId, nonce })
      .onConflictDoUpdate({
        target: [gameApiNonces.keyId, gameApiNonces.nonce],
        set: { createdAt: sql`now()` },
        setWhere: lt(gameApiNonces.createdAt, expired),
      })
      .returning({ keyId: gameApiNonces.keyId });
    return spent.length === 1;
  };
}
