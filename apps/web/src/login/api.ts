import type { Challenge } from 'altcha-lib';
import { API_BASE, REQUEST_TIMEOUT_MS } from '@/shared/api-constants.ts';

/** The three calls of the sign-in page; answers come back whatever their code, for the form to show. */

export interface Answer<T> {
  status: number;
  /** The envelope's code; -1 when the answer was not an envelope. */
  code: number;
  data: T | null;
  msg: string;
}

export interface SignInFailure {
  captcha_required?: boolean;
  fields?: Record<string, string>;
}

async function call<T>(language: string, path: string, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(API_BASE + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const envelope: unknown = await response.json().catch(() => null);
  if (typeof envelope !== 'object' || envelope === null || typeof (envelope as Answer<T>).code !== 'number') {
    return { status: response.status, code: -1, data: null, msg: '' };
  }
  const { code, data, msg } = envelope as Answer<T>;
  return { status: response.status, code, data: data ?? null, msg: typeof msg === 'string' ? msg : '' };
}

export const signInApi = {
  signIn: (language: string, body: { username: string; password: string; code: string }) =>
    call<{ token: string } & SignInFailure>(language, '/users/login', body),
  captcha: (language: string) =>
    call<{ challenge: Challenge; expires_in: number }>(language, '/users/captcha'),
  platformLink: (language: string) =>
    call<{ url: string }>(language, '/acs/user/platform_link?platform=main'),
};
