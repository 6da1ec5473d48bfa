import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { TransactionRollbackError, eq, sql } from 'drizzle-orm';
import type { Prop } from '@rx/contracts';
import { body, signInAs, useTestApp } from '../../test/index.ts';
import { importProps, propRow, propsCsv } from '../../test/prop-sheets.ts';
import { instancesUnavailable, staffHeaders, useInstances, type Instance } from '../../test/two-instances.ts';
import { listChanges } from '../db/schema.ts';
import {
  COMPACT_AFTER,
  PageLru,
  cachedListAnswer,
  compactListChanges,
  listCacheStats,
  listPagesOf,
  pageKey,
  stampOf,
} from './list-cache.ts';
import type { Scope } from './access.ts';

describe('PageLru', () => {
  const page = (stamp: number, body: string) => ({ stamp: BigInt(stamp), body });

  it('drops the least recently used beyond its entries', () => {
    const lru = new PageLru(3, 1_000_000);
    for (const key of ['a', 'b', 'c']) lru.set(key, page(1, key));
    expect(lru.get('a')?.body).toBe('a'); // a is now the most recent
    lru.set('d', page(1, 'd'));
    expect(lru.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => lru.get(key)?.body)).toEqual(['a', 'c', 'd']);
    expect(lru.usage.entries).toBe(3);
  });

  it('drops the least recently used beyond its bytes, and keeps no page over an eighth of them', () => {
    const lru = new PageLru(100, 8_000);
    const text = 'x'.repeat(499); // 2 × (1 + 499) = 1,000 bytes with its key
    for (const key of 'abcdefgh') lru.set(key, page(1, text));
    expect(lru.usage).toEqual({ entries: 8, bytes: 8_000 });
    lru.set('i', page(1, text));
    expect(lru.usage).toEqual({ entries: 8, bytes: 8_000 });
    expect(lru.get('a')).toBeUndefined();
    lru.set('huge', page(1, 'y'.repeat(600)));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.usage.bytes).toBe(8_000);
  });

  it('keeps the later stamp of a key, and counts a replaced page once', () => {
    const lru = new PageLru();
    lru.set('k', page(5, 'new'));
    lru.set('k', page(4, 'older read'));
    expect(lru.get('k')).toEqual(page(5, 'new'));
    lru.set('k', page(6, 'newest'));
    expect(lru.get('k')).toEqual(page(6, 'newest'));
    expect(lru.usage).toEqual({ entries: 1, bytes: 2 * ('k'.length + 'newest'.length) });
  });

  it('keys pages by CP, product, dimension and every query field', () => {
    const scope = { cpId: 1, productId: 2, userId: 3, lang: 'zh' } as Scope;
    const key = pageKey('props', scope, { page: 1, page_size: 20, q: undefined });
    expect(pageKey('props', { ...scope, userId: 9, lang: 'en' } as Scope, { page_size: 20, page: 1 })).toBe(
      key,
    );
    for (const other of [
      pageKey('props', { ...scope, cpId: 9 }, { page: 1, page_size: 20 }),
      pageKey('props', { ...scope, productId: 9 }, { page: 1, page_size: 20 }),
      pageKey('props', { ...scope, dimension: { name: 'platform', value: 'ios' } } as Scope, {
        page: 1,
        page_size: 20,
      }),
      pageKey('props', scope, { page: 1, page_size: 20, q: 'a' }),
      pageKey('props', scope, { page: 2, page_size: 20 }),
      pageKey('gifts', scope, { page: 1, page_size: 20 }),
    ])
      expect(other).not.toBe(key);
  });
});

const t = useTestApp();
type List = { list: Prop[]; total: number };
const codes = (res: Awaited<ReturnType<typeof t.admin.get>>) =>
  body<List>(res)
    .data.list.map((p) => p.code)
    .sort();

describe('the props list cache (through HTTP)', () => {
  const stats = () => listCacheStats(t.database.db);

  it('answers a repeat from the cache, byte for byte the same answer', async () => {
    const first = await t.admin.get('/api/v1/props?page_size=5&sort=-code');
    const before = stats();
    const again = await t.admin.get('/api/v1/props?sort=-code&page_size=5');
    expect(stats()).toEqual({ hits: before.hits + 1, misses: before.misses });
    expect(again.body).toBe(first.body);
    expect(again.statusCode).toBe(200);
    for (const name of ['content-type', 'content-length'])
      expect(again.headers[name]).toBe(first.headers[name]);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // The same headers as a list served without the cache (gift packages are not cached).
    const uncached = await t.admin.get('/api/v1/gift-packages?page_size=1');
    expect(Object.keys(first.headers).sort()).toEqual(Object.keys(uncached.headers).sort());
    expect(first.headers['content-type']).toBe(uncached.headers['content-type']);
    expect(body<List>(again).data.list).toHaveLength(5);
  });

  it('sees a create, an update, a delete, an import and a change outside the app at once', async () => {
    const url = '/api/v1/props?q=cachetest';
    const list = async () => body<List>(await t.admin.get(url)).data.list;
    expect(await list()).toEqual([]);
    const hits = stats().hits;
    expect(await list()).toEqual([]);
    expect(stats().hits).toBe(hits + 1);

    const created = body<Prop>(
      await t.admin.post('/api/v1/props', {
        code: 'cachetest_one',
        name: { zh: '缓存一' },
        type: 'material',
        rarity: 'common',
      }),
    ).data;
    expect((await list()).map((p) => p.code)).toEqual(['cachetest_one']);

    const updated = await t.admin.put(`/api/v1/props/${created.id}`, { stack_limit: 321, version: 1 });
    expect(body(updated).code).toBe(0);
    expect((await list())[0]!.stack_limit).toBe(321);

    const imported = await importProps(t.admin, '', propsCsv([propRow('cachetest_two', '缓存二')]));
    expect(body(imported).code).toBe(0);
    expect((await list()).map((p) => p.code).sort()).toEqual(['cachetest_one', 'cachetest_two']);

    expect(body(await t.admin.del(`/api/v1/props/${created.id}`)).data).toEqual({ deleted: true });
    expect((await list()).map((p) => p.code)).toEqual(['cachetest_two']);

    // Another connection, not the app's: psql or a script.
    const outside = new pg.Client({ connectionString: t.database.url });
    await outside.connect();
    try {
      await outside.query("update props set stack_limit = 77 where code = 'cachetest_two'");
    } finally {
      await outside.end();
    }
    expect((await list())[0]!.stack_limit).toBe(77);
    // And the page read again is kept: the next repeat is a hit.
    const now = stats().hits;
    await list();
    expect(stats().hits).toBe(now + 1);
  });

  it('requests at once share one stamp read, and each still sees the writes done before it came', async () => {
    const url = '/api/v1/props?q=sharedstamp';
    const together = () => Promise.all(Array.from({ length: 6 }, () => t.admin.get(url)));
    for (const res of await together()) expect(body<List>(res).data.total).toBe(0);
    for (let i = 1; i <= 2; i++) {
      const created = await t.admin.post('/api/v1/props', {
        code: `sharedstamp_${i}`,
        name: { zh: `共享${i}` },
        type: 'material',
        rarity: 'common',
      });
      expect(body(created).code).toBe(0);
      const answers = await together();
      for (const res of answers) expect(body<List>(res).data.total).toBe(i);
      expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    }
  });

  it("never gives a CP or a game another's cached page; the access rule still runs on a hit", async () => {
    const gnCodes = codes(await t.admin.get('/api/v1/props?page_size=100'));
    expect(gnCodes.length).toBeGreaterThan(0);
    const hw = await t.signIn('ops_hw', 'dawn');
    const tank = await t.signIn('admin', 'tankwar');
    for (let round = 0; round < 2; round++) {
      expect(codes(await t.admin.get('/api/v1/props?page_size=100'))).toEqual(gnCodes);
      const hwCodes = codes(await hw.get('/api/v1/props?page_size=100'));
      expect(hwCodes.filter((code) => gnCodes.includes(code))).toEqual([]);
      const tankCodes = codes(await tank.get('/api/v1/props?page_size=100'));
      expect(tankCodes).not.toEqual(gnCodes);
    }
    const nobody = await t.staff(['commercialization/see/gift_package']);
    expect(body(await nobody.get('/api/v1/props?page_size=100')).code).toBe(403001);
    // The demo admin of another CP naming this CP's game: refused, not served the page.
    const hwHere = t.client((await signInAs(t.app, 'ops_hw')).user.access_token, t.productId);
    expect(body(await hwHere.get('/api/v1/props?page_size=100')).code).not.toBe(0);
  });

  it('compaction keeps the stamp, and a page kept before it still hits', async () => {
    const db = t.database.db;
    await db
      .insert(listChanges)
      .values(Array.from({ length: COMPACT_AFTER + 5 }, () => ({ tableName: 'props', weight: 1 })));
    const before = await stampOf(db, 'props');
    expect(before.rows).toBeGreaterThan(COMPACT_AFTER);
    // This request reads more than COMPACT_AFTER rows: it folds them (in the background).
    await t.admin.get('/api/v1/props?page_size=3');
    await expect.poll(async () => (await stampOf(db, 'props')).rows, { timeout: 5000 }).toBe(1);
    expect((await stampOf(db, 'props')).stamp).toBe(before.stamp);
    const hits = stats().hits;
    await t.admin.get('/api/v1/props?page_size=3');
    expect(stats().hits).toBe(hits + 1);

    // Folding again (nothing new) changes nothing either.
    await compactListChanges(db, 'props');
    expect(await stampOf(db, 'props')).toEqual({ stamp: before.stamp, rows: 1 });
    await db.insert(listChanges).values({ tableName: 'props', weight: 1 });
    await compactListChanges(db, 'props');
    expect(await stampOf(db, 'props')).toEqual({ stamp: before.stamp + 1n, rows: 1 });
    expect(
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(listChanges)
          .where(eq(listChanges.tableName, 'props'))
      )[0]!.n,
    ).toBe(1);
  });

  it("reads a transaction's own stamp inside it (a handle without the pool)", async () => {
    const db = t.database.db;
    const outside = await stampOf(db, 'props');
    await db
      .transaction(async (tx) => {
        await tx.insert(listChanges).values({ tableName: 'props', weight: 2 });
        expect((await stampOf(tx as unknown as typeof db, 'props')).stamp).toBe(outside.stamp + 2n);
        await compactListChanges(tx as unknown as typeof db, 'props');
        expect(await stampOf(tx as unknown as typeof db, 'props')).toEqual({
          stamp: outside.stamp + 2n,
          rows: 1,
        });
        expect((await stampOf(db, 'props')).stamp).toBe(outside.stamp);
        tx.rollback();
      })
      .catch((error: unknown) => {
        // The rollback asked for, nothing else (a failed expectation inside is thrown on).
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(await stampOf(db, 'props')).toEqual(outside);
  });

  it('serves a table without the trigger uncached, every time', async () => {
    const db = t.database.db;
    const before = listCacheStats(db);
    const reply = { header: () => reply } as unknown as Parameters<typeof cachedListAnswer>[3];
    let reads = 0;
    const answer = async () => ({ code: 0, data: ++reads, msg: 'ok' });
    for (let i = 0; i < 3; i++) await cachedListAnswer(db, 'notifications', 'untriggered', reply, answer);
    expect(reads).toBe(3);
    expect(listCacheStats(db)).toEqual(before);
  });

  it('keeps its pages within the bounds of the process', () => {
    const pages = listPagesOf(t.database.db);
    expect(pages.usage.entries).toBeGreaterThan(0);
    expect(pages.usage.entries).toBeLessThanOrEqual(pages.maxEntries);
    expect(pages.usage.bytes).toBeLessThanOrEqual(pages.maxBytes);
  });
});

const skipReason = await instancesUnavailable();

describe.skipIf(skipReason !== null)(
  `the props list cache on two instances of one database${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const two = useInstances('lcache', () => ({ listen: false }));

    it("sees a write made through one instance on the other's next list", async () => {
      const { a, b } = two;
      const as = async (instance: Instance) => {
        const headers = await staffHeaders(instance);
        return (method: 'GET' | 'POST', url: string, payload?: object) =>
          instance.app.inject({ method, url, payload, headers });
      };
      const onA = await as(a);
      const onB = await as(b);
      const url = '/api/v1/props?q=twoinst';
      expect(body<List>(await onB('GET', url)).data.total).toBe(0);
      const hits = listCacheStats(b.database.db).hits;
      expect(body<List>(await onB('GET', url)).data.total).toBe(0);
      expect(listCacheStats(b.database.db).hits).toBe(hits + 1);

      const created = await onA('POST', '/api/v1/props', {
        code: 'twoinst_a',
        name: { zh: '两实例' },
        type: 'material',
        rarity: 'common',
      });
      expect(body(created).code).toBe(0);
      expect(body<List>(await onB('GET', url)).data.list.map((p) => p.code)).toEqual(['twoinst_a']);
    });
  },
);
