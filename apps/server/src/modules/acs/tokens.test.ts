import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { allPermissions } from '@rx/contracts';
import { users } from '../../db/schema.ts';
import { signJwt } from '../../lib/jwt.ts';
import { bearer, body, DEMO_PASSWORD, JWT_SECRET, signInAs, useTestApp } from '../../../test/index.ts';

const t = useTestApp({ as: null });

const getAll = (token: string, userId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/acs/permission/get_all',
    headers: bearer(token),
    payload: { user_id: userId },
  });
const rejwt = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/acs/user/rejwt?rejwt=${encodeURIComponent(token)}` });
const resources = (res: Awaited<ReturnType<typeof getAll>>) =>
  body<{ ruixue: { resource: string }[] }>(res).data.ruixue.map((r) => r.resource);

describe('POST acs/permission/get_all', () => {
  it('gives admin every permission of the catalogue', async () => {
    const { user } = await signInAs(t.app, 'admin');
    const res = await getAll(user.access_token, user.id);
    expect(res.statusCode).toBe(200);
    expect(resources(res)).toEqual(allPermissions());
    expect(resources(res)).toContain('commercialization/see/prop');
  });

  it("gives a staff member their roles' permissions, and nobody else's", async () => {
    const gn = await signInAs(t.app, 'ops_gn');
    const mine = resources(await getAll(gn.user.access_token, gn.user.id));
    expect(mine).toContain('see/home');
    expect(mine).toContain('gift_package/see/gift_package');
    expect(mine).toContain('gift_package/edit/gift_package');
    expect(mine.length).toBeLessThan(allPermissions().length);
    const admin = await signInAs(t.app, 'admin');
    const other = await getAll(gn.user.access_token, admin.user.id);
    expect(other.statusCode).toBe(403);
    expect(body(other).code).toBe(403001);
    const cs = await signInAs(t.app, 'cs_agent');
    const csList = resources(await getAll(cs.user.access_token, cs.user.id));
    expect(csList.length).toBeGreaterThan(0);
    expect(csList).not.toContain('gift_package/see/gift_package');
  });

  it("lets admin read a user of their own CP, never another CP's", async () => {
    const admin = await signInAs(t.app, 'admin');
    const gn = await signInAs(t.app, 'ops_gn');
    const hw = await signInAs(t.app, 'ops_hw');
    const ofGn = await getAll(admin.user.access_token, gn.user.id);
    expect(resources(ofGn)).toEqual(resources(await getAll(gn.user.access_token, gn.user.id)));
    const ofHw = await getAll(admin.user.access_token, hw.user.id);
    expect(ofHw.statusCode).toBe(404);
    expect(body(ofHw).code).toBe(404001);
    expect(body(await getAll(admin.user.access_token, 'abc')).code).toBe(404001);
  });

  it('answers 400001 without user_id', async () => {
    const { user } = await signInAs(t.app, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/acs/permission/get_all',
      headers: bearer(user.access_token),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).data).toEqual({ fields: { user_id: '此项为必填项' } });
  });
});

describe('access tokens', () => {
  const config = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/acs/cp/get_config', headers });

  it('answers 305001 without a token, 305003 for garbage or another key, never 500', async () => {
    const { user } = await signInAs(t.app, 'admin');
    const none = await config({});
    expect(none.statusCode).toBe(401);
    expect(body(none).code).toBe(305001);
    for (const token of [
      'garbage',
      'a.b.c',
      `${user.access_token}x`,
      user.access_token.replace(/\.[^.]+$/, '.AAAA'),
      '...',
    ]) {
      const res = await config(bearer(token));
      expect(res.statusCode).toBe(401);
      expect(body(res).code).toBe(305003);
    }
    const claims = JSON.parse(Buffer.from(user.access_token.split('.')[1]!, 'base64url').toString());
    expect(body(await config(bearer(signJwt(claims, 'another-key')))).code).toBe(305003);
  });

  it('answers 305002 for an expired token', async () => {
    const { user } = await signInAs(t.app, 'admin');
    const claims = JSON.parse(Buffer.from(user.access_token.split('.')[1]!, 'base64url').toString());
    const expired = signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }, JWT_SECRET);
    const res = await config(bearer(expired));
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(305002);
  });

  it('answers 305004 after a permission change, until the token is refreshed', async () => {
    const { user } = await signInAs(t.app, 'ops_gn');
    await t.database.db
      .update(users)
      .set({ permChangedAt: Date.now() + 1 })
      .where(eq(users.id, Number(user.id)));
    const stale = await getAll(user.access_token, user.id);
    expect(stale.statusCode).toBe(401);
    expect(body(stale).code).toBe(305004);
    await new Promise((r) => setTimeout(r, 5));
    const renewed = body<{ access_token: string }>(await rejwt(user.refresh_token)).data;
    expect((await getAll(renewed.access_token, user.id)).statusCode).toBe(200);
  });

  it("answers the CP's config: publish area and gateway domain", async () => {
    const gn = await signInAs(t.app, 'admin');
    expect(body(await config(bearer(gn.user.access_token))).data).toMatchObject({
      publish_area: 'gn',
      gw_domain: 'gw-gn.example.com',
    });
    const hw = await signInAs(t.app, 'ops_hw');
    expect(body(await config(bearer(hw.user.access_token))).data).toMatchObject({
      publish_area: 'hw',
      gw_domain: 'gw-hw.example.com',
    });
  });

  it("lists the caller's CP's games for the header picker, never another CP's", async () => {
    const gn = await signInAs(t.app, 'cs_agent');
    const res = await t.app.inject({ url: '/api/v1/acs/cp/products', headers: bearer(gn.user.access_token) });
    const names = body<{ name: string; region: string }[]>(res).data.map((p) => p.name);
    expect(names).toEqual(['仙侠奇缘', '坦克大作战']);
    const hw = await signInAs(t.app, 'ops_hw');
    const theirs = await t.app.inject({
      url: '/api/v1/acs/cp/products',
      headers: bearer(hw.user.access_token),
    });
    expect(body<{ name: string }[]>(theirs).data.map((p) => p.name)).toEqual([
      'Legends of Dawn',
      'Pocket Farm',
    ]);
    expect(body(await t.app.inject({ url: '/api/v1/acs/cp/products' })).code).toBe(305001);
  });

  it('lists the platforms, named in the caller’s language', async () => {
    const { user } = await signInAs(t.app, 'admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/acs/user/platform_list',
      headers: { ...bearer(user.access_token), 'accept-language': 'en' },
    });
    // The big-data platform is listed once its address is configured (external-entries.test.ts).
    expect(body(res).data).toEqual([{ platform: 'main', name: 'Operations console', url: '/main/' }]);
  });

  it('gives a signed link into a platform from inside the console (access token)', async () => {
    const { user } = await signInAs(t.app, 'admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/acs/user/platform_link?platform=main',
      headers: bearer(user.access_token),
    });
    expect(body<{ url: string }>(res).data.url).toMatch(/^\/main\/\?is_modified_password=1&sign=/);
  });
});

describe('POST acs/user/rejwt', () => {
  it('rotates: new tokens work, and reusing a rotated refresh token revokes the whole family', async () => {
    const { user } = await signInAs(t.app, 'ops_gn');
    const first = await rejwt(user.refresh_token);
    expect(first.statusCode).toBe(200);
    const next = body<{ access_token: string; refresh_token: string }>(first).data;
    expect(next.refresh_token).not.toBe(user.refresh_token);
    expect((await getAll(next.access_token, user.id)).statusCode).toBe(200);

    const reuse = await rejwt(user.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(body(reuse).code).toBe(305001);
    // The whole family is over: the newest refresh token and access token too.
    expect(body(await rejwt(next.refresh_token)).code).toBe(305001);
    expect(body(await getAll(next.access_token, user.id)).code).toBe(305001);
  });

  it('leaves other sign-ins of the same user alone', async () => {
    const a = await signInAs(t.app, 'admin');
    const b = await signInAs(t.app, 'admin');
    await rejwt(a.user.refresh_token);
    await rejwt(a.user.refresh_token);
    expect((await getAll(b.user.access_token, b.user.id)).statusCode).toBe(200);
  });

  it('answers 305001 for an unknown token and 400001 without one', async () => {
    expect(body(await rejwt('made-up.token')).code).toBe(305001);
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/acs/user/rejwt' });
    expect(missing.statusCode).toBe(400);
    expect(body<{ fields: object }>(missing).data.fields).toHaveProperty('rejwt');
  });
});

describe('POST acs/user/set_password', () => {
  const setPassword = (token: string, payload: object, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/acs/user/set_password',
      headers: { ...bearer(token), 'accept-language': lang },
      payload,
    });

  it('refuses a wrong old password and a weak new one, changing nothing', async () => {
    const { user } = await signInAs(t.app, 'cp_dev');
    const wrongOld = await setPassword(user.access_token, {
      old_password: 'nope',
      new_password: 'Better123',
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(body(wrongOld)).toMatchObject({
      code: 400001,
      data: { fields: { old_password: 'The current password is wrong.' } },
    });
    for (const [weak, message] of [
      ['short1', /at least 8/],
      ['lettersonly', /letters and digits/],
      ['12345678', /letters and digits/],
      ['cp_dev2024x', /username/],
      [DEMO_PASSWORD, /differ/],
    ] as const) {
      const res = await setPassword(user.access_token, { old_password: DEMO_PASSWORD, new_password: weak });
      expect(res.statusCode).toBe(400);
      expect(body<{ fields: { new_password: string } }>(res).data.fields.new_password).toMatch(message);
    }
    const missing = await setPassword(user.access_token, { old_password: DEMO_PASSWORD });
    expect(body<{ fields: object }>(missing).data.fields).toHaveProperty('new_password');
    // Still the old password.
    await signInAs(t.app, 'cp_dev');
  });

  it('changes the password, marks it modified and ends the other sessions only', async () => {
    const other = await signInAs(t.app, 'cs_agent');
    const mine = await signInAs(t.app, 'cs_agent');
    const res = await setPassword(mine.user.access_token, {
      old_password: DEMO_PASSWORD,
      new_password: 'Service2026',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ is_modified_password: 1 });
    // The other sign-in is over: its access token, its refresh token and its sign-in session.
    expect(body(await getAll(other.user.access_token, other.user.id)).code).toBe(305001);
    expect(body(await rejwt(other.user.refresh_token)).code).toBe(305001);
    const link = await t.app.inject({
      method: 'GET',
      url: '/api/v1/acs/user/platform_link',
      headers: bearer(other.sessionToken),
    });
    expect(body(link).code).toBe(305001);
    // This one goes on.
    expect((await getAll(mine.user.access_token, mine.user.id)).statusCode).toBe(200);
    const ownLink = await t.app.inject({
      method: 'GET',
      url: '/api/v1/acs/user/platform_link',
      headers: bearer(mine.sessionToken),
    });
    expect(body(ownLink).code).toBe(0);
    // The old password no longer signs in; the new one does.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: 'cs_agent', password: DEMO_PASSWORD },
      remoteAddress: '10.9.0.1',
    });
    expect(body(old).code).toBe(401001);
    const fresh = await signInAs(t.app, 'cs_agent', 'Service2026');
    expect(fresh.user.is_modified_password).toBe(1);
  });
});

describe('POST acs/user/logout', () => {
  it('ends the sign-in: access, refresh and the session cookie stop working', async () => {
    const { user, sessionToken } = await signInAs(t.app, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/acs/user/logout',
      headers: bearer(user.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'rx_session')?.value).toBe('');
    expect(body(await getAll(user.access_token, user.id)).code).toBe(305001);
    expect(body(await rejwt(user.refresh_token)).code).toBe(305001);
    const link = await t.app.inject({
      method: 'GET',
      url: '/api/v1/acs/user/platform_link',
      headers: { cookie: `rx_session=${sessionToken}` },
    });
    expect(body(link).code).toBe(305001);
  });

  it('is harmless without credentials', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/acs/user/logout' });
    expect(res.statusCode).toBe(200);
  });
});
