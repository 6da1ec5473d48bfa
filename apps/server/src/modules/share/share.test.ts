import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  SHARE_CLICK_PARAM,
  pickVariant,
  type FileItem,
  type GameShareConfig,
  type GameShareEventAnswer,
  type ShareCard,
  type ShareImage,
  type ShareLink,
  type ShareLinkStats,
  type ShareStrategy,
} from '@rx/contracts';
import { body, records, sheetOf, useTestApp } from '../../../test/index.ts';
import { png } from '../../../test/images.ts';
import { fileBody, postFile } from '../../../test/multipart.ts';
import { shareClicksSettled } from './click-log.ts';
import { shareClicks, shareEvents, shareImages, shareLinks } from './tables.ts';

const t = useTestApp();

type List<T> = { list: T[]; total: number };
const fields = (res: { body: string }) => Object.keys(body<{ fields: object }>(res as never).data.fields);

async function upload(width: number, height: number): Promise<string> {
  const res = await postFile(
    t.app,
    t.user.access_token,
    'image',
    fileBody('share.png', png(width, height), 'image/png'),
  );
  expect(res.statusCode, res.body).toBe(200);
  return body<FileItem>(res).data.url;
}

describe('share images', () => {
  it('keeps a platform image to its ratio and smallest sides, and each platform to its own rows', async () => {
    const wechatCard = await upload(500, 400);
    const made = await t.admin.post('/api/v1/share-images?platform=wechat', {
      name: '邀请图',
      image_url: wechatCard,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(body<ShareImage>(made).data).toMatchObject({ platform: 'wechat', width: 500, height: 400 });

    // 1.91:1 is not WeChat's 5:4; 5:4 but 250×200 is too small; an address from elsewhere is unchecked.
    const before = await t.rowCount(shareImages);
    const wide = await t.admin.post('/api/v1/share-images?platform=wechat', {
      name: 'wide',
      image_url: await upload(1200, 630),
    });
    expect(body(wide).code).toBe(400001);
    expect(body<{ fields: Record<string, string> }>(wide).data.fields.image_url).toContain('1.25:1');
    const small = await t.admin.post('/api/v1/share-images?platform=wechat', {
      name: 'small',
      image_url: await upload(250, 200),
    });
    expect(body<{ fields: Record<string, string> }>(small).data.fields.image_url).toContain('500×400');
    const elsewhere = await t.admin.post('/api/v1/share-images?platform=wechat', {
      name: 'elsewhere',
      image_url: 'https://example.com/a.png',
    });
    expect(fields(elsewhere)).toEqual(['image_url']);
    expect(await t.rowCount(shareImages)).toBe(before);

    // The same 1.91:1 image at 1200×628 fits Facebook.
    const facebook = await t.admin.post('/api/v1/share-images?platform=facebook', {
      name: 'og',
      image_url: await upload(1200, 630),
    });
    expect(facebook.statusCode, facebook.body).toBe(200);
    const wechatList = body<List<ShareImage>>(await t.admin.get('/api/v1/share-images?platform=wechat')).data;
    expect(wechatList.list.map((i) => i.name)).toEqual(['邀请图']);
    const id = body<ShareImage>(facebook).data.id;
    expect(body(await t.admin.get(`/api/v1/share-images/${id}?platform=wechat`)).code).toBe(404001);
    expect(body(await t.admin.get(`/api/v1/share-images/${id}?platform=facebook`)).code).toBe(0);
    // The export keeps to the platform too.
    const exported = records(
      await sheetOf(await t.admin.get('/api/v1/share-images/export?platform=wechat&format=csv')),
    );
    expect(exported.map((r) => [r.platform, r.name, r.width])).toEqual([['wechat', '邀请图', '500']]);
  });

  it('needs a known platform in the query', async () => {
    expect(fields(await t.admin.get('/api/v1/share-images'))).toEqual(['platform']);
    expect(fields(await t.admin.get('/api/v1/share-images?platform=myspace'))).toEqual(['platform']);
  });

  it("gives WeChat staff WeChat's rows only: Facebook's cannot be read or changed", async () => {
    const og = body<ShareCard>(
      await t.admin.post('/api/v1/share-cards?platform=facebook', {
        title: 'Join me',
        image_url: await upload(1200, 630),
      }),
    ).data;
    expect(og.id).toBeGreaterThan(0);
    const wechatStaff = await t.staff([
      'share/see/wechat_card',
      'share/edit/wechat_card',
      'share/delete/wechat_card',
    ]);
    expect((await wechatStaff.get('/api/v1/share-cards?platform=wechat')).statusCode).toBe(200);
    expect((await wechatStaff.get('/api/v1/share-cards?platform=facebook')).statusCode).toBe(403);
    expect((await wechatStaff.get(`/api/v1/share-cards/${og.id}?platform=facebook`)).statusCode).toBe(403);
    // Naming their own platform does not reach another platform's row either.
    expect(body(await wechatStaff.get(`/api/v1/share-cards/${og.id}?platform=wechat`)).code).toBe(404001);
    const change = await wechatStaff.put(`/api/v1/share-cards/${og.id}?platform=wechat`, {
      title: 'hijacked',
      version: og.version,
    });
    expect(body(change).code).toBe(404001);
    expect((await wechatStaff.del(`/api/v1/share-cards/${og.id}?platform=facebook`)).statusCode).toBe(403);
    const still = body<ShareCard>(await t.admin.get(`/api/v1/share-cards/${og.id}?platform=facebook`)).data;
    expect(still).toMatchObject({ title: 'Join me', version: og.version });
  });

  it("checks a card's title against the platform's length", async () => {
    const res = await t.admin.post('/api/v1/share-cards?platform=wechat', {
      title: '长'.repeat(33),
      image_url: await upload(500, 400),
    });
    expect(fields(res)).toEqual(['title']);
  });
});

describe('share strategies and links', () => {
  it('gives a player the same variant every time, spread by weight', async () => {
    const variants = [
      { key: 'a', weight: 1, title: 'A' },
      { key: 'b', weight: 1, title: 'B' },
    ];
    const strategy = body<ShareStrategy>(
      await t.admin.post('/api/v1/share-strategies?platform=wechat', {
        name: '邀请',
        scene: 'invite',
        variants,
      }),
    ).data;
    expect(strategy.id).toBeGreaterThan(0);
    const key = await t.gameKey();
    const config = async (openid: string) =>
      body<GameShareConfig>(
        await t.signedCall(
          key,
          'GET',
          `/api/game/v1/share/config?platform=wechat&scene=invite&openid=${openid}`,
        ),
      ).data;
    const first = await config('player-1');
    for (let i = 0; i < 3; i++) expect((await config('player-1'))!.variant).toBe(first!.variant);
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) seen.add((await config(`p${i}`))!.variant);
    expect([...seen].sort()).toEqual(['a', 'b']);
    expect(pickVariant(strategy.variants, 'player-1', strategy.id)!.key).toBe(first!.variant);
    // Another scene, or another platform, has no strategy.
    expect(
      body(
        await t.signedCall(key, 'GET', '/api/game/v1/share/config?platform=facebook&scene=invite&openid=x'),
      ).data,
    ).toBeNull();
  });

  it('counts a click on a short link and attributes the register to the sharer, once', async () => {
    const link = body<ShareLink>(
      await t.admin.post('/api/v1/share-links?platform=wechat', {
        name: '春节邀请',
        target_url: 'https://game.example/invite?from=share',
        deep_link: 'xianxia://invite',
        campaign: 'spring',
      }),
    ).data;
    expect(link.code).toMatch(/^[0-9A-Za-z]{8}$/);
    await t.admin.post('/api/v1/share-strategies?platform=wechat', {
      name: '带链接',
      scene: 'reward',
      variants: [{ key: 'a', weight: 1, title: '领奖', link_id: link.id }],
    });
    const key = await t.gameKey();
    const shared = body<GameShareConfig>(
      await t.signedCall(
        key,
        'GET',
        '/api/game/v1/share/config?platform=wechat&scene=reward&openid=sharer-9',
      ),
    ).data!;
    expect(shared.link).toMatch(new RegExp(`^/s/${link.code}\\?sharer=sharer-9&st=\\d+&v=a$`));

    const desktop = await t.app.inject({ method: 'GET', url: shared.link! });
    expect(desktop.statusCode).toBe(302);
    const landed = new URL(desktop.headers.location as string);
    expect(landed.origin + landed.pathname).toBe('https://game.example/invite');
    const clickId = Number(landed.searchParams.get(SHARE_CLICK_PARAM));
    const phone = await t.app.inject({
      method: 'GET',
      url: shared.link!,
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' },
    });
    expect(phone.headers.location).toMatch(/^xianxia:\/\/invite\?rx_click=\d+$/);
    await shareClicksSettled(t.database.db);
    const [click] = await t.database.db.select().from(shareClicks).where(eq(shareClicks.id, clickId));
    expect(click).toMatchObject({ linkId: link.id, sharer: 'sharer-9', device: 'desktop' });

    const event = { event_id: 'reg-1', type: 'register', click_id: clickId, openid: 'newbie-1' };
    const first = body<GameShareEventAnswer>(
      await t.signedCall(key, 'POST', '/api/game/v1/share/events', event),
    );
    expect(first.data).toEqual({ recorded: true, sharer: 'sharer-9', link_id: link.id, rewarded: false });
    const again = body<GameShareEventAnswer>(
      await t.signedCall(key, 'POST', '/api/game/v1/share/events', event),
    );
    expect(again.data.recorded).toBe(false);
    const counted = body<ShareLink>(await t.admin.get(`/api/v1/share-links/${link.id}?platform=wechat`)).data;
    expect(counted).toMatchObject({ clicks: 2, registers: 1 });
    const events = await t.database.db.select().from(shareEvents).where(eq(shareEvents.linkId, link.id));
    expect(events).toHaveLength(1);

    // A disabled link no longer redirects; an unknown code is 404.
    await t.database.db.update(shareLinks).set({ status: 'disabled' }).where(eq(shareLinks.id, link.id));
    expect((await t.app.inject({ method: 'GET', url: shared.link! })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/s/ZZZZZZZZ' })).statusCode).toBe(404);
  });

  it('refuses a variant naming another platform’s card, and a link that is not https', async () => {
    const og = body<ShareCard>(
      await t.admin.post('/api/v1/share-cards?platform=facebook', {
        title: 'OG',
        image_url: await upload(1200, 630),
      }),
    ).data;
    const res = await t.admin.post('/api/v1/share-strategies?platform=wechat', {
      name: 'x',
      scene: 'custom',
      variants: [{ key: 'a', weight: 1, title: 'x', card_id: og.id }],
    });
    expect(fields(res)).toEqual(['variants.0.card_id']);
    const link = await t.admin.post('/api/v1/share-links?platform=wechat', {
      name: 'x',
      target_url: 'javascript:alert(1)',
    });
    expect(fields(link)).toEqual(['target_url']);
  });

  it("reads a link's clicks by device, registers and sharers per day, in its platform only", async () => {
    const link = body<ShareLink>(
      await t.admin.post('/api/v1/share-links?platform=wechat', {
        name: '统计',
        target_url: 'https://game.example/stats',
      }),
    ).data;
    const iphone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' };
    const clickOf = async (sharer: string, headers = {}) => {
      const res = await t.app.inject({ method: 'GET', url: `/s/${link.code}?sharer=${sharer}`, headers });
      expect(res.statusCode).toBe(302);
      return Number(new URL(res.headers.location as string).searchParams.get(SHARE_CLICK_PARAM));
    };
    const fromAnn = await clickOf('ann', iphone);
    await clickOf('ann');
    await clickOf('bob');
    const key = await t.gameKey();
    await t.signedCall(key, 'POST', '/api/game/v1/share/events', {
      event_id: `stats-${link.id}`,
      type: 'register',
      click_id: fromAnn,
      openid: 'invitee-1',
    });

    const res = await t.admin.get(`/api/v1/share-links/${link.id}/stats?platform=wechat`);
    expect(res.statusCode, res.body).toBe(200);
    const stats = body<ShareLinkStats>(res).data;
    expect(stats.days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.to).toBe(today);
    expect(stats.days.at(-1)).toEqual({
      day: today,
      clicks: 3,
      ios: 1,
      android: 0,
      desktop: 2,
      registers: 1,
      pays: 0,
    });
    expect(stats.totals).toMatchObject({ clicks: 3, registers: 1 });
    expect(stats.sharers).toEqual([
      { sharer: 'ann', clicks: 2, registers: 1, pays: 0 },
      { sharer: 'bob', clicks: 1, registers: 0, pays: 0 },
    ]);

    // Another platform's query does not reach it; a span that ends before it starts is refused.
    expect(body(await t.admin.get(`/api/v1/share-links/${link.id}/stats?platform=facebook`)).code).toBe(
      404001,
    );
    const backwards = await t.admin.get(
      `/api/v1/share-links/${link.id}/stats?platform=wechat&from=2026-02-02&to=2026-02-01`,
    );
    expect(fields(backwards)).toEqual(['to']);
    expect(body(await t.admin.get(`/api/v1/share-links/${link.id}/stats`)).code).toBe(400001);
  });
});
