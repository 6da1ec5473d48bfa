import type { UserInfo } from '@rx/contracts/acs';
import { ErrorCode, REFRESHABLE_CODES, type Envelope } from '@rx/contracts/errors';
import { API_BASE, CONSOLE_BASE, REQUEST_TIMEOUT_MS, SET_PASSWORD_PATH } from './api-constants.ts';
import { currentLanguage, translate } from './i18n.ts';
import { storage } from './storage.ts';
import { isKnownExpired } from './token-expiry.ts';

/** The console's API client (spec §7, §8): envelopes, Bearer tokens, one shared token refresh. */

/** Statuses with their own message in `common:http.<status>`; others get `http.default`. */
const STATUS_MESSAGES: readonly number[] = [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505];
/** `code` of an ApiError with no envelope to take it from: no answer, or an answer not in our format. */
export const CLIENT_ERROR_CODE = -1;

export class ApiError<D = unknown> extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: D | null;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;

  constructor(init: { code: number; msg: string; data: D | null; status: number }) {
    super(init.msg);
    this.name = 'ApiError';
    this.code = init.code;
    this.msg = init.msg;
    this.data = init.data;
    this.status = init.status;
  }
}

/** What the client needs from the page; replaced in tests and wired to antd by the app. */
export interface HttpDeps {
  fetch: typeof fetch;
  /** Shows an error to the user (antd `message.error` in the console). */
  notify: (message: string) => void;
  /** Leaves the console for another page (the sign-in page). */
  redirect: (url: string) => void;
  /** The current address inside the console, remembered for `redirect=1`. */
  currentLocation: () => string;
  translate: (key: string) => string;
  language: () => string;
  timeoutMs: number;
}

const defaultDeps: HttpDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  notify: (message) => console.error(message),
  redirect: (url) => window.location.assign(url),
  currentLocation: () => window.location.pathname + window.location.search + window.location.hash,
  translate: (key) => translate(`common:${key}`),
  language: currentLanguage,
  timeoutMs: REQUEST_TIMEOUT_MS,
};

let deps: HttpDeps = defaultDeps;

export function configureHttp(overrides: Partial<HttpDeps>): void {
  deps = { ...deps, ...overrides };
}

/** Back to the defaults and no refresh in flight (tests). */
export function resetHttp(): void {
  deps = defaultDeps;
  refreshing = null;
  clockTrusted = true;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a Blob (an uploaded file) is sent as it is. */
  body?: unknown;
  /** Answer the raw Blob of a code-0 answer that is not JSON (a download). */
  raw?: boolean;
  /** With `raw`: called with the bytes received so far while a download streams in. */
  onProgress?: (bytes: number) => void;
  signal?: AbortSignal;
  /** No error toast: the caller shows the failure itself (a form, the sign-out). */
  silent?: boolean;
  /** Sent without the access token; auth codes get no refresh or redirect (the refresh call itself). */
  anonymous?: boolean;
}

/** Resolves `data` of a code-0 answer; rejects with an ApiError otherwise. */
export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return attempt<T>(path, options, false);
}

export const http = {
  get: <T>(path: string, query?: RequestOptions['query'], options?: RequestOptions) =>
    request<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>(path, { ...options, method: 'DELETE' }),
  /** A file the server streams (an export): resolves the Blob and the file name it suggests. */
  download: (path: string, query?: RequestOptions['query'], options?: RequestOptions) =>
    request<Download>(path, { ...options, method: 'GET', query, raw: true }),
};

export interface Download {
  blob: Blob;
  filename: string;
}

async function attempt<T>(path: string, options: RequestOptions, isRetry: boolean): Promise<T> {
  let token = options.anonymous ? undefined : storage.userInfo.get()?.access_token;
  // A token known to be expired would only earn a 401 per request: renew it first, once for all.
  if (token && !isRetry && clockTrusted && isKnownExpired(token)) {
    if (!(await refreshAccessToken(token))) throw sessionOver();
    token = storage.userInfo.get()?.access_token;
    isRetry = true;
  }
  let answer: { status: number; body: unknown; download?: Download };
  try {
    answer = await send(path, options, token);
  } catch (error) {
    throw error instanceof ApiError ? report(error, options) : error;
  }
  const { status, body } = answer;
  if (answer.download) return answer.download as T;
  if (!isEnvelope(body)) {
    const code = status >= 200 && status < 300 ? CLIENT_ERROR_CODE : status;
    throw report(new ApiError({ code, msg: statusMessage(status), data: null, status }), options);
  }
  const { code, data, msg } = body;
  if (code === ErrorCode.OK) return data as T;
  const error = new ApiError({ code, msg, data, status });
  if (options.anonymous) throw report(error, options);
  if (REFRESHABLE_CODES.includes(code)) {
    // A second refreshable answer right after a refresh means refreshing cannot help.
    if (isRetry) sendToSignIn(storage.userInfo.get()?.cpid);
    else if (await refreshAccessToken(token)) return attempt<T>(path, options, true);
    throw error;
  }
  if (code === ErrorCode.SESSION_ENDED) {
    // The session is over but the user is the same: keep the user info for the next sign-in.
    deps.redirect('/login');
    throw error;
  }
  if (code === ErrorCode.PASSWORD_CHANGE_REQUIRED) {
    toPasswordChange();
    throw error;
  }
  throw report(error, options);
}

async function send(
  path: string,
  options: RequestOptions,
  token: string | undefined,
): Promise<{ status: number; body: unknown; download?: Download }> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': deps.language() };
  if (token) headers.Authorization = `Bearer ${token}`;
  const productId = storage.productId.get();
  if (productId) headers['X-Product-Id'] = String(productId);
  let body: string | Blob | undefined;
  if (options.body instanceof Blob) {
    headers['Content-Type'] = options.body.type || 'application/octet-stream';
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetchWithin(
    { fetch: deps.fetch, timeoutMs: deps.timeoutMs, translate: (key) => deps.translate(`http.${key}`) },
    path,
    { method: options.method, query: options.query, headers, body, signal: options.signal },
    async (response) => {
      const type = response.headers.get('content-type') ?? '';
      if (options.raw && response.ok && !type.includes('application/json')) {
        return {
          status: response.status,
          body: undefined,
          download: {
            blob: await readBlob(response, type, options.onProgress),
            filename: filenameOf(response),
          },
        };
      }
      const text = await response.text();
      return { status: response.status, body: parseJson(text) };
    },
  );
}

/**
 * Fetches an API path, giving up after `timeoutMs`; `read` takes the answer apart inside the timeout
 * (reading the body is part of the request). A timeout is an ApiError 408, no answer one with
 * CLIENT_ERROR_CODE and status 0, their messages `translate('408')` and `translate('network')`;
 * a cancel by the caller passes through as it is. Both API clients send this way.
 */
export async function fetchWithin<R>(
  within: { fetch: typeof fetch; timeoutMs: number; translate: (key: '408' | 'network') => string },
  path: string,
  request: Pick<RequestOptions, 'method' | 'query' | 'signal'> & {
    headers: Record<string, string>;
    body?: BodyInit;
  },
  read: (response: Response) => Promise<R>,
): Promise<R> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), within.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
  try {
    const response = await within.fetch(apiUrl(path, request.query), {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      signal,
      credentials: 'same-origin',
    });
    return await read(response);
  } catch (error) {
    if (timeout.signal.aborted) {
      throw new ApiError({ code: 408, msg: within.translate('408'), data: null, status: 408 });
    }
    // The caller cancelled: not a failure to report.
    if (request.signal?.aborted) throw error;
    throw new ApiError({ code: CLIENT_ERROR_CODE, msg: within.translate('network'), data: null, status: 0 });
  } finally {
    clearTimeout(timer);
  }
}

/** The API address of a path with its query (null and undefined values left out). */
export function apiUrl(path: string, query: RequestOptions['query']): string {
  const url = API_BASE + (path.startsWith('/') ? path : `/${path}`);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBlob(
  response: Response,
  type: string,
  onProgress?: (bytes: number) => void,
): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(chunks, { type });
}

/** The name in `Content-Disposition` (RFC 5987 `filename*` first), else `download`. */
export function filenameOf(response: Pick<Response, 'headers'>): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? 'download';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A body in the API's envelope: an object with a numeric `code`. */
export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function statusMessage(status: number): string {
  return deps.translate(STATUS_MESSAGES.includes(status) ? `http.${status}` : 'http.default');
}

function report(error: ApiError, options: RequestOptions): ApiError {
  if (!options.silent) deps.notify(error.msg);
  return error;
}

let refreshing: Promise<boolean> | null = null;
/** Whether this device's clock can tell an expired token (see `renew`). */
let clockTrusted = true;

/** The refresh before sending failed: the user is already on the way to the sign-in page. */
function sessionOver(): ApiError {
  return new ApiError({
    code: ErrorCode.TOKEN_EXPIRED,
    msg: deps.translate('http.401'),
    data: null,
    status: 401,
  });
}

/**
 * Renews the access token once for every request that found it expired: requests arriving while a
 * refresh runs wait for the same one. Resolves whether the caller should retry.
 */
function refreshAccessToken(usedToken: string | undefined): Promise<boolean> {
  const user = storage.userInfo.get();
  if (!user) {
    sendToSignIn(undefined);
    return Promise.resolve(false);
  }
  // This request left with a token that has since been renewed: retry with the new one.
  if (usedToken && user.access_token !== usedToken) return Promise.resolve(true);
  refreshing ??= renew(user).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function renew(user: UserInfo): Promise<boolean> {
  try {
    const tokens = await attempt<Pick<UserInfo, 'access_token' | 'refresh_token'>>(
      '/acs/user/rejwt',
      { method: 'POST', query: { rejwt: user.refresh_token }, anonymous: true, silent: true },
      true,
    );
    storage.userInfo.set({ ...(storage.userInfo.get() ?? user), ...tokens });
    // A token fresh from the server that already looks expired means this device's clock is off:
    // stop judging expiry here and let the server's answers decide.
    if (isKnownExpired(tokens.access_token)) clockTrusted = false;
    return true;
  } catch {
    sendToSignIn(user.cpid);
    return false;
  }
}

/**
 * The server holds the initial password (an admin may just have reset it): the user info says so
 * too, and the console opens its forced-change page, coming back to where the user was.
 */
function toPasswordChange(): void {
  const user = storage.userInfo.get();
  if (user) storage.userInfo.set({ ...user, is_modified_password: 0 });
  const here = deps.currentLocation();
  const inside = here.startsWith(CONSOLE_BASE) ? here.slice(CONSOLE_BASE.length - 1) : '/';
  if (inside.startsWith(SET_PASSWORD_PATH)) return;
  deps.redirect(`${CONSOLE_BASE}${SET_PASSWORD_PATH.slice(1)}?to=${encodeURIComponent(inside)}`);
}

/** The session cannot be renewed: remember where the user was and sign in again. */
function sendToSignIn(cpid: string | undefined): void {
  storage.returnTo.set(deps.currentLocation());
  const query = new URLSearchParams({ redirect: '1' });
  if (cpid) query.set('cpid', cpid);
  deps.redirect(`/login?${query}`);
}
