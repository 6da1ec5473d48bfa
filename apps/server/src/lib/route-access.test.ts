import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { emptyDatabase } from '../../test/index.ts';
import { PUBLIC, trackDeclaredAccess } from './route-access.ts';

// Every route under /api declares what it needs (config.access: a resource action, public,
// signed-in, admin or game) in one place, enforced by one hook.
describe('route access', () => {
  it('every /api route the console registers declares its access', async () => {
    const database = await emptyDatabase();
    const app = await buildApp({ database, ssoSecret: 's', jwtSecret: 'j', logLevel: 'silent' });
    await app.ready();
    expect(app.undeclaredAccess).toEqual([]);
    await app.close();
    // Migrating a fresh embedded database takes long on a busy machine.
  }, 120_000);

  it('finds a route added without access', async () => {
    const app = Fastify();
    trackDeclaredAccess(app);
    app.get('/api/v1/declared', { config: PUBLIC }, async () => 'ok');
    app.get('/api/v1/forgotten', async () => 'oops');
    app.get('/healthz', async () => 'outside /api');
    await app.ready();
    expect(app.undeclaredAccess).toEqual(['GET /api/v1/forgotten', 'HEAD /api/v1/forgotten']);
  });
});
