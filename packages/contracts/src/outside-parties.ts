import { z } from 'zod';
import { safeText } from './fields.ts';
import { listQuery } from './lists.ts';
import { defineResource, type Resource } from './resource.ts';
import { AD_PARTIES } from './ads.ts';

/**
 * Outside parties: the services the console talks to for a game (the game's own server, a payment
 * provider, a store). Each kind is declared once here — its settings (plain values staff see), its
 * credentials (sealed at rest, never answered back: the console shows whether each is set) and its
 * operations (what the call log names) — and once on the server (a real implementation over the
 * provider's protocol and a deterministic fake: `apps/server/src/modules/outside-parties`).
 * Staff choose per game: `off` (not set up: calls fail, saying so), `fake` (the built-in stand-in the
 * demo and the tests use) or `real`. Console API: `/api/v1/outside-parties`, call log
 * `/api/v1/outside-calls` (page `/basic/outside-parties`).
 */
export const OUTSIDE_PARTIES_PAGE = '/basic/outside-parties';

export const OUTSIDE_MODES = ['off', 'fake', 'real'] as const;
export type OutsideMode = (typeof OUTSIDE_MODES)[number];

/** How one call (one attempt) to an outside party ended. */
export const OUTSIDE_CALL_STATUSES = [
  'ok',
  'timeout',
  'rate_limited',
  'unavailable',
  'refused',
  'token_expired',
  'not_set_up',
] as const;
export type OutsideCallStatus = (typeof OUTSIDE_CALL_STATUSES)[number];

/** An absolute http(s) address a server calls (no credentials in it: those are sealed apart). */
export const endpointUrl = safeText()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/@]+(\/\S*)?$/);

/** A kind of outside party, as both sides know it. */
export interface OutsidePartyContract<S extends z.ZodObject = z.ZodObject> {
  /** Its code (the API's `:party`, the call log's `party`, the translations' key). */
  name: string;
  /** Plain settings; all required for `real`. */
  settings: S;
  /** Secret values, sealed at rest; all required for `real`. */
  credentials: readonly string[];
  /** What the call log names its calls. */
  operations: readonly string[];
}

function party<const N extends string, S extends z.ZodObject>(
  spec: OutsidePartyContract<S> & { name: N },
): OutsidePartyContract<S> & { name: N } {
  return spec;
}

/**
 * The game's own server: kick, claw-back and web-order delivery over one signed HTTP protocol
 * (docs/game-server-protocol.md). The signing secret is shared with the game team.
 */
export const gameServerParty = party({
  name: 'game_server',
  settings: z.object({ endpoint_url: endpointUrl.min(1) }),
  credentials: ['signing_secret'],
  operations: ['kick', 'clawback', 'deliver'],
});

/**
 * The web recharge site's payment provider: Stripe Checkout. `success_url` and `cancel_url` are
 * where Checkout sends the player back (`{CHECKOUT_SESSION_ID}` is filled in by Stripe). Stripe
 * posts its events to `/api/pay/v1/notify/stripe/<product id>`, signed with the webhook secret.
 */
export const stripeParty = party({
  name: 'stripe',
  settings: z.object({ success_url: endpointUrl.min(1), cancel_url: endpointUrl.min(1) }),
  credentials: ['secret_key', 'webhook_secret'],
  operations: ['checkout_create', 'checkout_get', 'refund_create', 'webhook'],
});

/** Google Play's voided purchases, read with a service account (its JSON key file, pasted whole). */
export const googlePlayParty = party({
  name: 'google_play',
  settings: z.object({
    package_name: safeText()
      .trim()
      .min(1)
      .max(150)
      .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/),
  }),
  credentials: ['service_account'],
  operations: ['token', 'voided_purchases'],
});

/**
 * Firebase Cloud Messaging (HTTP v1): app push to Android (and iOS through FCM), sent with a service
 * account of the Firebase project (its JSON key file, pasted whole) to the project's `messages:send`.
 */
export const fcmParty = party({
  name: 'fcm',
  settings: z.object({
    project_id: safeText()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[a-z][a-z0-9-]*[a-z0-9]$/),
  }),
  credentials: ['service_account'],
  operations: ['token', 'send'],
});

/**
 * Apple Push Notification service over HTTP/2 with a token-based connection: a provider token (a
 * JWT signed ES256 with the team's .p8 key) per request, the app's bundle id as the topic.
 */
export const apnsParty = party({
  name: 'apns',
  settings: z.object({
    team_id: safeText()
      .trim()
      .regex(/^[A-Z0-9]{10}$/),
    key_id: safeText()
      .trim()
      .regex(/^[A-Z0-9]{10}$/),
    bundle_id: safeText()
      .trim()
      .min(1)
      .max(150)
      .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/),
    /** `production` or `sandbox` (development builds). */
    environment: safeText()
      .trim()
      .regex(/^(production|sandbox)$/),
  }),
  credentials: ['auth_key'],
  operations: ['send'],
});

/**
 * Huawei Push Kit (HMS Core): app push to Huawei and HarmonyOS devices, sent with an OAuth 2.0
 * access token of the AppGallery Connect app (client credentials: its app id and secret) to the
 * app's `messages:send`.
 */
export const huaweiPushParty = party({
  name: 'huawei_push',
  settings: z.object({
    hms_app_id: safeText()
      .trim()
      .regex(/^\d{6,20}$/),
  }),
  credentials: ['client_secret'],
  operations: ['token', 'send'],
});

/**
 * WeChat subscribe messages (`subscribeMessage.send`) of a mini-program or a mini-game, with an
 * access token of the app (its AppID and AppSecret); templates are read from the app's own list.
 * `app_type` says which the app is (a mini-game's message carries no `miniprogram_state`).
 */
export const wechatSubscribeParty = party({
  name: 'wechat_subscribe',
  settings: z.object({
    app_id: safeText()
      .trim()
      .regex(/^wx[0-9a-f]{16}$/),
    app_type: safeText()
      .trim()
      .regex(/^(mini_program|mini_game)$/),
  }),
  /** `callback_token`: the token of the message push (callback) set in WeChat's console. */
  credentials: ['app_secret', 'callback_token'],
  operations: ['token', 'send', 'templates', 'cs_send', 'callback'],
});

/**
 * Image moderation: Google Cloud Vision's SafeSearch (`images:annotate`), called with an API key of
 * a project that has the Vision API enabled (no settings besides it).
 */
export const googleVisionParty = party({
  name: 'google_vision',
  settings: z.object({}),
  credentials: ['api_key'],
  operations: ['annotate'],
});

export const OUTSIDE_PARTIES = [
  gameServerParty,
  stripeParty,
  googlePlayParty,
  fcmParty,
  apnsParty,
  huaweiPushParty,
  wechatSubscribeParty,
  ...AD_PARTIES,
  googleVisionParty,
] as const;
export type OutsidePartyName = (typeof OUTSIDE_PARTIES)[number]['name'];
export const OUTSIDE_PARTY_NAMES = OUTSIDE_PARTIES.map((p) => p.name) as [
  OutsidePartyName,
  ...OutsidePartyName[],
];

export function outsidePartyContract(name: string): OutsidePartyContract | undefined {
  return OUTSIDE_PARTIES.find((p) => p.name === name);
}

/** What the console reads of a game's outside party: never a credential's value, only whether it is set. */
export const outsidePartyItem = z.object({
  party: z.enum(OUTSIDE_PARTY_NAMES),
  mode: z.enum(OUTSIDE_MODES),
  /** True when the game has no saved choice and runs on the server's default (fake with demo data, else off). */
  default: z.boolean(),
  settings: z.record(z.string(), z.string()),
  credentials: z.record(z.string(), z.boolean()),
  /** 0 before the first save. */
  version: z.number().int(),
  updated_by: z.string(),
  updated_at: z.string().nullable(),
});
export type OutsidePartyItem = z.infer<typeof outsidePartyItem>;

export const outsidePartyParam = z.object({ party: z.enum(OUTSIDE_PARTY_NAMES) });

/**
 * A change: the mode, the settings (checked against the party's own schema: all of them for `real`),
 * and credentials to replace (a value) or clear (`null`); a credential left out keeps its value.
 */
export const outsidePartyUpdateBody = z.object({
  mode: z.enum(OUTSIDE_MODES),
  settings: z.record(z.string(), safeText().trim().max(500)).default({}),
  credentials: z.record(z.string(), safeText().max(8000).nullable()).default({}),
  version: z.number().int().min(0),
});
/** What a client sends (settings and credentials may be left out). */
export type OutsidePartyUpdateBody = z.input<typeof outsidePartyUpdateBody>;

export const OUTSIDE_CALL_SORTS = ['id', 'latency_ms'] as const;
export const OUTSIDE_CALL_FILTERS = ['party', 'operation', 'status'] as const;

export const outsideCallItem = z.object({
  id: z.number().int(),
  party: z.string(),
  /** The sub-account (an advertiser account) the call was made for; empty for the game itself. */
  account: z.string(),
  operation: z.string(),
  /** `fake` or `real`: which implementation answered. */
  mode: z.string(),
  status: z.enum(OUTSIDE_CALL_STATUSES),
  http_status: z.number().int().nullable(),
  attempt: z.number().int(),
  latency_ms: z.number().int(),
  request_id: z.string(),
  idempotency_key: z.string(),
  /** Why it failed, with every secret taken out. */
  error: z.string(),
  created_at: z.string(),
});
export type OutsideCallItem = z.infer<typeof outsideCallItem>;

export const outsideCallListQuery = listQuery(OUTSIDE_CALL_SORTS, {
  party: z.enum(OUTSIDE_PARTY_NAMES).optional(),
  operation: safeText().trim().max(64).optional(),
  status: z.enum(OUTSIDE_CALL_STATUSES).optional(),
});

/** The call log of a game's outside parties (newest first unless sorted); read-only. */
export const outsideCallsResource = defineResource({
  name: 'outside-calls',
  page: OUTSIDE_PARTIES_PAGE,
  scope: 'product',
  logTarget: 'outside-calls',
  namespace: 'outside',
  item: outsideCallItem,
  create: z.object({}),
  update: z.object({}),
  list: outsideCallListQuery,
  filters: OUTSIDE_CALL_FILTERS,
  sorts: OUTSIDE_CALL_SORTS,
  remove: 'none',
});

/** The settings of the page's parties share its permissions: see reads them, edit changes them. */
export const outsidePartiesAccess: Pick<Resource, 'permissions' | 'scope'> = {
  scope: 'product',
  permissions: outsideCallsResource.permissions,
};
