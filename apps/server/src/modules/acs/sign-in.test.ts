import { describe, expect, it } from 'vitest';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { count, eq } from 'drizzle-orm';
import { signInSessions, users } from '../../db/schema.ts';
import { hmacHex } from '../../lib/crypto.ts';
import {
  bearer,
  body,
  DEMO_PASSWORD,
  signInAs,
  solveCaptcha,
  SSO_SECRET,
  useTestApp,
} from '../../../test/index.ts';

const t = useTestApp({ as: null });

const login = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: payload as object,
    headers,
    remoteAddress,
  });

const sessionCount = async () => (await t.database.db.select({ n: count() }).from(signInSessions))[0]!.n;

describe('POST users/login', () => {
  it('signs in with the right password, answering a token and an HttpOnly session cookie', async () => {
    const res = await login({ username: 'admin', password: DEMO_PASSWORD }, {}, '10.0.1.1');
    expect(res.statusCode).toBe(200);
    const { code, data } = body<{ token: string }>(res);
    expect(code).toBe(0);
    expect(data.token.length).toBeGreaterThan(30);
    const cookie = res.cookies.find((c) => c.name === 'rx_session')!;
    expect(cookie.value).toBe(data.token);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });

  it('accepts the username in any case', async () => {
    const res = await login({ username: 'ADMIN', password: DEMO_PASSWORD }, {}, '10.0.1.2');
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password or an unknown user alike, translated, with 401001', async () => {
    const wrong = await login(
      { username: 'ops_gn', password: 'nope12345' },
      { 'accept-language': 'en' },
      '10.0.2.1',
    );
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong)).toMatchObject({ code: 401001, msg: 'Wrong username or password.' });
    const unknown = await login(
      { username: 'ghost', password: 'x' },
      { 'accept-language': 'ja' },
      '10.0.2.2',
    );
    expect(body(unknown)).toMatchObject({
      code: 401001,
      msg: 'ユーザー名またはパスワードが正しくありません。',
    });
    const zh = await login({ username: 'ghost2', password: 'x' }, {}, '10.0.2.3');
    expect(body(zh).msg).toBe('用户名或密码错误');
  });

  it('answers missing or malformed fields with 400001 and the field errors, writing nothing', async () => {
    const before = await sessionCount();
    const missing = await login({ password: 'x' }, { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing)).toMatchObject({
      code: 400001,
      data: { fields: { username: 'This field is required.' } },
    });
    const empty = await login({ username: '', password: '' }, { 'accept-language': 'ar' });
    expect(body<{ fields: Record<string, string> }>(empty).data.fields).toEqual({
      username: 'هذا الحقل مطلوب.',
      password: 'هذا الحقل مطلوب.',
    });
    const wrongType = await login({ username: 42, password: ['a'] });
    expect(body(wrongType).code).toBe(400001);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(body(badJson).code).toBe(400001);
    expect(await sessionCount()).toBe(before);
  });

  it('asks for a captcha after three failures for a username, and checks it', async () => {
    const ip = '10.0.3.1';
    for (let i = 0; i < 3; i++) {
      const res = await login({ username: 'cs_agent', password: 'wrong-pass1' }, {}, `10.0.3.${10 + i}`);
      expect(body<{ captcha_required: boolean }>(res).data.captcha_required).toBe(i === 2);
    }
    // Even the right password now needs the captcha.
    const noCode = await login({ username: 'cs_agent', password: DEMO_PASSWORD }, {}, ip);
    expect(noCode.statusCode).toBe(401);
    expect(body(noCode)).toMatchObject({ code: 401002, data: { captcha_required: true } });

    const solved = await solveCaptcha(t.app);
    const wrong = await login(
      { username: 'cs_agent', password: DEMO_PASSWORD, code: 'AAAA' },
      { cookie: solved.cookie },
      ip,
    );
    expect(body(wrong).code).toBe(401003);
    // A captcha is good for one try: the right answer after a wrong one is refused too.
    const reused = await login(
      { username: 'cs_agent', password: DEMO_PASSWORD, code: solved.code },
      { cookie: solved.cookie },
      ip,
    );
    expect(body(reused).code).toBe(401003);
    // A solution is good only with the cookie of its own challenge.
    const mine = await solveCaptcha(t.app);
    const other = await solveCaptcha(t.app);
    const swapped = await login(
      { username: 'cs_agent', password: DEMO_PASSWORD, code: other.code },
      { cookie: mine.cookie },
      ip,
    );
    expect(body(swapped).code).toBe(401003);

    const fresh = await solveCaptcha(t.app);
    const right = await login(
      { username: 'cs_agent', password: DEMO_PASSWORD, code: fresh.code },
      { cookie: fresh.cookie },
      ip,
    );
    expect(right.statusCode).toBe(200);
    // Success clears the username's count: the next sign-in needs no captcha.
    expect((await login({ username: 'cs_agent', password: DEMO_PASSWORD }, {}, '10.0.3.99')).statusCode).toBe(
      200,
    );
  });

  it('asks for a proof of work nothing in its answer gives away, and refuses a forged or easier one', async () => {
    const ip = '10.0.9.1';
    for (const name of ['pw1', 'pw2', 'pw3']) await login({ username: name, password: 'x' }, {}, ip);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/captcha' });
    const { challenge } = body<{ challenge: Challenge }>(res).data;
    // No text or image to read: a signed challenge whose answer (a counter) must be computed.
    expect(res.body).not.toMatch(/<svg|<text/);
    expect(challenge).toMatchObject({
      parameters: { algorithm: 'PBKDF2/SHA-256' },
      signature: expect.any(String),
    });
    const cookie = `rx_captcha=${res.cookies.find((c) => c.name === 'rx_captcha')!.value}`;
    const send = (code: string) =>
      login({ username: 'ops_gn', password: DEMO_PASSWORD, code }, { cookie }, ip);
    // What the answer shows is no solution: the prefix, the nonce, counter 0.
    const guess = { counter: 0, derivedKey: challenge.parameters.keyPrefix.padEnd(64, '0') };
    expect(
      body(await send(Buffer.from(JSON.stringify({ challenge, solution: guess })).toString('base64'))).code,
    ).toBe(401003);
    // A challenge made easier (one iteration, a prefix its maker knows) and solved is refused: not signed by the server.
    const easy = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      counter: 1,
      deriveKey,
      hmacSignatureSecret: 'guess',
      hmacKeySignatureSecret: 'guess2',
    });
    const solution = await solveChallenge({ challenge: easy, deriveKey });
    const fresh = await solveCaptcha(t.app);
    const forged = await login(
      {
        username: 'ops_gn',
        password: DEMO_PASSWORD,
        code: Buffer.from(JSON.stringify({ challenge: easy, solution })).toString('base64'),
      },
      { cookie: fresh.cookie },
      ip,
    );
    expect(body(forged).code).toBe(401003);
    const right = await solveCaptcha(t.app);
    expect(
      (
        await login(
          { username: 'ops_gn', password: DEMO_PASSWORD, code: right.code },
          { cookie: right.cookie },
          ip,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('asks for a captcha after three failures from one IP, whatever the usernames', async () => {
    const ip = '10.0.4.1';
    for (const name of ['a1', 'a2', 'a3']) await login({ username: name, password: 'x' }, {}, ip);
    const res = await login({ username: 'ops_gn', password: DEMO_PASSWORD }, {}, ip);
    expect(body(res).code).toBe(401002);
    // Another IP signs the same user in without one.
    expect((await login({ username: 'ops_gn', password: DEMO_PASSWORD }, {}, '10.0.4.2')).statusCode).toBe(
      200,
    );
  });

  it('rate-limits a username after ten failures with 429001, even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      const solved = await solveCaptcha(t.app);
      await login(
        { username: 'ops_hw', password: 'bad-pass1', code: solved.code },
        { cookie: solved.cookie },
        `10.0.5.${i}`,
      );
    }
    const res = await login({ username: 'ops_hw', password: DEMO_PASSWORD, code: 'ZZZZ' }, {}, '10.0.5.200');
    expect(res.statusCode).toBe(429);
    expect(body(res).code).toBe(429001);
  });

  it('refuses a disabled account with 403002 once the password is right', async () => {
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.username, 'cp_dev'));
    const res = await login({ username: 'cp_dev', password: DEMO_PASSWORD }, {}, '10.0.6.1');
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(403002);
    await t.database.db.update(users).set({ disabled: false }).where(eq(users.username, 'cp_dev'));
  });
});

describe('GET acs/user/platform_link', () => {
  it('answers a signed link into /main from the session cookie', async () => {
    const signIn = await login({ username: 'admin', password: DEMO_PASSWORD }, {}, '10.0.7.1');
    const token = body<{ token: string }>(signIn).data.token;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/acs/user/platform_link?platform=main',
      headers: { cookie: `rx_session=${token}` },
    });
    expect(res.statusCode).toBe(200);
    const url = body<{ url: string }>(res).data.url;
    expect(url).toMatch(
      /^\/main\/\?is_modified_password=1&sign=[0-9a-f]{64}&trace_id=[\w-]+&ts=\d+&user_id=\d+$/,
    );
    const q = new URL(url, 'http://x').searchParams;
    expect(Math.abs(Number(q.get('ts')) - Date.now() / 1000)).toBeLessThan(5);
    const expected = hmacHex(
      SSO_SECRET,
      `is_modified_password=${q.get('is_modified_password')}&trace_id=${q.get('trace_id')}&ts=${q.get('ts')}&user_id=${q.get('user_id')}`,
    );
    expect(q.get('sign')).toBe(expected);
  });

  it('accepts the session token as a bearer too, and answers 305001 without a usable session', async () => {
    const signIn = await login({ username: 'admin', password: DEMO_PASSWORD }, {}, '10.0.7.2');
    const token = body<{ token: string }>(signIn).data.token;
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/v1/acs/user/platform_link',
      headers: bearer(token),
    });
    expect(body(ok).code).toBe(0);
    for (const headers of [
      {},
      bearer('garbage'),
      { cookie: 'rx_session=nope' },
      { authorization: 'Basic abc' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/acs/user/platform_link', headers });
      expect(res.statusCode).toBe(401);
      expect(body(res).code).toBe(305001);
    }
  });

  it('refuses an unknown platform with a field error', async () => {
    const signIn = await login({ username: 'admin', password: DEMO_PASSWORD }, {}, '10.0.7.3');
    const token = body<{ token: string }>(signIn).data.token;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/acs/user/platform_link?platform=zzz',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(body<{ fields: object }>(res).data.fields).toHaveProperty('platform');
  });
});

describe('POST acs/user/login', () => {
  async function freshLink(username = 'admin') {
    const signIn = await login({ username, password: DEMO_PASSWORD }, {}, '10.0.8.1');
    const token = body<{ token: string }>(signIn).data.token;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/acs/user/platform_link',
      headers: bearer(token),
    });
    const q = new URL(body<{ url: string }>(res).data.url, 'http://x').searchParams;
    return {
      is_modified_password: Number(q.get('is_modified_password')),
      sign: q.get('sign')!,
      trace_id: q.get('trace_id')!,
      ts: Number(q.get('ts')),
      user_id: q.get('user_id')!,
    };
  }
  const linkLogin = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/acs/user/login', payload, headers });

  it('turns a link into the user info, once', async () => {
    const link = await freshLink();
    const res = await linkLogin(link);
    expect(res.statusCode).toBe(200);
    const info = body<Record<string, unknown>>(res).data;
    expect(info).toMatchObject({
      id: link.user_id,
      username: 'admin',
      usertype: null,
      default_lang: 'zh',
      is_modified_password: 1,
      role_info: [{ identifier: 'admin' }],
    });
    expect(info.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(typeof info.refresh_token).toBe('string');
    expect(typeof info.cpid).toBe('string');
    const replay = await linkLogin(link, { 'accept-language': 'en' });
    expect(replay.statusCode).toBe(401);
    expect(body(replay)).toMatchObject({ code: 401004 });
    expect(body(replay).msg).toMatch(/already used/);
  });

  it('gives cp_dev its usertype', async () => {
    const res = await linkLogin(await freshLink('cp_dev'));
    expect(body(res).data).toMatchObject({ usertype: 1, role_info: [{ identifier: 'cp_developer' }] });
  });

  it('refuses a bad sign, a changed field, a stale or future ts', async () => {
    const link = await freshLink();
    expect(body(await linkLogin({ ...link, sign: 'f'.repeat(64) })).code).toBe(401004);
    expect(body(await linkLogin({ ...link, user_id: '1' === link.user_id ? '2' : '1' })).code).toBe(401004);
    expect(body(await linkLogin({ ...link, is_modified_password: 1 - link.is_modified_password })).code).toBe(
      401004,
    );
    // A correctly signed link outside the 300-second window: just past it, and well ahead of the
    // server's clock (just ahead would fall back inside the window when the machine is slow).
    for (const ts of [link.ts - 301, link.ts + 3600]) {
      const fields = { ...link, ts, trace_id: `stale-${ts}-trace` };
      const sign = hmacHex(
        SSO_SECRET,
        `is_modified_password=${fields.is_modified_password}&trace_id=${fields.trace_id}&ts=${ts}&user_id=${fields.user_id}`,
      );
      expect(body(await linkLogin({ ...fields, sign })).code).toBe(401004);
    }
    // The original link still works: the refused tries did not spend it.
    expect((await linkLogin(link)).statusCode).toBe(200);
  });

  it('accepts a link signed with SSO_SECRET by another issuer, once', async () => {
    const link = await freshLink();
    const fields = {
      is_modified_password: 1,
      trace_id: 'external-trace-0001',
      ts: Math.floor(Date.now() / 1000),
      user_id: link.user_id,
    };
    const sign = hmacHex(
      SSO_SECRET,
      `is_modified_password=1&trace_id=${fields.trace_id}&ts=${fields.ts}&user_id=${fields.user_id}`,
    );
    expect((await linkLogin({ ...fields, sign })).statusCode).toBe(200);
    expect(body(await linkLogin({ ...fields, sign })).code).toBe(401004);
  });

  it('refuses a link whose fields are missing or malformed with 400001 naming them', async () => {
    const link = await freshLink();
    for (const field of ['is_modified_password', 'sign', 'trace_id', 'ts', 'user_id'] as const) {
      const { [field]: _, ...rest } = link;
      const res = await linkLogin(rest);
      expect(res.statusCode).toBe(400);
      expect(body<{ fields: object }>(res).data.fields).toHaveProperty(field);
    }
    expect(body(await linkLogin({ ...link, sign: 'not-hex' })).code).toBe(400001);
    expect(body(await linkLogin({ ...link, ts: 'soon' })).code).toBe(400001);
    expect((await linkLogin(link)).statusCode).toBe(200);
  });

  it('signs in through the whole flow with signInAs', async () => {
    const { user } = await signInAs(t.app, 'cs_agent');
    expect(user.role_info).toEqual([{ identifier: 'customer_service', name: '客服' }]);
  });
});
