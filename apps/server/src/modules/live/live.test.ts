import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../lib/events.ts';
import { createTestApp, signInAs, type TestContext, type UserInfoLike } from '../../../test/helpers.ts';
import { adminOf, staffWith } from '../../../test/api.ts';
import { Live } from '../../../test/live.ts';
import { LIVE_CLOSE, LIVE_PROTOCOL } from './index.ts';

let t: TestContext;
let admin: UserInfoLike;
let colleague: UserInfoLike;
let otherCp: UserInfoLike;
const open: Live[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'admin')).user;
  colleague = (await signInAs(t.app, await staffWith(t, []))).user;
  otherCp = (await signInAs(t.app, await adminOf(t, 'ops_hw'))).user;
});
afterAll(async () => {
  for (const live of open) live.ws.close();
  await t.app.close();
});

async function connect(user: UserInfoLike): Promise<Live> {
  const live = await Live.signedIn(t.app, user.access_token);
  open.push(live);
  return live;
}

function notification(user: UserInfoLike, title: string): LiveEvent {
  return {
    topic: 'notification',
    cpId: Number(user.cpid),
    userId: Number(user.id),
    data: { id: 1, kind: 'system', title },
  };
}

describe('signing in', () => {
  it('refuses a connection without a token, with a bad one, or with a message before the token', async () => {
    const none = await Live.open(t.app);
    none.send({ type: 'auth' });
    expect(await none.closed).toBe(LIVE_CLOSE.AUTH_FAILED);

    const forged = await Live.open(t.app);
    forged.send({ type: 'auth', token: `${admin.access_token.slice(0, -4)}AAAA` });
    expect(await forged.closed).toBe(LIVE_CLOSE.AUTH_FAILED);

    const early = await Live.open(t.app);
    early.send({ type: 'ping' });
    expect(await early.closed).toBe(LIVE_CLOSE.AUTH_FAILED);
  });

  it('accepts the token as the first message or as an offered sub-protocol, never in the address', async () => {
    const live = await connect(admin);
    live.send({ type: 'ping' });
    expect(await live.next()).toEqual({ type: 'pong' });

    const byProtocol = await Live.open(t.app, `${LIVE_PROTOCOL}, rx-token.${admin.access_token}`);
    open.push(byProtocol);
    expect(await byProtocol.next()).toMatchObject({ type: 'ready', user_id: Number(admin.id) });
  });

  it('closes a connection sending tokens faster than any console refreshes', async () => {
    const live = await connect(admin);
    for (let i = 0; i < 10; i++) live.send({ type: 'auth', token: admin.access_token });
    expect(await live.closed).toBe(LIVE_CLOSE.TOO_MANY);
  });

  it('follows the token refresh, and refuses another user’s token on the same connection', async () => {
    const user = (await signInAs(t.app, await staffWith(t, []))).user;
    const live = await connect(user);
    const renewed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/acs/user/rejwt?rejwt=${encodeURIComponent(user.refresh_token)}`,
    });
    const fresh = (renewed.json() as { data: { access_token: string } }).data.access_token;
    live.send({ type: 'auth', token: fresh });
    expect(await live.next()).toMatchObject({ type: 'ready', user_id: Number(user.id) });
    t.app.events.publish(notification(user, 'after refresh'));
    expect(await live.next()).toMatchObject({ type: 'event', data: { title: 'after refresh' } });

    live.send({ type: 'auth', token: admin.access_token });
    expect(await live.closed).toBe(LIVE_CLOSE.AUTH_FAILED);
  });
});

describe('delivery', () => {
  it("delivers a notification to its user only: not to a colleague, not to another CP's", async () => {
    const mine = await connect(admin);
    const theirs = await connect(colleague);
    const elsewhere = await connect(otherCp);
    t.app.events.publish(notification(admin, 'for admin'));
    // Another CP's event naming the same user id never reaches the admin either.
    t.app.events.publish({ ...notification(admin, 'wrong cp'), cpId: Number(otherCp.cpid) });
    t.app.events.publish(notification(colleague, 'for colleague'));
    t.app.events.publish(notification(otherCp, 'for other cp'));
    // Each connection's first event is its own: what was sent to the others never arrived before it.
    expect(await mine.next()).toEqual({
      type: 'event',
      topic: 'notification',
      data: { id: 1, kind: 'system', title: 'for admin' },
    });
    expect(await theirs.next()).toMatchObject({ topic: 'notification', data: { title: 'for colleague' } });
    expect(await elsewhere.next()).toMatchObject({ topic: 'notification', data: { title: 'for other cp' } });
    t.app.events.publish(notification(admin, 'second'));
    expect(await mine.next()).toMatchObject({ data: { title: 'second' } });
  });

  it('sends new approval requests to the CP, decisions to the maker, permission changes to the user', async () => {
    const maker = await connect(admin);
    const checker = await connect(colleague);
    const cpId = Number(admin.cpid);
    t.app.events.publish({
      topic: 'approval',
      cpId,
      userId: Number(admin.id),
      data: { id: 7, action: 'mail/approve/mail', status: 'pending' },
    });
    expect(await checker.next()).toMatchObject({ topic: 'approval', data: { id: 7, status: 'pending' } });
    expect(await maker.next()).toMatchObject({ topic: 'approval', data: { id: 7, status: 'pending' } });
    t.app.events.publish({
      topic: 'approval',
      cpId,
      userId: Number(admin.id),
      data: { id: 7, action: 'mail/approve/mail', status: 'approved' },
    });
    t.app.events.publish({ topic: 'permissions', cpId, userId: Number(colleague.id), data: {} });
    expect(await maker.next()).toMatchObject({ topic: 'approval', data: { status: 'approved' } });
    expect(await checker.next()).toMatchObject({ topic: 'permissions' });
  });

  it('tells a staff member whose roles an admin changed (permissions), through the real write', async () => {
    const name = await staffWith(t, []);
    const user = (await signInAs(t.app, name)).user;
    const live = await connect(user);
    const headers = { authorization: `Bearer ${admin.access_token}` };
    const staff = (await t.app.inject({ url: `/api/v1/staff/${user.id}`, headers })).json() as {
      data: { version: number };
    };
    const roles = (await t.app.inject({ url: '/api/v1/roles?page_size=100', headers })).json() as {
      data: { list: { id: number; identifier: string }[] };
    };
    const role = roles.data.list.find((r) => r.identifier !== 'admin')!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/${user.id}`,
      headers,
      payload: { role_ids: [role.id], version: staff.data.version },
    });
    expect(res.statusCode).toBe(200);
    expect(await live.next()).toMatchObject({ type: 'event', topic: 'permissions' });
  });
});

describe('signing out', () => {
  it('closes the connection of the sign-in that ended, at once, and only that one', async () => {
    const user = (await signInAs(t.app, await staffWith(t, []))).user;
    const live = await connect(user);
    const stays = await connect(colleague);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/acs/user/logout',
      headers: { authorization: `Bearer ${user.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await live.closed).toBe(LIVE_CLOSE.SESSION_ENDED);
    // The ended token cannot open a new one.
    const again = await Live.open(t.app);
    again.send({ type: 'auth', token: user.access_token });
    expect(await again.closed).toBe(LIVE_CLOSE.SESSION_ENDED);
    t.app.events.publish(notification(colleague, 'still here'));
    expect(await stays.next()).toMatchObject({ data: { title: 'still here' } });
  });

  it('closes when an admin disables the staff member', async () => {
    const name = await staffWith(t, []);
    const user = (await signInAs(t.app, name)).user;
    const live = await connect(user);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/${user.id}/disable`,
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await live.closed).toBe(LIVE_CLOSE.SESSION_ENDED);
  });
});
