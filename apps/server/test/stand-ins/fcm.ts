import { randomBytes } from 'node:crypto';
import { startStandIn, type Received, type Reply, type StandIn } from './server.ts';
import { googleServiceAccount } from './tokens.ts';

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
  const account = googleServiceAccount(SCOPE, 'push');
  let queued: ('rate_limit' | 'fail')[] = [];
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

  async function handle(request: Received): Promise<Reply> {
    const granted = await account.grant(request);
    if (granted) return granted;
    const send = SEND.exec(request.path);
    if (request.method === 'POST' && send) {
      if (!account.tokens.holds(request))
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
  const project = `stand-in-${randomBytes(3).toString('hex')}`;
  const fcm: FcmStandIn = {
    ...standIn,
    project,
    serviceAccount: account.keyFile(standIn.url, project),
    messages: [],
    tokens: account.tokens.issued,
    dead: new Set(),
    revoke: account.tokens.revoke,
    plan: (...outcomes) => {
      queued = outcomes;
    },
  };
  return fcm;
}
