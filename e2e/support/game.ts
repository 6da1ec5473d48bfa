import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { gameStringToSign } from '@rx/contracts/game-api';
import { api } from './api.ts';

/** A game server's key, made by the signed-in admin for the game chosen in the header. */
export interface GameKey {
  key_id: string;
  secret: string;
}

export async function newGameKey(page: Page): Promise<GameKey> {
  return api<GameKey>(page, 'POST', '/game-api-keys', { note: 'e2e game server' });
}

/**
 * The headers of a signed game-API request, as a game server computes them: HMAC-SHA256 of the
 * method, path, sorted query, time, a fresh nonce and the body's SHA-256 (contracts/game-api.ts).
 * `text` is the exact body sent ('' for none).
 */
export function signedHeaders(key: GameKey, method: string, url: string, text = ''): Record<string, string> {
  const target = new URL(url, 'http://game.example');
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', key.secret)
    .update(
      gameStringToSign({
        method,
        path: target.pathname,
        params: target.searchParams,
        timestamp: ts,
        nonce,
        bodySha256: createHash('sha256').update(text).digest('hex'),
      }),
    )
    .digest('hex');
  return { 'x-key-id': key.key_id, 'x-timestamp': ts, 'x-nonce': nonce, 'x-signature': signature };
}

/** A signed call of the game API (`/api/game/v1…`), as a game server makes it. */
export async function gameCall<T>(
  request: APIRequestContext,
  key: GameKey,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; data: T; code: number }> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = signedHeaders(key, method, url, text);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await request.fetch(url, { method, headers, data: body === undefined ? undefined : text });
  const envelope = (await answer.json()) as { code: number; data: T };
  return { status: answer.status(), data: envelope.data, code: envelope.code };
}
