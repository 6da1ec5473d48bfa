import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ErrorCode, type GameApiKeyCreated } from '@rx/contracts';
import { useTestApp } from '../../test/index.ts';
import { body, signIn, staffWith } from '../../test/api.ts';
import { signGameRequest } from '../../test/game.ts';
import { rateLimitsFrom } from '../config.ts';

// Low limits for this file only (the window is long enough that none resets during the run).
const LIMITS = { windowSeconds: 600, console: 5, signIn: 10, game: 3, gameUnsigned: 2 };

const t = useTestApp({ app: () => ({ rateLimits: LIMITS }) });
const admin = t.admin;

function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(body(res).code).toBe(ErrorCode.TOO_MANY_ATTEMPTS);
  expect(body(res).msg).toBeTruthy();
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(LIMITS.windowSeconds);
}

describe('console API, per staff member', () => {
  it('answers 429001 with Retry-After past the limit, for that staff member only', async () => {
    const name = await staffWith(t, []);
    // Signing in counts per address (its link is asked with the sign-in session, not an access token).
    const staff = await signIn(t, name);
    for (let i = 0; i < LIMITS.console; i++) {
      expect((await staff.get('/api/v1/notifications')).statusCode).toBe(200);
    }
    expectLimited(await staff.get('/api/v1/notifications'));
    // Another staff member from the same address is not affected.
    expect((await admin.get('/api/v1/notifications')).statusCode).toBe(200);
  });

  it('counts calls made before signing in per address', async () => {
    const call = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/acs/user/rejwt?rejwt=nope', remoteAddress });
    for (let i = 0; i < LIMITS.console; i++) expect((await call('10.7.0.1')).statusCode).not.toBe(429);
    expectLimited(await call('10.7.0.1'));
    expect((await call('10.7.0.2')).statusCode).not.toBe(429);
  });

  it('never limits health, readiness and metrics', async () => {
    for (let i = 0; i < LIMITS.console + 3; i++) {
      for (const url of ['/healthz', '/readyz']) {
        expect((await t.app.inject({ url, remoteAddress: '10.7.0.9' })).statusCode).toBe(200);
      }
      expect((await t.app.inject({ url: '/metrics', remoteAddress: '10.7.0.9' })).statusCode).not.toBe(429);
    }
  });
});

describe('sign-in, per address', () => {
  it('answers 429001 with Retry-After past the limit, for that address only', async () => {
    const login = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        remoteAddress,
        payload: { username: 'nobody_here', password: 'wrong-password-1' },
      });
    for (let i = 0; i < LIMITS.signIn; i++) {
      const res = await login('10.8.0.1');
      expect(res.statusCode).not.toBe(429);
      expect(body(res).code).not.toBe(ErrorCode.TOO_MANY_ATTEMPTS);
    }
    expectLimited(await login('10.8.0.1'));
    // The captcha is a sign-in request too.
    expectLimited(await t.app.inject({ url: '/api/v1/users/captcha', remoteAddress: '10.8.0.1' }));
    expect(body(await login('10.8.0.2')).code).not.toBe(ErrorCode.TOO_MANY_ATTEMPTS);
  });
});

describe('game API', () => {
  const url = '/api/game/v1/error-codes?lang=en';
  const newKey = async () =>
    body<GameApiKeyCreated>(await admin.post('/api/v1/game-api-keys', { note: 'limits' })).data;
  const signed = (key: GameApiKeyCreated, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers: signGameRequest(key, { url }) });

  it('answers 429001 with Retry-After past the limit of a key, for that key only', async () => {
    const key = await newKey();
    for (let i = 0; i < LIMITS.game; i++) expect((await signed(key)).statusCode).toBe(200);
    expectLimited(await signed(key));
    expect((await signed(await newKey())).statusCode).toBe(200);
  });

  /** A key of the two tests below (the console's own limit is low in this file: few keys). */
  let key: GameApiKeyCreated;

  it('counts refused calls per key id and address, and never refuses a valid signature', async () => {
    key = await newKey();
    const badSignature = (k: GameApiKeyCreated, remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url,
        remoteAddress,
        headers: signGameRequest({ key_id: k.key_id, secret: 'not-the-secret' }, { url }),
      });
    expect((await badSignature(key, '10.9.0.1')).statusCode).toBe(401);
    expect((await badSignature(key, '10.9.0.1')).statusCode).toBe(401);
    // Past the budget of this key from this address: a bad call is 429001…
    expectLimited(await badSignature(key, '10.9.0.1'));
    // …the same key with its real secret still gets in, from the same address, every time…
    for (let i = 0; i < 2; i++) expect((await signed(key, '10.9.0.1')).statusCode).toBe(200);
    // …another key from the same address, and the same key from another address, are told why.
    expect((await badSignature(await newKey(), '10.9.0.1')).statusCode).toBe(401);
    expect((await badSignature(key, '10.9.0.2')).statusCode).toBe(401);
  });

  it('refuses calls naming no key once their budget from an address is spent', async () => {
    const unsigned = (remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });
    expect((await unsigned('10.9.1.1')).statusCode).toBe(401);
    expect((await unsigned('10.9.1.1')).statusCode).toBe(401);
    expectLimited(await unsigned('10.9.1.1'));
    // A game with its key from that address is not shut out.
    expect((await signed(key, '10.9.1.1')).statusCode).toBe(200);
    expect((await unsigned('10.9.1.2')).statusCode).toBe(401);
  });
});

describe('configuration', () => {
  it('reads RATE_LIMIT_* with defaults, refusing values that are not whole numbers above 0', () => {
    expect(rateLimitsFrom({})).toEqual({
      windowSeconds: 60,
      console: 1200,
      signIn: 60,
      game: 30000,
      gameUnsigned: 120,
    });
    expect(rateLimitsFrom({ RATE_LIMIT_GAME: '50', RATE_LIMIT_WINDOW: '1' })).toMatchObject({
      game: 50,
      windowSeconds: 1,
    });
    expect(() => rateLimitsFrom({ RATE_LIMIT_CONSOLE: '0' })).toThrow(/RATE_LIMIT_CONSOLE/);
    expect(() => rateLimitsFrom({ RATE_LIMIT_SIGN_IN: '10/min' })).toThrow(/RATE_LIMIT_SIGN_IN/);
  });
});
