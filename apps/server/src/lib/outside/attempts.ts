import { randomUUID } from 'node:crypto';
import { OutsideError, type FailureKind } from './errors.ts';

/** How one operation is called: per-attempt timeout, how many attempts, and the waits between them. */
export interface CallPolicy {
  /** Each attempt's limit; past it the attempt is abandoned as a timeout. */
  timeoutMs: number;
  /** 1: no retry within the call (the caller retries later, e.g. as a job item). */
  attempts: number;
  /** The wait before attempt n+1 is `backoffMs × 2^(n-1)`, unless the provider said (`Retry-After`). */
  backoffMs: number;
  /**
   * The longest wait within a call. A provider asking for more (`Retry-After: 3600`) is not retried
   * early: the call fails with its `retryAfter`, for the caller to come back then.
   */
  maxWaitMs: number;
  /** The failures worth another attempt (with the same idempotency key). */
  retryOn: readonly FailureKind[];
}

export const DEFAULT_POLICY: Readonly<CallPolicy> = Object.freeze({
  timeoutMs: 5000,
  attempts: 1,
  backoffMs: 200,
  maxWaitMs: 5000,
  retryOn: ['rate_limited', 'unavailable', 'timeout'] as const,
});

/** What an attempt gets: its number, the signal its timeout fires, the ids to send. */
export interface Attempt {
  n: number;
  signal: AbortSignal;
  /** Ours, sent as `X-Request-Id` where the protocol allows; a provider's own id replaces it in the log. */
  requestId: string;
  /** The same for every attempt of the call. */
  idempotencyKey: string;
}

/** An attempt's result, with what the log notes of the provider's answer. */
export interface Answer<T> {
  value: T;
  httpStatus?: number;
  requestId?: string;
}

/** One attempt as the log records it. */
export interface AttemptRecord {
  attempt: number;
  status: 'ok' | FailureKind;
  httpStatus?: number;
  latencyMs: number;
  requestId: string;
  idempotencyKey: string;
  error?: string;
}

function untilAborted(signal: AbortSignal, timeoutMs: number): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new OutsideError('timeout', `no answer within ${timeoutMs} ms`));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/** Any error as the kit's: a network failure is `unavailable` (tried again like a 5xx). */
export function asOutsideError(error: unknown): OutsideError {
  if (error instanceof OutsideError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return new OutsideError('unavailable', `${message}${cause}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs an operation's attempts: each bounded by the timeout (its signal aborts the request), each
 * recorded, retried with backoff when its failure is in `retryOn` — after the provider's
 * `Retry-After` when it gave one, unless that is longer than `maxWaitMs`. Answers the value or
 * throws the last attempt's OutsideError.
 */
export async function runAttempts<T>(
  policy: CallPolicy,
  idempotencyKey: string,
  attempt: (a: Attempt) => Promise<Answer<T>>,
  record: (r: AttemptRecord) => void,
): Promise<T> {
  for (let n = 1; ; n++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
    const requestId = randomUUID();
    const started = performance.now();
    let failure: OutsideError;
    try {
      const answer = await Promise.race([
        attempt({ n, signal: controller.signal, requestId, idempotencyKey }),
        untilAborted(controller.signal, policy.timeoutMs),
      ]);
      record({
        attempt: n,
        status: 'ok',
        httpStatus: answer.httpStatus,
        latencyMs: performance.now() - started,
        requestId: answer.requestId ?? requestId,
        idempotencyKey,
      });
      return answer.value;
    } catch (error) {
      failure = controller.signal.aborted
        ? new OutsideError('timeout', `no answer within ${policy.timeoutMs} ms`)
        : asOutsideError(error);
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
    record({
      attempt: n,
      status: failure.kind,
      httpStatus: failure.status,
      latencyMs: performance.now() - started,
      requestId: failure.details.requestId ?? requestId,
      idempotencyKey,
      error: failure.message,
    });
    if (n >= policy.attempts || !policy.retryOn.includes(failure.kind)) throw failure;
    const wait =
      failure.retryAfter !== undefined
        ? failure.retryAfter * 1000
        : Math.min(policy.backoffMs * 2 ** (n - 1), policy.maxWaitMs);
    if (wait > policy.maxWaitMs) throw failure;
    await sleep(wait);
  }
}
