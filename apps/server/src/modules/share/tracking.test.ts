import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  SHARE_CLICK_PARAM,
  type GameShareConfig,
  type GameShareEventAnswer,
  type ShareFunnel,
  type ShareLink,
  type ShareReward,
  type ShareStrategy,
  type ShareTrackingSettings,
} from '@rx/contracts';
import { body, records, sheetOf, useTestApp } from '../../../test/index.ts';
import { queryRows } from '../../lib/rows.ts';

const t = useTestApp();

type List<T> = { list: T[]; total: number };
const fields = (res: { body: string }) => Object.keys(body<{ fields: object }>(res as never).data.fields);
const title = { zh: '邀请奖励', en: 'Invite reward', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' };

async function gift(): Promise<number> {
  const prop = body<{ id: number }>(
    await t.admin.post('/api/v1/props', {
      code: `invite_gold_${Date.now()}`,
      name: { zh: '金币', en: 'Gold' },
      type: 'currency',
      rarity: 'common',
    }),
  ).data.id;
  return body<{ id: number }>(
    await t.admin.post('/api/v1/gift-packages', {
      name: { zh: '邀请礼包', en: 'Invite gift' },
      contents: [{ prop_id: prop, quantity: 10 }],
    }),
  ).data.id;
}

async function addPlayer(openid: string): Promise<void> {
  await t.database.db.execute(sql`insert into players (product_id, openid, channel, region, country, nickname)
    values (${t.productId}::int, ${openid}, 'official', 'cn', 'CN', ${openid})`);
}

describe('share tracking settings', () => {
  it('answers the defaults, then saves a reward with its gift, refusing a stale version', async () => {
    const defaults = body<ShareTrackingSettings>(await t.admin.get('/api/v1/share-tracking/settings')).data;
    expect(defaults).toMatchObject({ reward_on: 'off', reward_gift_id: null, version: 0 });
    const noGift = await t.admin.put('/api/v1/share-tracking/settings', {
      reward_on: 'register',
      reward_gift_id: null,
      reward_title: title,
      version: 0,
    });
    expect(fields(noGift)).toEqual(['reward_gift_id']);
    const unknown = await t.admin.put('/api/v1/share-tracking/settings', {
      reward_on: 'register',
      reward_gift_id: 999_999,
      reward_title: title,
      version: 0,
    });
    expect(fields(unknown)).toEqual(['reward_gift_id']);
    const giftId = await gift();
    const saved = await t.admin.put('/api/v1/share-tracking/settings', {
      reward_on: 'register',
      reward_gift_id: giftId,
      reward_title: title,
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<ShareTrackingSettings>(saved).data).toMatchObject({ reward_on: 'register', version: 1 });
    const stale = await t.admin.put('/api/v1/share-tracking/settings', {
      reward_on: 'off',
      reward_gift_id: null,
      reward_title: title,
      version: 0,
    });
    expect(body(stale).code).toBe(409001);
    const logged = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from operation_logs where target_type = 'share_tracking' order by id`,
    );
    expect(logged.map((l) => l.action)).toEqual(['create']);
  });

  it('is for staff holding the tracking page only', async () => {
    const other = await t.staff(['share/see/wechat_link']);
    expect((await other.get('/api/v1/share-tracking/funnel')).statusCode).toBe(403);
    expect((await other.get('/api/v1/share-tracking/settings')).statusCode).toBe(403);
    const reader = await t.staff(['share/see/tracking']);
    expect((await reader.get('/api/v1/share-tracking/funnel')).statusCode).toBe(200);
    const write = await reader.put('/api/v1/share-tracking/settings', {
      reward_on: 'off',
      reward_gift_id: null,
      reward_title: title,
      version: 1,
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('the share funnel', () => {
  it('attributes a share, click, install, register and pay to the sharer, channel, strategy and variant, and rewards an invite once', async () => {
    const settings = body<ShareTrackingSettings>(await t.admin.get('/api/v1/share-tracking/settings')).data;
    const giftId = await gift();
    await t.admin.put('/api/v1/share-tracking/settings', {
      reward_on: 'register',
      reward_gift_id: giftId,
      reward_title: title,
      version: settings.version,
    });
    const link = body<ShareLink>(
      await t.admin.post('/api/v1/share-links?platform=wechat', {
        name: '漏斗',
        target_url: 'https://game.example/funnel',
        channel: 'wechat_group',
        campaign: 'newyear',
      }),
    ).data;
    const strategy = body<ShareStrategy>(
      await t.admin.post('/api/v1/share-strategies?platform=wechat', {
        name: '漏斗策略',
        scene: 'achievement',
        variants: [{ key: 'a', weight: 1, title: '来玩', link_id: link.id }],
      }),
    ).data;
    const key = await t.gameKey();
    await addPlayer('funnel-ann');
    const config = body<GameShareConfig>(
      await t.signedCall(
        key,
        'GET',
        '/api/game/v1/share/config?platform=wechat&scene=achievement&openid=funnel-ann',
      ),
    ).data!;
    expect(config.link).toBe(`/s/${link.code}?sharer=funnel-ann&st=${strategy.id}&v=a`);

    const event = (body: object) => t.signedCall(key, 'POST', '/api/game/v1/share/events', body);
    const shared = body<GameShareEventAnswer>(
      await event({
        event_id: 'f-share-1',
        type: 'share',
        openid: 'funnel-ann',
        platform: 'wechat',
        strategy_id: strategy.id,
        variant: 'a',
      }),
    ).data;
    expect(shared).toEqual({ recorded: true, sharer: 'funnel-ann', link_id: null, rewarded: false });
    // A share names its platform; a click's events name their click.
    expect(fields(await event({ event_id: 'x', type: 'share', openid: 'funnel-ann' }))).toEqual(['platform']);
    expect(fields(await event({ event_id: 'y', type: 'register', openid: 'nobody' }))).toEqual(['click_id']);

    const clicked = await t.app.inject({ method: 'GET', url: config.link! });
    expect(clicked.statusCode).toBe(302);
    const clickId = Number(new URL(clicked.headers.location as string).searchParams.get(SHARE_CLICK_PARAM));
    const after = (type: string, id: string, openid = 'funnel-newbie') =>
      event({ event_id: id, type, click_id: clickId, openid });
    expect(body<GameShareEventAnswer>(await after('install', 'f-install-1')).data.rewarded).toBe(false);
    const registered = body<GameShareEventAnswer>(await after('register', 'f-reg-1')).data;
    expect(registered).toEqual({ recorded: true, sharer: 'funnel-ann', link_id: link.id, rewarded: true });
    // The same event again changes nothing; another register of the invitee earns nothing more.
    expect(body<GameShareEventAnswer>(await after('register', 'f-reg-1')).data).toMatchObject({
      recorded: false,
      rewarded: false,
    });
    expect(body<GameShareEventAnswer>(await after('register', 'f-reg-2')).data.rewarded).toBe(false);
    await after('pay', 'f-pay-1');
    // A sharer who never played this game: the reward is kept, no mail can be sent.
    const strangerClick = await t.app.inject({
      method: 'GET',
      url: `/s/${link.code}?sharer=funnel-stranger`,
    });
    const strangerId = Number(
      new URL(strangerClick.headers.location as string).searchParams.get(SHARE_CLICK_PARAM),
    );
    await event({ event_id: 'f-reg-3', type: 'register', click_id: strangerId, openid: 'funnel-other' });

    const rewards = body<List<ShareReward>>(await t.admin.get('/api/v1/share-tracking?q=funnel')).data;
    expect(rewards.list.map((r) => [r.sharer, r.invitee, r.event, r.state])).toEqual([
      ['funnel-stranger', 'funnel-other', 'register', 'no_player'],
      ['funnel-ann', 'funnel-newbie', 'register', 'mailed'],
    ]);
    const mailId = rewards.list[1]!.mail_id!;
    const inbox = await queryRows<{ openid: string; status: string; attachments: unknown }>(
      t.database.db,
      sql`select p.openid, m.status, m.attachments from mail_recipients r
          join mails m on m.id = r.mail_id join players p on p.id = r.player_id where m.id = ${mailId}::int`,
    );
    expect(inbox).toEqual([
      { openid: 'funnel-ann', status: 'sent', attachments: [{ type: 'gift', id: giftId, quantity: 1 }] },
    ]);
    const exported = records(
      await sheetOf(await t.admin.get('/api/v1/share-tracking/export?format=csv&q=funnel')),
    );
    expect(exported.map((r) => r.invitee).sort()).toEqual(['funnel-newbie', 'funnel-other']);

    const funnel = async (query: string) =>
      body<ShareFunnel>(await t.admin.get(`/api/v1/share-tracking/funnel?${query}`)).data;
    const byVariant = await funnel(`strategy_id=${strategy.id}&group_by=variant`);
    expect(byVariant.totals).toEqual({ shares: 1, clicks: 1, installs: 1, registers: 2, pays: 1 });
    expect(byVariant.groups).toEqual([
      { key: `${strategy.id}:a`, shares: 1, clicks: 1, installs: 1, registers: 2, pays: 1 },
    ]);
    expect(byVariant.days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(byVariant.days.at(-1)).toMatchObject({ day: today, clicks: 1, registers: 2 });
    const bySharer = await funnel('channel=wechat_group&group_by=sharer');
    expect(bySharer.groups).toEqual([
      { key: 'funnel-ann', shares: 1, clicks: 1, installs: 1, registers: 2, pays: 1 },
      { key: 'funnel-stranger', shares: 0, clicks: 1, installs: 0, registers: 1, pays: 0 },
    ]);
    expect((await funnel('channel=elsewhere')).totals.clicks).toBe(0);
    expect(fields(await t.admin.get('/api/v1/share-tracking/funnel?from=2026-02-02&to=2026-02-01'))).toEqual([
      'to',
    ]);
    expect(fields(await t.admin.get('/api/v1/share-tracking/funnel?group_by=nothing'))).toEqual(['group_by']);
  });
});
