import { createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type ServerHttp2Session,
  type ServerHttp2Stream,
} from 'node:http2';
import type { AddressInfo } from 'node:net';

/**
 * APNs, from Apple's documentation ("Sending notification requests to APNs", "Establishing a
 * token-based connection"): HTTP/2 (here cleartext h2c on 127.0.0.1), `POST /3/device/<token>`
 * with `authorization: bearer <provider token>` — a JWT `{alg: ES256, kid: key id}.{iss: team id,
 * iat}` signed with the .p8 key, refused as `ExpiredProviderToken` past an hour — `apns-topic` the
 * bundle id, `apns-push-type`, and a JSON payload of at most 4 KB with an `aps` dictionary. It
 * answers 200 with the `apns-id`; 400 `BadDeviceToken` for a token that is not 64 hex digits; 410
 * `Unregistered` for a token of an app uninstalled; 429 `TooManyRequests`; 503 `ServiceUnavailable`;
 * 403 for a provider token it refuses.
 */
export interface ApnsStandIn {
  url: string;
  teamId: string;
  keyId: string;
  bundleId: string;
  /** The .p8 key (PKCS#8 PEM). */
  authKey: string;
  /** Accepted pushes: the device token, the headers and the payload. */
  pushes: { token: string; headers: IncomingHttpHeaders; payload: Record<string, unknown> }[];
  /** Provider tokens seen (each distinct once). */
  providerTokens: Set<string>;
  /** Device tokens APNs calls unregistered. */
  dead: Set<string>;
  plan(...outcomes: ('rate_limit' | 'fail' | 'expire')[]): void;
  close(): Promise<void>;
}

const HEX_TOKEN = /^[0-9a-f]{64}$/i;

export async function startApns(): Promise<ApnsStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const teamId = randomBytes(5).toString('hex').toUpperCase();
  const keyId = randomBytes(5).toString('hex').toUpperCase();
  const bundleId = `com.example.standin${randomBytes(2).toString('hex')}`;
  let queued: ('rate_limit' | 'fail' | 'expire')[] = [];

  function tokenProblem(bearer: string): string | null {
    const [header, claims, signature] = bearer.split('.');
    if (!header || !claims || !signature) return 'MissingProviderToken';
    const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string; kid?: string };
    if (head.alg !== 'ES256' || head.kid !== keyId) return 'InvalidProviderToken';
    const ok = createVerify('SHA256')
      .update(`${header}.${claims}`)
      .verify({ key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!ok) return 'InvalidProviderToken';
    const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { iss?: string; iat?: number };
    if (c.iss !== teamId) return 'InvalidProviderToken';
    if (typeof c.iat !== 'number' || c.iat < Date.now() / 1000 - 3600) return 'ExpiredProviderToken';
    return null;
  }

  function answer(stream: ServerHttp2Stream, status: number, reason?: string, id?: string): void {
    stream.respond({
      ':status': status,
      'apns-id': id ?? randomUUID().toUpperCase(),
      ...(reason ? { 'content-type': 'application/json' } : {}),
      ...(status === 429 ? { 'retry-after': '30' } : {}),
    });
    stream.end(
      reason ? JSON.stringify({ reason, ...(status === 410 ? { timestamp: Date.now() } : {}) }) : '',
    );
  }

  const server = createServer();
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const id = String(headers['apns-id'] ?? '') || undefined;
      const path = String(headers[':path'] ?? '');
      const device = /^\/3\/device\/([^/?]+)$/.exec(path)?.[1];
      if (headers[':method'] !== 'POST') return answer(stream, 405, 'MethodNotAllowed', id);
      if (!device) return answer(stream, 404, 'BadPath', id);
      const bearer = /^bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1] ?? '';
      const problem = tokenProblem(bearer);
      if (problem) return answer(stream, 403, problem, id);
      apns.providerTokens.add(bearer);
      if (headers['apns-topic'] !== bundleId) return answer(stream, 400, 'DeviceTokenNotForTopic', id);
      if (!headers['apns-push-type']) return answer(stream, 400, 'InvalidPushType', id);
      const outcome = queued.shift();
      if (outcome === 'rate_limit') return answer(stream, 429, 'TooManyRequests', id);
      if (outcome === 'fail') return answer(stream, 503, 'ServiceUnavailable', id);
      if (outcome === 'expire') return answer(stream, 403, 'ExpiredProviderToken', id);
      const body = Buffer.concat(chunks);
      if (body.length > 4096) return answer(stream, 413, 'PayloadTooLarge', id);
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return answer(stream, 400, 'PayloadEmpty', id);
      }
      if (!payload.aps || typeof payload.aps !== 'object') return answer(stream, 400, 'PayloadEmpty', id);
      const token = decodeURIComponent(device);
      if (!HEX_TOKEN.test(token)) return answer(stream, 400, 'BadDeviceToken', id);
      if (apns.dead.has(token)) return answer(stream, 410, 'Unregistered', id);
      apns.pushes.push({ token, headers, payload });
      answer(stream, 200, undefined, id);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const apns: ApnsStandIn = {
    url: `http://127.0.0.1:${port}`,
    teamId,
    keyId,
    bundleId,
    authKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    pushes: [],
    providerTokens: new Set(),
    dead: new Set(),
    plan: (...outcomes) => {
      queued = outcomes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Sessions the console keeps open would hold the close.
        for (const session of sessions) session.destroy();
      }),
  };
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  return apns;
}
