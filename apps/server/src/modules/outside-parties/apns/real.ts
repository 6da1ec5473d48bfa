import { createHash, createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import type { apnsParty } from '@rx/contracts';
import {
  OutsideError,
  retryAfterSeconds,
  type Attempt,
  type PartyContext,
  type SettingsOf,
} from '../../../lib/outside/index.ts';
import type { PushMessage, PushOutcome, PushProvider } from '../fcm/adapter.ts';

/** APNs' documented addresses (tests reach a stand-in instead). */
export const APNS_PRODUCTION = 'https://api.push.apple.com';
export const APNS_SANDBOX = 'https://api.sandbox.push.apple.com';

/** Apple refuses a provider token older than an hour and one renewed more often than every 20 minutes. */
const TOKEN_LIFE_MS = 50 * 60_000;
/** The reasons that mean the device token is dead: retire it, never send to it again. */
const DEAD_REASONS = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic']);
const MAX_ANSWER = 64 * 1024;

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * The provider token: a JWT `{alg: ES256, kid}.{iss: team id, iat}` signed with the .p8 key, its
 * signature in JOSE form (r‖s, not DER), as Apple documents for token-based connections.
 */
export function providerToken(key: KeyObject, keyId: string, teamId: string, nowMs: number): string {
  const head = `${b64(JSON.stringify({ alg: 'ES256', kid: keyId }))}.${b64(
    JSON.stringify({ iss: teamId, iat: Math.floor(nowMs / 1000) }),
  )}`;
  const signature = createSign('SHA256').update(head).sign({ key, dsaEncoding: 'ieee-p1363' });
  return `${head}.${b64(signature)}`;
}

/** The APNs payload of a push: the alert, `mutable-content` for an image, the data beside `aps`. */
export function apnsPayload(message: PushMessage): Record<string, unknown> {
  return {
    ...message.data,
    aps: {
      alert: { title: message.title, body: message.body },
      sound: 'default',
      ...(message.image ? { 'mutable-content': 1 } : {}),
    },
    ...(message.image ? { image: message.image } : {}),
  };
}

/** An APNs id (a UUID, its canonical form) from the push's idempotency key: the same push, the same id. */
function apnsId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface H2Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP/2 request on `session`, aborted on the attempt's signal; the answer bounded. */
function h2Request(
  session: ClientHttp2Session,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<H2Answer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new OutsideError('timeout', 'APNs did not answer in time'));
    const stream = session.request(headers, { signal });
    const chunks: Buffer[] = [];
    let size = 0;
    let answered: H2Answer['headers'] = {};
    stream.on('response', (h) => {
      answered = h as H2Answer['headers'];
    });
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER) stream.close(constants.NGHTTP2_CANCEL);
      else chunks.push(chunk);
    });
    stream.on('end', () =>
      resolve({
        status: Number(answered[':status'] ?? 0),
        headers: answered,
        body: Buffer.concat(chunks).toString('utf8'),
      }),
    );
    stream.on('error', (error: Error) =>
      reject(
        signal.aborted || error.name === 'AbortError'
          ? new OutsideError('timeout', 'APNs did not answer in time')
          : new OutsideError('unavailable', `APNs connection failed: ${error.message}`),
      ),
    );
    stream.end(body);
  });
}

const reasonOf = (body: string): string => {
  try {
    return String((JSON.parse(body) as { reason?: unknown }).reason ?? '');
  } catch {
    return '';
  }
};

/**
 * The `apns-expiration` header from the push's expiry (the task's `ttl_seconds`, a day when unset):
 * the UNIX second until which APNs keeps trying; 0 (no expiry time) is APNs' "deliver once, never
 * store", sent as 0 itself.
 */
export function apnsExpiration(ttlSeconds: number | undefined, now = Date.now()): string {
  const ttl = ttlSeconds ?? 86_400;
  return ttl === 0 ? '0' : String(Math.floor(now / 1000) + ttl);
}

/**
 * APNs (`POST /3/device/<token>` over HTTP/2) with a provider token kept for 50 minutes through the
 * kit's token store (one per game across instances, renewed once when APNs calls it expired). One
 * HTTP/2 connection per adapter, reused by its pushes and closed when idle. 200 answers the
 * `apns-id`; 410 `Unregistered` and 400 `BadDeviceToken` mean the token is dead (answered, not
 * thrown); 429 and 5xx are the kit's `rate_limited` and `unavailable`.
 */
export function realApns(ctx: PartyContext<SettingsOf<typeof apnsParty>>): PushProvider {
  const { team_id: teamId, key_id: keyId, bundle_id: topic, environment } = ctx.settings;
  const origin = ctx.endpoint(environment === 'sandbox' ? APNS_SANDBOX : APNS_PRODUCTION);
  let key: KeyObject;
  try {
    key = createPrivateKey(ctx.credentials.auth_key!);
  } catch {
    throw new OutsideError('not_set_up', 'the APNs auth key is not a PEM private key (.p8)');
  }
  let session: ClientHttp2Session | null = null;
  const sessionOf = () => {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = connect(origin);
    opened.on('error', () => opened.destroy());
    // Idle for 30 s: closed (a later push opens another).
    opened.setTimeout(30_000, () => opened.close());
    opened.unref();
    session = opened;
    return opened;
  };
  const obtain = async () => ({
    accessToken: providerToken(key, keyId, teamId, Date.now()),
    expiresAt: new Date(Date.now() + TOKEN_LIFE_MS),
  });
  const send = (message: PushMessage, idempotencyKey: string, token: string, a: Attempt) =>
    h2Request(
      sessionOf(),
      {
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(message.token)}`,
        authorization: `bearer ${token}`,
        'apns-topic': topic,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'apns-id': apnsId(idempotencyKey),
        'apns-expiration': apnsExpiration(message.ttlSeconds),
        'content-type': 'application/json',
      },
      JSON.stringify(apnsPayload(message)),
      a.signal,
    );
  return {
    provider: 'apns',
    send: (message, idempotencyKey): Promise<PushOutcome> =>
      ctx.authorized(obtain, async (token) => {
        ctx.secret(token);
        return ctx.call<PushOutcome>(
          'send',
          async (a) => {
            const answer = await send(message, idempotencyKey, token, a);
            const requestId = String(answer.headers['apns-id'] ?? '');
            const reason = reasonOf(answer.body);
            const at = { status: answer.status };
            if (answer.status === 200)
              return { value: { outcome: 'sent', messageId: requestId }, httpStatus: 200, requestId };
            if (answer.status === 410 || DEAD_REASONS.has(reason))
              return {
                value: { outcome: 'unregistered', reason: reason || 'Unregistered' },
                httpStatus: answer.status,
                requestId,
              };
            if (answer.status === 403 && /ProviderToken/.test(reason))
              throw new OutsideError('token_expired', `APNs refused the provider token (${reason})`, at);
            if (answer.status === 429)
              throw new OutsideError('rate_limited', `APNs: ${reason || 'TooManyRequests'}`, {
                ...at,
                retryAfter: retryAfterSeconds(String(answer.headers['retry-after'] ?? '')),
              });
            if (answer.status >= 500)
              throw new OutsideError('unavailable', `APNs answered ${answer.status} ${reason}`, at);
            throw new OutsideError('refused', `APNs refused the push: ${answer.status} ${reason}`, at);
          },
          { idempotencyKey },
        );
      }),
  };
}
