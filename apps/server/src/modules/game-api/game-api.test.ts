import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  gameApiKeysAccess,
  type AutoReplyMatch,
  type ErrorCodeText,
  type GameApiKey,
  type GameApiKeyCreated,
  type GameErrorCodes,
  type GameHelp,
} from '@rx/contracts';
import { errorCodeReleases } from '../error-codes/tables.ts';
import { body, newNonce, signGameRequest, useTestApp } from '../../../test/index.ts';
import { GameAnswerCache } from './cache.ts';
import { nonceStore } from './nonces.ts';
import { gameApiKeys, gameApiNonces } from './tables.ts';

const t = useTestApp();
const admin = t.admin;
let key: GameApiKeyCreated;
beforeAll(async () => {
  key = body<GameApiKeyCreated>(await admin.post('/api/v1/game-api-keys', { note: 'server' })).data;
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
  const signed = signGameRequest(options.as ?? key, { url, ts: options.ts });
  return t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...signed,
      ...(options.sign ? { 'x-signature': options.sign } : {}),
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
    const [log] = await t.logsOf('game_api_key', key.id);
    expect(log).toMatchObject({ action: 'create', targetName: key.key_id });
    expect(JSON.stringify(log)).not.toContain(key.secret);

    const viewer = await t.staff([gameApiKeysAccess.permissions.see]);
    expect(body(await viewer.get('/api/v1/game-api-keys')).code).toBe(0);
    expect(body(await viewer.post('/api/v1/game-api-keys', {})).code).toBe(403001);
    const hw = await t.signIn('ops_hw', 'dawn');
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
    const other = signGameRequest(key, { url: '/api/game/v1/error-codes?lang=en' });
    expect(
      body(await game('/api/game/v1/error-codes?lang=ja', { headers: { ...other, 'x-lang': 'en' } })).code,
    ).toBe(401008);
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
    expect((await t.logsOf('game_api_key', spare.id))[0]).toMatchObject({ action: 'revoke' });
  });

  it("reads only its own product: another product's key never sees this one", async () => {
    const tank = await t.signIn('admin', 'tankwar');
    const tankKey = body<GameApiKeyCreated>(await tank.post('/api/v1/game-api-keys', {})).data;
    const named = await game('/api/game/v1/error-codes', {
      as: tankKey,
      headers: { 'x-product-id': String(t.productId) },
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

describe('game API body and nonce', () => {
  const MATCH = '/api/game/v1/auto-reply/match';
  const post = (payload: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: MATCH, payload, headers: { ...headers, 'accept-language': 'en' } });

  it('signs the exact body bytes: a changed body under the old signature is refused with 401008', async () => {
    const sent = JSON.stringify({ text: '充值没到账', platform: 'ios' });
    const headers = signGameRequest(key, { method: 'POST', url: MATCH, body: sent });
    for (const changed of [
      JSON.stringify({ text: '活动', platform: 'ios' }),
      JSON.stringify({ text: '充值没到账', platform: 'android' }),
      JSON.stringify({ text: '充值没到账', platform: 'ios' }, null, 1),
      '',
    ]) {
      const res = await post(changed, headers);
      expect(res.statusCode, changed).toBe(changed ? 401 : 400);
      if (changed) expect(body(res).code).toBe(401008);
    }
    // A refused request does not spend the nonce: the request as signed still goes through.
    const res = await post(sent, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<AutoReplyMatch>(res).data).toMatchObject({ source: 'rule', rule: { name: '充值未到账' } });
    // A GET signs the empty body: signing it with a body's hash does not pass.
    const url = '/api/game/v1/error-codes';
    const wrong = signGameRequest(key, { url, body: '{}' });
    delete wrong['content-type'];
    expect(body(await t.app.inject({ url, headers: wrong })).code).toBe(401008);
  });

  it('refuses a replayed nonce with 401009, per key, and lets exactly one of parallel copies through', async () => {
    const url = '/api/game/v1/error-codes?lang=en';
    const headers = signGameRequest(key, { url });
    expect((await t.app.inject({ url, headers })).statusCode).toBe(200);
    const replay = await t.app.inject({ url, headers: { ...headers, 'accept-language': 'en' } });
    expect(replay.statusCode).toBe(401);
    expect(body(replay)).toEqual({
      code: 401009,
      data: null,
      msg: 'This request nonce (X-Nonce) was already used. Send a new nonce with every request.',
    });
    // The same nonce under a new signature of another request is still a replay.
    const nonce = headers['x-nonce']!;
    const other = signGameRequest(key, { url: '/api/game/v1/social-access', nonce });
    expect(body(await t.app.inject({ url: '/api/game/v1/social-access', headers: other })).code).toBe(401009);
    const post = JSON.stringify({ text: 'hi' });
    const posted = signGameRequest(key, { method: 'POST', url: MATCH, body: post, nonce });
    expect(
      body(await t.app.inject({ method: 'POST', url: MATCH, payload: post, headers: posted })).code,
    ).toBe(401009);
    // Nonces are per key: another key may draw the same value.
    const spare = body<GameApiKeyCreated>(await admin.post('/api/v1/game-api-keys', { note: 'nonce' })).data;
    expect((await t.app.inject({ url, headers: signGameRequest(spare, { url, nonce }) })).statusCode).toBe(
      200,
    );

    const copies = signGameRequest(key, { url: '/api/game/v1/help-articles' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ url: '/api/game/v1/help-articles', headers: copies })),
    );
    expect(answers.map((r) => body(r).code).sort()).toEqual([0, ...Array<number>(9).fill(401009)]);
  });

  it('refuses a missing or malformed nonce with 401005', async () => {
    const url = '/api/game/v1/error-codes';
    const { 'x-nonce': _omitted, ...unsigned } = signGameRequest(key, { url });
    expect(body(await t.app.inject({ url, headers: unsigned })).code).toBe(401005);
    for (const nonce of ['', 'short-nonce', 'x'.repeat(65), `${'a'.repeat(20)}/..`, `${'a'.repeat(20)} b`]) {
      const res = await t.app.inject({ url, headers: signGameRequest(key, { url, nonce }) });
      expect(body(res).code, nonce).toBe(401005);
    }
    for (const nonce of ['a'.repeat(16), 'Z_-9'.repeat(16), crypto.randomUUID()]) {
      const res = await t.app.inject({ url, headers: signGameRequest(key, { url, nonce }) });
      expect(res.statusCode, nonce).toBe(200);
    }
  });

  it('keeps nonces in the database for twice the window, sweeping older ones', async () => {
    const { db } = t.database;
    let clock = 1_000_000;
    const spend = nonceStore(db, () => clock);
    const keyId = `gk_sweep_${newNonce().slice(0, 8)}`;
    const old = newNonce();
    const stale = new Date(Date.now() - 11 * 60 * 1000);
    const rows = () => db.select().from(gameApiNonces).where(eq(gameApiNonces.keyId, keyId));
    await db.insert(gameApiNonces).values({ keyId, nonce: old, createdAt: stale });
    // The first use sweeps what is older than 600 s; a fresh nonce is spent once.
    const fresh = newNonce();
    expect(await spend(keyId, fresh)).toBe(true);
    expect((await rows()).map((r) => r.nonce)).toEqual([fresh]);
    expect(await spend(keyId, fresh)).toBe(false);
    // Not swept yet (the next sweep is a minute away), an expired row is taken over, not a replay.
    await db.insert(gameApiNonces).values({ keyId, nonce: old, createdAt: stale });
    clock += 30_000;
    expect(await spend(keyId, old)).toBe(true);
    expect(await spend(keyId, old)).toBe(false);
    const [row] = await db
      .select()
      .from(gameApiNonces)
      .where(and(eq(gameApiNonces.keyId, keyId), eq(gameApiNonces.nonce, old)));
    expect(row!.createdAt.getTime()).toBeGreaterThan(stale.getTime());
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
    await t.database.db.delete(errorCodeReleases).where(eq(errorCodeReleases.productId, t.productId));
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
