import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  violationsResource,
  type ViolationReportResult,
  type ViolationTemplate,
  type ViolatorApplied,
  type ViolatorDetail,
  type ViolatorItem,
  type ViolatorTemplateOption,
} from '@rx/contracts';
import { body, records, sheetOf, signInAs, useTestApp } from '../../../test/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { seedDemoViolations } from './index.ts';
import { violationEvents, violators } from './tables.ts';

// Game-behaviour violations: games report events through the signed game API; staff review the
// violators grouped by player, read the detail (timeline, linked accounts, sanctions) and apply a
// violation template (which escalates), dismiss or reopen.

const t = useTestApp({ gameKey: 'violations', tankwar: true });
const admin = t.admin;
const tag = Date.now().toString(36);
const openid = (n: number) => `vi${tag}_${n}`;
const perms = violationsResource.permissions;
let seq = 0;
const hourAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

async function playerEvents(events: object[], k = t.key) {
  const res = await t.signedCall(k, 'POST', '/api/game/v1/players/events', { events });
  expect(res.statusCode, res.body).toBe(200);
  for (const r of body<{ results: { status: string; message?: string }[] }>(res).data.results)
    expect(r.status, r.message).toBe('ok');
}
function event(n: number, extra: object = {}) {
  return {
    event_id: `${tag}-e${++seq}`,
    openid: openid(n),
    server: 's1',
    category: 'speed_hack',
    occurred_at: hourAgo(1),
    evidence: { speed: 3.2 },
    ...extra,
  };
}
async function report(events: object[], k = t.key) {
  const res = await t.signedCall(k, 'POST', '/api/game/v1/violations', { events });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ results: ViolationReportResult[] }>(res).data.results;
}
async function list(query: string, api = admin) {
  const res = await api.get(`/api/v1/violations?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ list: ViolatorItem[]; total: number }>(res).data;
}
async function violator(n: number): Promise<ViolatorItem> {
  const page = await list(`q=${openid(n)}`);
  const found = page.list.find((v) => v.openid === openid(n));
  expect(found).toBeDefined();
  return found!;
}
async function detail(n: number, query = '') {
  const res = await admin.get(`/api/v1/violations/players/${openid(n)}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<ViolatorDetail>(res).data;
}

beforeAll(async () => {
  // Players 1–9; 1 and 2 share a device, 1 and 3 an IP; 4 paid for a role of 1.
  await playerEvents(
    Array.from({ length: 9 }, (_, i) => ({
      type: 'register',
      event_id: `${tag}-r${i + 1}`,
      openid: openid(i + 1),
      at: hourAgo(48),
      nickname: `Nick${i + 1}`,
    })),
  );
  await playerEvents([
    {
      type: 'login',
      event_id: `${tag}-l1`,
      openid: openid(1),
      at: hourAgo(5),
      ip: '203.0.113.7',
      device_id: `dev-${tag}-a`,
    },
    {
      type: 'login',
      event_id: `${tag}-l2`,
      openid: openid(2),
      at: hourAgo(4),
      ip: '198.51.100.2',
      device_id: `dev-${tag}-a`,
    },
    {
      type: 'login',
      event_id: `${tag}-l3`,
      openid: openid(3),
      at: hourAgo(3),
      ip: '203.0.113.7',
      device_id: `dev-${tag}-c`,
    },
    {
      type: 'role_update',
      event_id: `${tag}-role1`,
      openid: openid(1),
      at: hourAgo(5),
      server: `srv${tag}`,
      role_id: `role${tag}`,
      name: 'Blade',
    },
    {
      type: 'payment',
      event_id: `${tag}-pay4`,
      openid: openid(4),
      at: hourAgo(2),
      order_no: `ORD-${tag}-4`,
      store: 'google_play',
      sku: 'gems',
      amount: 100,
      currency: 'USD',
      status: 'delivered',
      server: `srv${tag}`,
      role_id: `role${tag}`,
    },
  ]);
});

describe('violation reports through the signed game API', () => {
  it('stores an event once per event id, names an unknown player and a bad event, changes nothing for them', async () => {
    const first = event(1);
    const results = await report([
      first,
      event(99),
      { ...event(1), category: 'flying' },
      { ...event(1), evidence: { blob: 'x'.repeat(9000) } },
      { ...event(1), score: 101, rule: 'r1' },
    ]);
    expect(results[0]).toEqual({ event_id: first.event_id, status: 'stored' });
    expect(results[1]).toMatchObject({ status: 'error', error: 'unknown_player' });
    expect(results[1]!.message).toContain(openid(99));
    expect(results.slice(2).map((r) => [r.status, r.error])).toEqual([
      ['error', 'invalid'],
      ['error', 'invalid'],
      ['error', 'invalid'],
    ]);
    expect(results[2]!.message).toContain('category');
    expect(results[3]!.message).toContain('evidence');
    // A repeat is acknowledged, not stored twice, even with other content.
    expect(await report([{ ...first, category: 'botting' }])).toEqual([
      { event_id: first.event_id, status: 'duplicate' },
    ]);
    const stored = await t.database.db
      .select()
      .from(violationEvents)
      .where(eq(violationEvents.openid, openid(1)));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ category: 'speed_hack', evidence: { speed: 3.2 } });
    // One event on its own (no list) is a batch of one; `abnormal_gain` reads as abnormal_gains.
    const single = event(1, { category: 'abnormal_gain', server: 's2' });
    const res = await t.signedCall(t.key, 'POST', '/api/game/v1/violations', single);
    expect(body<{ results: ViolationReportResult[] }>(res).data.results).toEqual([
      { event_id: single.event_id, status: 'stored' },
    ]);
  });

  it('refuses a whole batch with 400001 when it is too long or not a list, storing nothing', async () => {
    const before = await t.database.db.$count(violationEvents);
    const many = Array.from({ length: 101 }, () => event(5));
    const tooMany = await t.signedCall(t.key, 'POST', '/api/game/v1/violations', { events: many });
    expect(body(tooMany).code).toBe(400001);
    expect(body(await t.signedCall(t.key, 'POST', '/api/game/v1/violations', { events: 'x' })).code).toBe(
      400001,
    );
    expect(body(await t.signedCall(t.key, 'POST', '/api/game/v1/violations', [])).code).toBe(400001);
    expect(body(await t.signedCall(t.key, 'POST', '/api/game/v1/violations', {})).code).toBe(400001);
    expect(await t.database.db.$count(violationEvents)).toBe(before);
    // Unsigned: refused.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/game/v1/violations',
      payload: { events: [event(5)] },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('hands an event with a rule and a score to anti-cheat in the same transaction', async () => {
    const [raised] = await report([event(6, { rule: `speed-${tag}`, score: 80 })]);
    expect(raised).toMatchObject({ status: 'stored', cheat_flag: 'raised' });
    const [again] = await report([event(6, { rule: `speed-${tag}`, score: 90 })]);
    expect(again!.cheat_flag).toBe('updated');
    const flags = await queryRows<{ hits: number; score: number; source: string }>(
      t.database.db,
      sql`select hits, score, source from cheat_flags where product_id = ${t.productId} and openid = ${openid(6)}`,
    );
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ source: 'game_report' });
    expect(Number(flags[0]!.hits)).toBe(2);
    // Without a score nothing reaches anti-cheat.
    expect((await report([event(6, { rule: 'x' })]))[0]!.cheat_flag).toBeUndefined();
  });
});

describe('violators grouped by player', () => {
  beforeAll(async () => {
    await report([
      event(7, { category: 'botting', server: 's1', occurred_at: hourAgo(30) }),
      event(7, { category: 'botting', server: 's3', occurred_at: hourAgo(20) }),
      event(7, { category: 'chat_abuse', server: 's3', occurred_at: hourAgo(10) }),
      event(8, { category: 'illegal_trade', server: 's9', occurred_at: hourAgo(2) }),
    ]);
  });

  it('counts hits per category and in total, with servers and first/last seen', async () => {
    const v = await violator(7);
    expect(v).toMatchObject({
      nickname: 'Nick7',
      hits: 3,
      by_category: { botting: 2, chat_abuse: 1 },
      servers: ['s1', 's3'],
      status: 'open',
    });
    expect(Date.parse(v.last_seen) - Date.parse(v.first_seen)).toBeCloseTo(20 * 3_600_000, -4);
  });

  it('filters by openid, category, server, status and dates; sorts by hits and last seen; pages', async () => {
    const q = `q=vi${tag}_`;
    const all = await list(`${q}&page_size=100`);
    expect(all.total).toBeGreaterThanOrEqual(4);
    const ours = all.list.map((v) => v.openid);
    expect(ours).toEqual(expect.arrayContaining([openid(1), openid(6), openid(7), openid(8)]));
    // Newest first by default: player 8's last event (2 h ago) before 7's (10 h ago).
    expect(ours.indexOf(openid(8))).toBeLessThan(ours.indexOf(openid(7)));
    const byHits = (await list(`${q}&sort=-hits&page_size=100`)).list;
    expect(byHits.map((v) => v.hits)).toEqual([...byHits.map((v) => v.hits)].sort((a, b) => b - a));
    const fewest = (await list(`${q}&sort=hits&page_size=100`)).list;
    expect(fewest.map((v) => v.hits)).toEqual([...fewest.map((v) => v.hits)].sort((a, b) => a - b));
    // Pages of 1 do not overlap.
    const p1 = await list(`${q}&sort=-hits&page_size=1&page=1`);
    const p2 = await list(`${q}&sort=-hits&page_size=1&page=2`);
    expect(p1.total).toBe(all.total);
    expect(p1.list[0]!.openid).not.toBe(p2.list[0]!.openid);
    // A page past the end is empty and still counts.
    expect(await list(`${q}&page=1000`)).toEqual({ list: [], total: all.total });
    // Category: only its hits count.
    const botting = await list(`${q}&category=botting`);
    expect(botting.list.map((v) => v.openid)).toEqual([openid(7)]);
    expect(botting.list[0]).toMatchObject({ hits: 2, by_category: { botting: 2 } });
    expect((await list(`${q}&server=s9`)).list.map((v) => v.openid)).toEqual([openid(8)]);
    // Dates (UTC days): the day of player 8's last event finds them (whatever the hour the tests
    // run: 2 h ago may be yesterday); the far past has none.
    expect((await list(`${q}&from=2000-01-01&to=2000-01-02`)).total).toBe(0);
    const lastSeen = all.list.find((v) => v.openid === openid(8))!.last_seen;
    const day = new Date(lastSeen).toISOString().slice(0, 10);
    expect((await list(`${q}&from=${day}&to=${day}`)).list.map((v) => v.openid)).toContain(openid(8));
    expect((await list(`${q}&status=dismissed`)).total).toBe(0);
    // Bad filters: 400001.
    for (const bad of ['category=flying', 'sort=nickname', 'status=x', 'from=yesterday', 'page_size=1000'])
      expect(body(await admin.get(`/api/v1/violations?${bad}`)).code, bad).toBe(400001);
  });

  it('exports the filtered violators as CSV and XLSX (logged)', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await admin.get(`/api/v1/violations/export?format=${format}&q=${openid(7)}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = records(await sheetOf(res));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        openid: openid(7),
        hits: '3',
        botting: '2',
        chat_abuse: '1',
        servers: 's1 s3',
      });
    }
    const [entry] = await t.logsOf('violations', '');
    expect(entry).toMatchObject({ action: 'export' });
  });
});

describe('a violator in detail', () => {
  it('answers the timeline newest first and paged, with evidence', async () => {
    await report([
      event(2, { category: 'botting', occurred_at: hourAgo(9), evidence: { path: [1, 2, 3] } }),
      event(2, { category: 'botting', occurred_at: hourAgo(8) }),
      event(2, { category: 'chat_abuse', occurred_at: hourAgo(7), evidence: { text: 'rude' } }),
    ]);
    const first = await detail(2, '?page_size=2');
    expect(first.events.total).toBe(3);
    expect(first.events.list.map((e) => e.category)).toEqual(['chat_abuse', 'botting']);
    expect(first.events.list[0]!.evidence).toEqual({ text: 'rude' });
    const second = await detail(2, '?page_size=2&page=2');
    expect(second.events.list.map((e) => e.evidence)).toEqual([{ path: [1, 2, 3] }]);
    expect(body(await admin.get(`/api/v1/violations/players/nobody${tag}`)).code).toBe(404001);
  });

  it('links accounts sharing a device, an IP or a payment, and says which', async () => {
    const d = await detail(1);
    const links = Object.fromEntries(d.linked.map((l) => [l.openid, l.links]));
    expect(links[openid(2)]).toEqual([{ kind: 'device', value: `dev-${tag}-a` }]);
    expect(links[openid(3)]).toEqual([{ kind: 'ip', value: '203.0.113.7' }]);
    expect(links[openid(4)]).toEqual([{ kind: 'payment', value: `ORD-${tag}-4` }]);
    expect(d.linked.find((l) => l.openid === openid(2))).toMatchObject({
      nickname: 'Nick2',
      hits: 3,
      status: 'open',
    });
    expect(links[openid(5)]).toBeUndefined();
  });
});

describe('reviewing a violator', () => {
  let template: ViolationTemplate;
  beforeAll(async () => {
    const res = await admin.post('/api/v1/violation-templates', {
      code: `BOT${tag}`,
      name: 'Botting',
      category: 'botting',
      ladder: [{ action: 'warn' }, { action: 'mute', duration_minutes: 60 }],
      message: { zh: '外挂', en: 'Botting' },
    });
    expect(res.statusCode, res.body).toBe(200);
    template = body<ViolationTemplate>(res).data;
  });

  it('applies a template (escalating by offence count), marks the violator handled, logs it; a new event reopens', async () => {
    const options = body<ViolatorTemplateOption[]>(
      await admin.get(`/api/v1/violations/templates?openid=${openid(7)}`),
    ).data;
    expect(options.find((o) => o.id === template.id)).toMatchObject({ code: `BOT${tag}`, next_offence: 1 });
    let v = await violator(7);
    const first = await admin.post(`/api/v1/violations/players/${openid(7)}/apply`, {
      template_id: template.id,
      note: 'farm bot',
      version: v.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    const one = body<ViolatorApplied>(first).data;
    expect(one.applied).toMatchObject({ offence: 1, step: { action: 'warn' }, sanction: null });
    expect(one.violator).toMatchObject({ status: 'handled', note: 'farm bot', handled_by: 'admin' });
    // The second time, the next rung: a mute, delivered as a sanction.
    const second = body<ViolatorApplied>(
      await admin.post(`/api/v1/violations/players/${openid(7)}/apply`, {
        template_id: template.id,
        note: 'again',
        version: one.violator.version,
      }),
    ).data;
    expect(second.applied.offence).toBe(2);
    expect(second.applied.sanction).toMatchObject({ kind: 'mute', status: 'active', openid: openid(7) });
    const d = await detail(7);
    expect(d.sanctions.map((s) => s.id)).toContain(second.applied.sanction!.id);
    expect(d.offences.map((o) => [o.template_code, o.offence, o.action])).toEqual([
      [`BOT${tag}`, 2, 'mute'],
      [`BOT${tag}`, 1, 'warn'],
    ]);
    const [entry] = await t.logsOf('violator', openid(7));
    expect(entry).toMatchObject({ action: 'update', username: 'admin' });
    expect(entry!.after).toMatchObject({ status: 'handled', offence: 2, action: 'mute' });
    // A stale version: 409001, nothing applied.
    expect(
      body(
        await admin.post(`/api/v1/violations/players/${openid(7)}/apply`, {
          template_id: template.id,
          version: one.violator.version,
        }),
      ).code,
    ).toBe(409001);
    expect((await detail(7)).offences).toHaveLength(2);
    // A new event puts the violator back in the queue.
    await report([event(7, { category: 'botting' })]);
    v = await violator(7);
    expect(v.status).toBe('open');
  });

  it('dismisses with a reason and reopens; wrong state 422001; bad input 400001 changing nothing', async () => {
    const v = await violator(8);
    const noReason = await admin.post(`/api/v1/violations/players/${openid(8)}/dismiss`, {
      reason: '  ',
      version: v.version,
    });
    expect(body(noReason).code).toBe(400001);
    const badTemplate = await admin.post(`/api/v1/violations/players/${openid(8)}/apply`, {
      template_id: 'x',
      version: v.version,
    });
    expect(body(badTemplate).code).toBe(400001);
    expect(
      body(
        await admin.post(`/api/v1/violations/players/${openid(8)}/dismiss`, {
          reason: 'x\u0000',
          version: v.version,
        }),
      ).code,
    ).toBe(400001);
    const [row] = await t.database.db
      .select()
      .from(violators)
      .where(eq(violators.openid, openid(8)));
    expect(row).toMatchObject({ status: 'open', version: v.version });
    expect(await t.logsOf('violator', openid(8))).toHaveLength(0);

    const dismissed = body<ViolatorItem>(
      await admin.post(`/api/v1/violations/players/${openid(8)}/dismiss`, {
        reason: 'legit trade',
        version: v.version,
      }),
    ).data;
    expect(dismissed).toMatchObject({ status: 'dismissed', note: 'legit trade' });
    expect(
      body(
        await admin.post(`/api/v1/violations/players/${openid(8)}/dismiss`, {
          reason: 'twice',
          version: dismissed.version,
        }),
      ).code,
    ).toBe(422001);
    expect((await list(`q=${openid(8)}&status=dismissed`)).total).toBe(1);
    const reopened = body<ViolatorItem>(
      await admin.post(`/api/v1/violations/players/${openid(8)}/reopen`, {
        reason: 'new evidence',
        version: dismissed.version,
      }),
    ).data;
    expect(reopened.status).toBe('open');
    expect(
      (await t.logsOf('violator', openid(8))).map((l) => (l.after as { status: string }).status),
    ).toEqual(['open', 'dismissed']);
  });
});

describe('access', () => {
  it('needs the page permission per action: read, update, export', async () => {
    const none = t.client((await signInAs(t.app, await t.staffWith([]))).user.access_token, t.productId);
    expect(body(await none.get('/api/v1/violations')).code).toBe(403001);
    const reader = t.client(
      (await signInAs(t.app, await t.staffWith([perms.see]))).user.access_token,
      t.productId,
    );
    expect((await reader.get('/api/v1/violations')).statusCode).toBe(200);
    expect((await reader.get(`/api/v1/violations/players/${openid(2)}`)).statusCode).toBe(200);
    const v = await violator(2);
    expect(
      body(
        await reader.post(`/api/v1/violations/players/${openid(2)}/dismiss`, {
          reason: 'r',
          version: v.version,
        }),
      ).code,
    ).toBe(403001);
    expect(body(await reader.get('/api/v1/violations/export')).code).toBe(403001);
    expect((await violator(2)).status).toBe('open');
    const editor = t.client(
      (await signInAs(t.app, await t.staffWith([perms.see, perms.edit]))).user.access_token,
      t.productId,
    );
    const res = await editor.post(`/api/v1/violations/players/${openid(2)}/dismiss`, {
      reason: 'false alarm',
      version: v.version,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("keeps products and CPs apart: another game's key, product and CP see nothing of these", async () => {
    // The other game's key does not know these players.
    expect((await report([event(1)], t.tankKey))[0]).toMatchObject({ error: 'unknown_player' });
    expect((await list(`q=${openid(1)}`, t.tank)).total).toBe(0);
    expect(body(await t.tank.get(`/api/v1/violations/players/${openid(1)}`)).code).toBe(404001);
    const foreign = t.client(
      (await signInAs(t.app, await t.adminOf('ops_hw'))).user.access_token,
      t.productId,
    );
    expect([403, 404]).toContain((await foreign.get('/api/v1/violations')).statusCode);
    expect([403, 404]).toContain((await foreign.get(`/api/v1/violations/players/${openid(1)}`)).statusCode);
    const v = await violator(1);
    expect([403, 404]).toContain(
      (
        await foreign.post(`/api/v1/violations/players/${openid(1)}/dismiss`, {
          reason: 'x',
          version: v.version,
        })
      ).statusCode,
    );
    expect((await violator(1)).status).toBe('open');
  });
});

describe('demo data', () => {
  it('seeds a few violators (one dismissed) and a botting template for a game with players', async () => {
    const tankId = await t.productIdOf('tankwar');
    await playerEvents(
      Array.from({ length: 25 }, (_, i) => ({
        type: 'register',
        event_id: `${tag}-demo${i}`,
        openid: `demo${tag}_${i}`,
        at: hourAgo(100),
      })),
      t.tankKey,
    );
    const [cp] = await queryRows<{ cp_id: number }>(
      t.database.db,
      sql`select cp_id from products where id = ${tankId}`,
    );
    await seedDemoViolations(t.database.db, { id: tankId, cpId: Number(cp!.cp_id) });
    const all = await list('page_size=50', t.tank);
    expect(all.total).toBe(4);
    expect(all.list.filter((v) => v.status === 'dismissed')).toHaveLength(1);
    const options = body<ViolatorTemplateOption[]>(await t.tank.get('/api/v1/violations/templates')).data;
    expect(options.map((o) => o.code)).toContain('BOT-01');
  });
});
