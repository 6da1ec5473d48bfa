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

/**
 * What a fake was sent, as a bounded sample: the latest `keep` entries at least (at most twice
 * that, trimmed in one step), with the count of all of them. A fan-out of 200,000 pushes through a
 * fake leaves its count, never 200,000 messages held in memory; tests sending a few read them all.
 */
export class FakeSample<T> {
  /** The latest entries, oldest first. */
  readonly list: T[] = [];
  /** Every entry ever added (since the last reset). */
  count = 0;

  constructor(public keep = 10_000) {}

  add(entry: T): void {
    this.count += 1;
    this.list.push(entry);
    if (this.list.length >= 2 * this.keep) this.list.splice(0, this.list.length - this.keep);
  }

  reset(): void {
    this.list.length = 0;
    this.count = 0;
  }
}

/**
 * The idempotency keys a fake answered lately, with its answer (the same key again answers the
 * same, sent once): at most `limit` of them, the oldest forgotten first. The console never asks
 * twice with a key long after the first time (a job's item run again asks within its batch).
 */
export class RecentKeys {
  private readonly keys = new Map<string, string>();

  constructor(private readonly limit = 50_000) {}

  get(key: string): string | undefined {
    return this.keys.get(key);
  }

  set(key: string, value: string): void {
    this.keys.set(key, value);
    if (this.keys.size > this.limit) this.keys.delete(this.keys.keys().next().value!);
  }

  clear(): void {
    this.keys.clear();
  }
}
