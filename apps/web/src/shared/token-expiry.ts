/**
 * When an access token runs out, read from its JWT `exp` claim without verifying it (the server
 * does that): the client only uses it to refresh before sending a request that would be refused.
 */

/** A token this close to its end counts as expired: it could run out on the way to the server. */
export const EXPIRY_SKEW_MS = 10_000;

/** The token's `exp` in milliseconds, or undefined when it is not a JWT with a numeric `exp`. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload || payload.length > 4096) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the token is known to be expired (or about to be) at `now`; unknown counts as not. */
export function isKnownExpired(token: string, now = Date.now()): boolean {
  const expiry = tokenExpiry(token);
  return expiry !== undefined && expiry - EXPIRY_SKEW_MS <= now;
}
