import { createSign } from 'node:crypto';
import { z } from 'zod';
import type { googlePlayParty } from '@rx/contracts';
import {
  OutsideError,
  jsonOf,
  oauthGrantOf,
  type ObtainToken,
  type PartyContext,
  type SettingsOf,
} from '../../../lib/outside/index.ts';
import type { StoreAdapter, VoidedPurchase } from './adapter.ts';

/** Google's documented addresses (the server may be told to reach them elsewhere: tests' stand-ins). */
export const ANDROID_PUBLISHER = 'https://androidpublisher.googleapis.com';
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
/** The API lists voided purchases of the last 30 days; a start a minute inside that is never refused. */
const WINDOW_MS = 30 * 86_400_000 - 60_000;
const PAGE_SIZE = 1000;

/** The fields of a service account's JSON key file the token grant needs. */
const serviceAccount = z.object({
  client_email: z.string().min(3),
  private_key: z.string().includes('PRIVATE KEY'),
  private_key_id: z.string().optional(),
  token_uri: z.url().optional(),
});
type ServiceAccount = z.infer<typeof serviceAccount>;

export function readServiceAccount(json: string): ServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new OutsideError('not_set_up', 'the service account is not a JSON key file');
  }
  const account = serviceAccount.safeParse(parsed);
  if (!account.success)
    throw new OutsideError('not_set_up', 'the service account key file lacks client_email or private_key');
  return account.data;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The JWT a service account signs (RS256) to ask for an access token (RFC 7523 §2.1). */
export function serviceAccountAssertion(
  account: ServiceAccount,
  audience: string,
  now = Date.now(),
  scope = SCOPE,
): string {
  const iat = Math.floor(now / 1000);
  const header = base64url(
    JSON.stringify({
      alg: 'RS256',
      typ: 'JWT',
      ...(account.private_key_id ? { kid: account.private_key_id } : {}),
    }),
  );
  const claims = base64url(
    JSON.stringify({ iss: account.client_email, scope, aud: audience, iat, exp: iat + 3600 }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

/**
 * A service account's access token: a JWT bearer grant (RFC 7523) for `scope` to the key's token
 * URI, the signed assertion kept out of the call log.
 */
export function serviceAccountToken(
  ctx: PartyContext<unknown>,
  account: ServiceAccount,
  scope = SCOPE,
): ObtainToken {
  const audience = account.token_uri ?? GOOGLE_TOKEN_URI;
  const url = ctx.endpoint(audience);
  return async () =>
    oauthGrantOf(
      await ctx.http('token', () => {
        const assertion = serviceAccountAssertion(account, audience, Date.now(), scope);
        ctx.secret(assertion);
        return {
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
        };
      }),
    );
}

const voidedAnswer = z.object({
  voidedPurchases: z.array(z.record(z.string(), z.unknown())).optional(),
  tokenPagination: z.object({ nextPageToken: z.string().optional() }).optional(),
});

/** Where a poll is: the window's start, the page token within it, the latest voided time seen. */
interface Position {
  start: number;
  token?: string;
  latest: number;
}
const readPosition = (cursor: string | null, now: number): Position => {
  const floor = now - WINDOW_MS;
  if (!cursor) return { start: floor, latest: floor };
  try {
    const p = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Position;
    return { ...p, start: Math.max(p.start, floor), latest: Math.max(p.latest, floor) };
  } catch {
    return { start: floor, latest: floor };
  }
};
const writePosition = (p: Position) => base64url(JSON.stringify(p));

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const whole = (v: unknown) => (v === undefined || v === null || v === '' ? Number.NaN : Number(v));

/**
 * Google Play's voided purchases (`GET …/applications/{packageName}/purchases/voidedpurchases`) with
 * a service account's token: a JWT bearer grant to the key's token URI, kept until it expires and
 * renewed under the kit's lock. Pages follow `tokenPagination.nextPageToken`; once the last page is
 * read, the next poll starts at the latest voided time seen (a repeat is stored once).
 */
export function realGooglePlay(ctx: PartyContext<SettingsOf<typeof googlePlayParty>>): StoreAdapter {
  const account = readServiceAccount(ctx.credentials.service_account!);
  const obtain = serviceAccountToken(ctx, account);
  const list = `${ctx.endpoint(ANDROID_PUBLISHER)}/androidpublisher/v3/applications/${encodeURIComponent(
    ctx.settings.package_name,
  )}/purchases/voidedpurchases`;

  return {
    store: 'google_play',
    voidedPurchases: (cursor) =>
      ctx.authorized(obtain, async (token) => {
        const position = readPosition(cursor, Date.now());
        const url = new URL(list);
        url.searchParams.set('startTime', String(position.start));
        url.searchParams.set('maxResults', String(PAGE_SIZE));
        if (position.token) url.searchParams.set('token', position.token);
        const answer = await ctx.http('voided_purchases', {
          method: 'GET',
          url: url.toString(),
          headers: { authorization: `Bearer ${token}` },
        });
        const page = voidedAnswer.safeParse(jsonOf(answer));
        if (!page.success) throw new OutsideError('refused', 'the voided purchases answer is not understood');
        const purchases: VoidedPurchase[] = (page.data.voidedPurchases ?? []).map((p) => ({
          orderId: text(p.orderId),
          purchaseToken: text(p.purchaseToken),
          purchaseTimeMillis: text(p.purchaseTimeMillis),
          voidedTimeMillis: text(p.voidedTimeMillis),
          voidedSource: whole(p.voidedSource ?? 0),
          voidedReason: whole(p.voidedReason ?? 0),
          ...(p.voidedQuantity !== undefined ? { voidedQuantity: whole(p.voidedQuantity) } : {}),
        }));
        const latest = Math.max(
          position.latest,
          ...purchases.map((p) => Number(p.voidedTimeMillis)).filter(Number.isFinite),
        );
        const next = page.data.tokenPagination?.nextPageToken;
        return {
          voidedPurchases: purchases,
          more: !!next,
          cursor: writePosition(next ? { ...position, token: next, latest } : { start: latest, latest }),
        };
      }),
  };
}
