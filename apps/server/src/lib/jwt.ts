import { createHmac } from 'node:crypto';
import { safeEqual } from './crypto.ts';

/** A small HS256 JWT: the access token of the console. */
export interface AccessClaims {
  sub: string;
  cp: string;
  /** The token family (one console sign-in). */
  fam: string;
  /** Issued at, in milliseconds (finer than `iat`, compared with the user's last permission change). */
  iatms: number;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function signature(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signJwt(claims: AccessClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const data = `${HEADER}.${payload}`;
  return `${data}.${signature(secret, data)}`;
}

export type JwtResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyJwt(token: string, secret: string, nowSeconds = Date.now() / 1000): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: 'invalid' };
  const data = `${parts[0]}.${parts[1]}`;
  if (!safeEqual(signature(secret, data), parts[2]!)) return { ok: false, reason: 'invalid' };
  let claims: AccessClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as AccessClaims;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof claims.sub !== 'string' || typeof claims.fam !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'invalid' };
  }
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

export function looksLikeJwt(token: string): boolean {
  return token.split('.').length === 3;
}
