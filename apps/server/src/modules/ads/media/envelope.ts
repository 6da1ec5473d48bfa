import {
  OutsideError,
  httpAttempt,
  jsonOf,
  type FailureKind,
  type HttpRequest,
  type PartyContext,
} from '../../../lib/outside/index.ts';

/** The envelope both Ocean Engine and Tencent answer in: HTTP 200 with a code (0 = done). */
export interface Envelope<T> {
  code: number;
  message?: string;
  message_cn?: string;
  request_id?: string;
  data?: T;
}

/**
 * One call whose answer is an envelope: a non-zero code fails inside the attempt as its kind (so the
 * kit retries a rate limit, renews an expired token, and the call log records the medium's code and
 * message), the medium's message becoming the error staff read.
 */
export function envelopeCall<T>(
  ctx: PartyContext<unknown>,
  operation: string,
  request: HttpRequest | (() => HttpRequest),
  kindOf: (code: number) => FailureKind,
): Promise<T> {
  return ctx.call(operation, async (attempt) => {
    const { value: answer } = await httpAttempt(typeof request === 'function' ? request() : request, attempt);
    const body = jsonOf<Envelope<T>>(answer);
    const requestId = body.request_id ?? attempt.requestId;
    if (typeof body.code !== 'number')
      throw new OutsideError('refused', `answer without a code (HTTP ${answer.status})`, {
        status: answer.status,
      });
    if (body.code !== 0) {
      const kind = kindOf(body.code);
      throw new OutsideError(kind, `${body.code}: ${body.message_cn || body.message || 'refused'}`, {
        status: answer.status,
        requestId,
        ...(kind === 'rate_limited' ? { retryAfter: 1 } : {}),
      });
    }
    return { value: body.data as T, httpStatus: answer.status, requestId };
  });
}

/** Yuan (a decimal the medium answers) → whole cents. */
export const cents = (yuan: unknown): number => {
  const n = typeof yuan === 'string' ? Number(yuan) : typeof yuan === 'number' ? yuan : 0;
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
};

/**
 * One level of an ad made once over an API that takes no idempotency key (its name carries our
 * request id): looked up first, so an attempt after a lost answer finds what the first made; a
 * create whose answer was lost (the platform's trouble, a timeout) is looked up again rather than
 * sent blind (the kit does not retry creates). `make` answers the id the medium made.
 */
export async function madeOnce(
  lookup: () => Promise<string | undefined>,
  make: () => Promise<string | number | undefined>,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const found = await lookup();
    if (found) return found;
    try {
      const id = await make();
      if (id === undefined) throw new OutsideError('refused', 'the create answer names no id');
      return String(id);
    } catch (error) {
      const lost =
        error instanceof OutsideError && (error.kind === 'unavailable' || error.kind === 'timeout');
      if (!lost || attempt >= 2) throw error;
    }
  }
}

/** Delivery over a medium's real API (listing and editing live objects) is not built yet: refused, never faked. */
export const deliveryNotBuilt = (medium: string) => ({
  objects: () =>
    Promise.reject(new OutsideError('refused', `${medium}: delivery through the real API is not built yet`)),
  updateObject: () =>
    Promise.reject(new OutsideError('refused', `${medium}: delivery through the real API is not built yet`)),
});
