import { z } from 'zod';
import {
  distinct,
  i18nText,
  idField,
  int32,
  isoTime,
  keyword,
  queryInt,
  optionalI18nText,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import { LANGUAGES } from './languages.ts';
import { listAnswer, listQuery } from './lists.ts';
import { actionPermission, seePermissionOf } from './pages.ts';
import { defineResource, type Resource } from './resource.ts';
import { WEB_PAYMENT_METHODS } from './web-shop.ts';

/**
 * The overseas web recharge site's top-up activities, site configuration and protocols (region
 * `hw` products only; others answer 422001):
 * - Activities `/api/v1/web-activities` (page `/newrxlaunch/payment-hw/activity-config`): first
 *   top-up (one gift on a player's first paid web order within the window) or cumulative (tiers of
 *   a running total in one currency), Draft → Live → Ended through the shared lifecycle.
 * - Site `/api/v1/web-site` (page `/newrxlaunch/payment-hw/website-basic-config`): one per product.
 * - Protocols `/api/v1/web-protocols` (hidden page `/newrxlaunch/payment-hw/protocol-edit`, the
 *   site page's permissions): terms, privacy, refund policy per language, versioned.
 * - Player-facing: `GET /api/game/v1/web-site` and `GET /api/game/v1/web-protocols/:kind?lang=`.
 */

export const WEB_ACTIVITIES_PAGE = '/newrxlaunch/payment-hw/activity-config';
export const WEB_SITE_PAGE = '/newrxlaunch/payment-hw/website-basic-config';
export const WEB_PROTOCOL_PAGE = '/newrxlaunch/payment-hw/protocol-edit';

// ------------------------------------------------------------------ activities

export const WEB_ACTIVITY_KINDS = ['first', 'cumulative'] as const;
export type WebActivityKind = (typeof WEB_ACTIVITY_KINDS)[number];
export const WEB_ACTIVITY_STATUSES = ['draft', 'live', 'ended'] as const;
export type WebActivityStatus = (typeof WEB_ACTIVITY_STATUSES)[number];
/** The lifecycle moves of an activity (the shared lifecycle's, restricted to draft, live, ended). */
export const WEB_ACTIVITY_ACTIONS = ['publish', 'recall', 'end'] as const;
export type WebActivityAction = (typeof WEB_ACTIVITY_ACTIONS)[number];

/** An amount in minor units (cents): large enough for currencies with many units (IDR, VND). */
export const minorAmount = (min = 0) => z.number().int().min(min).max(Number.MAX_SAFE_INTEGER);
/** An ISO 4217 currency code. */
export const currencyCode = safeText().regex(/^[A-Z]{3}$/);

export const webActivityTier = z.object({
  /** The running total (minor units) that reaches the tier; 0 for a first top-up gift. */
  threshold: minorAmount(0),
  gift_package_id: idField,
});
export type WebActivityTier = z.infer<typeof webActivityTier>;

const activityFields = z.object({
  name: i18nText(64),
  kind: z.enum(WEB_ACTIVITY_KINDS),
  /** The currency a cumulative activity counts; '' for a first top-up (any currency). */
  currency: z.union([currencyCode, z.literal('')]),
  tiers: z.array(webActivityTier).min(1).max(20),
  starts_at: isoTime,
  ends_at: isoTime,
});
type ActivityShape = Partial<z.infer<typeof activityFields>>;

/**
 * Cross-field rules, also on partial updates (the server checks the merged row again): a first
 * top-up has one tier at 0 and no currency; a cumulative one has a currency and tiers above 0,
 * strictly ascending; the window ends after it starts.
 */
export function activityRules(body: ActivityShape, ctx: z.RefinementCtx): void {
  if (body.starts_at && body.ends_at && Date.parse(body.ends_at) <= Date.parse(body.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], params: { key: 'end_before_start' } });
  }
  if (!body.kind) return;
  if (body.kind === 'first') {
    if (body.currency) ctx.addIssue({ code: 'custom', path: ['currency'], params: { key: 'invalid' } });
    if (body.tiers && body.tiers.length !== 1)
      ctx.addIssue({ code: 'custom', path: ['tiers'], params: { key: 'invalid' } });
    if (body.tiers?.[0] && body.tiers[0].threshold !== 0)
      ctx.addIssue({ code: 'custom', path: ['tiers', 0, 'threshold'], params: { key: 'invalid' } });
    return;
  }
  if (body.currency === '') ctx.addIssue({ code: 'custom', path: ['currency'], params: { key: 'required' } });
  body.tiers?.forEach((tier, i) => {
    const previous = i > 0 ? body.tiers![i - 1]!.threshold : 0;
    if (tier.threshold <= previous)
      ctx.addIssue({ code: 'custom', path: ['tiers', i, 'threshold'], params: { key: 'invalid' } });
  });
}

export const webActivityCreateBody = activityFields
  .extend({ currency: activityFields.shape.currency.default('') })
  .superRefine(activityRules);
export type WebActivityCreate = z.input<typeof webActivityCreateBody>;

export const webActivityUpdateBody = activityFields
  .partial()
  .extend({ version: versionField })
  .superRefine(activityRules);
export type WebActivityUpdate = z.input<typeof webActivityUpdateBody>;

export const webActivityTierStat = z.object({ tier: z.number().int(), players: z.number().int() });
export const webActivityItem = activityFields.extend({
  ...rowMeta,
  product_id: idField,
  status: z.enum(WEB_ACTIVITY_STATUSES),
  /** Players granted per tier (tier 0: the first top-up gift; 1…: the cumulative tiers). */
  stats: z.array(webActivityTierStat),
  /** Other live activities of the same kind whose windows overlap this one's (a warning). */
  overlaps: z.array(z.number().int()),
});
export type WebActivity = z.infer<typeof webActivityItem>;

export const webActivityMoveBody = z.object({ version: versionField });
export const webActivityMoveParams = z.object({
  id: queryInt(1),
  action: z.enum(WEB_ACTIVITY_ACTIONS),
});

export const WEB_ACTIVITY_SORTS = ['id', 'starts_at', 'ends_at', 'status', 'updated_at'] as const;
export const webActivityFilters = {
  q: keyword,
  kind: z.enum(WEB_ACTIVITY_KINDS).optional(),
  status: z.enum(WEB_ACTIVITY_STATUSES).optional(),
};
export const webActivityListQuery = listQuery(WEB_ACTIVITY_SORTS, webActivityFilters);
export const webActivityListAnswer = listAnswer(webActivityItem);

export const webActivitiesResource = defineResource({
  name: 'web-activities',
  page: WEB_ACTIVITIES_PAGE,
  scope: 'product',
  logTarget: 'web_activity',
  namespace: 'webSite',
  item: webActivityItem,
  create: webActivityCreateBody,
  update: webActivityUpdateBody,
  list: webActivityListQuery,
  filters: ['q', 'kind', 'status'],
  sorts: WEB_ACTIVITY_SORTS,
  remove: 'delete',
});

// ------------------------------------------------------------------ site configuration

/** Permissions of the site page; the protocols share them (their edit page is the site's detail). */
function pagePermissions(page: string): Pick<Resource, 'permissions' | 'scope'> {
  const see = seePermissionOf(page);
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
}
export const webSiteAccess = pagePermissions(WEB_SITE_PAGE);

/** An ISO 3166-1 alpha-2 country code. */
export const countryCode = safeText().regex(/^[A-Z]{2}$/);
/** A host name: labels of letters, digits and inner hyphens, at least two, lower case, ≤ 253. */
export const hostName = safeText()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/);

export const webPaymentMethodConfig = z.object({
  method: z.enum(WEB_PAYMENT_METHODS),
  enabled: z.boolean(),
  /** Where it is offered; empty: everywhere. */
  countries: distinct(countryCode, 250),
});
export type WebPaymentMethodConfig = z.infer<typeof webPaymentMethodConfig>;

const siteFields = z.object({
  domains: distinct(hostName, 20),
  payment_methods: z
    .array(webPaymentMethodConfig)
    .max(WEB_PAYMENT_METHODS.length)
    .refine((list) => new Set(list.map((m) => m.method)).size === list.length, {
      params: { key: 'duplicate_item' },
    }),
  languages: distinct(z.enum(LANGUAGES), LANGUAGES.length).refine((list) => list.length > 0, {
    params: { key: 'required' },
  }),
  default_language: z.enum(LANGUAGES),
  support_email: z.union([z.literal(''), z.email().max(254)]),
  maintenance: z.boolean(),
  maintenance_message: optionalI18nText(500),
});

function siteRules(body: z.infer<typeof siteFields>, ctx: z.RefinementCtx): void {
  if (body.languages.length && !body.languages.includes(body.default_language)) {
    ctx.addIssue({ code: 'custom', path: ['default_language'], params: { key: 'invalid' } });
  }
  if (body.maintenance && !body.maintenance_message[body.default_language]) {
    ctx.addIssue({
      code: 'custom',
      path: ['maintenance_message', body.default_language],
      params: { key: 'required' },
    });
  }
}

/** The whole configuration with the version it was read at (0: none saved yet). */
export const webSiteUpdateBody = siteFields
  .extend({
    maintenance_message: optionalI18nText(500).prefault({}),
    version: int32(0),
  })
  .superRefine(siteRules);
export type WebSiteUpdate = z.input<typeof webSiteUpdateBody>;

export const webSiteItem = siteFields.extend({
  product_id: idField,
  /** 0 until first saved. */
  version: z.number().int(),
  updated_by: z.string(),
  updated_at: z.string().nullable(),
});
export type WebSite = z.infer<typeof webSiteItem>;

// ------------------------------------------------------------------ protocols

export const WEB_PROTOCOL_KINDS = ['terms', 'privacy', 'refund_policy'] as const;
export type WebProtocolKind = (typeof WEB_PROTOCOL_KINDS)[number];
export const WEB_PROTOCOL_STATUSES = ['draft', 'published', 'archived'] as const;
export type WebProtocolStatus = (typeof WEB_PROTOCOL_STATUSES)[number];
export const webProtocolAccess = webSiteAccess;

export const webProtocolParams = z.object({
  kind: z.enum(WEB_PROTOCOL_KINDS),
  language: z.enum(LANGUAGES),
});
export const webProtocolVersionParams = webProtocolParams.extend({
  number: queryInt(1),
});

/** Saves the draft: creates it (version 0) or edits it (its version); the body is sanitised. */
export const webProtocolDraftBody = z.object({
  title: safeText().trim().max(120).default(''),
  body: safeText().max(200_000),
  version: int32(0),
});
export type WebProtocolDraft = z.input<typeof webProtocolDraftBody>;
export const webProtocolPublishBody = z.object({ version: versionField });
export const webProtocolCompareQuery = z.object({
  a: queryInt(1),
  b: queryInt(1),
});

export const webProtocolVersion = z.object({
  id: z.number().int(),
  kind: z.enum(WEB_PROTOCOL_KINDS),
  language: z.enum(LANGUAGES),
  number: z.number().int(),
  title: z.string(),
  body: z.string(),
  status: z.enum(WEB_PROTOCOL_STATUSES),
  published_at: z.string().nullable(),
  published_by: z.string(),
  updated_by: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type WebProtocolVersion = z.infer<typeof webProtocolVersion>;
/** A history line (no body). */
export type WebProtocolVersionLine = Omit<WebProtocolVersion, 'body'>;

/** One kind and language: its draft and published version (either may be missing). */
export interface WebProtocolDoc {
  kind: WebProtocolKind;
  language: (typeof LANGUAGES)[number];
  draft: WebProtocolVersion | null;
  published: WebProtocolVersion | null;
}
/** The protocol list: each kind and language that has a version. */
export interface WebProtocolSummary {
  kind: WebProtocolKind;
  language: (typeof LANGUAGES)[number];
  draft_number: number | null;
  published_number: number | null;
  published_at: string | null;
}
export interface WebProtocolDiffLine {
  op: 'same' | 'add' | 'remove';
  text: string;
}
export interface WebProtocolCompare {
  a: WebProtocolVersion;
  b: WebProtocolVersion;
  /** Line by line from a to b (tags split into lines). */
  diff: WebProtocolDiffLine[];
}

// ------------------------------------------------------------------ player-facing

export const gameWebProtocolQuery = z.object({ lang: safeText().trim().max(8).default('') });
export const gameWebProtocolParams = z.object({ kind: z.enum(WEB_PROTOCOL_KINDS) });

export interface GameWebSite {
  domains: string[];
  /** Enabled methods only. */
  payment_methods: { method: (typeof WEB_PAYMENT_METHODS)[number]; countries: string[] }[];
  languages: string[];
  default_language: string;
  support_email: string;
  maintenance: boolean;
  maintenance_message: Record<string, string>;
  /** The published protocol versions (kind, language, number). */
  protocols: { kind: WebProtocolKind; language: string; number: number; published_at: string | null }[];
}
export interface GameWebProtocol {
  kind: WebProtocolKind;
  /** The language served (the default language when the asked one has no published version). */
  language: string;
  number: number;
  title: string;
  body: string;
  published_at: string | null;
}
