import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pushTasksResource,
  type GameApiKeyCreated,
  type OutsideCallItem,
  type PushTask,
  type PushTaskStats,
} from '@rx/contracts';
import { body, useTestApp } from '../../../../test/index.ts';
import { setParty, startWechat, type WechatStandIn } from '../../../../test/stand-ins/index.ts';
import { isOutsideError } from '../../../lib/outside/index.ts';
import type { PushMessage } from '../fcm/adapter.ts';
import { callbackSignature } from './adapter.ts';
import { fakeWechatSubscribe, wechatSubscribe } from './party.ts';
import { WECHAT_API } from './real.ts';

// WeChat subscribe messages: the real adapter against a local stand-in of WeChat's server API
// (stable access token, subscribeMessage.send, the app's templates), the mini-program push tasks
// (`/api/v1/push-tasks?kind=mini_program`) sent through it, and the fake.

let wx: WechatStandIn;
beforeAll(async () => {
  wx = await startWechat();
});
afterAll(() => wx.close());
const t = useTestApp({ app: () => ({ outsideEndpoints: { [WECHAT_API]: wx.url } }) });
const admin = t.admin;
const tag = Math.random().toString(36).slice(2, 8);
const TEMPLATE = 'bDmywsp2oEHjwAadTGKkUHpzhqZ9-j-ZpYx5tlV6Oco';

const message = (openid: string, fields: Record<string, string> = { thing1: '双倍经验' }): PushMessage => ({
  token: openid,
  title: '双倍经验',
  body: '今晚 8 点',
  image: '',
  data: fields,
  template: { id: TEMPLATE, page: 'pages/event/index?id=42', locale: 'zh-CN' },
});
const open = () => t.app.outside.open(t.database.db, wechatSubscribe, t.productId);
const real = (appType: 'mini_program' | 'mini_game') =>
  setParty(admin, 'wechat_subscribe', {
    mode: 'real',
    settings: { app_id: wx.appId, app_type: appType },
    credentials: { app_secret: wx.appSecret, callback_token: 'stand-in-callback-token' },
  });

describe('WeChat subscribe messages (real, against the stand-in)', () => {
  beforeAll(() => real('mini_program'));

  it('gets a stable token once, sends in subscribeMessage.send format, reads templates, logs without secrets', async () => {
    const push = await open();
    expect((await push.send(message(`o${tag}AAAAAAAA`), 'mp:1:a')).outcome).toBe('sent');
    expect((await push.send(message(`o${tag}BBBBBBBB`), 'mp:1:b')).outcome).toBe('sent');
    expect(wx.tokens).toHaveLength(1);
    expect(wx.messages.at(-2)).toEqual({
      touser: `o${tag}AAAAAAAA`,
      template_id: TEMPLATE,
      page: 'pages/event/index?id=42',
      data: { thing1: { value: '双倍经验' } },
      miniprogram_state: 'formal',
      lang: 'zh_CN',
    });
    const templates = await push.templates();
    expect(templates).toEqual([expect.objectContaining({ id: TEMPLATE, title: '活动开始提醒', type: 2 })]);
    const calls = body<{ list: OutsideCallItem[] }>(
      await admin.get('/api/v1/outside-calls?party=wechat_subscribe'),
    ).data.list;
    expect(calls.map((c) => c.operation).sort()).toEqual(['send', 'send', 'templates', 'token']);
    const logged = JSON.stringify(calls);
    expect(logged).not.toContain(wx.appSecret);
    for (const token of wx.tokens) expect(logged).not.toContain(token);
  });

  it('answers unregistered for an openid not of the app, declined without a subscription; renews a refused token; maps limits', async () => {
    const push = await open();
    wx.unknown.add(`o${tag}GONE0000`);
    expect(await push.send(message(`o${tag}GONE0000`), 'mp:2:a')).toEqual({
      outcome: 'unregistered',
      reason: '40003',
    });
    wx.unsubscribed.add(`o${tag}NOSUB000`);
    expect(await push.send(message(`o${tag}NOSUB000`), 'mp:2:b')).toEqual({
      outcome: 'declined',
      reason: '43101',
    });
    const before = wx.tokens.length;
    for (const token of wx.tokens) wx.revoke(token);
    expect((await push.send(message(`o${tag}CCCCCCCC`), 'mp:2:c')).outcome).toBe('sent');
    expect(wx.tokens.length).toBe(before + 1);
    wx.plan('limit', 'busy');
    const limited = await push.send(message(`o${tag}DDDDDDDD`), 'mp:2:d').catch((e: unknown) => e);
    expect(isOutsideError(limited, 'rate_limited')).toBe(true);
    const busy = await push.send(message(`o${tag}DDDDDDDD`), 'mp:2:d').catch((e: unknown) => e);
    expect(isOutsideError(busy, 'unavailable')).toBe(true);
    // A field the template lacks: refused, saying WeChat's code.
    const bad = await push
      .send(message(`o${tag}EEEEEEEE`, { nope9: 'x' }), 'mp:2:e')
      .catch((e: unknown) => e);
    expect(isOutsideError(bad, 'refused') && bad.message).toContain('47003');
  });

  it("sends customer-service messages in WeChat's format, answers its window refusal, checks callback signatures", async () => {
    const push = await open();
    expect(await push.customerMessage(`o${tag}CS000001`, { type: 'text', text: '欢迎' } as never)).toEqual({
      sent: true,
    });
    expect(
      await push.customerMessage(`o${tag}CS000001`, {
        type: 'link',
        title: '官网',
        description: '新版本',
        url: 'https://game.example.com',
        thumb_url: '',
      } as never),
    ).toEqual({ sent: true });
    expect(wx.customer.slice(-2)).toEqual([
      { touser: `o${tag}CS000001`, msgtype: 'text', text: { content: '欢迎' } },
      {
        touser: `o${tag}CS000001`,
        msgtype: 'link',
        link: { title: '官网', description: '新版本', url: 'https://game.example.com', thumb_url: '' },
      },
    ]);
    wx.outOfWindow.add(`o${tag}CS000002`);
    expect(await push.customerMessage(`o${tag}CS000002`, { type: 'text', text: 'x' } as never)).toEqual({
      sent: false,
      reason: '45015',
    });
    const signature = callbackSignature('stand-in-callback-token', '1700000000', 'abc');
    expect(push.verifyCallback(signature, '1700000000', 'abc')).toBe(true);
    expect(push.verifyCallback(signature, '1700000001', 'abc')).toBe(false);
  });

  it("a mini-game's message carries no miniprogram_state", async () => {
    await real('mini_game');
    const push = await open();
    expect((await push.send(message(`o${tag}GAME0000`), 'mg:1')).outcome).toBe('sent');
    expect(wx.messages.at(-1)).not.toHaveProperty('miniprogram_state');
    await real('mini_program');
  });
});

describe('mini-program push tasks (kind=mini_program) through the real adapter', () => {
  let key: GameApiKeyCreated;
  beforeAll(async () => {
    await real('mini_program');
    key = await t.gameKey(admin, 'mini-program push');
  });
  const register = (openid: string, platform = 'mini_program', provider = 'wechat') =>
    t.signedCall(key, 'POST', '/api/game/v1/push/tokens', {
      openid,
      platform,
      provider,
      token: openid,
      locale: openid.endsWith('EN') ? 'en-US' : 'zh-CN',
    });
  const MP = '/api/v1/push-tasks?kind=mini_program';

  it('is kept apart from app push, names a template, sends each subscribed player once, retires an unknown openid', async () => {
    const players = [`o${tag}mpZH`, `o${tag}mpEN`, `o${tag}mpGONE`, `o${tag}mpNOSUB`];
    for (const openid of players) expect((await register(openid)).statusCode).toBe(200);
    // A device of an app push is not a WeChat recipient.
    expect((await register(`tok_${tag}_device`, 'android', 'fcm')).statusCode).toBe(200);
    wx.unknown.add(`o${tag}mpGONE`);
    wx.unsubscribed.add(`o${tag}mpNOSUB`);
    const fields = {
      name: `mp ${tag}`,
      title: { zh: '双倍经验', en: 'Double XP' },
      body: { zh: '今晚 8 点', en: 'Tonight at 8' },
      target: 'players',
      openids: [...players, `tok_${tag}_device`],
      data: [{ key: 'thing1', value: '{title}' }],
      page: 'pages/event/index',
    };
    const noTemplate = await admin.post(MP, fields);
    expect(noTemplate.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(noTemplate).data.fields)).toEqual(['template_id']);
    const created = await admin.post(MP, { ...fields, template_id: TEMPLATE });
    expect(created.statusCode, created.body).toBe(200);
    const task = body<PushTask>(created).data;
    expect(task).toMatchObject({ kind: 'mini_program', template_id: TEMPLATE });
    // Not an app push: the app push page neither lists nor reads it.
    const appList = body<{ list: PushTask[] }>(await admin.get('/api/v1/push-tasks?page_size=100')).data.list;
    expect(appList.map((x) => x.id)).not.toContain(task.id);
    expect((await admin.get(`/api/v1/push-tasks/${task.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/v1/push-tasks/${task.id}/stats`)).statusCode).toBe(404);

    const res = await admin.post(`/api/v1/push-tasks/${task.id}/send?kind=mini_program`, {
      version: task.version,
      reason: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = body<PushTask>(res).data;
    expect(moved.targeted).toBe(4);
    await t.app.jobs.runJob(moved.job_id!);
    const mine = wx.messages.filter((m) => String(m.page).includes(`push_task_id=${task.id}`));
    expect(mine.map((m) => m.touser).sort()).toEqual([`o${tag}mpEN`, `o${tag}mpZH`]);
    expect(mine.find((m) => m.touser === `o${tag}mpEN`)).toMatchObject({
      data: { thing1: { value: 'Double XP' } },
      lang: 'en_US',
      page: `pages/event/index?push_task_id=${task.id}`,
    });
    const stats = body<PushTaskStats>(
      await admin.get(`/api/v1/push-tasks/${task.id}/stats?kind=mini_program`),
    ).data;
    expect(stats).toMatchObject({ targeted: 4, sent: 2, invalid_token: 1, failed: 1 });
    expect(stats.reasons).toEqual([{ reason: '43101', count: 1 }]);
    // The unknown openid is retired: a second task does not reach it.
    const again = body<PushTask>(await admin.post(MP, { ...fields, template_id: TEMPLATE })).data;
    const sentAgain = body<PushTask>(
      await admin.post(`/api/v1/push-tasks/${again.id}/send?kind=mini_program`, { version: again.version }),
    ).data;
    expect(sentAgain.targeted).toBe(3);
  });

  it("checks the mini-program page's own permissions", async () => {
    const appOnly = await t.staff([pushTasksResource.permissionsBy!.app!.see]);
    expect((await appOnly.get('/api/v1/push-tasks')).statusCode).toBe(200);
    expect((await appOnly.get(MP)).statusCode).toBe(403);
    const mpOnly = await t.staff([pushTasksResource.permissionsBy!.mini_program!.see]);
    expect((await mpOnly.get(MP)).statusCode).toBe(200);
    expect((await mpOnly.get('/api/v1/push-tasks')).statusCode).toBe(403);
    expect((await admin.get('/api/v1/push-tasks?kind=sms')).statusCode).toBe(400);
  });
});

describe('WeChat subscribe messages (fake)', () => {
  beforeAll(() => setParty(admin, 'wechat_subscribe', { mode: 'fake' }));

  it('sends once per key, calls an unknown openid invalid and one without subscription declined', async () => {
    const push = await open();
    expect((await push.send(message('oFake0001'), 'k1')).outcome).toBe('sent');
    expect((await push.send(message('oFake0001'), 'k1')).outcome).toBe('sent');
    expect(fakeWechatSubscribe().sent.filter((s) => s.key === 'k1')).toHaveLength(1);
    fakeWechatSubscribe().forget('oFake0002');
    expect((await push.send(message('oFake0002'), 'k2')).outcome).toBe('unregistered');
    fakeWechatSubscribe().unsubscribe('oFake0003');
    expect((await push.send(message('oFake0003'), 'k3')).outcome).toBe('declined');
    expect((await push.templates()).length).toBeGreaterThan(0);
  });
});
