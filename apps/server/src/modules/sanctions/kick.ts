import type { Db } from '../../db/index.ts';
import { setPartyPolicy, type Outside } from '../../lib/outside/index.ts';
import { gameServer, gameServerFakes } from '../outside-parties/index.ts';

/**
 * How a kick reaches the game: through the game's server (the outside party `game_server`: its real
 * endpoint, or the fake). A kick (or account ban) that did not reach the game is recorded with
 * delivery `pending`, the acting staff member is told, and a `sanctions.kick` job retries it as a
 * job item, with the same idempotency key (the sanction's).
 */
export async function pushKick(
  outside: Outside,
  db: Db,
  sanction: { id: number; productId: number; openid: string; reason: string },
): Promise<boolean> {
  try {
    const game = await outside.open(db, gameServer, sanction.productId);
    await game.kick({ openid: sanction.openid, reason: sanction.reason, key: `kick:${sanction.id}` });
    return true;
  } catch {
    return false;
  }
}

/** The fake game's kicks (tests: its mode and calls). */
export const gameAdapter = () => gameServerFakes().kick;

/** How long a kick may take before it counts as failed (tests lower it). */
export function setKickTimeout(ms: number): void {
  setPartyPolicy(gameServer.contract.name, 'kick', { timeoutMs: ms });
}
