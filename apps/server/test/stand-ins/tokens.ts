import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Received, Reply } from './server.ts';

/** The access tokens a stand-in's OAuth server handed out: all of them in order, and which still hold. */
export function accessTokens(make: () => string) {
  const valid = new Set<string>();
  const issued: string[] = [];
  return {
    /** Tokens handed out (all of them, in order). */
    issued,
    issue(): string {
      const token = make();
      valid.add(token);
      issued.push(token);
      return token;
    },
    /** Whether the request's `Authorization: Bearer` token was handed out and still holds. */
    holds(request: Received): boolean {
      const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
      return !!bearer && valid.has(bearer);
    },
    /** The token no longer holds (it "expired"). */
    revoke(token: string): void {
      valid.delete(token);
    },
  };
}

/**
 * A Google service account and Google's OAuth token endpoint, from their documentation: the account
 * asks `POST /token` for a token with a JWT bearer grant (RS256, `iss` its email, `aud` the token
 * URI, `scope`), answered `{ access_token: "ya29.…", expires_in, token_type }`.
 */
export function googleServiceAccount(scope: string, user: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `${user}@stand-in-${randomBytes(3).toString('hex')}.iam.gserviceaccount.com`;
  const tokens = accessTokens(() => `ya29.${randomBytes(18).toString('base64url')}`);
  let tokenUri = '';

  function grantProblem(assertion: string): string | null {
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
    if (c.iss !== clientEmail || c.aud !== tokenUri || c.scope !== scope) return 'wrong claims';
    if (typeof c.exp !== 'number' || c.exp < now || typeof c.iat !== 'number' || c.iat > now + 60)
      return 'expired';
    return null;
  }

  return {
    clientEmail,
    tokens,
    /** Answers a `POST /token` (after `beforeGrant` when it is granted); null for any other request. */
    async grant(request: Received, beforeGrant?: () => Promise<void>): Promise<Reply | null> {
      if (request.method !== 'POST' || request.path !== '/token') return null;
      const form = new URLSearchParams(request.body);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
        return { status: 400, body: { error: 'unsupported_grant_type' } };
      const problem = grantProblem(form.get('assertion') ?? '');
      if (problem) return { status: 400, body: { error: 'invalid_grant', error_description: problem } };
      await beforeGrant?.();
      return { status: 200, body: { access_token: tokens.issue(), expires_in: 3599, token_type: 'Bearer' } };
    },
    /** The account's JSON key file, its token URI the stand-in's at `url`. */
    keyFile(url: string, project: string): string {
      tokenUri = `${url}/token`;
      return JSON.stringify({
        type: 'service_account',
        project_id: project,
        private_key_id: randomBytes(20).toString('hex'),
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        client_email: clientEmail,
        client_id: '1234567890',
        token_uri: tokenUri,
      });
    },
  };
}
