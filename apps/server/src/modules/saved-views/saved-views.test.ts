import { describe, expect, it } from 'vitest';
import { PLAYERS_PAGE } from '@rx/contracts';
import type { SavedView } from '@rx/contracts/saved-views';
import { body, type Client, useTestApp } from '../../../test/index.ts';

const t = useTestApp();
const admin = t.admin;
const PROPS_PAGE = '/projectbase/projectbase-fe/game-prop-config';
const TICKETS_PAGE = '/service/feedbackConfig/feedback_player';

const viewsOf = async (api: Client, list: string): Promise<SavedView[]> => {
  const res = await api.get(`/api/v1/saved-views?list=${encodeURIComponent(list)}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<SavedView[]>(res).data;
};
const save = (api: Client, list: string, name: string, shared = false) =>
  api.post('/api/v1/saved-views', {
    list,
    name,
    shared,
    state: { query: { q: 'sword', sort: '-id', status: 'active' }, columns: ['code', 'name'] },
  });

describe('/saved-views', () => {
  it("saves a list's filters, sort and columns under a name, personal or shared in the CP", async () => {
    const mine = await save(admin, PROPS_PAGE, 'Active swords');
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await save(admin, PROPS_PAGE, 'Team view', true)).statusCode).toBe(200);

    const views = await viewsOf(admin, PROPS_PAGE);
    expect(views.map((v) => [v.name, v.shared, v.mine])).toEqual([
      ['Active swords', false, true],
      ['Team view', true, true],
    ]);
    expect(views[0]!.state).toEqual({
      query: { q: 'sword', sort: '-id', status: 'active' },
      columns: ['code', 'name'],
    });

    // A colleague of the CP sees the shared view only, and may not delete it.
    const colleague = await t.signIn('ops_gn', 'xianxia');
    const theirs = await viewsOf(colleague, PROPS_PAGE);
    expect(theirs.map((v) => [v.name, v.mine, v.owner])).toEqual([['Team view', false, 'admin']]);
    expect((await colleague.del(`/api/v1/saved-views/${theirs[0]!.id}`)).statusCode).toBe(404);

    // Another CP sees none of them.
    const overseas = await t.signIn(await t.adminOf('ops_hw'));
    expect(await viewsOf(overseas, PROPS_PAGE)).toEqual([]);
    expect((await overseas.del(`/api/v1/saved-views/${theirs[0]!.id}`)).statusCode).toBe(404);

    expect((await admin.del(`/api/v1/saved-views/${views[0]!.id}`)).statusCode).toBe(200);
    // Both writes are in the operation log.
    const logged = await t.logsOf('saved_view', views[0]!.id);
    expect(logged.map((entry) => entry.action).sort()).toEqual(['create', 'delete']);
    expect((await viewsOf(admin, PROPS_PAGE)).map((v) => v.name)).toEqual(['Team view']);
  });

  it('serves overseas operations on their own pages, apart from the domestic CP', async () => {
    const ops = await t.signIn('ops_hw', 'dawn');
    expect((await save(ops, PROPS_PAGE, 'Overseas swords', true)).statusCode).toBe(200);
    expect((await save(ops, PROPS_PAGE, 'Overseas mine')).statusCode).toBe(200);
    const theirs = await viewsOf(ops, PROPS_PAGE);
    expect(theirs.map((v) => [v.name, v.shared, v.mine])).toEqual([
      ['Overseas mine', false, true],
      ['Overseas swords', true, true],
    ]);
    // Their CP's admin sees the shared one only; the domestic CP sees neither.
    const overseasAdmin = await t.signIn(await t.adminOf('ops_hw'));
    expect((await viewsOf(overseasAdmin, PROPS_PAGE)).map((v) => [v.name, v.owner])).toEqual([
      ['Overseas swords', 'ops_hw'],
    ]);
    expect((await viewsOf(admin, PROPS_PAGE)).map((v) => v.name)).not.toContain('Overseas swords');
    // A domestic-only page is not theirs to save a view of.
    expect((await save(ops, '/newrxlaunch/mini-game/subscription', 'Not ours')).statusCode).toBe(403);
  });

  it('refuses a name already used, a page the caller may not open, and bad input', async () => {
    expect((await save(admin, PLAYERS_PAGE, 'Twice')).statusCode).toBe(200);
    const again = await save(admin, PLAYERS_PAGE, 'twice');
    expect(again.statusCode).toBe(400);
    expect(body<unknown>(again)).toMatchObject({
      code: 400001,
      data: { fields: { name: expect.any(String) } },
    });

    const cs = await t.signIn('cs_agent', 'xianxia');
    expect((await save(cs, PROPS_PAGE, 'Not mine')).statusCode).toBe(403);
    expect((await cs.get(`/api/v1/saved-views?list=${encodeURIComponent(PROPS_PAGE)}`)).statusCode).toBe(403);
    expect((await save(cs, TICKETS_PAGE, 'My queue')).statusCode).toBe(200);

    expect((await save(admin, '/no/such/page', 'x')).statusCode).toBe(400);
    for (const name of ['', 'x'.repeat(65), 'a\u0000b'])
      expect((await save(admin, PROPS_PAGE, name)).statusCode).toBe(400);
    const tooMany = await admin.post('/api/v1/saved-views', {
      list: PROPS_PAGE,
      name: 'Huge',
      state: { query: Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`k${i}`, 'v'])) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/v1/saved-views?list=${PROPS_PAGE}` })).statusCode).toBe(401);
  });
});
