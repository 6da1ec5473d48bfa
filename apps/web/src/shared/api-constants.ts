/** Shared by the console's client and the sign-in page (spec §9). */
export const API_BASE = '/api/v1';
export const REQUEST_TIMEOUT_MS = 120_000;
/** Paths inside the console start with this; only such paths are followed after signing in. */
export const CONSOLE_BASE = '/main/';
/** The console's page (a path inside it) where a user still on the initial password sets theirs. */
export const SET_PASSWORD_PATH = '/set-password';

export function isConsolePath(value: string | null | undefined): value is string {
  // `/main/` rules out other origins (`//host`) and paths outside the console; a backslash is
  // read as a slash by some browsers, so it is refused too.
  return typeof value === 'string' && value.startsWith(CONSOLE_BASE) && !value.includes('\\');
}
