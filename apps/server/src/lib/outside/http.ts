import { z } from 'zod';
import type { Answer, Attempt } from './attempts.ts';
import { OutsideError, failureOfStatus, retryAfterSeconds } from './errors.ts';
import type { TokenGrant } from './tokens.ts';

/** The most of an answer the kit reads: outside parties answer small JSON documents. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** The answer's JSON, or an OutsideError (`refused`) saying the provider answered something else. */
export function jsonOf<T>(answer: HttpAnswer): T {
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new OutsideError('refused', `answer is not JSON (HTTP ${answer.status})`, {
      status: answer.status,
    });
  }
}

const oauthAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive() });

/** An OAuth 2.0 token answer (RFC 6749 §5.1: `access_token`, `expires_in` seconds) as the kit's grant. */
export function oauthGrantOf(answer: HttpAnswer): TokenGrant {
  const grant = oauthAnswer.safeParse(jsonOf(answer));
  if (!grant.success)
    throw new OutsideError('refused', 'the token answer has no access_token', { status: answer.status });
  return {
    accessToken: grant.data.access_token,
    expiresAt: new Date(Date.now() + grant.data.expires_in * 1000),
  };
}

/**
 * The answer's text, read to its end or until more than `max` bytes came: then `over`, the rest
 * cancelled (a party that answers without end never holds a worker).
 */
export async function readAtMost(response: Response, max: number): Promise<{ text: string; over: boolean }> {
  if (!response.body) return { text: '', over: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    chunks.push(value);
    if (size > max) {
      over = true;
      await reader.cancel();
      break;
    }
  }
  return { text: Buffer.concat(chunks).toString('utf8'), over };
}

async function readLimited(response: Response): Promise<string> {
  const { text, over } = await readAtMost(response, MAX_ANSWER_BYTES);
  if (over)
    throw new OutsideError('refused', `answer larger than ${MAX_ANSWER_BYTES} bytes`, {
      status: response.status,
    });
  return text;
}

/**
 * One attempt over `fetch`, sending our request id (`X-Request-Id`), and the idempotency key in
 * `idempotencyHeader` when the protocol has one. A 2xx answers; any other status becomes an
 * OutsideError of its kind (401 `token_expired` for a bearer token, 429 `rate_limited` with its
 * `Retry-After`, 5xx `unavailable`, other 4xx `refused`), its message the start of the answer.
 */
export async function httpAttempt(
  request: HttpRequest,
  attempt: Attempt,
  idempotencyHeader?: string,
): Promise<Answer<HttpAnswer>> {
  const headers: Record<string, string> = {
    'x-request-id': attempt.requestId,
    ...(idempotencyHeader ? { [idempotencyHeader]: attempt.idempotencyKey } : {}),
    ...request.headers,
  };
  const response = await fetch(request.url, {
    method: request.method,
    headers,
    body: request.body,
    signal: attempt.signal,
    redirect: 'manual',
  });
  const text = await readLimited(response);
  const requestId =
    response.headers.get('request-id') ?? response.headers.get('x-request-id') ?? attempt.requestId;
  if (response.status >= 200 && response.status < 300) {
    return {
      value: { status: response.status, headers: response.headers, text },
      httpStatus: response.status,
      requestId,
    };
  }
  const withToken = /^Bearer /i.test(headers.authorization ?? headers.Authorization ?? '');
  throw new OutsideError(
    failureOfStatus(response.status, withToken),
    `HTTP ${response.status}${text ? `: ${text.slice(0, 300)}` : ''}`,
    {
      status: response.status,
      retryAfter: retryAfterSeconds(response.headers.get('retry-after')),
      requestId,
    },
  );
}
