import { describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { HOME_FIGURES, type HomeSummary } from '@rx/contracts/home';
import { actionPermission, seePermissionOf } from '@rx/contracts/pages';
import { body, type Client, useTestApp } from '../../../test/index.ts';
import { notifications, users } from '../../db/schema.ts';
import { props } from '../props/tables.ts';

const PROPS_SEE = seePermissionOf(HOME_FIGURES.props);
const LOG_SEE = seePermissionOf('/useraccount/account-operation-log');

const t = useTestApp();
const admin = t.admin;

const summaryOf = async (api: Client): Promise<HomeSummary> => {
  const res = await api.get('/api/v1/home/summary');
  expect(res.statusCode, res.body).toBe(200);
  return body<HomeSummary>(res).data;
};
const gameOf = (summary: HomeSummary, id: number) => summary.games.find((game) => game.id === id)!;
const newProp = (api: Client, code: string) =>
  api.post('/api/v1/props', { code, name: { zh: code }, type: 'material', rarity: 'common' });
const userIdOf = async (username: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

describe('GET /home/summary', () => {
  it("gives admin their CP's games with every figure, counted from what exists", async () => {
    const before = await summaryOf(admin);
    expect(before.figures).toEqual(Object.keys(HOME_FIGURES));
    expect(before.games.map((game) => game.name)).toEqual(['仙侠奇缘', '坦克大作战']);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(props)
      .where(eq(props.productId, t.productId));
    expect(gameOf(before, t.productId).counts.props).toBe(stored!.n);

    expect((await newProp(admin, 'home_count_probe')).statusCode).toBe(200);
    const untranslated = await admin.post('/api/v1/error-codes', {
      code: 'HOME_PROBE_1',
      module: 'login',
      default_text: 'Only Chinese so far',
      texts: { zh: '仅有中文' },
    });
    expect(untranslated.statusCode, untranslated.body).toBe(200);

    const after = gameOf(await summaryOf(admin), t.productId).counts;
    expect(after.props).toBe(stored!.n + 1);
    expect(after.error_codes_untranslated).toBe(
      gameOf(before, t.productId).counts.error_codes_untranslated! + 1,
    );
  });

  it('counts only the figures whose page the caller may see, and only their own CP', async () => {
    const propsOnly = await t.staff([PROPS_SEE], null);
    const summary = await summaryOf(propsOnly);
    expect(summary.figures).toEqual(['props']);
    expect(Object.keys(gameOf(summary, t.productId).counts)).toEqual(['props']);
    expect(summary.recent_operations).toBeNull();

    const nothing = await summaryOf(await t.staff([], null));
    expect(nothing.figures).toEqual([]);
    expect(nothing.games.every((game) => Object.keys(game.counts).length === 0)).toBe(true);

    const overseas = await summaryOf(await t.signIn('ops_hw'));
    expect(overseas.games.map((game) => game.name)).toEqual(['Legends of Dawn', 'Pocket Farm']);
    expect(overseas.games.some((game) => game.id === t.productId)).toBe(false);
  });

  it("lists the caller's own latest operations, only when they may see the operation log", async () => {
    const name = await t.staffWith([PROPS_SEE, actionPermission(PROPS_SEE, 'edit'), LOG_SEE]);
    const editor = await t.signIn(name, 'xianxia');
    expect((await summaryOf(editor)).recent_operations).toEqual([]);
    expect((await newProp(editor, 'home_recent_probe')).statusCode).toBe(200);

    const [latest] = (await summaryOf(editor)).recent_operations!;
    expect(latest).toMatchObject({
      action: 'create',
      target_type: 'prop',
      target_name: expect.stringContaining('home_recent_probe'),
      product_id: t.productId,
    });
    // Another staff member's operations are not the admin's.
    const theirs = (await summaryOf(admin)).recent_operations!;
    expect(theirs.some((entry) => entry.id === latest!.id)).toBe(false);
  });

  it('counts the caller’s unread notifications by kind', async () => {
    const name = await t.staffWith([]);
    const userId = await userIdOf(name);
    const [owner] = await t.database.db.select({ cpId: users.cpId }).from(users).where(eq(users.id, userId));
    await t.database.db.insert(notifications).values([
      { cpId: owner!.cpId, userId, kind: 'work_order', title: 'Ticket 1' },
      { cpId: owner!.cpId, userId, kind: 'work_order', title: 'Ticket 2' },
      { cpId: owner!.cpId, userId, kind: 'system', title: 'Read already', readAt: new Date() },
    ]);
    expect((await summaryOf(await t.signIn(name))).unread).toEqual({
      work_order: 2,
      approval: 0,
      system: 0,
    });

    const adminId = await userIdOf('admin');
    const unreadAdmin = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, adminId), isNull(notifications.readAt)));
    const { unread } = await summaryOf(admin);
    expect(unread.work_order + unread.approval + unread.system).toBe(unreadAdmin[0]!.n);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ url: '/api/v1/home/summary' });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(305001);
  });
});
