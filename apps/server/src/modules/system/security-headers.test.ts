import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { appServing, writeWebBuild } from '../../../test/web-build.ts';

let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-'));
  writeWebBuild(dist, { 'theme-boot.js': '/* theme */' });
  // inject() connects from 127.0.0.1: the trusted proxy in these tests.
  app = await appServing(dist, { trustProxy: ['127.0.0.1'] });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The policy's directives by name. */
function policy(res: LightMyRequestResponse): Map<string, string> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
  );
}

const PAGES = [
  '/main/',
  '/main/basic/product-list',
  '/login',
  '/main/theme-boot.js',
  '/api/v1/acs/user/info',
];

describe('security headers', () => {
  it('send a policy without inline script, no framing, nosniff and a referrer policy on pages and the API', async () => {
    for (const url of PAGES) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBeLessThan(500);
      const csp = policy(res);
      expect(csp.get('default-src'), url).toBe("'self'");
      expect(csp.get('script-src'), url).toBe("'self'");
      expect(csp.get('script-src-attr'), url).toBe("'none'");
      expect(csp.get('style-src'), url).toBe("'self' 'unsafe-inline'");
      expect(csp.get('img-src'), url).toBe("'self' data: https:");
      expect(csp.get('object-src'), url).toBe("'none'");
      expect(csp.get('frame-ancestors'), url).toBe("'none'");
      expect(csp.get('base-uri'), url).toBe("'self'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    // Also on answers no route produced.
    const missing = await app.inject('/api/v1/no-such-route');
    expect(missing.statusCode).toBe(404);
    expect(policy(missing).get('frame-ancestors')).toBe("'none'");
  });

  it('pin https (HSTS) only when the request came over https through a trusted proxy', async () => {
    const viaProxy = await app.inject({ url: '/main/', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const api = await app.inject({ url: '/api/v1/acs/user/info', headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // A client the server does not trust cannot claim https.
    const untrusted = await app.inject({
      url: '/main/',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const plain = await app.inject({ url: '/main/', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('keep the API documentation page working under the policy', async () => {
    const page = await app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    // Swagger UI loads only files of this origin: no inline script for the policy to block.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(policy(page).get('script-src')).toBe("'self'");
    expect((await app.inject('/api/docs/json')).statusCode).toBe(200);
  });
});
