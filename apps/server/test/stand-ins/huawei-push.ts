import { randomBytes } from 'node:crypto';
import { startStandIn, type Received, type Reply, type StandIn } from './server.ts';
import { accessTokens } from './tokens.ts';

/**
 * Huawei's OAuth 2.0 server and Push Kit, from their documentation: `POST /oauth2/v3/token` with
 * `grant_type=client_credentials`, the app id as `client_id` and its secret answers
 * `{ access_token, expires_in, token_type }`; `POST /v1/{app_id}/messages:send` with a bearer token
 * and `{ validate_only, message: { android: { notification }, data (a JSON string), token: [...] } }`
 * answers HTTP 200 `{ code: "80000000", msg: "Success", requestId }`, or `80300007` "All the tokens
 * are invalid", `80100000` with the illegal tokens listed in `msg` when only some are; an unknown
 * access token 401 `80200003`.
 */
export interface HuaweiPushStandIn extends StandIn {
  appId: string;
  clientSecret: string;
  /** Messages accepted (the `message` objects, in order). */
  messages: Record<string, unknown>[];
  tokens: string[];
  /** Push tokens Push Kit calls invalid. */
  dead: Set<string>;
  revoke(token: string): void;
  plan(...outcomes: ('rate_limit' | 'fail')[]): void;
}

const SEND = /^\/v1\/([^/]+)\/messages:send$/;

export async function startHuaweiPush(): Promise<HuaweiPushStandIn> {
  const appId = String(100_000_000 + Math.floor(Math.random() * 900_000_000));
  const clientSecret = randomBytes(32).toString('hex');
  const access = accessTokens(() => `CgB6e3x9${randomBytes(24).toString('base64url')}`);
  let queued: ('rate_limit' | 'fail')[] = [];
  const requestId = () => `${Date.now()}${randomBytes(6).toString('hex')}`;
  const result = (code: string, msg: string, status = 200): Reply => ({
    status,
    body: { code, msg, requestId: requestId() },
  });

  async function handle(request: Received): Promise<Reply> {
    if (request.method === 'POST' && request.path === '/oauth2/v3/token') {
      const form = new URLSearchParams(request.body);
      if (form.get('grant_type') !== 'client_credentials')
        return {
          status: 400,
          body: { error: 1102, sub_error: 20003, error_description: 'invalid grant_type' },
        };
      if (form.get('client_id') !== appId || form.get('client_secret') !== clientSecret)
        return { status: 400, body: { error: 1101, sub_error: 20030, error_description: 'invalid client' } };
      return { status: 200, body: { access_token: access.issue(), expires_in: 3600, token_type: 'Bearer' } };
    }
    const send = SEND.exec(request.path);
    if (request.method === 'POST' && send) {
      if (!access.holds(request)) return result('80200003', 'OAuth token expired', 401);
      if (send[1] !== appId) return result('80300002', 'The current app does not have the permission', 403);
      const outcome = queued.shift();
      if (outcome === 'rate_limit')
        return { ...result('81000001', 'Too many requests', 429), headers: { 'retry-after': '30' } } as Reply;
      if (outcome === 'fail') return result('81000001', 'System inner error', 503);
      const body = JSON.parse(request.body || '{}') as { message?: Record<string, unknown> };
      const message = body.message;
      const tokens = message?.token;
      if (!message || !Array.isArray(tokens) || !tokens.length)
        return result('80100003', 'Illegal payload', 400);
      if (message.data !== undefined && typeof message.data !== 'string')
        return result('80100003', 'Illegal payload: data must be a JSON string', 400);
      const illegal = (tokens as string[]).filter((t) => hms.dead.has(t));
      if (illegal.length === tokens.length) return result('80300007', 'All the tokens are invalid');
      hms.messages.push(message);
      if (illegal.length)
        return result(
          '80100000',
          JSON.stringify({
            success: tokens.length - illegal.length,
            failure: illegal.length,
            illegal_tokens: illegal,
          }),
        );
      return result('80000000', 'Success');
    }
    return { status: 404, body: { code: '80300001', msg: 'Not found' } };
  }

  const standIn = await startStandIn(handle);
  const hms: HuaweiPushStandIn = {
    ...standIn,
    appId,
    clientSecret,
    messages: [],
    tokens: access.issued,
    dead: new Set(),
    revoke: access.revoke,
    plan: (...outcomes) => {
      queued = outcomes;
    },
  };
  return hms;
}
