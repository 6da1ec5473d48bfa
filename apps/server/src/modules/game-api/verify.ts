import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  EMPTY_BODY_SHA256,
  ErrorCode,
  GAME_KEY_HEADER,
  GAME_NONCE_HEADER,
  GAME_NONCE_PATTERN,
  GAME_SIGNATURE_HEADER,
  GAME_SIGNATURE_WINDOW,
  GAME_TIMESTAMP_HEADER,
  PRODUCT_HEADER,
  gameStringToSign,
  type ErrorCodeValue,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { hmacHex, safeEqual } from '../../lib/crypto.ts';
import { tooManyAttempts } from '../../lib/rate-limit.ts';
import { activeKey } from './keys.ts';
import { nonceStore, type SpendNonce } from './nonces.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

/** The product a signed game request reads. */
export interface GameCaller {
  cpId: number;
  productId: number;
  keyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    gameCaller: GameCaller | null;
    /** The exact bytes of a game request's JSON body (what its signature covers); null without one. */
    rawBody: Buffer | null;
  }
}

/** Game requests carry small JSON bodies (a player's text, a form). */
export const GAME_BODY_LIMIT = 256 * 1024;

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

interface Claimed {
  keyId: string;
  timestamp: string;
  nonce: string;
  signature: string;
  key: { cpId: number; productId: number; secret: string };
}

/**
 * Signs game requests in (see contracts/game-api.ts), on the game API's plugin:
 * - before the body is read: 401005 without the four headers or with a malformed nonce, 401007
 *   when the timestamp is not within the window, 401006 for an unknown or revoked key;
 * - once the body is read (JSON only, kept as bytes): 401008 when the signature does not cover
 *   this method, path, query, timestamp, nonce and body, 401009 when the key already used the
 *   nonce, 403001 when `X-Product-Id` names another product than the key's.
 */
export function signedGameRequests(
  app: FastifyInstance,
  db: Db,
  secrets: SecretBox,
  options: { now?: () => number; spendNonce?: SpendNonce } = {},
): void {
  const now = options.now ?? Date.now;
  const spendNonce = options.spendNonce ?? nonceStore(db, now);
  const claims = new WeakMap<FastifyRequest, Claimed>();

  app.decorateRequest('gameCaller', null);
  app.decorateRequest('rawBody', null);
  // Only JSON, read as bytes first: the signature covers exactly what was sent.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: GAME_BODY_LIMIT },
    (request, body, done) => {
      request.rawBody = body as Buffer;
      parseJson(request, (body as Buffer).toString('utf8'), done);
    },
  );

  /**
   * A refusal for the signature: why (401xxx), or 429001 once this key id and address are past
   * their budget of refused calls (lib/rate-limit.ts) — counted per pair, so another key's bad
   * calls from the same address never refuse this one, and a valid signature always passes.
   */
  const refuse = (request: FastifyRequest, reply: FastifyReply, code: Exclude<ErrorCodeValue, 0>) =>
    request.gameRefusedPast ? tooManyAttempts(reply, request.gameRefusedPast) : new ApiError(code);

  app.addHook('onRequest', async (request, reply) => {
    const keyId = header(request, GAME_KEY_HEADER);
    const timestamp = header(request, GAME_TIMESTAMP_HEADER);
    const nonce = header(request, GAME_NONCE_HEADER);
    const signature = header(request, GAME_SIGNATURE_HEADER);
    if (!keyId || !timestamp || !signature || !GAME_NONCE_PATTERN.test(nonce)) {
      throw refuse(request, reply, ErrorCode.GAME_AUTH_MISSING);
    }
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > GAME_SIGNATURE_WINDOW) {
      throw refuse(request, reply, ErrorCode.GAME_TIMESTAMP_INVALID);
    }
    const key = await activeKey(db, secrets, keyId);
    if (!key) throw refuse(request, reply, ErrorCode.GAME_KEY_INVALID);
    claims.set(request, { keyId, timestamp, nonce, signature, key });
  });

  app.addHook('preValidation', async (request, reply) => {
    const { keyId, timestamp, nonce, signature, key } = claims.get(request)!;
    const { path, params } = requestTarget(request);
    const bodySha256 = request.rawBody
      ? createHash('sha256').update(request.rawBody).digest('hex')
      : EMPTY_BODY_SHA256;
    const expected = hmacHex(
      key.secret,
      gameStringToSign({ method: request.method, path, params, timestamp, nonce, bodySha256 }),
    );
    if (!safeEqual(expected, signature)) throw refuse(request, reply, ErrorCode.GAME_SIGNATURE_INVALID);
    const named = header(request, PRODUCT_HEADER);
    if (named && named !== String(key.productId)) throw new ApiError(ErrorCode.FORBIDDEN);
    // Spent only once the signature holds: unsigned junk never fills the table.
    if (!(await spendNonce(keyId, nonce))) throw new ApiError(ErrorCode.GAME_NONCE_REUSED);
    request.gameCaller = { cpId: key.cpId, productId: key.productId, keyId };
  });
}
