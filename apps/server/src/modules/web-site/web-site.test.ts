import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  webSiteAccess,
  type GameApiKeyCreated,
  type GameWebProtocol,
  type GameWebSite,
  type WebProtocolCompare,
  type WebProtocolDoc,
  type WebProtocolVersion,
  type WebProtocolVersionLine,
  type WebSite,
  type WebSiteUpdate,
} from '@rx/contracts';
import { useTestApp } from '../../../test/index.ts';
import { adminOf, body, logsOf, signIn, staffWith, type Client } from '../../../test/api.ts';
import { gameCaller, signGameRequest } from '../../../test/game.ts';
import { products, users } from '../../db/schema.ts';
import { webProtocolVersions, webSites } from './tables.ts';

// The web recharge site's configuration (/api/v1/web-site) and protocols (/api/v1/web-protocols),
// and what the site reads through the signed game API.

const t = useTestApp({ as: null });
let hw: Client;
let code: string;
const tag = Date.now().toString(36);

/** A new overseas game in the CP of `user` (tests do not share their site). */
async function overseasGame(user: string, prefix: string): Promise<string> {
  const { db } = t.database;
  const [owner] = await db.select({ cpId: users.cpId }).from(users).where(eq(users.username, user));
  const gameCode = `${prefix}${tag}`;
  await db.insert(products).values({ cpId: owner!.cpId, code: gameCode, name: gameCode, region: 'hw' });
  return gameCode;
}

const config = (extra: Partial<WebSiteUpdate> = {}): WebSiteUpdate => ({
  domains: [`pay-${tag}.example.com`, `shop-${tag}.example.co.uk`],
  payment_methods: [
    { method: 'card', enabled: true, countries: [] },
    { method: 'paypal', enabled: true, countries: ['US', 'GB'] },
    { method: 'local_wallet', enabled: false, countries: ['PH'] },
  ],
  languages: ['en', 'ja', 'ar'],
  default_language: 'en',
  support_email: 'support@example.com',
  maintenance: false,
  maintenance_message: {},
  version: 0,
  ...extra,
});

beforeAll(async () => {
  const owner = await adminOf(t, 'ops_hw');
  code = await overseasGame('ops_hw', 'ws');
  hw = await signIn(t, owner, code);
});

describe('site configuration', () => {
  it('starts from a default, saves with version 0, then edits with the current version (409001 when stale)', async () => {
    const empty = body<WebSite>(await hw.get('/api/v1/web-site')).data;
    expect(empty).toMatchObject({ version: 0, domains: [], default_language: 'en' });
    const saved = await hw.put('/api/v1/web-site', config({ domains: [`PAY-${tag}.Example.com`] }));
    expect(saved.statusCode, saved.body).toBe(200);
    const site = body<WebSite>(saved).data;
    expect(site).toMatchObject({
      version: 1,
      domains: [`pay-${tag}.example.com`],
      languages: ['en', 'ja', 'ar'],
    });
    // A second "first save" lost the race.
    expect(body(await hw.put('/api/v1/web-site', config())).code).toBe(409001);
    const edited = body<WebSite>(
      await hw.put(
        '/api/v1/web-site',
        config({ version: 1, maintenance: true, maintenance_message: { en: 'Back soon' } }),
      ),
    ).data;
    expect(edited).toMatchObject({ version: 2, maintenance: true });
    expect(edited.maintenance_message.en).toBe('Back soon');
    expect(body(await hw.put('/api/v1/web-site', config({ version: 1 }))).code).toBe(409001);
    const [product] = await t.database.db.select().from(products).where(eq(products.code, code));
    const [row] = await t.database.db.select().from(webSites).where(eq(webSites.productId, product!.id));
    expect(row).toBeDefined();
    expect((await logsOf(t, 'web_site', row!.id)).map((l) => l.action)).toEqual(
      expect.arrayContaining(['create', 'update']),
    );
  });

  it('refuses bad input with 400001 on the field and changes nothing', async () => {
    const before = body<WebSite>(await hw.get('/api/v1/web-site')).data;
    const cases: [Partial<WebSiteUpdate>, string][] = [
      [{ domains: ['not a host'] }, 'domains.0'],
      [{ domains: ['-bad.example.com'] }, 'domains.0'],
      [{ domains: ['a.example.com', 'a.example.com'] }, 'domains'],
      [
        { payment_methods: [{ method: 'bitcoin' as 'card', enabled: true, countries: [] }] },
        'payment_methods.0.method',
      ],
      [
        { payment_methods: [{ method: 'card', enabled: true, countries: ['usa'] }] },
        'payment_methods.0.countries.0',
      ],
      [
        {
          payment_methods: [
            { method: 'card', enabled: true, countries: [] },
            { method: 'card', enabled: false, countries: [] },
          ],
        },
        'payment_methods',
      ],
      [{ languages: ['en', 'xx' as 'en'] }, 'languages.1'],
      [{ languages: ['ja'], default_language: 'en' }, 'default_language'],
      [{ support_email: 'nobody' }, 'support_email'],
      [{ maintenance: true, maintenance_message: { ja: 'x' } }, 'maintenance_message.en'],
    ];
    for (const [change, field] of cases) {
      const res = await hw.put('/api/v1/web-site', config({ ...change, version: before.version }));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(body<{ fields: Record<string, string> }>(res).data.fields).toHaveProperty(field);
    }
    expect(body<WebSite>(await hw.get('/api/v1/web-site')).data).toEqual(before);
  });

  it("refuses a domain another product's site serves (400001 taken)", async () => {
    const other = await signIn(t, await adminOf(t, 'ops_hw'), await overseasGame('ops_hw', 'wt'));
    const res = await other.put(
      '/api/v1/web-site',
      config({ domains: [`ok-${tag}.example.com`, `pay-${tag}.example.com`] }),
    );
    expect(res.statusCode).toBe(400);
    expect(body<{ fields: Record<string, string> }>(res).data.fields).toHaveProperty('domains.1');
  });

  it('needs the permission of each action (403001), and keeps CPs and regions apart', async () => {
    const nobody = await signIn(t, await staffWith(t, [], 'ops_hw'), code);
    expect(body(await nobody.get('/api/v1/web-site')).code).toBe(403001);
    const viewer = await signIn(t, await staffWith(t, [webSiteAccess.permissions.see], 'ops_hw'), code);
    const current = body<WebSite>(await viewer.get('/api/v1/web-site')).data;
    expect(current.version).toBeGreaterThan(0);
    expect(body(await viewer.put('/api/v1/web-site', config({ version: current.version }))).code).toBe(
      403001,
    );
    expect(
      body(await viewer.put('/api/v1/web-protocols/terms/en/draft', { body: '<p>x</p>', version: 0 })).code,
    ).toBe(403001);
    const editor = await signIn(
      t,
      await staffWith(t, [webSiteAccess.permissions.see, webSiteAccess.permissions.edit], 'ops_hw'),
      code,
    );
    const draft = body<WebProtocolVersion>(
      await editor.put('/api/v1/web-protocols/privacy/en/draft', { body: '<p>p</p>', version: 0 }),
    ).data;
    expect(draft.status).toBe('draft');
    expect(
      body(await editor.post('/api/v1/web-protocols/privacy/en/publish', { version: draft.version })).code,
    ).toBe(403001);
    // Another CP's admin cannot name this product (403001); its own overseas game has its own site.
    const gn = await signIn(t, 'admin', await overseasGame('admin', 'wg'));
    expect(body<WebSite>(await gn.get('/api/v1/web-site')).data.version).toBe(0);
    expect(body<{ kind: string }[]>(await gn.get('/api/v1/web-protocols')).data).toEqual([]);
    const foreign = await signIn(t, 'admin', code);
    expect(body(await foreign.get('/api/v1/web-site')).code).toBe(403001);
    expect(body(await foreign.get('/api/v1/web-protocols')).code).toBe(403001);
    // A domestic game: the shared rule error.
    const domestic = await signIn(t, 'admin', 'xianxia');
    expect(body(await domestic.get('/api/v1/web-site')).code).toBe(422001);
    expect(body(await domestic.get('/api/v1/web-protocols')).code).toBe(422001);
  });
});

describe('protocols', () => {
  it('sanitises the draft (a javascript: link is removed), publishes, archives the previous, keeps history, compares', async () => {
    const dirty =
      '<h2>Terms</h2><p>Read <a href="javascript:alert(1)">this</a> and <a href="https://example.com/t">that</a>.</p><script>alert(2)</script><p onclick="x()">Line two</p>';
    const first = body<WebProtocolVersion>(
      await hw.put('/api/v1/web-protocols/terms/en/draft', {
        title: 'Terms of service',
        body: dirty,
        version: 0,
      }),
    ).data;
    expect(first.number).toBe(1);
    expect(first.body).not.toMatch(/javascript:|<script|onclick/i);
    expect(first.body).toContain('https://example.com/t');
    // A second draft while one exists: 409001; a stale edit: 409001.
    expect(
      body(await hw.put('/api/v1/web-protocols/terms/en/draft', { body: '<p>x</p>', version: 0 })).code,
    ).toBe(409001);
    const edited = body<WebProtocolVersion>(
      await hw.put('/api/v1/web-protocols/terms/en/draft', {
        title: 'Terms of service',
        body: '<h2>Terms</h2><p>Line one</p><p>Line two</p>',
        version: first.version,
      }),
    ).data;
    expect(edited.version).toBe(first.version + 1);
    expect(
      body(await hw.put('/api/v1/web-protocols/terms/en/draft', { body: '<p>y</p>', version: first.version }))
        .code,
    ).toBe(409001);
    expect(
      body(await hw.post('/api/v1/web-protocols/terms/en/publish', { version: first.version })).code,
    ).toBe(409001);
    const v1 = body<WebProtocolVersion>(
      await hw.post('/api/v1/web-protocols/terms/en/publish', { version: edited.version }),
    ).data;
    expect(v1).toMatchObject({ status: 'published', number: 1 });
    // Nothing left to publish.
    expect(body(await hw.post('/api/v1/web-protocols/terms/en/publish', { version: 1 })).code).toBe(422001);

    const second = body<WebProtocolVersion>(
      await hw.put('/api/v1/web-protocols/terms/en/draft', {
        title: 'Terms of service',
        body: '<h2>Terms</h2><p>Line one</p><p>Line three</p>',
        version: 0,
      }),
    ).data;
    expect(second.number).toBe(2);
    const doc = body<WebProtocolDoc>(await hw.get('/api/v1/web-protocols/terms/en')).data;
    expect(doc.published?.number).toBe(1);
    expect(doc.draft?.number).toBe(2);
    await hw.post('/api/v1/web-protocols/terms/en/publish', { version: second.version });
    const history = body<WebProtocolVersionLine[]>(
      await hw.get('/api/v1/web-protocols/terms/en/versions'),
    ).data;
    expect(history.map((h) => [h.number, h.status])).toEqual([
      [2, 'published'],
      [1, 'archived'],
    ]);
    const old = body<WebProtocolVersion>(await hw.get('/api/v1/web-protocols/terms/en/versions/1')).data;
    expect(old.body).toContain('Line two');
    const compare = body<WebProtocolCompare>(
      await hw.get('/api/v1/web-protocols/terms/en/compare?a=1&b=2'),
    ).data;
    expect(compare.diff).toEqual(
      expect.arrayContaining([
        { op: 'remove', text: '<p>Line two</p>' },
        { op: 'add', text: '<p>Line three</p>' },
        { op: 'same', text: '<p>Line one</p>' },
      ]),
    );
    expect(body(await hw.get('/api/v1/web-protocols/terms/en/versions/9')).code).toBe(404001);
    expect(body(await hw.get('/api/v1/web-protocols/nope/en')).code).toBe(400001);
    const list = body<{ kind: string; language: string; published_number: number | null }[]>(
      await hw.get('/api/v1/web-protocols'),
    ).data;
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'terms', language: 'en', published_number: 2 }),
      ]),
    );
    const rows = await t.database.db
      .select()
      .from(webProtocolVersions)
      .where(eq(webProtocolVersions.id, v1.id));
    expect((await logsOf(t, 'web_protocol', rows[0]!.id)).length).toBeGreaterThan(0);
  });

  it('reaches players through the signed game API: the site, a protocol in their language or the default, with an ETag', async () => {
    const game = await gameCaller(t, hw);
    const site = await game('/api/game/v1/web-site');
    expect(site.statusCode, site.body).toBe(200);
    const data = body<GameWebSite>(site).data;
    expect(data.payment_methods.map((m) => m.method)).toEqual(['card', 'paypal']);
    expect(data.protocols).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'terms', language: 'en', number: 2 })]),
    );
    const etag = site.headers.etag as string;
    expect(etag).toBeTruthy();
    const key = body<GameApiKeyCreated>(await hw.post('/api/v1/game-api-keys', { note: 'etag' })).data;
    const url = '/api/game/v1/web-site';
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...signGameRequest(key, { url }), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    // Japanese has none: the default language's (en) is served.
    const ja = body<GameWebProtocol>(await game('/api/game/v1/web-protocols/terms?lang=ja')).data;
    expect(ja).toMatchObject({ language: 'en', number: 2 });
    expect(ja.body).toContain('Line three');
    await hw.put('/api/v1/web-protocols/terms/ja/draft', {
      title: '利用規約',
      body: '<p>日本語</p>',
      version: 0,
    });
    const jaDraft = body<WebProtocolDoc>(await hw.get('/api/v1/web-protocols/terms/ja')).data.draft!;
    // A draft is not what players read.
    expect(body<GameWebProtocol>(await game('/api/game/v1/web-protocols/terms?lang=ja')).data.language).toBe(
      'en',
    );
    await hw.post('/api/v1/web-protocols/terms/ja/publish', { version: jaDraft.version });
    expect(
      body<GameWebProtocol>(await game('/api/game/v1/web-protocols/terms?lang=ja-JP')).data,
    ).toMatchObject({
      language: 'ja',
      title: '利用規約',
    });
    expect(body(await game('/api/game/v1/web-protocols/refund_policy?lang=en')).code).toBe(404001);
  });

  it('answers a domestic game with the shared rule error', async () => {
    const domestic = await signIn(t, 'admin', 'xianxia');
    const game = await gameCaller(t, domestic);
    expect(body(await game('/api/game/v1/web-site')).code).toBe(422001);
    expect(body(await game('/api/game/v1/web-protocols/terms')).code).toBe(422001);
  });
});
