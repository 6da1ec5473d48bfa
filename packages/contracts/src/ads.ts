import { z } from 'zod';
import { AD_MEDIA, AD_MEDIUM_CODES, type AdMediumCode } from './dimensions.ts';
import { keyword, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Ad placement (issue 31): the media's advertiser accounts, one table for every medium
 * (`/api/v1/ad-accounts?media=jrtt`), served on each medium's `account-manage` page.
 *
 * Staff authorise the console on the medium's OAuth page; the medium sends them back to the page
 * with a code, which the server exchanges for tokens (sealed, renewed ahead of expiry under the
 * outside-party kit's lock) and the accounts the grant covers: an agent and the advertisers under
 * it, or advertisers alone. Balance and status are synced on a schedule; a grant about to lapse, a
 * refused refresh or a failing sync notifies the staff who authorised it (the bell).
 */

/** An agent holds advertiser accounts; an advertiser spends. */
export const AD_ACCOUNT_ROLES = ['agent', 'advertiser'] as const;
export type AdAccountRole = (typeof AD_ACCOUNT_ROLES)[number];

/**
 * The account's standing with the console:
 * - `authorized`: its grant is good and its last sync worked;
 * - `expiring`: the grant (the refresh token) lapses within `AD_GRANT_WARNING_DAYS`: authorise again;
 * - `expired`: the medium refused to renew the grant: authorise again;
 * - `failed`: the last sync failed (the medium's reason is in `last_error`); the next sync retries.
 */
export const AD_ACCOUNT_STATUSES = ['authorized', 'expiring', 'expired', 'failed'] as const;
export type AdAccountStatus = (typeof AD_ACCOUNT_STATUSES)[number];

/** Days before a grant lapses that staff are warned to authorise again. */
export const AD_GRANT_WARNING_DAYS = 3;

/** The party (outside-parties kit) of a medium's marketing API. */
export const adPartyName = <const C extends string>(media: C) => `ad_${media}` as const;

const OPERATIONS = [
  'token',
  'refresh',
  'accounts',
  'advertiser_info',
  'balance',
  'report',
  'create_ad',
  'objects',
  'update_object',
] as const;

/** An address of this console the medium sends staff back to (registered with the medium's app). */
const redirectUrl = safeText()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/@]+(\/\S*)?$/);

/**
 * The outside party of each medium's marketing API: the developer app's id (plain) and secret
 * (sealed), and the console page the medium sends staff back to after they authorise.
 */
export const AD_PARTIES = AD_MEDIUM_CODES.map((code) => ({
  name: adPartyName(code),
  settings: z.object({
    app_id: safeText().trim().min(1).max(64),
    redirect_uri: redirectUrl.min(1),
  }),
  credentials: ['app_secret'] as const,
  operations: OPERATIONS,
}));

export const adMediumParam = z.enum(AD_MEDIUM_CODES);

const adAccountFields = {
  media: adMediumParam,
  /** The medium's id of the account. */
  account_id: z.string(),
  name: z.string(),
  role: z.enum(AD_ACCOUNT_ROLES),
  /** The agent it sits under (a row of this table), if the console holds it. */
  parent_id: z.number().int().nullable(),
  /** The account whose authorisation (tokens) it is reached through. */
  grant_account: z.string(),
  status: z.enum(AD_ACCOUNT_STATUSES),
  /** The medium's own word for the account's state (`STATUS_ENABLE`, `CUSTOMER_STATUS_NORMAL`…). */
  media_status: z.string(),
  /** The balance in cents of `currency` at the last sync. */
  balance: z.number().int(),
  currency: z.string(),
  /** When the access token lapses (renewed well before) and when the grant does (authorise again). */
  token_expires_at: z.string().nullable(),
  grant_expires_at: z.string().nullable(),
  synced_at: z.string().nullable(),
  /** The medium's reason of the last failure ('' when the last sync worked). */
  last_error: z.string(),
  remark: z.string(),
  /** Synced on the schedule (staff may pause an account the console should leave alone). */
  enabled: z.boolean(),
  /** Whether the medium's accounts go through the built-in fake (no real adapter for it). */
  simulated: z.boolean(),
};

export const adAccountItem = z.object({ ...rowMeta, ...adAccountFields });
export type AdAccount = z.infer<typeof adAccountItem>;

const remark = safeText().trim().max(200);

/** What staff change of an account; the rest comes from the medium. */
export const adAccountUpdateBody = z.object({
  remark: remark.optional(),
  enabled: z.boolean().optional(),
  version: versionField,
});
export type AdAccountUpdate = z.input<typeof adAccountUpdateBody>;

/** Accounts are created by an authorisation, never by hand: the create body is the completion. */
export const adAuthorizeCallbackBody = z.object({
  /** The code the medium put in the address it sent staff back to. */
  code: safeText().trim().min(1).max(512),
  /** The `state` the authorisation started with (sealed by the server). */
  state: safeText().trim().min(1).max(2048),
});
export type AdAuthorizeCallback = z.input<typeof adAuthorizeCallbackBody>;

export const AD_ACCOUNT_SORTS = ['id', 'name', 'balance', 'synced_at'] as const;
/** Every ad-accounts request names its medium (`?media=jrtt`). */
export const adMediaQuery = z.object({ media: adMediumParam });

export const adAccountListQuery = listQuery(AD_ACCOUNT_SORTS, {
  media: adMediumParam,
  q: keyword,
  status: z.enum(AD_ACCOUNT_STATUSES).optional(),
  role: z.enum(AD_ACCOUNT_ROLES).optional(),
  parent_id: queryInt(1).optional(),
});

export const adAccountsResource = defineResource({
  name: 'ad-accounts',
  page: AD_MEDIA[0].pages['account-manage'],
  scope: 'product',
  logTarget: 'ad_account',
  namespace: 'ads',
  item: adAccountItem,
  create: adAuthorizeCallbackBody,
  update: adAccountUpdateBody,
  list: adAccountListQuery,
  filters: ['q', 'status', 'role', 'parent_id'],
  sorts: AD_ACCOUNT_SORTS,
  remove: 'delete',
  dimension: { name: 'media', kind: 'account-manage', values: AD_MEDIUM_CODES },
});

/** Where an authorisation starts: the medium's page to open, with the sealed state it returns. */
export const adAuthorizeAnswer = z.object({ url: z.string(), state: z.string(), simulated: z.boolean() });
export type AdAuthorizeAnswer = z.infer<typeof adAuthorizeAnswer>;

/** What an authorisation or a sync did. */
export const adSyncAnswer = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
});
export type AdSyncAnswer = z.infer<typeof adSyncAnswer>;

export type { AdMediumCode };
