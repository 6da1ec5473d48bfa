import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** A strong ETag of an answer's bytes. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Answers `data` with an ETag of its content; 304 when the caller has it. */
export function sendTagged(request: FastifyRequest, reply: FastifyReply, data: unknown): FastifyReply {
  const body = JSON.stringify(ok(data));
  const etag = etagOf(body);
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
    return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
