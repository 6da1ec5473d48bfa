import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { loginFailures, operationLogs, ssoLinks, users } from '../../db/schema.ts';
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

/** The one reverse proxy this server believes (TRUST_PROXY=10.7.0.1). */
const PROXY = '10.7.0.1';

const t = useTestApp({ app: { trustProxy: [PROXY] }, as: null });

/** A sign-in session token of the sign-in page (each test signs in from its own address). */
async function sessionToken(username: string, remoteAddress: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username, password: DEMO_PASSWORD },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ token: string }>(res).data.token;
}

/** Posts users/login from `remoteAddress`, with a captcha solved (`'solved'`), a wrong code, or none. */
async function login(
  username: string,
  password: string,
  remoteAddress: string,
  captcha?: string,
  forwardedFor?: string,
) {
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  let code = '';
  if (captcha) {
    const solved = await solveCaptcha(t.app);
    headers.cookie = solved.cookie;
    code = captcha === 'solved' ? solved.code : captcha;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username, password, code },
    headers,
    remoteAddress,
  });
  return { status: res.statusCode, ...body<{ captcha_required?: boolean; retry_after?: number }>(res) };
}

describe('sign-in throttling: per username and per address, never one user for another', () => {
  it('does not count missing or guessed captchas as wrong passwords', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login('cs_agent', 'wrong-pass1', `10.6.1.${i}`)).code).toBe(401001);
    for (let i = 0; i < 10; i++) {
      expect((await login('cs_agent', DEMO_PASSWORD, `10.6.1.${10 + i}`, 'QQQQ')).code).toBe(401003);
      expect((await login('cs_agent', DEMO_PASSWORD, `10.6.1.${30 + i}`)).code).toBe(401002);
    }
    // Still only three wrong passwords: the right one with a solved captcha gets in.
    const res = await login('cs_agent', DEMO_PASSWORD, '10.6.1.99', 'solved');
    expect(res.status).toBe(200);
  });

  it('locks a username after ten wrong passwords without locking others on the same address', async () => {
    const office = '10.6.2.1';
    for (let i = 0; i < 10; i++) {
      const res = await login('ops_gn', 'wrong-pass1', office, i >= 3 ? 'solved' : undefined);
      expect(res.code).toBe(401001);
      expect(res.data.captcha_required).toBe(i >= 2);
    }
    const locked = await login('ops_gn', DEMO_PASSWORD, '10.6.2.2', 'solved');
    expect(locked.status).toBe(429);
    expect(locked).toMatchObject({ code: 429001, msg: 'Too many attempts. Please try again later.' });
    expect(locked.data.retry_after).toBeGreaterThan(800);
    expect(locked.data.retry_after).toBeLessThanOrEqual(900);
    // A colleague on the same address needs a captcha (the address had failures), and gets in.
    expect((await login('admin', DEMO_PASSWORD, office)).code).toBe(401002);
    expect((await login('admin', DEMO_PASSWORD, office, 'solved')).status).toBe(200);
  });

  it("refuses an address only far above one user's limit, and everyone on it then", async () => {
    const spray = '10.6.3.1';
    // A spray of many usernames from one address, each below its own captcha threshold.
    for (let i = 0; i < 3; i++) await login(`sprayed_${i}`, 'wrong-pass1', spray);
    expect((await login('sprayed_x', 'wrong-pass1', spray)).code).toBe(401002);
    await t.database.db
      .update(loginFailures)
      .set({ count: 99 })
      .where(eq(loginFailures.key, `ip:${spray}`));
    expect((await login('admin', DEMO_PASSWORD, spray, 'solved')).status).toBe(200);
    expect((await login('sprayed_y', 'wrong-pass1', spray, 'solved')).code).toBe(401001);
    const refused = await login('admin', DEMO_PASSWORD, spray, 'solved');
    expect(refused).toMatchObject({ status: 429, code: 429001 });
    // The same user from elsewhere is not locked.
    expect((await login('admin', DEMO_PASSWORD, '10.6.3.2')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    for (let i = 1; i <= 3; i++) await login(`v6_user_${i}`, 'wrong-pass1', `2001:db8:6:1::${i}`);
    expect((await login('admin', DEMO_PASSWORD, '2001:db8:6:1:ffff::9')).code).toBe(401002);
    expect((await login('admin', DEMO_PASSWORD, '2001:db8:6:2::1')).status).toBe(200);
  });
});

describe('client address: X-Forwarded-For only from a trusted proxy', () => {
  const lastSignInAddress = async (username: string) => {
    const [row] = await t.database.db
      .select({ ip: operationLogs.ip })
      .from(operationLogs)
      .where(and(eq(operationLogs.username, username), eq(operationLogs.action, 'sign_in')))
      .orderBy(desc(operationLogs.id))
      .limit(1);
    return row?.ip;
  };

  it('ignores a header forged by a client that is not a trusted proxy', async () => {
    const client = '10.7.1.1';
    // A spray with a new forged address each time still counts against the real peer.
    for (let i = 1; i <= 3; i++) {
      expect((await login(`spray_${i}`, 'wrong-pass1', client, undefined, `203.0.113.${i}`)).code).toBe(
        401001,
      );
    }
    expect((await login('admin', DEMO_PASSWORD, client, undefined, '203.0.113.77')).code).toBe(401002);
    expect((await login('admin', DEMO_PASSWORD, client, 'solved', '203.0.113.78')).status).toBe(200);
    expect(await lastSignInAddress('admin')).toBe(client);
  });

  it('believes the trusted proxy: each client behind it has its own counter and its real address logged', async () => {
    // The proxy appends the address it saw; anything a client wrote before that is not believed.
    for (let i = 1; i <= 3; i++) await login(`behind_${i}`, 'wrong-pass1', PROXY, undefined, '198.51.100.1');
    expect((await login('ops_hw', DEMO_PASSWORD, PROXY, undefined, '198.51.100.1')).code).toBe(401002);
    expect(
      (await login('ops_hw', DEMO_PASSWORD, PROXY, undefined, '198.51.100.1, 198.51.100.2')).status,
    ).toBe(200);
    expect(await lastSignInAddress('ops_hw')).toBe('198.51.100.2');
  });
});

describe('platform_link: only the platforms listed', () => {
  it('refuses inherited object keys as platforms with 400001, issuing no link', async () => {
    const token = await sessionToken('admin', '10.13.0.1');
    const links = async () => (await t.database.db.select({ n: count() }).from(ssoLinks))[0]!.n;
    const before = await links();
    for (const platform of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/acs/user/platform_link?platform=${platform}`,
        headers: { ...bearer(token), 'accept-language': 'en' },
      });
      expect(res.statusCode, platform).toBe(400);
      expect(body(res), platform).toMatchObject({
        code: 400001,
        data: { fields: { platform: expect.any(String) } },
      });
    }
    expect(await links()).toBe(before);
    const main = await t.app.inject({
      method: 'GET',
      url: '/api/v1/acs/user/platform_link?platform=main',
      headers: bearer(token),
    });
    expect(body(main).code).toBe(0);
  });
});

describe('acs/user/login: the sign covers the exact text sent', () => {
  let userId = '';
  beforeAll(async () => {
    const token = await sessionToken('admin', '10.14.0.1');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/acs/user/platform_link',
      headers: bearer(token),
    });
    userId = new URL(body<{ url: string }>(res).data.url, 'http://x').searchParams.get('user_id')!;
  });

  let traces = 0;
  /** A link signed over `signed` (canonical decimal texts), sent with `sent` in their place. */
  function link(
    sent: { is_modified_password?: unknown; ts?: unknown },
    signed = { is_modified_password: '1', ts: '' },
  ) {
    const ts = signed.ts || String(Math.floor(Date.now() / 1000));
    const trace_id = `exact-text-${++traces}-${Date.now()}`;
    const sign = hmacHex(
      SSO_SECRET,
      `is_modified_password=${signed.is_modified_password}&trace_id=${trace_id}&ts=${ts}&user_id=${userId}`,
    );
    return {
      is_modified_password:
        'is_modified_password' in sent ? sent.is_modified_password : Number(signed.is_modified_password),
      sign,
      trace_id,
      ts: 'ts' in sent ? sent.ts : Number(ts),
      user_id: userId,
    };
  }
  const linkLogin = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/acs/user/login', payload });

  it('refuses other spellings of the signed numbers with 401004', async () => {
    const now = Math.floor(Date.now() / 1000);
    const ts = String(now);
    const spellings: { is_modified_password?: unknown; ts?: unknown }[] = [
      { ts: `0x${now.toString(16)}` },
      { ts: `${ts}.0` },
      { ts: `${now / 1000}e3` },
      { ts: `0${ts}` },
      { ts: ` ${ts}` },
      { ts: `${ts} ` },
      { ts: `+${ts}` },
      { is_modified_password: '0x1' },
      { is_modified_password: '1.0' },
      { is_modified_password: '1e0' },
      { is_modified_password: '01' },
      { is_modified_password: ' 1' },
    ];
    for (const sent of spellings) {
      const res = await linkLogin(link(sent, { is_modified_password: '1', ts }));
      expect(res.statusCode, JSON.stringify(sent)).toBe(401);
      expect(body(res).code, JSON.stringify(sent)).toBe(401004);
    }
  });

  it('refuses a sign made over a non-canonical text too, and user ids no row can have', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await linkLogin(
      link({ ts: `0x${now.toString(16)}` }, { is_modified_password: '1', ts: `0x${now.toString(16)}` }),
    );
    expect(body(res).code).toBe(401004);
    for (const user_id of [`0${userId}`, '4294967296', '9007199254740993']) {
      const fields = { ...link({}), user_id };
      const sign = hmacHex(
        SSO_SECRET,
        `is_modified_password=1&trace_id=${fields.trace_id}&ts=${fields.ts}&user_id=${user_id}`,
      );
      const refused = await linkLogin({ ...fields, sign });
      expect(refused.statusCode, user_id).toBe(401);
      expect(body(refused).code, user_id).toBe(401004);
    }
  });

  it('accepts the signed numbers as JSON numbers (the spec) or as their exact decimal text', async () => {
    expect((await linkLogin(link({}))).statusCode).toBe(200);
    const ts = String(Math.floor(Date.now() / 1000));
    const asText = await linkLogin(
      link({ is_modified_password: '1', ts }, { is_modified_password: '1', ts }),
    );
    expect(asText.statusCode, asText.body).toBe(200);
  });
});

describe('initial password: only what changing it needs', () => {
  /** A new admin of the demo CP, still on the initial password, signed into the console. */
  async function firstSignIn() {
    const username = await t.adminOf('admin');
    await t.database.db.update(users).set({ isModifiedPassword: 0 }).where(eq(users.username, username));
    const { user } = await signInAs(t.app, username);
    expect(user.is_modified_password).toBe(0);
    return { user, api: t.client(user.access_token) };
  }

  it('answers everything else with 403003 and a translated message', async () => {
    const { user, api } = await firstSignIn();
    const refused = [
      () => api.get('/api/v1/notifications'),
      () => api.get('/api/v1/staff'),
      () => api.post('/api/v1/staff', { username: 'sneaky_one', password: 'Sneaky2026x' }),
      () => api.get('/api/v1/operation-logs'),
      () => api.get('/api/v1/roles'),
      () => api.get('/api/v1/acs/user/platform_link?platform=main'),
      () => api.post('/api/v1/acs/permission/get_all', { user_id: '1' }),
    ];
    for (const call of refused) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(403);
      expect(body(res)).toMatchObject({ code: 403003, msg: '请先修改初始密码，再继续使用' });
    }
    const en = await t.app.inject({
      url: '/api/v1/notifications',
      headers: { ...bearer(user.access_token), 'accept-language': 'en' },
    });
    expect(body(en).msg).toBe('Please change your initial password before going on.');
    const sneaky = await t.database.db.select().from(users).where(eq(users.username, 'sneaky_one'));
    expect(sneaky).toHaveLength(0);
  });

  it('allows what the forced-change page loads, the change itself, then everything', async () => {
    const { user, api } = await firstSignIn();
    for (const res of [
      await api.get('/api/v1/acs/cp/get_config'),
      await api.get('/api/v1/acs/user/platform_list'),
      await api.get('/api/v1/acs/cp/products'),
      await api.post('/api/v1/acs/permission/get_all', { user_id: user.id }),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
    }
    const changed = await api.post('/api/v1/acs/user/set_password', {
      old_password: DEMO_PASSWORD,
      new_password: 'Changed2026x',
    });
    expect(body(changed)).toMatchObject({ code: 0, data: { is_modified_password: 1 } });
    // The same sign-in goes on: nothing is refused any more.
    expect((await api.get('/api/v1/notifications')).statusCode).toBe(200);
    expect((await api.get('/api/v1/staff')).statusCode).toBe(200);
  });

  it('lets the user sign out', async () => {
    const { user, api } = await firstSignIn();
    expect(body(await api.post('/api/v1/acs/user/logout')).code).toBe(0);
    const after = await t.app.inject({
      url: '/api/v1/acs/cp/get_config',
      headers: bearer(user.access_token),
    });
    expect(body(after).code).toBe(305001);
  });
});
