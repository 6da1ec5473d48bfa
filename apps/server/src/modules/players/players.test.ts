import { beforeAll, describe, expect, it } from 'vitest';
import type { PlayerEventResult, PlayerItem, PlayerProfile } from '@rx/contracts';
import { useTestApp } from '../../../test/index.ts';
import { body, productIdOf, signIn, staffWith, type Client } from '../../../test/api.ts';
import { newNonce, signGameRequest } from '../../../test/game.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../lib/rows.ts';
import { seedDemoPlayers } from './demo.ts';
import { DEFAULT_PLAYER_RETENTION, sweepPlayerData } from './retention.ts';

// Games report players through the signed game API; staff find them and open their profile.

const t = useTestApp({ gameKey: 'players' });
const admin = t.admin;
const tag = Date.now().toString(36);
const openid = (n: number) => `t${tag}_${n}`;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

/** Posts events exactly as a game server does: signed, with a new nonce unless one is given. */
function report(events: unknown[], nonce = newNonce()) {
  const payload = JSON.stringify({ events });
  const url = '/api/game/v1/players/events';
  return t.app.inject({
    method: 'POST',
    url,
    headers: signGameRequest(t.key, { method: 'POST', url, body: payload, nonce }),
    payload,
  });
}
const results = (res: Awaited<ReturnType<typeof report>>) =>
  body<{ results: PlayerEventResult[] }>(res).data.results;

describe('game-reported players', () => {
  it('stores a batch of events, each answered on its own, and an event id only once', async () => {
    const events = [
      {
        type: 'register',
        event_id: `${tag}-r1`,
        openid: openid(1),
        at: at(60),
        channel: 'official',
        nickname: `Frost${tag}`,
        ip: '10.1.2.3',
        country: 'CN',
        device_id: `dev-${tag}-1`,
        device_model: 'Pixel 8',
        os: 'Android 14',
      },
      {
        type: 'login',
        event_id: `${tag}-l1`,
        openid: openid(1),
        at: at(30),
        ip: '10.9.9.9',
        device_id: `dev-${tag}-2`,
      },
      {
        type: 'role_update',
        event_id: `${tag}-ro1`,
        openid: openid(1),
        at: at(29),
        server: 'S1',
        role_id: `R${tag}1`,
        name: `Blade${tag}`,
        level: 12,
        vip: 2,
      },
      {
        type: 'payment',
        event_id: `${tag}-p1`,
        openid: openid(1),
        at: at(20),
        order_no: `O${tag}1`,
        store: 'google_play',
        sku: 'sku.tier1',
        amount: 600,
        currency: 'CNY',
        status: 'delivered',
      },
      { type: 'login', event_id: `${tag}-bad`, openid: openid(1), at: 'yesterday' },
    ];
    const first = await report(events);
    expect(first.statusCode, first.body).toBe(200);
    expect(results(first).map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'error']);
    expect(results(first)[4]!.message).toMatch(/^at:/);

    // The same events again (a retry after a lost answer): stored once.
    const again = await report(events.slice(0, 4));
    expect(results(again).map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);

    const profile = body<PlayerProfile>(await admin.get(`/api/v1/players/${openid(1)}`)).data;
    expect(profile).toMatchObject({
      openid: openid(1),
      channel: 'official',
      nickname: `Frost${tag}`,
      last_ip: '10.9.9.9',
      role_count: 1,
      paid: { CNY: 600 },
    });
    expect(profile.logins).toHaveLength(2);
    expect(profile.devices.map((d) => d.device_id).sort()).toEqual([`dev-${tag}-1`, `dev-${tag}-2`]);
    expect(profile.roles[0]).toMatchObject({ server: 'S1', role_id: `R${tag}1`, level: 12, vip: 2 });
    expect(profile.orders[0]).toMatchObject({ order_no: `O${tag}1`, amount: 600, status: 'delivered' });
  });

  it('marks a refunded order and takes it out of the paid total', async () => {
    const pay = await report([
      {
        type: 'payment',
        event_id: `${tag}-p2`,
        openid: openid(2),
        at: at(10),
        order_no: `O${tag}2`,
        store: 'app_store',
        sku: 'sku.tier2',
        amount: 3000,
        currency: 'CNY',
        status: 'paid',
      },
    ]);
    expect(results(pay)[0]!.status).toBe('ok');
    const refund = await report([
      {
        type: 'refund_notice',
        event_id: `${tag}-rf2`,
        openid: openid(2),
        at: at(5),
        order_no: `O${tag}2`,
        reason: 'chargeback',
      },
      // Another player's order: refused, nothing changes.
      { type: 'refund_notice', event_id: `${tag}-rf3`, openid: openid(3), at: at(5), order_no: `O${tag}1` },
    ]);
    expect(results(refund).map((r) => r.status)).toEqual(['ok', 'error']);
    const two = body<PlayerProfile>(await admin.get(`/api/v1/players/${openid(2)}`)).data;
    expect(two.paid).toEqual({});
    expect(two.orders[0]).toMatchObject({ status: 'refunded' });
    const one = body<PlayerProfile>(await admin.get(`/api/v1/players/${openid(1)}`)).data;
    expect(one.orders[0]!.status).toBe('delivered');
    // The refused event's id was not spent: the corrected event may come again under it.
    const retried = await report([{ type: 'login', event_id: `${tag}-rf3`, openid: openid(3), at: at(4) }]);
    expect(results(retried)[0]!.status).toBe('ok');
  });

  it('refuses a replayed request, an unsigned one and a batch over 500 events', async () => {
    const nonce = newNonce();
    const event = { type: 'login', event_id: `${tag}-n1`, openid: openid(4), at: at(1) };
    expect((await report([event], nonce)).statusCode).toBe(200);
    const replay = await report([event], nonce);
    expect(replay.statusCode).toBe(401);
    expect(body(replay).code).toBe(401009);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/game/v1/players/events',
      payload: { events: [event] },
    });
    expect(unsigned.statusCode).toBe(401);
    const tooMany = await report(Array.from({ length: 501 }, (_, i) => ({ ...event, event_id: `x${i}` })));
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('player lookup', () => {
  let productId: number;
  beforeAll(async () => {
    productId = await productIdOf(t, 'tankwar');
    await seedDemoPlayers(t.database.db, [
      { productId, region: 'gn', channels: ['official', 'tap'], count: 300 },
    ]);
  });
  const tank = () => signIn(t, 'admin', 'tankwar');
  const find = async (api: Client, query: string) => {
    const res = await api.get(`/api/v1/players?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return body<{ list: PlayerItem[]; total: number }>(res).data;
  };

  it('pages and sorts every player of the game, newest sign-in first', async () => {
    const api = await tank();
    const page1 = await find(api, 'page=1&page_size=20');
    expect(page1.total).toBe(300);
    expect(page1.list).toHaveLength(20);
    const logins = page1.list.map((p) => p.last_login_at!);
    expect([...logins].sort().reverse()).toEqual(logins);
    const page2 = await find(api, 'page=2&page_size=20');
    expect(page2.list.map((p) => p.openid)).not.toContain(page1.list[0]!.openid);
    const byPaid = await find(api, 'sort=-paid_total&page_size=5');
    expect(byPaid.list[0]!.paid.CNY).toBeGreaterThan(0);
  });

  it('finds a player by openid, role id, role name prefix, nickname prefix, device and address', async () => {
    const api = await tank();
    const { list } = await find(api, 'page_size=1&sort=created_at');
    const profile = body<PlayerProfile>(await api.get(`/api/v1/players/${list[0]!.openid}`)).data;
    const role = profile.roles[0]!;
    const device = profile.devices[0]!;
    for (const [by, q] of [
      ['openid', profile.openid],
      ['role_id', role.role_id],
      ['role_name', role.name.slice(0, 6).toUpperCase()],
      ['nickname', profile.nickname.slice(0, 5)],
      ['device_id', device.device_id],
      ['ip', profile.logins[0]!.ip],
    ]) {
      const found = await find(api, `by=${by}&q=${encodeURIComponent(q!)}&page_size=50`);
      expect(
        found.list.map((p) => p.openid),
        `${by}=${q}`,
      ).toContain(profile.openid);
    }
    const byRole = await find(api, `by=role_id&q=${role.role_id}`);
    expect(byRole.list[0]!.matched).toContain(role.role_id);
    // A LIKE wildcard is taken literally.
    expect((await find(api, 'by=nickname&q=%25')).total).toBe(0);
  });

  it('filters by paid, channel and sign-in day', async () => {
    const api = await tank();
    const paid = await find(api, 'paid=1&page_size=100');
    expect(paid.total).toBe(60);
    expect(paid.list.every((p) => Object.keys(p.paid).length > 0)).toBe(true);
    const unpaid = await find(api, 'paid=0');
    expect(unpaid.total).toBe(240);
    const official = await find(api, 'channel=official');
    expect(official.total).toBe(150);
    const future = await find(api, 'login_from=2999-01-01');
    expect(future.total).toBe(0);
  });

  it('keeps each game and CP to itself, and needs the page permission', async () => {
    const xianxia = await signIn(t, 'admin', 'xianxia');
    expect((await find(xianxia, `by=openid&q=${'gn'}${productId}_0000001`)).total).toBe(0);
    expect((await xianxia.get(`/api/v1/players/gn${productId}_0000001`)).statusCode).toBe(404);
    // Another CP's staff naming this game: refused, whatever they may see in their own.
    const overseas = await signIn(t, 'ops_hw', 'tankwar');
    const refused = await overseas.get('/api/v1/players');
    expect([403, 404]).toContain(refused.statusCode);
    expect(JSON.stringify(body(refused).data ?? {})).not.toContain(`gn${productId}_`);
    const nobody = await signIn(t, await staffWith(t, ['see/home']), 'tankwar');
    expect((await nobody.get('/api/v1/players')).statusCode).toBe(403);
  });

  it('refuses bad lookups with 400 and a reason', async () => {
    const api = await tank();
    expect((await api.get('/api/v1/players?by=password&q=x')).statusCode).toBe(400);
    expect((await api.get('/api/v1/players?login_from=yesterday')).statusCode).toBe(400);
    expect((await api.get('/api/v1/players/has%20space')).statusCode).toBe(400);
  });
});

describe('retention', () => {
  it('sweeps sign-ins and reported event ids older than their window, in batches, and keeps the rest', async () => {
    const xianxia = await productIdOf(t, 'xianxia');
    const [player] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into players (product_id, openid) values (${xianxia}::int, ${`keep_${tag}`}) returning id`,
    );
    const pid = Number(player!.id);
    // 6,000 old sign-ins (more than one batch), 3 recent ones; 2 old event ids, 1 recent.
    await t.database.db.execute(sql`insert into player_logins (product_id, player_id, at)
      select ${xianxia}::int, ${pid}::bigint, now() - make_interval(days => 200 + (g % 50)) from generate_series(1, 6000) g`);
    await t.database.db.execute(sql`insert into player_logins (product_id, player_id, at)
      select ${xianxia}::int, ${pid}::bigint, now() - make_interval(days => g) from generate_series(1, 3) g`);
    await t.database.db.execute(sql`insert into player_event_ids (product_id, event_id, received_at) values
      (${xianxia}::int, ${`old1_${tag}`}, now() - interval '40 days'),
      (${xianxia}::int, ${`old2_${tag}`}, now() - interval '31 days'),
      (${xianxia}::int, ${`new_${tag}`}, now() - interval '2 days')`);
    const swept = await sweepPlayerData(t.database.db, DEFAULT_PLAYER_RETENTION);
    expect(swept.logins).toBeGreaterThanOrEqual(6000);
    expect(swept.eventIds).toBeGreaterThanOrEqual(2);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from player_logins where player_id = ${pid}::bigint`,
    );
    expect(left!.n).toBe(3);
    const ids = await queryRows<{ event_id: string }>(
      t.database.db,
      sql`select event_id from player_event_ids where event_id like ${`%_${tag}`}`,
    );
    expect(ids.map((r) => r.event_id)).toEqual([`new_${tag}`]);
    // The sweep runs daily.
    expect(await t.app.jobs.schedule('players:retention')).toMatchObject({
      status: 'active',
      cron: '40 3 * * *',
    });
  });
});
