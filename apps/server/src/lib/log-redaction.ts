import type { FastifyRequest } from 'fastify';

/** What a redacted value reads as in the log. */
export const REDACTED = '[redacted]';

/**
 * Query parameters that carry a secret: the refresh token (`rejwt`, which the spec puts in the
 * query), tokens, signatures, passwords, keys and session or ticket values of any provider.
 */
const SECRET_PARAM =
  /^(rejwt|sign|sig|signature|code_verifier|ticket|auth|authorization|cookie)$|token|secret|passw|session|api_?key|access_?key|private/i;

/** Headers that carry a secret, as pino's redact paths of the request and response serializers. */
export const SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-signature',
  'x-game-signature',
];

/** `url` with the value of every secret query parameter replaced by {@link REDACTED}. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent: it is matched undecoded.
      }
      return equals >= 0 && SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/**
 * The logger's options: requests are logged with their secrets (query parameters above, secret
 * headers should a serializer add them) replaced, so the log is no store of credentials.
 */
export function redactingLogger(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: SECRET_HEADERS.flatMap((name) => [`req.headers["${name}"]`, `res.headers["${name}"]`]),
      censor: REDACTED,
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}
