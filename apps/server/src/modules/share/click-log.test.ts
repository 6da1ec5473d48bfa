import { afterEach, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { SHARE_CLICK_PARAM, type GameShareEventAnswer, type ShareLink } from '@rx/contracts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { body, useTestApp } from '../../../test/index.ts';
import { CREDENTIALS_SECRET, JWT_SECRET, SSO_SECRET, TEST_RATE_LIMITS } from '../../../test/helpers.ts';
import { resetShareClickWait, setShareClickWait, shareClicksSettled } from './click-log.ts';
import { shareClicks, shareLinks } from './tables.ts';

const t = useTestApp();

afterEach(() => resetShareClickWait());

let n = 0;
async function newLink(): Promise<ShareLink> {
  const res = await t.admin.post('/api/v1/share-links?platform=wechat', {
    name: `batch ${Date.now()}-${++n}`,
    target_url: 'https://game.example/batch',
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<ShareLink>(res).data;
}

const clickIdOf = (res: { headers: Record<string, unknown> }) =>
  Number(new URL(res.headers.location as string).searchParams.get(SHARE_CLICK_PARAM));

/** The link's counter and its click rows, read from the database (not through the console, which settles first). */
async function stored(linkId: number): Promise<{ counter: number; rows: number }> {
  const [row] = await queryRows<{ counter: number; rows: number }>(
    t.database.db,
    sql`select l.clicks as counter, (select count(*)::int from share_clicks c where c.link_id = l.id) as rows
        from share_links l where l.id = ${linkId}::int`,
  );
  return { counter: Number(row!.counter), rows: Number(row!.rows) };
}

describe('short-link clicks written in batches', () => {
  it('records each of many parallel redirects once: a row each, with its own id and sharer, and the counters', async () => {
    const [a, b] = [await newLink(), await newLink()];
    const sent = Array.from({ length: 120 }, (_, i) => ({ link: i % 3 === 0 ? b : a, sharer: `par-${i}` }));
    const answers = await Promise.all(
      sent.map((s) => t.app.inject({ method: 'GET', url: `/s/${s.link.code}?sharer=${s.sharer}` })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(sent.map(() => 302));
    const ids = answers.map(clickIdOf);
    expect(new Set(ids).size).toBe(sent.length);
    await shareClicksSettled(t.database.db);
    const rows = await t.database.db.select().from(shareClicks).where(inArray(shareClicks.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(rows).toHaveLength(sent.length);
    sent.forEach((s, i) => expect(byId.get(ids[i]!)).toMatchObject({ linkId: s.link.id, sharer: s.sharer }));
    expect(await stored(a.id)).toEqual({ counter: 80, rows: 80 });
    expect(await stored(b.id)).toEqual({ counter: 40, rows: 40 });
  });

  it('holds clicks without writing each one; the console and a register right after the click see it, attributed to its sharer', async () => {
    setShareClickWait(60_000);
    const link = await newLink();
    const first = await t.app.inject({ method: 'GET', url: `/s/${link.code}?sharer=batch-ann` });
    expect(first.statusCode).toBe(302);
    const clickId = clickIdOf(first);
    // Waiting in memory: no row, no counter yet.
    expect(await stored(link.id)).toEqual({ counter: 0, rows: 0 });

    const key = await t.gameKey();
    const registered = body<GameShareEventAnswer>(
      await t.signedCall(key, 'POST', '/api/game/v1/share/events', {
        event_id: `batch-reg-${link.id}`,
        type: 'register',
        click_id: clickId,
        openid: 'batch-newbie',
      }),
    );
    expect(registered.data).toEqual({
      recorded: true,
      sharer: 'batch-ann',
      link_id: link.id,
      rewarded: false,
    });
    expect(await stored(link.id)).toEqual({ counter: 1, rows: 1 });

    // The console's link counts a click still waiting.
    await t.app.inject({ method: 'GET', url: `/s/${link.code}?sharer=batch-bob` });
    expect(await stored(link.id)).toEqual({ counter: 1, rows: 1 });
    const read = body<ShareLink>(await t.admin.get(`/api/v1/share-links/${link.id}?platform=wechat`)).data;
    expect(read).toMatchObject({ clicks: 2, registers: 1 });
    expect(await stored(link.id)).toEqual({ counter: 2, rows: 2 });
  });

  it('writes the clicks still waiting when the app closes', async () => {
    setShareClickWait(60_000);
    const link = await newLink();
    // A second app (its own pool) on the file's database, closed here; the file's app stays.
    const url = (t.database.pool.options as { connectionString: string }).connectionString;
    const database = await openDatabase({ databaseUrl: url });
    const other = await buildApp({
      database,
      ssoSecret: SSO_SECRET,
      jwtSecret: JWT_SECRET,
      credentialsSecret: CREDENTIALS_SECRET,
      logLevel: 'silent',
      rateLimits: TEST_RATE_LIMITS,
      outside: { unset: 'fake' },
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        other.inject({ method: 'GET', url: `/s/${link.code}?sharer=closing-${i}` }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([302, 302, 302, 302, 302]);
    expect(await stored(link.id)).toEqual({ counter: 0, rows: 0 });
    await other.close();
    expect(await stored(link.id)).toEqual({ counter: 5, rows: 5 });
    const sharers = await t.database.db
      .select({ sharer: shareClicks.sharer })
      .from(shareClicks)
      .where(inArray(shareClicks.id, answers.map(clickIdOf)));
    expect(sharers.map((s) => s.sharer).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `closing-${i}`));
  });

  it('drops a click on a link deleted before its batch is written, and writes the rest', async () => {
    setShareClickWait(60_000);
    const [gone, kept] = [await newLink(), await newLink()];
    await t.app.inject({ method: 'GET', url: `/s/${gone.code}?sharer=x` });
    await t.app.inject({ method: 'GET', url: `/s/${kept.code}?sharer=y` });
    await t.database.db.delete(shareLinks).where(inArray(shareLinks.id, [gone.id]));
    await shareClicksSettled(t.database.db);
    expect(await stored(kept.id)).toEqual({ counter: 1, rows: 1 });
  });
});
