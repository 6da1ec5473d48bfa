import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { buildApp } from '../../app.ts';
import { users } from '../../db/schema.ts';
import { seed } from '../../seed/index.ts';
import { emptyDatabase, useTestApp } from '../../../test/index.ts';
import { appServing, writeWebBuild } from '../../../test/web-build.ts';
import { body } from '../../../test/helpers.ts';

const t = useTestApp({ as: null });

describe('health, metrics and docs', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('exposes Prometheus metrics with request durations', async () => {
    await t.app.inject('/healthz');
    const res = await t.app.inject('/metrics');
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('documents the ACS API as OpenAPI at /api/docs', async () => {
    const res = await t.app.inject('/api/docs/json');
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/v1/users/login',
      '/api/v1/acs/user/login',
      '/api/v1/acs/permission/get_all',
      '/api/v1/acs/user/rejwt',
    ]) {
      expect(doc.paths).toHaveProperty([p]);
    }
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('answers unknown API paths with 404001 in the envelope', async () => {
    const res = await t.app.inject({ url: '/api/v1/nope', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ code: 404001, data: null, msg: 'The record was not found.' });
  });
});

describe('serving the console', () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeWebBuild(dir, { 'assets/app-abc123.js': 'console.log(1)' });
    app = await appServing(dir);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers index.html for every /main path, no-cache', async () => {
    for (const url of ['/main/', '/main/homepage/index', '/main/basic/sub-channel/edit/3?x=1']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('console');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache, and 404 for missing ones', async () => {
    const res = await app.inject('/main/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await app.inject('/main/assets/missing.js')).statusCode).toBe(404);
    expect((await app.inject('/main/assets/../../../etc/passwd')).statusCode).not.toBe(200);
  });

  it('serves the sign-in page at /login and redirects / to /main/', async () => {
    expect((await app.inject('/login?redirect=1')).body).toContain('sign in');
    const root = await app.inject('/');
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/main/');
  });
});

describe('seeding', () => {
  it('needs ADMIN_PASSWORD for an empty production database', async () => {
    const database = await emptyDatabase();
    await expect(seed(database.db, { demo: false })).rejects.toThrow(/ADMIN_PASSWORD/);
    await database.close();
  });

  it('creates the first admin, who must change the password', async () => {
    const database = await emptyDatabase();
    await seed(database.db, { demo: false, adminPassword: 'First-admin-1' });
    const rows = await database.db.select().from(users);
    expect(rows.map((u) => [u.username, u.isModifiedPassword])).toEqual([['admin', 0]]);
    // A second start seeds nothing more.
    await seed(database.db, { demo: false, adminPassword: 'other' });
    expect(await database.db.select().from(users).where(eq(users.username, 'admin'))).toHaveLength(1);
    await database.close();
  });

  it('seeds the demo staff in two CPs of different publish areas', async () => {
    const staff = await t.database.db
      .select({ username: users.username, cpId: users.cpId, usertype: users.usertype })
      .from(users);
    expect(staff.map((s) => s.username).sort()).toEqual([
      'admin',
      'cp_dev',
      'cs_agent',
      'ops_gn',
      'ops_gn2',
      'ops_hw',
    ]);
    const cpOf = (name: string) => staff.find((s) => s.username === name)!.cpId;
    expect(cpOf('ops_hw')).not.toBe(cpOf('admin'));
    expect(staff.find((s) => s.username === 'cp_dev')!.usertype).toBe(1);
  });
});
