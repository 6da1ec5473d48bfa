import type { OutsideCallStatus } from '@rx/contracts';

/** How a call failed; what the call log records and what decides whether it is tried again. */
export type FailureKind = Exclude<OutsideCallStatus, 'ok'>;

/**
 * A call to an outside party that did not succeed. Adapters throw it (real ones from the provider's
 * answer, fakes from their script); callers read `kind` and `retryAfter`, never the provider's
 * own error types.
 */
export class OutsideError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly details: {
      /** The provider's HTTP status, when it answered. */
      status?: number;
      /** Seconds the provider asked to wait (429/503 `Retry-After`). */
      retryAfter?: number;
      /** The provider's id of the request (or ours), for its support. */
      requestId?: string;
    } = {},
  ) {
    super(message);
    this.name = 'OutsideError';
  }

  get status(): number | undefined {
    return this.details.status;
  }
  get retryAfter(): number | undefined {
    return this.details.retryAfter;
  }
}

export const isOutsideError = (error: unknown, kind?: FailureKind): error is OutsideError =>
  error instanceof OutsideError && (kind === undefined || error.kind === kind);

/**
 * The kind of failure an HTTP status means: 401 a token to renew (when the request carried one; else
 * a refusal, e.g. a bad signature), 429 a rate limit, 5xx the provider's trouble.
 */
export function failureOfStatus(status: number, withToken: boolean): FailureKind {
  if (status === 401) return withToken ? 'token_expired' : 'refused';
  if (status === 429) return 'rate_limited';
  if (status >= 500 || status === 408) return 'unavailable';
  return 'refused';
}

/**
 * `Retry-After` in seconds: a number of seconds or an HTTP date (RFC 9110 §10.2.3); undefined when
 * absent or unreadable.
 */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
