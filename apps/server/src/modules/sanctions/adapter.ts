/**
 * How a kick reaches the game: `GameAdapter.kick` asks the game's servers to end the player's
 * sessions now. The real transport is per game (an HTTP callback, a message queue); until a game
 * has one, the fake below stands in (demo, tests).
 */
export interface GameAdapter {
  /** Ends the player's sessions; rejects when the game refused or could not be reached. */
  kick(productId: number, openid: string, reason: string): Promise<void>;
}

export type FakeMode = 'ok' | 'fail' | 'timeout';

/**
 * The fake game: records every call it receives (`calls`) and answers by `mode`:
 * - `ok`: the game ended the sessions;
 * - `fail`: the game answers an error (as a game server that is down or refuses would);
 * - `timeout`: the game never answers (the call hangs), so the caller's timeout
 *   (`KICK_TIMEOUT_MS`) ends it.
 * `failNext(n, mode)` makes only the next n calls fail (then it is `ok` again): a game that comes back.
 *
 * How the code reacts: a kick (or account ban) that did not reach the game is recorded with
 * delivery `pending`, the acting staff member gets a notification, and a `sanctions.kick` job
 * retries it as a job item (a failed item stays failed on the jobs page, where it can be retried);
 * once a retry reaches the game the delivery reads `ok`.
 */
export class FakeGameAdapter implements GameAdapter {
  readonly calls: { productId: number; openid: string; reason: string; outcome: FakeMode }[] = [];
  mode: FakeMode = 'ok';
  private failing = 0;
  private failingMode: FakeMode = 'fail';

  failNext(n: number, mode: Exclude<FakeMode, 'ok'> = 'fail'): void {
    this.failing = n;
    this.failingMode = mode;
  }

  reset(): void {
    this.calls.length = 0;
    this.mode = 'ok';
    this.failing = 0;
  }

  async kick(productId: number, openid: string, reason: string): Promise<void> {
    let outcome = this.mode;
    if (this.failing > 0) {
      this.failing -= 1;
      outcome = this.failingMode;
    }
    this.calls.push({ productId, openid, reason, outcome });
    if (outcome === 'fail') throw new Error('game refused the kick (fake: fail)');
    if (outcome === 'timeout') await new Promise<never>(() => {});
  }
}

let current: GameAdapter = new FakeGameAdapter();
const DEFAULT_KICK_TIMEOUT_MS = 5000;
/** How long a kick may take before it counts as failed (tests lower it). */
export let KICK_TIMEOUT_MS = DEFAULT_KICK_TIMEOUT_MS;

/** The adapter and timeout a server starts with: a fresh fake game (each API test file starts so). */
export function resetGameAdapter(): void {
  current = new FakeGameAdapter();
  KICK_TIMEOUT_MS = DEFAULT_KICK_TIMEOUT_MS;
}

export function gameAdapter(): GameAdapter {
  return current;
}
export function setGameAdapter(adapter: GameAdapter): void {
  current = adapter;
}
export function setKickTimeout(ms: number): void {
  KICK_TIMEOUT_MS = ms;
}

/** Calls the adapter with the timeout: resolves true when the game ended the sessions. */
export async function pushKick(productId: number, openid: string, reason: string): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      current.kick(productId, openid, reason),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('kick timed out')), KICK_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
