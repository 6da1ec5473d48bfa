import { describe, expect, it } from 'vitest';
import {
  popupScenesResource,
  type GamePopupEventResult,
  type GamePopupsAnswer,
  type Popup,
  type PopupCreate,
  type PopupScene,
  type PopupStats,
} from '@rx/contracts';
import { body, describeResource, useTestApp } from '../../../test/index.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../lib/rows.ts';

const t = useTestApp({ gameKey: 'popups' });
const admin = t.admin;

const hour = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const unique = () => Math.random().toString(36).slice(2, 10);

async function scene(fields: Partial<PopupScene> = {}): Promise<PopupScene> {
  const res = await admin.post('/api/v1/popup-scenes', {
    code: `scene_${unique()}`,
    name: 'Lobby',
    trigger: 'lobby',
    max_popups: 2,
    cooldown_seconds: 0,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<PopupScene>(res).data;
}

const image = (url = '/files/abc.png') => [{ orientation: 'portrait', lang: 'zh', url }] as const;

async function draft(sceneId: number, fields: Partial<PopupCreate> = {}): Promise<Popup> {
  const res = await admin.post('/api/v1/popups', {
    name: `pop ${unique()}`,
    images: image(),
    scene_ids: [sceneId],
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<Popup>(res).data;
}

async function live(sceneId: number, fields: Partial<PopupCreate> = {}): Promise<Popup> {
  const popup = await draft(sceneId, fields);
  const res = await admin.post(`/api/v1/popups/${popup.id}/publish`, { version: popup.version, reason: '' });
  expect(res.statusCode, res.body).toBe(200);
  expect(body<Popup>(res).data.status).toBe('live');
  return body<Popup>(res).data;
}

async function ask(query: string, as = t.key) {
  const res = await t.signedCall(as, 'GET', `/api/game/v1/popups?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<GamePopupsAnswer>(res).data;
}
const shownIds = async (query: string) => (await ask(query)).popups.map((p) => p.id);

async function report(events: unknown[], as = t.key): Promise<GamePopupEventResult[]> {
  const res = await t.signedCall(as, 'POST', '/api/game/v1/popups/events', { events });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ results: GamePopupEventResult[] }>(res).data.results;
}

let eventN = 0;
const exposure = (
  popupId: number,
  sceneCode: string,
  openid: string,
  extra: Record<string, unknown> = {},
) => ({
  event_id: `e-${unique()}-${eventN++}`,
  popup_id: popupId,
  scene: sceneCode,
  openid,
  type: 'exposure',
  ...extra,
});

describe('pop-ups', () => {
  it('refuses bad input field by field and stores nothing', async () => {
    const before = body<{ total: number }>(await admin.get('/api/v1/popups')).data.total;
    const bad = await admin.post('/api/v1/popups', {
      name: '',
      images: [],
      scene_ids: [],
      priority: 5000,
      cap_per_day: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual(
      ['cap_per_day', 'images', 'name', 'priority', 'scene_ids'].sort(),
    );
    const crossed = await admin.post('/api/v1/popups', {
      name: 'x',
      images: [...image(), ...image('/files/other.png')],
      scene_ids: [2147483647],
      click_action: 'url',
      click_target: 'javascript:alert(1)',
      start_at: ago(0),
      end_at: ago(hour),
    });
    expect(crossed.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(crossed).data.fields).sort()).toEqual(
      ['click_target', 'end_at', 'images'].sort(),
    );
    // A scene of no one (or of another game) is an unknown reference.
    const unknown = await admin.post('/api/v1/popups', {
      name: 'x',
      images: image(),
      scene_ids: [2147483647],
    });
    expect(body<{ fields: object }>(unknown).data.fields).toHaveProperty(['scene_ids.0']);
    expect(body<{ total: number }>(await admin.get('/api/v1/popups')).data.total).toBe(before);
  });

  it('answers at most the scene maximum, highest eligible priority first, in the player language', async () => {
    const s = await scene({ max_popups: 2 });
    const low = await live(s.id, { priority: 1 });
    const high = await live(s.id, {
      priority: 90,
      images: [
        { orientation: 'portrait', lang: 'zh', url: '/files/zh.png' },
        { orientation: 'portrait', lang: 'en', url: '/files/en.png' },
        { orientation: 'landscape', lang: 'zh', url: '/files/zh-wide.png' },
      ],
    });
    const mid = await live(s.id, { priority: 50 });
    // Not eligible: a draft, another channel, an app too old, a window not begun.
    await draft(s.id, { priority: 999 });
    await live(s.id, { priority: 998, channels: ['appstore'] });
    await live(s.id, { priority: 997, min_version: '2.0' });
    const later = await draft(s.id, { priority: 996, start_at: new Date(Date.now() + hour).toISOString() });
    await admin.post(`/api/v1/popups/${later.id}/publish`, { version: later.version, reason: '' });

    const answer = await ask(`scene=${s.code}&openid=p1&channel=google&version=1.5&lang=en`);
    expect(answer.popups.map((p) => p.id)).toEqual([high.id, mid.id]);
    expect(answer.popups[0]!.images).toEqual({ portrait: '/files/en.png', landscape: '/files/zh-wide.png' });
    expect(answer.cooldown_until).toBeNull();
    expect(low.id).toBeGreaterThan(0);
    // The app store channel sees its own one first.
    expect((await shownIds(`scene=${s.code}&openid=p1&channel=appstore&version=1.5`))[0]).not.toBe(high.id);
  });

  it('shows a pop-up with profile tags only to a player carrying one of them', async () => {
    const s = await scene({ max_popups: 5 });
    const db = t.database.db;
    const [product] = await queryRows<{ cp_id: number }>(
      db,
      sql`select cp_id from products where id = ${t.productId}::int`,
    );
    const [tag] = await queryRows<{ id: number }>(
      db,
      sql`insert into profile_tags (cp_id, product_id, name, label, type, source)
        values (${product!.cp_id}::int, ${t.productId}::int, ${`popup_vip_${s.id}`}, 'vip', 'boolean', 'manual') returning id`,
    );
    for (const [openid, value] of [
      [`tagged_${s.id}`, true],
      [`untagged_${s.id}`, false],
    ] as const) {
      const [player] = await queryRows<{ id: number }>(
        db,
        sql`insert into players (product_id, openid) values (${t.productId}::int, ${openid}) returning id`,
      );
      await db.execute(sql`insert into player_tag_values (product_id, tag_id, player_id, value_bool, source)
        values (${t.productId}::int, ${tag!.id}::int, ${player!.id}, ${value}, 'manual')`);
    }
    const tagged = await live(s.id, { priority: 20, tag_ids: [Number(tag!.id)] });
    const everyone = await live(s.id, { priority: 10 });
    expect(await shownIds(`scene=${s.code}&openid=tagged_${s.id}`)).toEqual([tagged.id, everyone.id]);
    // A value of false is not carrying the tag; a player without a value neither.
    expect(await shownIds(`scene=${s.code}&openid=untagged_${s.id}`)).toEqual([everyone.id]);
    expect(await shownIds(`scene=${s.code}&openid=nobody_${s.id}`)).toEqual([everyone.id]);
  });

  it('shows a pop-up with user groups only to a member of one of them', async () => {
    const s = await scene({ max_popups: 5 });
    const db = t.database.db;
    const [group] = await queryRows<{ id: number }>(
      db,
      sql`insert into user_groups (cp_id, product_id, name, label, kind, state)
        select cp_id, id, ${`popup_group_${s.id}`}, 'members', 'list', 'ready' from products where id = ${t.productId}::int
        returning id`,
    );
    for (const openid of [`member_${s.id}`, `outsider_${s.id}`]) {
      const [player] = await queryRows<{ id: number }>(
        db,
        sql`insert into players (product_id, openid) values (${t.productId}::int, ${openid}) returning id`,
      );
      if (openid.startsWith('member'))
        await db.execute(sql`insert into user_group_members (group_id, player_id, bucket)
          values (${group!.id}::int, ${player!.id}, 0)`);
    }
    const members = await live(s.id, { priority: 20, user_group_ids: [Number(group!.id)] });
    const everyone = await live(s.id, { priority: 10 });
    expect(await shownIds(`scene=${s.code}&openid=member_${s.id}`)).toEqual([members.id, everyone.id]);
    expect(await shownIds(`scene=${s.code}&openid=outsider_${s.id}`)).toEqual([everyone.id]);
    expect(await shownIds(`scene=${s.code}&openid=nobody_${s.id}`)).toEqual([everyone.id]);
  });

  it('honours the caps per day, per session and in total', async () => {
    const s = await scene({ max_popups: 1 });
    const capped = await live(s.id, { priority: 10, cap_per_day: 2, cap_per_session: 1, cap_total: 3 });
    const fallback = await live(s.id, { priority: 1, cap_per_day: 0, cap_per_session: 0, cap_total: 0 });
    const q = (session: string) => `scene=${s.code}&openid=capper&session=${session}`;
    expect(await shownIds(q('s1'))).toEqual([capped.id]);
    // Shown once in session s1: its session cap is reached there, not in s2.
    await report([exposure(capped.id, s.code, 'capper', { session: 's1' })]);
    expect(await shownIds(q('s1'))).toEqual([fallback.id]);
    expect(await shownIds(q('s2'))).toEqual([capped.id]);
    // Twice today: the day's cap is reached in any session.
    await report([exposure(capped.id, s.code, 'capper', { session: 's2' })]);
    expect(await shownIds(q('s3'))).toEqual([fallback.id]);
    // Another player is not capped by this one.
    expect(await shownIds(`scene=${s.code}&openid=fresh&session=s1`)).toEqual([capped.id]);
    // Days ago count toward the total only: 1 more (two days ago) makes 3, the total cap.
    const other = 'capper2';
    await report([
      exposure(capped.id, s.code, other, { at: ago(50 * hour) }),
      exposure(capped.id, s.code, other, { at: ago(49 * hour) }),
    ]);
    expect(await shownIds(`scene=${s.code}&openid=${other}&session=x`)).toEqual([capped.id]);
    await report([exposure(capped.id, s.code, other, { at: ago(48 * hour) })]);
    expect(await shownIds(`scene=${s.code}&openid=${other}&session=x`)).toEqual([fallback.id]);
  });

  it('rests a scene for its cool-down after a player saw it', async () => {
    const s = await scene({ max_popups: 1, cooldown_seconds: 3600 });
    const popup = await live(s.id, { cap_per_day: 0, cap_per_session: 0 });
    expect(await shownIds(`scene=${s.code}&openid=cool`)).toEqual([popup.id]);
    // Seen 10 minutes ago: resting for 50 more minutes.
    const seenAt = ago(10 * 60_000);
    await report([exposure(popup.id, s.code, 'cool', { at: seenAt })]);
    const resting = await ask(`scene=${s.code}&openid=cool`);
    expect(resting.popups).toEqual([]);
    expect(Date.parse(resting.cooldown_until!)).toBe(Date.parse(seenAt) + 3600_000);
    // Seen two hours ago: the rest is over.
    await report([exposure(popup.id, s.code, 'warm', { at: ago(2 * hour) })]);
    expect(await shownIds(`scene=${s.code}&openid=warm`)).toEqual([popup.id]);
  });

  it('takes each event id once, refuses what is malformed or not this game', async () => {
    const s = await scene();
    const popup = await live(s.id);
    const event = exposure(popup.id, s.code, 'evt');
    const first = await report([
      event,
      { ...event, event_id: 'bad', type: 'hover' },
      { ...event, event_id: 'x', popup_id: 2147483647 },
    ]);
    expect(first.map((r) => r.status)).toEqual(['ok', 'error', 'error']);
    expect(first[1]!.message).toMatch(/^type/);
    // The same batch again: counted once.
    expect((await report([event])).map((r) => r.status)).toEqual(['duplicate']);
    const stats = body<PopupStats>(await admin.get(`/api/v1/popups/${popup.id}/stats`)).data;
    expect(stats.totals).toMatchObject({ exposures: 1, clicks: 0, players: 1 });
    // Another game's key cannot report on this game's pop-up, nor ask for its scenes.
    const otherKey = await t.gameKey(await t.signIn('admin', 'tankwar'), 'other');
    expect((await report([exposure(popup.id, s.code, 'evt')], otherKey))[0]!.status).toBe('error');
    expect(
      body(await t.signedCall(otherKey, 'GET', `/api/game/v1/popups?scene=${s.code}&openid=evt`)).code,
    ).toBe(404001);
    // An empty batch is refused as a whole.
    const res = await t.signedCall(t.key, 'POST', '/api/game/v1/popups/events', { events: [] });
    expect(res.statusCode).toBe(400);
  });

  it('counts exposures, clicks and CTR per day', async () => {
    const s = await scene();
    const popup = await live(s.id);
    const yesterday = ago(24 * hour);
    await report([
      exposure(popup.id, s.code, 'a', { at: yesterday }),
      exposure(popup.id, s.code, 'b', { at: yesterday }),
      exposure(popup.id, s.code, 'a', { at: yesterday, type: 'click' }),
      exposure(popup.id, s.code, 'c'),
      exposure(popup.id, s.code, 'c', { type: 'close' }),
    ]);
    const day = (iso: string) => iso.slice(0, 10);
    const stats = body<PopupStats>(
      await admin.get(`/api/v1/popups/${popup.id}/stats?from=${day(yesterday)}&to=${day(ago(0))}`),
    ).data;
    expect(stats.days).toHaveLength(day(yesterday) === day(ago(0)) ? 1 : 2);
    const first = stats.days.find((d) => d.day === day(yesterday))!;
    expect(first.exposures).toBeGreaterThanOrEqual(2);
    expect(stats.totals).toMatchObject({ exposures: 3, clicks: 1, closes: 1, players: 3, ctr: 0.3333 });
    // A span that ends before it starts, or an unknown pop-up, is refused.
    expect(
      (await admin.get(`/api/v1/popups/${popup.id}/stats?from=2026-02-02&to=2026-02-01`)).statusCode,
    ).toBe(400);
    expect(body(await admin.get('/api/v1/popups/2147483647/stats')).code).toBe(404001);
    const viewer = await t.staff([]);
    expect(body(await viewer.get(`/api/v1/popups/${popup.id}/stats`)).code).toBe(403001);
  });

  it('keeps a live pop-up from edits, and a scene in use from deletion', async () => {
    const s = await scene();
    const popup = await live(s.id);
    const edit = await admin.put(`/api/v1/popups/${popup.id}`, { priority: 5, version: popup.version });
    expect(body(edit).code).toBe(422001);
    const removed = await admin.del(`/api/v1/popup-scenes/${s.id}`);
    expect(body(removed).code).toBe(422001);
    const after = body<PopupScene>(await admin.get(`/api/v1/popup-scenes/${s.id}`)).data;
    expect(after.status).toBe('disabled');
    // A disabled scene shows nothing; an unknown one is 404001.
    expect((await ask(`scene=${s.code}&openid=z`)).popups).toEqual([]);
    const unknown = await t.signedCall(t.key, 'GET', '/api/game/v1/popups?scene=nope_nope&openid=z');
    expect(body(unknown).code).toBe(404001);
  });
});

describeResource(popupScenesResource, {
  sample: (n) => ({ code: `generic_scene_${n}`, name: `Scene ${n}`, trigger: 'level_up', max_popups: 1 }),
  change: { max_popups: 3, cooldown_seconds: 60 },
  invalid: { body: { code: 'bad code!', name: 'x', trigger: 'lobby' }, field: 'code' },
  roundTrip: { column: 'max_popups', value: '4' },
});
