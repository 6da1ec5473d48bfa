import { createHash, createHmac, randomBytes } from 'node:crypto';
import { gameStringToSign, type GameApiKeyCreated } from '@rx/contracts';
import type { TestContext } from './helpers.ts';
import { body, type Client } from './api.ts';

export interface GameRequest {
  method?: string;
  url: string;
  /** The exact body bytes sent (JSON). */
  body?: string;
  ts?: number;
  nonce?: string;
}

/** A new nonce, as a game server draws one for every request. */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

/** The headers of a signed game request (see contracts/game-api.ts), computed as a game server does. */
export function signGameRequest(
  key: Pick<GameApiKeyCreated, 'key_id' | 'secret'>,
  request: GameRequest,
): Record<string, string> {
  const ts = String(request.ts ?? Math.floor(Date.now() / 1000));
  const nonce = request.nonce ?? newNonce();
  const target = new URL(request.url, 'http://game.example');
  const signature = createHmac('sha256', key.secret)
    .update(
      gameStringToSign({
        method: request.method ?? 'GET',
        path: target.pathname,
        params: target.searchParams,
        timestamp: ts,
        nonce,
        bodySha256: createHash('sha256')
          .update(request.body ?? '')
          .digest('hex'),
      }),
    )
    .digest('hex');
  return {
    'x-key-id': key.key_id,
    'x-timestamp': ts,
    'x-nonce': nonce,
    'x-signature': signature,
    ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
  };
}

/** A new game API key of the client's product. */
export async function newGameKey(staff: Client, note = 'test'): Promise<GameApiKeyCreated> {
  const res = await staff.post('/api/v1/game-api-keys', { note });
  return body<GameApiKeyCreated>(res).data;
}

/** A request signed with `key` as a game server sends it (a new nonce each time), with `payload` as its JSON body. */
export function signedCall(
  t: TestContext,
  key: Pick<GameApiKeyCreated, 'key_id' | 'secret'>,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const text = payload === undefined ? undefined : JSON.stringify(payload);
  return t.app.inject({
    method,
    url,
    headers: signGameRequest(key, { method, url, body: text, nonce: newNonce() }),
    ...(text === undefined ? {} : { payload: text }),
  });
}

/**
 * A game server's view of the game API, for module tests that check what players receive: a new
 * key of the client's product, and signed GETs with it.
 */
export async function gameCaller(t: TestContext, staff: Client) {
  const key = await newGameKey(staff);
  return (url: string) => t.app.inject({ method: 'GET', url, headers: signGameRequest(key, { url }) });
}
