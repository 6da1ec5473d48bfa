import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ErrorCode, errorMessage } from '@rx/contracts';
import { requestLanguage } from '../../lib/request.ts';

export interface MetricsOptions {
  /** When set, /metrics asks for `Authorization: Bearer <token>`. */
  token?: string;
  /** When set, /metrics is served only on this port (by a second, tiny listener). */
  port?: number;
  /** The address the second listener binds. */
  host?: string;
}

/** The label of requests no route matched, so probes of random paths do not grow the series. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Prometheus metrics: every request's duration labelled by its route pattern, and /metrics.
 * Call on the root instance before any route plugin is registered, so the hook reaches them all.
 */
export function setUpMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    duration.labels(request.method, route, String(reply.statusCode)).observe(reply.elapsedTime / 1000);
  });

  const serve = metricsRoute(registry, options.token);
  if (options.port === undefined) {
    serve(app);
    return;
  }
  const listener = Fastify({ logger: false });
  serve(listener);
  listener.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      code: ErrorCode.NOT_FOUND,
      data: null,
      msg: errorMessage(ErrorCode.NOT_FOUND, requestLanguage(request)),
    });
  });
  app.addHook('onReady', async () => {
    await listener.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
    app.log.info(`metrics at port ${options.port}`);
  });
  app.addHook('onClose', async () => {
    await listener.close();
  });
}

function metricsRoute(registry: Registry, token: string | undefined) {
  const expected = token ? digest(`Bearer ${token}`) : null;
  return (app: FastifyInstance) => {
    app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
      // Compared as digests: constant time, whatever the length sent.
      if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
        return reply.code(401).send({
          code: ErrorCode.METRICS_TOKEN_INVALID,
          data: null,
          msg: errorMessage(ErrorCode.METRICS_TOKEN_INVALID, requestLanguage(request)),
        });
      }
      reply.type(registry.contentType);
      return registry.metrics();
    });
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
