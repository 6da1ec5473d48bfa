import type { FastifyRequest } from 'fastify';
import { pickLanguage, type Envelope, type Language } from '@rx/contracts';

/** The language of the answer's messages: `X-Lang`, else `Accept-Language`, else zh. */
export function requestLanguage(request: FastifyRequest): Language {
  const explicit = request.headers['x-lang'];
  return pickLanguage(typeof explicit === 'string' ? explicit : request.headers['accept-language']);
}

export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { code: 0, data, msg };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}
