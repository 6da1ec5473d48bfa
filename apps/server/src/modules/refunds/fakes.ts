import { setPartyPolicy } from '../../lib/outside/index.ts';
import { fakeStore, gameServer, gameServerFakes, googlePlay } from '../outside-parties/index.ts';

/** The fake game's claw-backs and the fake store (tests: their modes and calls). */
export const clawbackGame = () => gameServerFakes().clawback;
export const storeAdapter = fakeStore;

/** How long a claw-back or a store page may take before it counts as failed (tests lower it). */
export function setRefundTimeout(ms: number): void {
  setPartyPolicy(gameServer.contract.name, 'clawback', { timeoutMs: ms });
  setPartyPolicy(googlePlay.contract.name, '*', { timeoutMs: ms });
}
