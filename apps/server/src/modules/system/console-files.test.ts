import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { appServing, writeWebBuild } from '../../../test/web-build.ts';

let root: string;
let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  // The build, and beside it a file that exists outside the build.
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'console-files-'));
  dist = path.join(root, 'dist');
  writeWebBuild(dist, { 'assets/app-abc123.js': 'console.log(1)', 'robots.txt': 'User-agent: *' });
  fs.writeFileSync(path.join(root, 'secret.conf'), 'outside the build');
  fs.symlinkSync(path.join(root, 'secret.conf'), path.join(dist, 'linked.conf'));
  app = await appServing(dist);
  // A route that fails the way Fastify's plugins refuse a request (e.g. @fastify/static's 403).
  app.get('/forbidden-probe', async () => {
    throw Object.assign(new Error('Forbidden'), { statusCode: 403 });
  });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** What a caller can tell apart: status, type, caching and body. */
const answer = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  type: res.headers['content-type'],
  cache: res.headers['cache-control'],
  body: res.body,
});

const up = (encoded: string, times = 12) => encoded.repeat(times);

/** Each way of spelling "a file outside the build", with `{}` where the target goes. */
const SPELLINGS = [
  `${up('..%2f')}{}`,
  `${up('..%252f')}{}`,
  `${up('%2e%2e%2f')}{}`,
  `${up('%252e%252e%252f')}{}`,
  `${up('..%5c')}{}`,
  `${up('..%255c')}{}`,
  `assets/${up('..%2f')}{}`,
  `assets/${up('..%5c')}{}`,
  `x/${up('..%2f')}{}`,
  `${up('..%2f')}{}%00.js`,
  `${up('..%2f')}{}%2500.js`,
  `%2f{}`,
  `.%2f${up('..%2f')}{}`,
];

describe('files under /main', () => {
  it('answers every path outside the build like an unknown console page, whether the target exists or not', async () => {
    const unknown = answer(await app.inject('/main/no/such/page'));
    expect(unknown).toMatchObject({
      status: 200,
      cache: 'no-cache',
      body: expect.stringContaining('console'),
    });
    const targets = [
      ['etc%2fld.so.conf', 'etc%2fno-such-file.conf'],
      ['etc%2fpasswd', 'etc%2fno-such-passwd'],
      ['etc%5cpasswd', 'etc%5cno-such-passwd'],
      [
        `${root.slice(1).replaceAll('/', '%2f')}%2fsecret.conf`,
        `${root.slice(1).replaceAll('/', '%2f')}%2fnone.conf`,
      ],
    ];
    for (const spelling of SPELLINGS) {
      for (const [existing, missing] of targets) {
        const hit = answer(await app.inject(`/main/${spelling.replace('{}', existing!)}`));
        const miss = answer(await app.inject(`/main/${spelling.replace('{}', missing!)}`));
        expect(hit, spelling).toEqual(unknown);
        expect(miss, spelling).toEqual(unknown);
      }
    }
    // One level up, next to the build, and through a link that leads out of it.
    for (const url of [
      '/main/..%2fsecret.conf',
      '/main/..%2fnone.conf',
      '/main/linked.conf',
      '/main/NUL%00',
    ]) {
      expect(answer(await app.inject(url)), url).toEqual(unknown);
    }
  });

  it('answers raw dot-dot and backslash paths (sent as-is, not normalised by a client) the same way', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const raw = (rawPath: string) =>
      new Promise<{ status?: number; body: string }>((resolve, reject) => {
        http
          .get(`${address}/`, { path: rawPath }, (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode, body: text }));
          })
          .on('error', reject);
      });
    const unknown = await raw('/main/no/such/page');
    expect(unknown.status).toBe(200);
    for (const spelling of [up('../'), up('..\\'), `assets/${up('..\\')}`, `assets/${up('../')}`]) {
      for (const target of ['etc/passwd', 'etc/no-such-passwd', 'etc\\ld.so.conf', 'etc\\no-such.conf']) {
        const res = await raw(`/main/${spelling}${target}`);
        expect(res, spelling + target).toEqual(unknown);
        expect(res.body).not.toContain('root:');
      }
    }
  });

  it('still serves the files of the build', async () => {
    const asset = await app.inject('/main/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const robots = await app.inject('/main/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toBe('User-agent: *');
    expect((await app.inject('/main/assets/missing-123.js')).statusCode).toBe(404);
    expect((await app.inject('/main/login.html')).body).toContain('console');
  });

  it('answers a 403 from Fastify or a plugin with 403001, not 400001', async () => {
    const res = await app.inject({ url: '/forbidden-probe', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403001, data: null });
  });
});
