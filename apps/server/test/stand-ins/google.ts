import type { VoidedPurchase } from '../../src/modules/outside-parties/index.ts';
import { startStandIn, type Received, type Reply, type StandIn } from './server.ts';
import { googleServiceAccount } from './tokens.ts';

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
  const account = googleServiceAccount(SCOPE, 'console');
  let queued: ('rate_limit' | 'fail')[] = [];

  const refused = (status: number, message: string): Reply => ({
    status,
    body: {
      error: { code: status, message, status: status === 401 ? 'UNAUTHENTICATED' : 'INVALID_ARGUMENT' },
    },
  });

  async function handle(request: Received): Promise<Reply> {
    const granted = await account.grant(request, () => google.beforeGrant());
    if (granted) return granted;
    const list = LIST.exec(request.path);
    if (request.method === 'GET' && list) {
      if (!account.tokens.holds(request))
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
  const google: GoogleStandIn = {
    ...standIn,
    clientEmail: account.clientEmail,
    serviceAccount: account.keyFile(standIn.url, 'stand-in'),
    voided: new Map(),
    tokens: account.tokens.issued,
    pageSize: 2,
    retryAfter: 60,
    revoke: account.tokens.revoke,
    plan: (...outcomes) => {
      queued = outcomes;
    },
    beforeGrant: async () => undefined,
  };
  return google;
}
