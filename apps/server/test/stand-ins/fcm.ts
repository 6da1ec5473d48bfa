import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { startStandIn, type Received, type Reply, type StandIn } from './server.ts';

/**
 * Google's OAuth token endpoint and FCM HTTP v1's `messages:send`, from their documentation: a
 * service account asks for a token with a JWT bearer grant (RS256, `iss` its email, `aud` the
 * token URI, scope `firebase.messaging`); `POST /v1/projects/{project}/messages:send` with a bearer
 * token and `{ message: { token, notification, data, … } }` answers `{ name:
 * "projects/{project}/messages/{id}" }`; a registration token of an uninstalled app answers 404
 * `NOT_FOUND` with the FcmError `UNREGISTERED`; an unknown access token 401 `UNAUTHENTICATED`.
 */
export interface FcmStandIn extends StandIn {
  serviceAccount: string;
  project: string;
  /** Messages accepted (the `message` objects, in order). */
  messages: Record<string, unknown>[];
  tokens: string[];
  /** Registration tokens FCM calls unregistered. */
  dead: Set<string>;
  revoke(token: string): void;
  plan(...outcomes: ('rate_limit' | 'fail')[]): void;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const SEND = /^\/v1\/projects\/([^/]+)\/messages:send$/;

export async function startFcm(): Promise<FcmStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `push@stand-in-${randomBytes(3).toString('hex')}.iam.gserviceaccount.com`;
  const valid = new Set<string>();
  let queued: ('rate_limit' | 'fail')[] = [];
  let tokenUri = '';
  const error = (code: number, status: string, message: string, errorCode?: string): Reply => ({
    status: code,
    body: {
      error: {
        code,
        message,
        status,
        ...(errorCode
          ? { details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] }
          : {}),
      },
    },
  });

  function grantProblem(assertion: string): string | null {
    const [header, claims, signature] = assertion.split('.');
    if (!header || !claims || !signature) return 'not a JWT';
    if ((JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string }).alg !== 'RS256')
      return 'not RS256';
    if (
      !createVerify('RSA-SHA256')
        .update(`${header}.${claims}`)
        .verify(publicKey, Buffer.from(signature, 'base64url'))
    )
      return 'bad signature';
    const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
    if (c.iss !== clientEmail || c.aud !== tokenUri || c.scope !== SCOPE) return 'wrong claims';
    if (typeof c.exp !== 'number' || c.exp < Date.now() / 1000) return 'expired';
    return null;
  }

  async function handle(request: Received): Promise<Reply> {
    if (request.method === 'POST' && request.path === '/token') {
      const form = new URLSearchParams(request.body);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
        return { status: 400, body: { error: 'unsupported_grant_type' } };
      const problem = grantProblem(form.get('assertion') ?? '');
      if (problem) return { status: 400, body: { error: 'invalid_grant', error_description: problem } };
      const token = `ya29.${randomBytes(18).toString('base64url')}`;
      valid.add(token);
      fcm.tokens.push(token);
      return { status: 200, body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
    }
    const send = SEND.exec(request.path);
    if (request.method === 'POST' && send) {
      const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
      if (!bearer || !valid.has(bearer))
        return error(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      if (send[1] !== fcm.project)
        return error(403, 'PERMISSION_DENIED', 'SenderId mismatch', 'SENDER_ID_MISMATCH');
      const outcome = queued.shift();
      if (outcome === 'rate_limit')
        return {
          ...error(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded', 'QUOTA_EXCEEDED'),
          headers: { 'retry-after': '30' },
        } as Reply;
      if (outcome === 'fail')
        return error(503, 'UNAVAILABLE', 'The service is currently unavailable.', 'UNAVAILABLE');
      const body = JSON.parse(request.body || '{}') as { message?: Record<string, unknown> };
      const message = body.message;
      if (!message || typeof message.token !== 'string' || !message.token)
        return error(
          400,
          'INVALID_ARGUMENT',
          'The registration token is not a valid FCM registration token',
          'INVALID_ARGUMENT',
        );
      const data = message.data as Record<string, unknown> | undefined;
      if (data && Object.values(data).some((v) => typeof v !== 'string'))
        return error(400, 'INVALID_ARGUMENT', 'data values must be strings', 'INVALID_ARGUMENT');
      if (fcm.dead.has(message.token))
        return error(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED');
      fcm.messages.push(message);
      return {
        status: 200,
        body: { name: `projects/${fcm.project}/messages/${randomBytes(8).toString('hex')}` },
      };
    }
    return error(404, 'NOT_FOUND', 'Not found');
  }

  const standIn = await startStandIn(handle);
  tokenUri = `${standIn.url}/token`;
  const project = `stand-in-${randomBytes(3).toString('hex')}`;
  const fcm: FcmStandIn = {
    ...standIn,
    project,
    serviceAccount: JSON.stringify({
      type: 'service_account',
      project_id: project,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      client_id: '1234567890',
      token_uri: tokenUri,
    }),
    messages: [],
    tokens: [],
    dead: new Set(),
    revoke: (token) => valid.delete(token),
    plan: (...outcomes) => {
      queued = outcomes;
    },
  };
  return fcm;
}
