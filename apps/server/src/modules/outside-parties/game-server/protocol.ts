import { createHmac } from 'node:crypto';

/**
 * The console → game server callback protocol, version 1 (docs/game-server-protocol.md is the
 * game team's description of it). Every call is a `POST` of JSON to the game's endpoint:
 * `{ "type", "idempotency_key", "product_id", "data" }`, signed over the timestamp and the exact body.
 */
export const GAME_CALLBACK_TIMESTAMP = 'x-console-timestamp';
export const GAME_CALLBACK_SIGNATURE = 'x-console-signature';
export const GAME_CALLBACK_IDEMPOTENCY = 'idempotency-key';
/** What a game accepts either side of its clock (the console signs at each attempt). */
export const GAME_CALLBACK_WINDOW = 300;

export type GameCallbackType = 'kick' | 'clawback' | 'deliver';

/** `v1=` and the lowercase hex HMAC-SHA256, keyed by the signing secret, of `<timestamp>.<body>`. */
export function signGameCallback(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The body of one call. */
export function gameCallbackBody(
  type: GameCallbackType,
  idempotencyKey: string,
  productId: number,
  data: Record<string, unknown>,
): string {
  return JSON.stringify({ type, idempotency_key: idempotencyKey, product_id: productId, data });
}
