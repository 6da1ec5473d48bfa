import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/index.ts';
import { bearer, body, signInAs } from '../../../test/helpers.ts';

const t = useTestApp({ as: null });

interface List {
  list: { id: number; kind: string; title: string; read: boolean; link: string }[];
  total: number;
  unread: number;
}

describe('notifications', () => {
  it("lists only the caller's own notifications, newest first, in pages", async () => {
    const { user } = await signInAs(t.app, 'admin');
    const res = await t.app.inject({ url: '/api/v1/notifications', headers: bearer(user.access_token) });
    const data = body<List>(res).data;
    expect(data.total).toBe(3);
    expect(data.unread).toBe(3);
    expect(data.list[0]).toMatchObject({ kind: 'work_order', read: false, link: '/notification/management' });
    const page2 = body<List>(
      await t.app.inject({
        url: '/api/v1/notifications?page=2&page_size=2',
        headers: bearer(user.access_token),
      }),
    ).data;
    expect(page2.list).toHaveLength(1);
    const hw = await signInAs(t.app, 'ops_hw');
    const theirs = body<List>(
      await t.app.inject({ url: '/api/v1/notifications', headers: bearer(hw.user.access_token) }),
    ).data;
    expect(theirs.list[0]!.title).toMatch(/^Work order/);
    expect(theirs.list.map((n) => n.id)).not.toContain(data.list[0]!.id);
  });

  it('never links to a page its reader cannot open; customer service opens their work orders', async () => {
    const links = async (username: string) => {
      const { user } = await signInAs(t.app, username);
      const res = await t.app.inject({ url: '/api/v1/notifications', headers: bearer(user.access_token) });
      return body<List>(res).data.list.map((n) => ({ kind: n.kind, link: n.link }));
    };
    // cs_agent works the ticket queues: the work-order page is theirs.
    expect(await links('cs_agent')).toContainEqual({ kind: 'work_order', link: '/notification/management' });
    // cp_dev sees the home page only: no notification of theirs leads anywhere else.
    const dev = await links('cp_dev');
    expect(dev.length).toBeGreaterThan(0);
    expect(dev.every((n) => n.link === '')).toBe(true);
  });

  it("marks read, never another user's", async () => {
    const admin = await signInAs(t.app, 'admin');
    const gn = await signInAs(t.app, 'ops_gn');
    const adminList = body<List>(
      await t.app.inject({ url: '/api/v1/notifications', headers: bearer(admin.user.access_token) }),
    ).data;
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: bearer(gn.user.access_token),
      payload: { ids: [adminList.list[0]!.id] },
    });
    expect(body(foreign).data).toEqual({ updated: 0 });
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: bearer(admin.user.access_token),
      payload: { ids: [adminList.list[0]!.id] },
    });
    expect(body(mine).data).toEqual({ updated: 1 });
    const unread = body<List>(
      await t.app.inject({ url: '/api/v1/notifications?unread=1', headers: bearer(admin.user.access_token) }),
    ).data;
    expect(unread.total).toBe(2);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: bearer(admin.user.access_token),
      payload: { all: true },
    });
    expect(body(all).data).toEqual({ updated: 2 });
  });

  it('refuses bad input and callers without a token', async () => {
    const { user } = await signInAs(t.app, 'admin');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: bearer(user.access_token),
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).code).toBe(400001);
    expect(
      body(
        await t.app.inject({
          url: '/api/v1/notifications?page_size=1000',
          headers: bearer(user.access_token),
        }),
      ).code,
    ).toBe(400001);
    expect(body(await t.app.inject({ url: '/api/v1/notifications' })).code).toBe(305001);
  });
});
