import { OutsideError } from './errors.ts';

/**
 * The failure modes every fake can act out, as the real provider would fail:
 * - `ok`: answers;
 * - `timeout`: never answers (the kit's timeout ends the attempt);
 * - `rate_limit`: a 429 with `Retry-After`;
 * - `fail`: a 5xx;
 * - `token_expired`: a 401 for an access token the provider no longer accepts (the kit renews the
 *   token once and tries again);
 * and, where an operation can half-succeed, its fake adds `partial` (part of the work done) and
 * `lost_answer` (the work done, the answer lost: a timeout after the fact).
 */
export type FakeMode = 'ok' | 'timeout' | 'rate_limit' | 'fail' | 'token_expired';

/**
 * A fake's script: `mode` answers every call, unless `plan` queued outcomes for the next calls (one
 * each, in turn). Deterministic, and put back by `reset` (each test file starts from a fresh one).
 */
export class FakeScript<M extends string> {
  mode: M;
  private queued: M[] = [];

  constructor(private readonly initial: M) {
    this.mode = initial;
  }

  /** The next calls answer these outcomes in turn, then `mode` again. */
  plan(...outcomes: M[]): void {
    this.queued = [...outcomes];
  }

  /** The outcome of the call being made now. */
  next(): M {
    return this.queued.shift() ?? this.mode;
  }

  reset(): void {
    this.mode = this.initial;
    this.queued = [];
  }
}

/** A promise that never settles on its own: the call hangs until its caller gives up (`signal`). */
export function hangUntil(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return;
    const stop = () => reject(new OutsideError('timeout', 'abandoned (fake: timeout)'));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Acts out a failing outcome of the common modes: throws as the provider's answer would, or hangs
 * (`timeout`). `ok` and a fake's own modes return at once, for the fake to carry on.
 */
export async function actOut(
  outcome: string,
  what: string,
  signal?: AbortSignal,
  retryAfter = 1,
): Promise<void> {
  if (outcome === 'fail')
    throw new OutsideError('unavailable', `${what} answered 503 (fake: fail)`, { status: 503 });
  if (outcome === 'rate_limit')
    throw new OutsideError('rate_limited', `${what} rate limit (429), retry after ${retryAfter}s (fake)`, {
      status: 429,
      retryAfter,
    });
  if (outcome === 'token_expired')
    throw new OutsideError('token_expired', `${what} refused the access token (401, fake: token_expired)`, {
      status: 401,
    });
  if (outcome === 'timeout') await hangUntil(signal);
}
