import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Registry, collectDefaultMetrics, Histogram } from 'prom-client';
import { ping, type Db } from '../../db/index.ts';

/** Liveness, readiness and Prometheus metrics. */
export async function healthRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.labels(request.method, route, String(reply.statusCode)).observe(reply.elapsedTime / 1000);
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ping(options.db);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
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
    if (rest.startsWith('assets/')) {
      const file = path.join(dist, path.normalize(rest).replace(/^(\.\.(\/|\\|$))+/, ''));
      if (file.startsWith(dist) && fs.existsSync(file)) {
        return reply.sendFile(rest, dist, { maxAge: '365d', immutable: true });
      }
      return reply.code(404).type('text/plain').send('not found');
    }
    if (/\.[a-z0-9]+$/i.test(rest) && fs.existsSync(path.join(dist, rest)) && !rest.endsWith('.html')) {
      return reply.sendFile(rest, dist, { maxAge: '1h' });
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return sendHtml(indexHtml);
  });
}
