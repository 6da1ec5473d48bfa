import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  gameStringToSign,
  type AutoReplyMatch,
  type ErrorCodeText,
  type GameApiKey,
  type GameApiKeyCreated,
  type GameErrorCodes,
  type GameHelp,
} from '@rx/contracts';
import { errorCodeReleases } from '../error-codes/tables.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { body, logsOf, productIdOf, signIn, staffWith, type Client } from '../../../test/api.ts';
import { GameAnswerCache } from './cache.ts';
import { gameApiKeys } from './tables.ts';

let t: TestContext;
let admin: Client;
let key: GameApiKeyCreated;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'xianxia');
  key = body<GameApiKeyCreated>(await admin.post('/api/v1/game-api-keys', { note: 'server' })).data;
});
afterAll(async () => {
  await t.app.close();
});

/** A signed game request, as a game server sends it. */
function game(
  url: string,
  options: {
    as?: { key_id: string; secret: string };
    ts?: number;
    headers?: Record<string, string>;
    sign?: string;
  } = {},
) {
  const caller = options.as ?? key;
  const ts = options.ts ?? Math.floor(Date.now() / 1000);
  const target = new URL(url, 'http://game.example');
  const signature =
    options.sign ??
    createHmac('sha256', caller.secret)
      .update(gameStringToSign('GET', target.pathname, target.searchParams, ts))
      .digest('hex');
  return t.app.inject({
    method: 'GET',
    url,
    headers: {
      'x-key-id': caller.key_id,
      'x-timestamp': String(ts),
      'x-signature': signature,
      ...options.headers,
    },
  });
}

describe('game API keys', () => {
  it('creates a key whose secret is shown once and stored sealed, lists and revokes', async () => {
    expect(key).toMatchObject({
      key_id: expect.stringMatching(/^gk_/),
      secret: expect.any(String),
      note: 'server',
      revoked_at: null,
    });
    const list = body<GameApiKey[]>(await admin.get('/api/v1/game-api-keys')).data;
    // The seeded demo key and this one; never a secret.
    expect(list.map((k) => k.key_id)).toEqual(expect.arrayContaining([key.key_id]));
    expect(list).toHaveLength(2);
    expect(JSON.stringify(list)).not.toContain(key.secret);
    const [row] = await t.database.db.select().from(gameApiKeys).where(eq(gameApiKeys.keyId, key.key_id));
    expect(row!.secretEnc).not.toContain(key.secret);
    const [log] = await logsOf(t, 'game_api_key', key.id);
    expect(log).toMatchObject({ action: 'create', targetName: key.key_id });
    expect(JSON.stringify(log)).not.toContain(key.secret);

    const viewer = await signIn(t, await staffWith(t, ['basic/see/product']), 'xianxia');
    expect(body(await viewer.get('/api/v1/game-api-keys')).code).toBe(0);
    expect(body(await viewer.post('/api/v1/game-api-keys', {})).code).toBe(403001);
    const hw = await signIn(t, 'ops_hw', 'dawn');
    expect(body<GameApiKey[]>(await hw.get('/api/v1/game-api-keys')).data.map((k) => k.id)).not.toContain(
      key.id,
    );
    expect(body(await hw.post(`/api/v1/game-api-keys/${key.id}/revoke`)).code).toBe(404001);
  });
});

describe('game API signature', () => {
  it('answers a well-signed request with the live texts in the asked language', async () => {
    const res = await game('/api/game/v1/error-codes?lang=en');
    expect(res.statusCode, res.body).toBe(200);
    const data = body<GameErrorCodes>(res).data;
    expect(data).toMatchObject({ release: 1, lang: 'en' });
    expect(data.list.find((c) => c.code === '1001')).toEqual({
      code: '1001',
      module: 'login',
      text: 'Network error. Please try again.',
      action: 'retry',
    });
    // 9999 was added after release 1.
    expect(data.list.map((c) => c.code)).not.toContain('9999');
    const unsupported = body<GameErrorCodes>(await game('/api/game/v1/error-codes?lang=fr')).data;
    expect(unsupported.lang).toBeNull();
    expect(unsupported.list.find((c) => c.code === '1001')!.text).toBe('网络连接失败，请重试');
    const missing = body<GameErrorCodes>(await game('/api/game/v1/error-codes?lang=vi')).data;
    expect(missing.list.find((c) => c.code === '1001')!.text).toBe('网络连接失败，请重试');
    expect(missing.list.find((c) => c.code === '1003')!.text).toBe('Tài khoản bị khóa đến {0}.');
  });

  it('refuses missing headers, bad signatures, stale timestamps and unknown keys with 401', async () => {
    const bare = await t.app.inject('/api/game/v1/error-codes');
    expect(bare.statusCode).toBe(401);
    expect(body(bare).code).toBe(401005);
    expect(body(await game('/api/game/v1/error-codes', { sign: 'ab'.repeat(32) })).code).toBe(401008);
    // A signature of other parameters does not carry over.
    const other = createHmac('sha256', key.secret)
      .update(
        gameStringToSign('GET', '/api/game/v1/error-codes', [['lang', 'en']], Math.floor(Date.now() / 1000)),
      )
      .digest('hex');
    expect(body(await game('/api/game/v1/error-codes?lang=ja', { sign: other })).code).toBe(401008);
    const stale = await game('/api/game/v1/error-codes', { ts: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(401);
    expect(body(stale).code).toBe(401007);
    expect(
      body(await game('/api/game/v1/error-codes', { ts: Math.floor(Date.now() / 1000) + 400 })).code,
    ).toBe(401007);
    const unknown = await game('/api/game/v1/error-codes', { as: { key_id: 'gk_nope', secret: 'x' } });
    expect(body(unknown).code).toBe(401006);
    expect(body(await game('/api/game/v1/error-codes', { headers: { 'x-lang': 'en' }, sign: '0' })).msg).toBe(
      'The request signature does not match.',
    );
  });

  it('refuses a revoked key at once', async () => {
    const spare = body<GameApiKeyCreated>(await admin.post('/api/v1/game-api-keys', { note: 'spare' })).data;
    expect((await game('/api/game/v1/error-codes', { as: spare })).statusCode).toBe(200);
    const revoked = body<GameApiKey>(await admin.post(`/api/v1/game-api-keys/${spare.id}/revoke`)).data;
    expect(revoked.revoked_at).not.toBeNull();
    const res = await game('/api/game/v1/error-codes', { as: spare });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(401006);
    expect(body<GameApiKey[]>(await admin.get('/api/v1/game-api-keys')).data.map((k) => k.id)).not.toContain(
      spare.id,
    );
    expect(
      body<GameApiKey[]>(await admin.get('/api/v1/game-api-keys?all=1')).data.map((k) => k.id),
    ).toContain(spare.id);
    expect((await logsOf(t, 'game_api_key', spare.id))[0]).toMatchObject({ action: 'revoke' });
  });

  it("reads only its own product: another product's key never sees this one", async () => {
    const tank = await signIn(t, 'admin', 'tankwar');
    const tankKey = body<GameApiKeyCreated>(await tank.post('/api/v1/game-api-keys', {})).data;
    const named = await game('/api/game/v1/error-codes', {
      as: tankKey,
      headers: { 'x-product-id': String(await productIdOf(t, 'xianxia')) },
    });
    expect(named.statusCode).toBe(403);
    expect(body(named).code).toBe(403001);

    const marker = await admin.post('/api/v1/help-categories', { name: { zh: '仙侠专属分类' } });
    const categoryId = body<{ id: number }>(marker).data.id;
    const article = body<{ id: number }>(
      await admin.post('/api/v1/help-articles', {
        category_id: categoryId,
        language: 'zh',
        title: '仙侠专属',
        body: '<p>x</p>',
      }),
    ).data;
    await admin.post(`/api/v1/help-articles/${article.id}/publish`, { version: 1 });
    const mine = body<GameHelp>(await game('/api/game/v1/help-articles')).data;
    expect(mine.categories.map((c) => c.name)).toContain('仙侠专属分类');
    const theirs = body<GameHelp>(await game('/api/game/v1/help-articles', { as: tankKey })).data;
    expect(theirs.categories.map((c) => c.name)).not.toContain('仙侠专属分类');
    expect(theirs.categories.length).toBeGreaterThan(0);
  });
});

describe('game API answers', () => {
  it('serves the help centre per channel, in the language or else zh', async () => {
    const en = body<GameHelp>(await game('/api/game/v1/help-articles?lang=en&channel=taptap')).data;
    expect(en.lang).toBe('en');
    const payments = en.categories.find((c) => c.name === 'Payments')!;
    expect(payments.articles.map((a) => [a.language, a.title])).toEqual([
      ['en', 'My top-up did not arrive'],
      ['zh', '如何申请退款？'],
    ]);
    const unknown = body<GameHelp>(await game('/api/game/v1/help-articles?lang=xx')).data;
    expect(unknown.lang).toBe('zh');
    expect(unknown.categories.map((c) => c.name)).toContain('账号与登录');
  });

  it('matches auto-replies and answers social access', async () => {
    const text = encodeURIComponent('充值没到账');
    const match = body<AutoReplyMatch>(
      await game(`/api/game/v1/auto-reply/match?text=${text}&platform=ios`),
    ).data;
    expect(match).toMatchObject({ source: 'rule', rule: { name: '充值未到账' } });
    const channel = body<AutoReplyMatch>(
      await game(`/api/game/v1/auto-reply/match?channel=taptap&text=${encodeURIComponent('活动')}`),
    ).data;
    expect(channel.rule!.name).toBe('渠道活动');
    expect(body(await game('/api/game/v1/auto-reply/match')).code).toBe(400001);

    const social = body<{
      region: string;
      chat: { source: string; world: boolean };
      friend: { source: string };
    }>(await game('/api/game/v1/social-access?channel=taptap')).data;
    expect(social).toMatchObject({
      region: 'gn',
      chat: { source: 'policy', world: false },
      friend: { source: 'policy' },
    });
    const hw = body<{ chat: { source: string } }>(await game('/api/game/v1/social-access?region=hw')).data;
    expect(hw.chat.source).toBe('default');
  });

  it('caches answers with an ETag, honours If-None-Match and drops the cache on a console write', async () => {
    const first = await game('/api/game/v1/error-codes?lang=en');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const unchanged = await game('/api/game/v1/error-codes?lang=en', { headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // A change behind the console's back is not seen while the answer is cached…
    await t.database.db
      .delete(errorCodeReleases)
      .where(eq(errorCodeReleases.productId, await productIdOf(t, 'xianxia')));
    expect((await game('/api/game/v1/error-codes?lang=en')).headers.etag).toBe(etag);
    // …a console write drops the product's answers at once.
    const published = await admin.post('/api/v1/error-codes/publish', { note: 'cache' });
    expect(body(published).code).toBe(0);
    const fresh = await game('/api/game/v1/error-codes?lang=en', { headers: { 'if-none-match': etag } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(etag);
    const data = body<GameErrorCodes>(fresh).data;
    expect(data.release).toBe(1);
    expect(data.list.map((c) => c.code)).toContain('9999');

    const code = body<{ list: ErrorCodeText[] }>(await admin.get('/api/v1/error-codes?q=1001')).data.list[0]!;
    await admin.put(`/api/v1/error-codes/${code.id}`, {
      texts: { en: 'Connection lost.' },
      version: code.version,
    });
    // An edit of the working copy changes nothing live until it is published.
    expect(body<GameErrorCodes>(await game('/api/game/v1/error-codes?lang=en')).data.list[0]!.text).toBe(
      'Network error. Please try again.',
    );
  });

  it('expires cached answers after the TTL and does not keep answers computed before a write', () => {
    const cache = new GameAnswerCache(1000, 2);
    const gen = cache.generation(1);
    cache.set(1, 'a', '{"a":1}', gen, 0);
    expect(cache.get(1, 'a', 500)?.body).toBe('{"a":1}');
    expect(cache.get(1, 'a', 1500)).toBeUndefined();
    cache.set(1, 'a', '1', gen, 0);
    cache.set(1, 'b', '2', gen, 0);
    cache.set(1, 'c', '3', gen, 0);
    expect(cache.get(1, 'a', 0)).toBeUndefined();
    cache.invalidate(1);
    expect(cache.get(1, 'c', 0)).toBeUndefined();
    cache.set(1, 'd', '4', gen, 0);
    expect(cache.get(1, 'd', 0)).toBeUndefined();
  });
});
