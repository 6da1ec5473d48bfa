import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/index.ts';
import { emptyDatabase } from '../../../test/index.ts';
import type { MetricsOptions } from './metrics.ts';

let database: Database;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  database = await emptyDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

/** An app on the shared database (which outlives it) with these metrics options. */
async function appWith(metrics: MetricsOptions): Promise<FastifyInstance> {
  const app = await buildApp({
    database: { ...database, close: async () => {} },
    ssoSecret: 's',
    jwtSecret: 'j',
    logLevel: 'silent',
    metrics,
  });
  apps.push(app);
  return app;
}

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Requests of every kind of route: ACS, a business resource with an id, the game API, an unknown path. */
async function exercise(app: FastifyInstance): Promise<void> {
  await app.inject({ method: 'POST', url: '/api/v1/users/login', payload: {} });
  await app.inject('/api/v1/props/987654');
  await app.inject('/api/game/v1/error-codes');
  await app.inject('/api/v1/no-such-thing/13579');
  await app.inject('/healthz');
}

describe('/metrics', () => {
  it('records every route of every plugin by its pattern, unmatched paths under one label', async () => {
    const app = await appWith({});
    await exercise(app);
    const res = await app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    for (const [method, route] of [
      ['POST', '/api/v1/users/login'],
      ['GET', '/api/v1/props/:id'],
      ['GET', '/api/game/v1/error-codes'],
      ['GET', '/healthz'],
    ]) {
      expect(res.body).toContain(`http_request_duration_seconds_count{method="${method}",route="${route}"`);
    }
    expect(res.body).toContain('route="unmatched",status="404"');
    expect(res.body).not.toContain('987654');
    expect(res.body).not.toContain('13579');
  });

  it('asks for the bearer token when METRICS_TOKEN is set (401010 in the envelope otherwise)', async () => {
    const app = await appWith({ token: 'scrape-secret-42' });
    for (const authorization of [undefined, 'Bearer wrong', 'scrape-secret-42', 'Bearer scrape-secret-42x']) {
      const res = await app.inject({
        url: '/metrics',
        headers: { 'accept-language': 'en', ...(authorization ? { authorization } : {}) },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({
        code: 401010,
        data: null,
        msg: 'The metrics access token is missing or wrong.',
      });
    }
    const ok = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret-42' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('process_cpu_user_seconds_total');
  });

  it('serves /metrics only on METRICS_PORT when it is set, still seeing the main port’s routes', async () => {
    const port = await freePort();
    const app = await appWith({ port, host: '127.0.0.1', token: 'side-token' });
    await app.ready();
    const main = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer side-token' } });
    expect(main.statusCode).toBe(404);
    expect(main.json()).toMatchObject({ code: 404001 });

    await exercise(app);
    const denied = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(denied.status).toBe(401);
    expect(((await denied.json()) as { code: number }).code).toBe(401010);
    const side = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: 'Bearer side-token' },
    });
    expect(side.status).toBe(200);
    expect(await side.text()).toContain('route="/api/v1/props/:id"');
    const other = await fetch(`http://127.0.0.1:${port}/api/v1/props/1`);
    expect(other.status).toBe(404);

    await app.close();
    apps.splice(apps.indexOf(app), 1);
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
