import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type WechatLogItem, type WechatRule, type WechatRuleCreate } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { setParty } from '../../../test/stand-ins/index.ts';
import {
  callbackSignature,
  FAKE_CALLBACK_TOKEN,
  fakeWechatSubscribe,
  wechatSubscribe,
} from '../outside-parties/index.ts';
import { sendOne } from './callback.ts';

// WeChat customer-service auto push through HTTP: rules, WeChat's signed callback (signature,
// replay), the windows (5 replies within 48 h of a message, 3 within a minute of an event) enforced
// and logged, through the demo game's fake WeChat.

const t = useTestApp();
const admin = t.admin;
const tag = Math.random().toString(36).slice(2, 8);

beforeAll(() => setParty(admin, 'wechat_subscribe', { mode: 'fake' }));

const text = (n: number) => ({ type: 'text' as const, text: `第 ${n} 条` });
async function rule(fields: Partial<WechatRuleCreate>): Promise<WechatRule> {
  const res = await admin.post('/api/v1/wechat-service-rules', {
    name: `rule ${Math.random().toString(36).slice(2, 8)}`,
    trigger: 'keyword',
    keywords: [],
    messages: [text(1)],
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<WechatRule>(res).data;
}
function callback(payload: object, { token = FAKE_CALLBACK_TOKEN, at = Math.floor(Date.now() / 1000) } = {}) {
  const timestamp = String(at);
  const nonce = randomBytes(6).toString('hex');
  const signature = callbackSignature(token, timestamp, nonce);
  return t.app.inject({
    method: 'POST',
    url: `/api/wechat/v1/${t.productId}/callback?signature=${signature}&timestamp=${timestamp}&nonce=${nonce}`,
    payload,
  });
}
let msgId = Date.now();
/** A player's text message as WeChat posts it (sent now, a new MsgId), with `fields` over it. */
const textMessage = (openid: string, content: string, fields: object = {}) => ({
  ToUserName: 'gh_demo',
  FromUserName: openid,
  CreateTime: Math.floor(Date.now() / 1000),
  MsgType: 'text',
  Content: content,
  MsgId: msgId++,
  ...fields,
});
const say = (openid: string, content: string, createTime = Math.floor(Date.now() / 1000)) =>
  callback(textMessage(openid, content, { CreateTime: createTime }));
const event = (openid: string, name: string, createTime = Math.floor(Date.now() / 1000)) =>
  callback({
    ToUserName: 'gh_demo',
    FromUserName: openid,
    CreateTime: createTime,
    MsgType: 'event',
    Event: name,
  });
const logOf = async (openid: string) =>
  body<{ list: WechatLogItem[] }>(await admin.get(`/api/v1/wechat-service-log?openid=${openid}&page_size=50`))
    .data.list;
const sentTo = (openid: string) => fakeWechatSubscribe().customer.filter((c) => c.openid === openid);

describe('rules', () => {
  it('checks each message type has what it needs, and a keyword rule its keywords', async () => {
    const bad = await admin.post('/api/v1/wechat-service-rules', {
      name: 'bad',
      trigger: 'keyword',
      keywords: [],
      messages: [{ type: 'link', title: 'x' }, { type: 'image' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual([
      'keywords',
      'messages.0.url',
      'messages.1.media_id',
    ]);
    const nul = await admin.post('/api/v1/wechat-service-rules', {
      name: 'nul',
      trigger: 'follow',
      messages: [{ type: 'text', text: 'a\u0000' }],
    });
    expect(Object.keys(body<{ fields: object }>(nul).data.fields)).toEqual(['messages.0.text']);
    const tooMany = await admin.post('/api/v1/wechat-service-rules', {
      name: 'x',
      trigger: 'follow',
      messages: Array.from({ length: 11 }, (_, i) => text(i)),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('callback', () => {
  let keywordRule: WechatRule;
  beforeAll(async () => {
    // Six replies to a keyword: the window allows five.
    keywordRule = await rule({
      keywords: [`礼包${tag}`],
      priority: 5,
      messages: [
        text(1),
        { type: 'image', media_id: 'MEDIA_1' },
        { type: 'miniprogram', title: '活动', page: 'pages/event/index', media_id: 'THUMB_1' },
        { type: 'link', title: '官网', url: 'https://game.example.com/news', description: '新版本' },
        text(5),
        text(6),
      ],
    });
    await rule({ trigger: 'follow', messages: [text(1), text(2), text(3), text(4)] });
  });

  it('refuses a bad signature or an old timestamp, and answers nothing', async () => {
    const openid = `o${tag}sig`;
    const forged = await callback(
      textMessage(openid, `礼包${tag}`, { ToUserName: 'gh', CreateTime: 1, MsgId: 1 }),
      { token: 'not-the-token' },
    );
    expect(forged.statusCode).toBe(401);
    const old = await callback(
      textMessage(openid, `礼包${tag}`, { ToUserName: 'gh', CreateTime: 1, MsgId: 2 }),
      { at: Math.floor(Date.now() / 1000) - 3600 },
    );
    expect(old.statusCode).toBe(401);
    expect(sentTo(openid)).toHaveLength(0);
  });

  it("answers a keyword with its sequence: the window's sixth message is refused and logged; a replay is ignored", async () => {
    const openid = `o${tag}kw`;
    const res = await say(openid, `请给我 礼包${tag} 谢谢`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('success');
    expect(sentTo(openid).map((c) => c.message.type)).toEqual([
      'text',
      'image',
      'miniprogram',
      'link',
      'text',
    ]);
    const log = await logOf(openid);
    expect(log.filter((l) => l.outcome === 'sent')).toHaveLength(5);
    expect(log.filter((l) => l.outcome === 'refused')).toEqual([
      expect.objectContaining({ reason: 'window_full', rule_id: keywordRule.id, message_type: 'text' }),
    ]);
    // The same message again (WeChat retries): ignored.
    const replay = await callback(textMessage(openid, `礼包${tag}`, { MsgId: msgId - 1 }));
    expect(replay.statusCode).toBe(200);
    expect(sentTo(openid)).toHaveLength(5);
  });

  it("refuses and logs a reply more than 48 hours after the player's last message", async () => {
    const word = `回复${tag}`;
    const late = await rule({ keywords: [word], priority: 4, messages: [text(1), text(2)] });
    const openid = `o${tag}h48`;
    expect((await say(openid, word)).statusCode).toBe(200);
    expect(sentTo(openid)).toHaveLength(2);
    // The player's last message 49 hours ago (set in the database): a reply of the rule is refused.
    const lastMessage = (hours: number) =>
      t.database.db.execute(sql`update wechat_service_windows
        set opened_at = now() - make_interval(hours => ${hours}::int), messaged_at = now() - make_interval(hours => ${hours}::int)
        where product_id = ${t.productId}::int and openid = ${openid}`);
    await lastMessage(49);
    const wechat = await t.app.outside.open(t.database.db, wechatSubscribe, t.productId);
    // A third message of the rule, as the rule's messages are stored.
    const third = { ...late.messages[0]!, text: '第 3 条' };
    const ruleRow = {
      id: late.id,
      name: late.name,
      trigger: late.trigger,
      keywords: late.keywords,
      messages: late.messages,
    };
    await sendOne(t.database.db, wechat, t.productId, openid, ruleRow, third);
    expect(sentTo(openid)).toHaveLength(2);
    expect((await logOf(openid)).filter((l) => l.outcome === 'refused')).toEqual([
      expect.objectContaining({ reason: 'window_closed', rule_id: late.id, message_type: 'text' }),
    ]);
    // 47 hours ago: the same reply goes out (the window's time refused it, not its count).
    await lastMessage(47);
    await sendOne(t.database.db, wechat, t.productId, openid, ruleRow, third);
    expect(sentTo(openid)).toHaveLength(3);
    // Through the callback: a message the player sent 49 hours ago (WeChat's CreateTime; the push
    // itself signed now) opens no window: its replies are refused and logged, none sent.
    const other = `o${tag}h49`;
    const res = await say(other, word, Math.floor(Date.now() / 1000) - 49 * 3600);
    expect(res.statusCode, res.body).toBe(200);
    expect(sentTo(other)).toHaveLength(0);
    expect((await logOf(other)).map((l) => [l.outcome, l.reason])).toEqual([
      ['refused', 'window_closed'],
      ['refused', 'window_closed'],
    ]);
    // An older message than the player's last one moves nothing: the 47-hour window still has room.
    expect((await say(openid, word, Math.floor(Date.now() / 1000) - 60 * 3600)).statusCode).toBe(200);
    expect(sentTo(openid)).toHaveLength(5);
  });

  it('an event opens a one-minute window of three', async () => {
    const openid = `o${tag}follow`;
    const res = await event(openid, 'subscribe');
    expect(res.statusCode, res.body).toBe(200);
    expect(sentTo(openid)).toHaveLength(3);
    expect((await logOf(openid)).find((l) => l.outcome === 'refused')?.reason).toBe('window_full');
    // The same event (same sender and time) again: ignored.
    const created = Math.floor(Date.now() / 1000) - 5;
    await event(`o${tag}late`, 'subscribe', created);
    await event(`o${tag}late`, 'subscribe', created);
    expect(sentTo(`o${tag}late`)).toHaveLength(3);
  });

  it("is the rules page's: staff need its permission to read the log", async () => {
    const reader = await t.staff(['wechat_push/see/service_reply']);
    const res = await reader.get(`/api/v1/wechat-service-log?openid=o${tag}kw`);
    expect(res.statusCode).toBe(200);
    expect(body<{ list: unknown[] }>(res).data.list).toHaveLength(6);
    const none = await t.staff([]);
    expect((await none.get('/api/v1/wechat-service-log')).statusCode).toBe(403);
  });
});
