import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { VoidedPurchase } from '../../src/modules/outside-parties/index.ts';
import { startStandIn, type Received, type Reply, type StandIn } from './server.ts';

/**
 * Google's OAuth token endpoint and the Play Developer API's voided purchases, from their
 * documentation: a service account asks for a token with a JWT bearer grant (RS256, `iss` its
 * email, `aud` the token URI, the androidpublisher `scope`); the API answers pages of voided
 * purchases from `startTime` on, following `tokenPagination.nextPageToken`, and refuses a token it
 * does not know (401, `UNAUTHENTICATED`).
 */

export interface GoogleStandIn extends StandIn {
  /** A service account's JSON key file whose token URI is this stand-in's. */
  serviceAccount: string;
  clientEmail: string;
  /** Voided purchases per package name. */
  voided: Map<string, VoidedPurchase[]>;
  /** Tokens handed out (all of them, in order). */
  tokens: string[];
  /** A page answers at most this many (the API's `maxResults` is also obeyed). */
  pageSize: number;
  /** The token no longer holds (it "expired"): the API answers 401 for it. */
  revoke(token: string): void;
  /** The next voided-purchases requests' answers in turn: a 429 with `Retry-After: retryAfter`, or a 503. */
  plan(...outcomes: ('rate_limit' | 'fail')[]): void;
  retryAfter: number;
  /** Awaited before a token is granted (the race test holds the first grant here). */
  beforeGrant: () => Promise<void>;
}

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const LIST = /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/voidedpurchases$/;

export async function startGoogle(): Promise<GoogleStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `console@stand-in-${randomBytes(3).toString('hex')}.iam.gserviceaccount.com`;
  const valid = new Set<string>();
  let queued: ('rate_limit' | 'fail')[] = [];
  let tokenUri = '';

  const refused = (status: number, message: string): Reply => ({
    status,
    body: {
      error: { code: status, message, status: status === 401 ? 'UNAUTHENTICATED' : 'INVALID_ARGUMENT' },
    },
  });

  function grantHolds(assertion: string): string | null {
    const [header, claims, signature] = assertion.split('.');
    if (!header || !claims || !signature) return 'not a JWT';
    const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
    if (head.alg !== 'RS256') return 'not RS256';
    if (
      !createVerify('RSA-SHA256')
        .update(`${header}.${claims}`)
        .verify(publicKey, Buffer.from(signature, 'base64url'))
    )
      return 'bad signature';
    const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
    const now = Date.now() / 1000;
    if (c.iss !== clientEmail || c.aud !== tokenUri || c.scope !== SCOPE) return 'wrong claims';
    if (typeof c.exp !== 'number' || c.exp < now || typeof c.iat !== 'number' || c.iat > now + 60)
      return 'expired';
    return null;
  }

  async function handle(request: Received): Promise<Reply> {
    if (request.method === 'POST' && request.path === '/token') {
      const form = new URLSearchParams(request.body);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
        return { status: 400, body: { error: 'unsupported_grant_type' } };
      const problem = grantHolds(form.get('assertion') ?? '');
      if (problem) return { status: 400, body: { error: 'invalid_grant', error_description: problem } };
      await google.beforeGrant();
      const token = `ya29.${randomBytes(18).toString('base64url')}`;
      valid.add(token);
      google.tokens.push(token);
      return { status: 200, body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
    }
    const list = LIST.exec(request.path);
    if (request.method === 'GET' && list) {
      const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
      if (!bearer || !valid.has(bearer))
        return refused(401, 'Request had invalid authentication credentials.');
      const outcome = queued.shift();
      if (outcome === 'rate_limit')
        return {
          status: 429,
          headers: { 'retry-after': String(google.retryAfter) },
          body: { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } },
        };
      if (outcome === 'fail')
        return {
          status: 503,
          body: { error: { code: 503, message: 'Backend Error', status: 'UNAVAILABLE' } },
        };
      const start = Number(request.query.get('startTime') ?? 0);
      const all = (google.voided.get(decodeURIComponent(list[1]!)) ?? []).filter(
        (p) => Number(p.voidedTimeMillis) >= start,
      );
      const from = Number(request.query.get('token') ?? 0);
      const size = Math.min(google.pageSize, Number(request.query.get('maxResults') ?? 1000));
      const page = all.slice(from, from + size);
      return {
        status: 200,
        body: {
          pageInfo: { totalResults: all.length, resultPerPage: size, startIndex: from },
          ...(from + size < all.length ? { tokenPagination: { nextPageToken: String(from + size) } } : {}),
          voidedPurchases: page.map((p) => ({ kind: 'androidpublisher#voidedPurchase', ...p })),
        },
      };
    }
    return refused(404, 'Not found');
  }

  const standIn = await startStandIn(handle);
  tokenUri = `${standIn.url}/token`;
  const google: GoogleStandIn = {
    ...standIn,
    clientEmail,
    serviceAccount: JSON.stringify({
      type: 'service_account',
      project_id: 'stand-in',
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      client_id: '1234567890',
      token_uri: tokenUri,
    }),
    voided: new Map(),
    tokens: [],
    pageSize: 2,
    retryAfter: 60,
    revoke: (token) => valid.delete(token),
    plan: (...outcomes) => {
      queued = outcomes;
    },
    beforeGrant: async () => undefined,
  };
  return google;
}
