import { ErrorCode } from '@rx/contracts/errors';
import { REQUEST_TIMEOUT_MS } from './api-constants.ts';
import { ApiError, CLIENT_ERROR_CODE, fetchWithin, isEnvelope } from './http.ts';
import { currentLanguage, translate } from './i18n.ts';
import { clearSession, storage } from './storage.ts';

/**
 * The second API client (spec §8), for the older endpoints some business pages call. Same base path
 * and statuses as the main client, but no token refresh: an answer without `code` is refused as not
 * this system's API, code 0 gives `data`, code 401 (or HTTP 401) signs out and reloads, any other
 * code shows its message (or 'Error'). Files asked for as blob or arraybuffer come back as they are.
 */

const STATUS_MESSAGES: readonly number[] = [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505];
/** The body code (and HTTP status) that ends the session for this client. */
export const SIGNED_OUT_CODE = 401;

export interface SecondHttpDeps {
  fetch: typeof fetch;
  notify: (message: string) => void;
  /** Signs out here; `reload` follows, and the guard sends the visitor to the sign-in page. */
  logout: () => void;
  reload: () => void;
  /** Translates a key with its namespace (`common:http.404`, `tabs:http.foreign`). */
  translate: (key: string) => string;
  language: () => string;
  timeoutMs: number;
}

const defaultDeps: SecondHttpDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  notify: (message) => console.error(message),
  logout: clearSession,
  reload: () => window.location.reload(),
  translate,
  language: currentLanguage,
  timeoutMs: REQUEST_TIMEOUT_MS,
};

let deps: SecondHttpDeps = defaultDeps;

export function configureSecondHttp(overrides: Partial<SecondHttpDeps>): void {
  deps = { ...deps, ...overrides };
}

export function resetSecondHttp(): void {
  deps = defaultDeps;
}

export type ResponseType = 'json' | 'blob' | 'arraybuffer';

export interface SecondRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sent as JSON, or as it is when FormData. */
  body?: unknown;
  /** `blob` / `arraybuffer`: a successful answer's body is returned untouched (downloads). */
  responseType?: ResponseType;
  signal?: AbortSignal;
}

/** Resolves `data` of a code-0 answer (or the raw body for blob/arraybuffer); rejects with an ApiError. */
export async function secondRequest<T>(path: string, options: SecondRequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  const { status, bytes } = response;
  if (response.ok && options.responseType === 'arraybuffer') return bytes as T;
  if (response.ok && options.responseType === 'blob') return new Blob([bytes], { type: response.type }) as T;
  const body = parseJson(new TextDecoder().decode(bytes));
  if (status === SIGNED_OUT_CODE || (isEnvelope(body) && body.code === SIGNED_OUT_CODE)) {
    deps.logout();
    deps.reload();
    throw fail(SIGNED_OUT_CODE, message(body) ?? statusText(SIGNED_OUT_CODE), null, status, false);
  }
  if (!isEnvelope(body)) {
    if (!response.ok) throw fail(status, statusText(status), null, status);
    throw fail(CLIENT_ERROR_CODE, deps.translate('tabs:http.foreign'), body ?? null, status);
  }
  if (body.code === ErrorCode.OK) return body.data as T;
  throw fail(body.code, message(body) ?? deps.translate('tabs:http.error'), body.data, status);
}

export const httpSecond = {
  get: <T>(path: string, query?: SecondRequestOptions['query'], options?: SecondRequestOptions) =>
    secondRequest<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, options?: SecondRequestOptions) =>
    secondRequest<T>(path, { ...options, method: 'POST', body }),
};

interface Answer {
  status: number;
  ok: boolean;
  bytes: ArrayBuffer;
  /** The Content-Type, for a blob. */
  type: string;
}

async function send(path: string, options: SecondRequestOptions): Promise<Answer> {
  const headers: Record<string, string> = { 'Accept-Language': deps.language() };
  const token = storage.userInfo.get()?.access_token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetchWithin(
      {
        fetch: deps.fetch,
        timeoutMs: deps.timeoutMs,
        translate: (key) => deps.translate(`common:http.${key}`),
      },
      path,
      { method: options.method, query: options.query, headers, body, signal: options.signal },
      // The whole body arrives inside the timeout, whichever way it is read afterwards.
      async (response) => ({
        status: response.status,
        ok: response.ok,
        bytes: await response.arrayBuffer(),
        type: response.headers.get('Content-Type') ?? '',
      }),
    );
  } catch (error) {
    if (error instanceof ApiError) deps.notify(error.msg);
    throw error;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text === '' ? undefined : text;
  }
}

const message = (body: unknown): string | undefined =>
  isEnvelope(body) && typeof body.msg === 'string' && body.msg !== '' ? body.msg : undefined;

function statusText(status: number): string {
  return deps.translate(STATUS_MESSAGES.includes(status) ? `common:http.${status}` : 'common:http.default');
}

function fail(code: number, msg: string, data: unknown, status: number, notify = true): ApiError {
  if (notify) deps.notify(msg);
  return new ApiError({ code, msg, data, status });
}
