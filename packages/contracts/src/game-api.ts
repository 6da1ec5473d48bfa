import { z } from 'zod';
import { idField } from './fields.ts';
import { PUBLISH_AREAS } from './acs.ts';
import { GAME_PLATFORMS } from './products.ts';

/**
 * The game-facing API, `/api/game/v1/...`: what game servers and clients read (error-code texts,
 * the help centre, auto-replies, social access). A product's API key authenticates each request:
 *
 * - `X-Key-Id`: the key id;
 * - `X-Timestamp`: Unix seconds, within {@link GAME_SIGNATURE_WINDOW} seconds of the server's clock;
 * - `X-Signature`: lowercase hex HMAC-SHA256, keyed by the key's secret, of {@link gameStringToSign}.
 *
 * Answers carry an `ETag`; a request with a matching `If-None-Match` gets 304. Keys are managed at
 * `/api/v1/game-api-keys` (product-scoped); the secret is shown once, when the key is created.
 */

export const GAME_KEY_HEADER = 'x-key-id';
export const GAME_TIMESTAMP_HEADER = 'x-timestamp';
export const GAME_SIGNATURE_HEADER = 'x-signature';
/** Seconds a signed request stays valid either side of the server's clock. */
export const GAME_SIGNATURE_WINDOW = 300;

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

/** `${METHOD}\n${path}\n${canonical query}\n${timestamp}`: what X-Signature signs. */
export function gameStringToSign(
  method: string,
  path: string,
  params: Iterable<[string, string]>,
  timestamp: number | string,
): string {
  return `${method.toUpperCase()}\n${path}\n${canonicalQuery(params)}\n${timestamp}`;
}

export const gameApiKeyCreateBody = z.object({ note: z.string().trim().max(100).default('') });
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
const gameLang = z.string().trim().max(16).optional();
/** The channel code the game was built with. */
const gameChannel = z.string().trim().max(64).optional();

export const gameErrorCodesQuery = z.object({ lang: gameLang });
export const gameHelpQuery = z.object({ lang: gameLang, channel: gameChannel });
export const gameAutoReplyQuery = z.object({
  text: z.string().min(1).max(2000),
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
