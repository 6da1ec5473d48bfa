import { z } from 'zod';
import { idField, safeText } from './fields.ts';
import { PUBLISH_AREAS } from './acs.ts';
import { GAME_PLATFORMS } from './products.ts';
import { actionPermission, seePermissionOf } from './pages.ts';
import type { Resource } from './resource.ts';

/**
 * The game-facing API, `/api/game/v1/...`: what game servers and clients read (error-code texts,
 * the help centre, auto-replies, social access). A product's API key authenticates each request:
 *
 * - `X-Key-Id`: the key id;
 * - `X-Timestamp`: Unix seconds, within {@link GAME_SIGNATURE_WINDOW} seconds of the server's clock;
 * - `X-Nonce`: a new random value for every request ({@link GAME_NONCE_PATTERN}); a nonce the key
 *   already used within the window is refused (401009), so a captured request cannot be replayed;
 * - `X-Signature`: lowercase hex HMAC-SHA256, keyed by the key's secret, of {@link gameStringToSign},
 *   which covers the method, path, query, timestamp, nonce and the SHA-256 of the exact body bytes.
 *
 * Answers carry an `ETag`; a request with a matching `If-None-Match` gets 304. Keys are managed at
 * `/api/v1/game-api-keys` (product-scoped); the secret is shown once, when the key is created.
 */

export const GAME_KEY_HEADER = 'x-key-id';
export const GAME_TIMESTAMP_HEADER = 'x-timestamp';
export const GAME_NONCE_HEADER = 'x-nonce';
export const GAME_SIGNATURE_HEADER = 'x-signature';
/** Seconds a signed request stays valid either side of the server's clock. */
export const GAME_SIGNATURE_WINDOW = 300;
/** A nonce: 16–64 of `A–Z a–z 0–9 _ -` (a UUID, or 16+ random bytes in hex or base64url). */
export const GAME_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** Lowercase hex SHA-256 of an empty body: what a request without a body (a GET) signs. */
export const EMPTY_BODY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** RFC 3986 encoding (`encodeURIComponent` plus `!'()*`). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The query as it is signed: every parameter decoded, then RFC 3986-encoded as `key=value`, sorted
 * by key then value, joined by `&` (empty without parameters).
 */
export function canonicalQuery(params: Iterable<[string, string]>): string {
  return [...params]
    .map(([key, value]) => [encode(key), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/** What a game request signs. */
export interface GameSignedRequest {
  method: string;
  /** The path of the request line, as sent (e.g. `/api/game/v1/error-codes`). */
  path: string;
  /** The query parameters, decoded. */
  params: Iterable<[string, string]>;
  timestamp: number | string;
  nonce: string;
  /** Lowercase hex SHA-256 of the raw body bytes; {@link EMPTY_BODY_SHA256} without a body. */
  bodySha256: string;
}

/**
 * What X-Signature signs, one part per line:
 * `${METHOD}\n${path}\n${canonical query}\n${timestamp}\n${nonce}\n${body SHA-256}`.
 */
export function gameStringToSign(request: GameSignedRequest): string {
  const { method, path, params, timestamp, nonce, bodySha256 } = request;
  return [method.toUpperCase(), path, canonicalQuery(params), timestamp, nonce, bodySha256].join('\n');
}

/**
 * The keys of a game belong to its product page (`/basic/product-list`): its see permission lists
 * them, its edit permission creates and revokes them. They are not a catalogue resource of their own
 * (no update, no versions, no sheet), so only their access is described here.
 */
export const gameApiKeysAccess: Pick<Resource, 'permissions' | 'scope'> = (() => {
  const see = seePermissionOf('/basic/product-list');
  return {
    scope: 'product',
    permissions: {
      see,
      edit: actionPermission(see, 'edit'),
      delete: actionPermission(see, 'delete'),
      export: actionPermission(see, 'export'),
      approve: actionPermission(see, 'approve'),
    },
  };
})();
/** `/api/v1/game-api-keys`, and the console's query key. */
export const GAME_API_KEYS = 'game-api-keys';

export const gameApiKeyCreateBody = z.object({ note: safeText().trim().max(100).default('') });
export const gameApiKeyItem = z.object({
  id: idField,
  product_id: idField,
  key_id: z.string(),
  note: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type GameApiKey = z.infer<typeof gameApiKeyItem>;
/** The answer of the creation: the only time the secret is shown. */
export const gameApiKeyCreated = gameApiKeyItem.extend({ secret: z.string() });
export type GameApiKeyCreated = z.infer<typeof gameApiKeyCreated>;
export const gameApiKeyListQuery = z.object({
  /** 1: revoked keys too. */
  all: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

/** Any language tag: a supported one picks its texts, anything else gets the default text. */
const gameLang = safeText().trim().max(16).optional();
/** The channel code the game was built with. */
const gameChannel = safeText().trim().max(64).optional();

export const gameErrorCodesQuery = z.object({ lang: gameLang });
export const gameHelpQuery = z.object({ lang: gameLang, channel: gameChannel });
export const gameAutoReplyQuery = z.object({
  text: safeText().min(1).max(2000),
  lang: gameLang,
  channel: gameChannel,
  platform: z.enum(GAME_PLATFORMS).optional(),
});
export const gameSocialQuery = z.object({ region: z.enum(PUBLISH_AREAS).optional(), channel: gameChannel });

export const gameErrorCode = z.object({
  code: z.string(),
  module: z.string(),
  text: z.string(),
  action: z.string(),
});
export const gameErrorCodesAnswer = z.object({
  /** The live release, or null before the first publish. */
  release: z.number().int().nullable(),
  /** The language of the texts; null: the default texts. */
  lang: z.string().nullable(),
  list: z.array(gameErrorCode),
});
export type GameErrorCodes = z.infer<typeof gameErrorCodesAnswer>;

export const gameHelpAnswer = z.object({
  lang: z.string(),
  categories: z.array(
    z.object({
      id: idField,
      name: z.string(),
      articles: z.array(
        z.object({
          id: idField,
          group_id: z.string(),
          language: z.string(),
          title: z.string(),
          body: z.string(),
          updated_at: z.string(),
        }),
      ),
    }),
  ),
});
export type GameHelp = z.infer<typeof gameHelpAnswer>;
