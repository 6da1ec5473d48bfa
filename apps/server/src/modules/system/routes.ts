import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ping, type Db } from '../../db/index.ts';

/** Liveness and readiness (metrics: metrics.ts). */
export async function healthRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ping(options.db);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
}

/**
 * Serves the built console: hashed assets under /main/assets with a long cache, the app's
 * index.html for every other /main/* path, the sign-in page at /login, and / → /main/.
 */
export async function webRoutes(app: FastifyInstance, options: { dist: string }): Promise<void> {
  const { dist } = options;
  const indexHtml = path.join(dist, 'index.html');
  const loginHtml = path.join(dist, 'login.html');
  if (!fs.existsSync(indexHtml)) {
    app.log.warn({ dist }, 'the console is not built; run `npm run build` (the API still answers)');
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/main/',
    wildcard: false,
    index: false,
    serve: false,
  });
  const sendHtml = (file: string) => fs.readFileSync(file, 'utf8');
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/main/'));
  app.get('/login', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return sendHtml(loginHtml);
  });
  app.get('/main', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/main/'));
  app.get('/main/*', { schema: { hide: true } }, async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    const file = builtFile(dist, rest);
    if (rest.startsWith('assets/') && isPlainPath(rest)) {
      if (file) return reply.sendFile(file, dist, { maxAge: '365d', immutable: true });
      return reply.code(404).type('text/plain').send('not found');
    }
    if (file && !file.endsWith('.html')) return reply.sendFile(file, dist, { maxAge: '1h' });
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return sendHtml(indexHtml);
  });
}

/**
 * A path made only of ordinary names: no `.`/`..`/empty or dot-leading segments, no backslash,
 * NUL or percent sign (a second decoding). Everything else is an unknown console path, so the
 * answer never depends on what exists outside the build.
 */
function isPlainPath(rest: string): boolean {
  return (
    !/[\\\0%]/.test(rest) && rest.split('/').every((segment) => segment !== '' && !segment.startsWith('.'))
  );
}

/** The path of a regular file inside the build that `rest` names, or null. */
function builtFile(dist: string, rest: string): string | null {
  if (!isPlainPath(rest)) return null;
  try {
    const file = fs.realpathSync(path.join(dist, rest));
    const inside = path.relative(fs.realpathSync(dist), file);
    if (inside.startsWith('..') || path.isAbsolute(inside) || !fs.statSync(file).isFile()) return null;
    return rest;
  } catch {
    return null;
  }
}
