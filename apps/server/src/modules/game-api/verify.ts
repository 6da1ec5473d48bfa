import type { FastifyRequest } from 'fastify';
import {
  ErrorCode,
  GAME_KEY_HEADER,
  GAME_SIGNATURE_HEADER,
  GAME_SIGNATURE_WINDOW,
  GAME_TIMESTAMP_HEADER,
  PRODUCT_HEADER,
  gameStringToSign,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { hmacHex, safeEqual } from '../../lib/crypto.ts';
import { activeKey } from './keys.ts';
import type { SecretBox } from './secret-box.ts';

/** The product a signed game request reads. */
export interface GameCaller {
  cpId: number;
  productId: number;
  keyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    gameCaller: GameCaller | null;
  }
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** The path and the decoded query parameters of the request line, as the caller signed them. */
export function requestTarget(request: FastifyRequest): { path: string; params: [string, string][] } {
  const url = request.raw.url ?? request.url;
  const mark = url.indexOf('?');
  return {
    path: mark < 0 ? url : url.slice(0, mark),
    params: [...new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1))],
  };
}

/**
 * Checks a game request's signature: 401005 without the three headers, 401007 when the timestamp
 * is not within the window, 401006 for an unknown or revoked key, 401008 when the signature does
 * not match; 403001 when `X-Product-Id` names another product than the key's.
 */
export function gameVerifier(db: Db, secrets: SecretBox, now: () => number = Date.now) {
  return async function verifyGameRequest(request: FastifyRequest): Promise<void> {
    const keyId = header(request, GAME_KEY_HEADER);
    const timestamp = header(request, GAME_TIMESTAMP_HEADER);
    const signature = header(request, GAME_SIGNATURE_HEADER);
    if (!keyId || !timestamp || !signature) throw new ApiError(ErrorCode.GAME_AUTH_MISSING);
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > GAME_SIGNATURE_WINDOW) {
      throw new ApiError(ErrorCode.GAME_TIMESTAMP_INVALID);
    }
    const key = await activeKey(db, secrets, keyId);
    if (!key) throw new ApiError(ErrorCode.GAME_KEY_INVALID);
    const { path, params } = requestTarget(request);
    const expected = hmacHex(key.secret, gameStringToSign(request.method, path, params, timestamp));
    if (!safeEqual(expected, signature)) throw new ApiError(ErrorCode.GAME_SIGNATURE_INVALID);
    const named = header(request, PRODUCT_HEADER);
    if (named && named !== String(key.productId)) throw new ApiError(ErrorCode.FORBIDDEN);
    request.gameCaller = { cpId: key.cpId, productId: key.productId, keyId };
  };
}
