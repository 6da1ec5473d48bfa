import { beforeAll, describe, expect, it } from 'vitest';
import {
  autoRepliesResource,
  type AutoReplyMatch,
  type AutoReplyRule,
  type KeywordWarning,
  type SpecialReply,
} from '@rx/contracts';
import { body, describeResource, gameCaller, records, sheetOf, useTestApp } from '../../../test/index.ts';
import { findRule, keywordMatches, keywordRegex, regexProblem, repliesOf } from './matcher.ts';
import { autoReplyRules } from './tables.ts';

const t = useTestApp();
const admin = t.admin;
let taptap: number;
beforeAll(async () => {
  taptap = await t.channelOf('taptap');
});

type Saved = AutoReplyRule & { warnings: KeywordWarning[] };
type List = { list: AutoReplyRule[]; total: number };
const text = (value: string) => ({ type: 'text', text: value });
const newRule = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  keywords: [{ text: name, match: 'contains' }],
  replies: [text(`答复 ${name}`)],
  ...extra,
});
async function create(name: string, extra: Record<string, unknown> = {}): Promise<Saved> {
  const res = await admin.post('/api/v1/auto-replies', newRule(name, extra));
  expect(res.statusCode, res.body).toBe(200);
  return body<Saved>(res).data;
}
const ask = async (payload: Record<string, unknown>) =>
  body<AutoReplyMatch>(await admin.post('/api/v1/auto-replies/test', payload)).data;

describeResource(autoRepliesResource, {
  sample: (n) => newRule(`规则 ${n}`),
  change: { priority: 7, mode: 'random_one' },
  invalid: { body: newRule('坏模式', { mode: 'every_other' }), field: 'mode' },
});

describe('auto-reply matching', () => {
  it('matches equal, contains and regex keywords, ignoring case', () => {
    expect(keywordMatches({ text: 'Agent', match: 'equal' }, '  agent ')).toBe(true);
    expect(keywordMatches({ text: 'agent', match: 'equal' }, 'an agent')).toBe(false);
    expect(keywordMatches({ text: 'Top Up', match: 'contains' }, 'my top up failed')).toBe(true);
    expect(keywordMatches({ text: '^订单\\d+$', match: 'regex' }, '订单123')).toBe(true);
    const rule = (id: number, priority: number, extra = {}) => ({
      id,
      channelId: null,
      platform: null,
      keywords: [{ text: 'x', match: 'contains' as const }],
      replies: [text(String(id)) as { type: 'text'; text: string }],
      mode: 'reply_all' as const,
      priority,
      startAt: null,
      endAt: null,
      enabled: true,
      ...extra,
    });
    const now = new Date('2025-06-01T00:00:00Z');
    expect(findRule([rule(1, 1), rule(2, 5), rule(3, 5, { channelId: 7 })], 'x', now)!.rule.id).toBe(3);
    expect(
      findRule([rule(1, 1), rule(2, 9, { endAt: new Date('2025-05-01T00:00:00Z') })], 'x', now)!.rule.id,
    ).toBe(1);
    expect(findRule([rule(1, 1, { startAt: new Date('2025-07-01T00:00:00Z') })], 'x', now)).toBeNull();
    expect(repliesOf('random_one', [text('a'), text('b')] as never, () => 0.9)).toEqual([text('b')]);
  });

  it('runs regex keywords in linear time: each character of the text is read once', () => {
    // Backtracking takes 2^n steps on this pattern (the old guard let it through).
    const evil = { text: '^(a|a?)+$', match: 'regex' as const };
    expect(regexProblem(evil.text)).toBeNull();
    expect(keywordMatches(evil, 'a'.repeat(26) + '!')).toBe(false);
    expect(keywordMatches(evil, 'A'.repeat(26))).toBe(true);
    expect(keywordMatches(evil, 'a'.repeat(100_000) + '!')).toBe(false);
    expect(keywordMatches(evil, 'a'.repeat(100_000))).toBe(true);
    // Count the engine's reads of the text (as UTF-8 bytes behind a counting proxy).
    const reads = (length: number) => {
      let count = 0;
      const bytes = new Proxy([...Buffer.from('a'.repeat(length) + '!')], {
        get: (target, key, receiver) => {
          if (typeof key === 'string' && /^\d+$/.test(key)) count++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      expect(keywordRegex(evil.text)!.test(bytes)).toBe(false);
      return count;
    };
    for (const length of [26, 1_000, 100_000]) expect(reads(length)).toBeLessThanOrEqual(2 * (length + 1));
  });

  it('refuses what RE2 cannot run: lookaround, backreferences, syntax errors, huge programs', () => {
    expect(regexProblem('(?=a)b')).toBe('regex_unsupported');
    expect(regexProblem('(?<!a)b')).toBe('regex_unsupported');
    expect(regexProblem('(a)\\1')).toBe('regex_unsupported');
    expect(regexProblem('([a-z')).toBe('bad_regex');
    expect(regexProblem('.{300}x')).toBe('bad_regex');
    expect(regexProblem('\\u8ba2\\u5355(?<no>\\d+)')).toBeNull();
    expect(keywordMatches({ text: '\\u8ba2\\u5355(?<no>\\d+)', match: 'regex' }, '订单42')).toBe(true);
    // A pattern saved before (or written to the database directly) that RE2 refuses never matches.
    expect(keywordMatches({ text: '(?=a)a', match: 'regex' }, 'a')).toBe(false);
  });
});

describe('auto-reply rules', () => {
  it('creates, lists with filters, warns about overlapping keywords and logs', async () => {
    const rule = await create('补偿', {
      keywords: [
        { text: '补偿', match: 'contains' },
        { text: '充值', match: 'equal' },
      ],
      priority: 5,
    });
    expect(rule).toMatchObject({
      mode: 'reply_all',
      enabled: true,
      channel_id: null,
      platform: null,
      version: 1,
    });
    // The seeded rule 充值未到账 has the keyword 充值 in the same (all channels, all platforms) scope.
    expect(rule.warnings).toEqual([
      { keyword: '充值', rule_id: expect.any(Number), rule_name: '充值未到账' },
    ]);
    const ios = await create('苹果', { platform: 'ios', keywords: [{ text: '充值', match: 'contains' }] });
    expect(ios.warnings).toEqual([]);

    expect(
      body<List>(await admin.get('/api/v1/auto-replies?platform=ios')).data.list.map((r) => r.id),
    ).toEqual([ios.id]);
    const byKeyword = body<List>(
      await admin.get(`/api/v1/auto-replies?q=${encodeURIComponent('礼包码')}`),
    ).data;
    expect(byKeyword.list.map((r) => r.name)).toEqual(['兑换码']);
    const channelOnly = body<List>(await admin.get(`/api/v1/auto-replies?channel_id=${taptap}`)).data;
    expect(channelOnly.list.map((r) => r.name)).toEqual(['渠道活动']);
    const ordered = body<List>(await admin.get('/api/v1/auto-replies?channel_id=0&page_size=3')).data;
    expect(ordered.list.map((r) => r.priority)).toEqual([100, 90, 50]);
    expect((await t.logsOf('auto_reply', rule.id))[0]).toMatchObject({
      action: 'create',
      targetName: '补偿',
    });
  });

  it('refuses bad regexes, bad windows and bad replies, writing nothing', async () => {
    const before = await t.rowCount(autoReplyRules);
    const bad = await admin.post(
      '/api/v1/auto-replies',
      newRule('坏', { keywords: [{ text: '([a-z', match: 'regex' }] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(body<{ fields: Record<string, string> }>(bad).data.fields['keywords.0.text']).toMatch(/正则/);
    const unsupported = await admin.post(
      '/api/v1/auto-replies',
      newRule('断言', {
        keywords: [
          { text: '充值', match: 'contains' },
          { text: '(a)\\1', match: 'regex' },
          { text: '(?<=充)值', match: 'regex' },
        ],
      }),
    );
    expect(body(unsupported)).toMatchObject({
      code: 400001,
      data: {
        fields: {
          'keywords.1.text': expect.stringMatching(/反向引用/),
          'keywords.2.text': expect.any(String),
        },
      },
    });
    const window = await admin.post(
      '/api/v1/auto-replies',
      newRule('窗', { start_at: '2025-02-01T00:00:00+08:00', end_at: '2025-01-01T00:00:00+08:00' }),
    );
    expect(body(window)).toMatchObject({ code: 400001, data: { fields: { end_at: expect.any(String) } } });
    const replies = await admin.post(
      '/api/v1/auto-replies',
      newRule('回', { replies: [{ type: 'link', title: 'x', url: 'javascript:x' }] }),
    );
    expect(body(replies).code).toBe(400001);
    const channel = await admin.post('/api/v1/auto-replies', newRule('渠', { channel_id: 999999 }));
    expect(body(channel)).toMatchObject({
      code: 400001,
      data: { fields: { channel_id: expect.any(String) } },
    });
    expect(await t.rowCount(autoReplyRules)).toBe(before);
  });

  it('answers a catastrophic-backtracking pattern at once, in the test box and the game API', async () => {
    const rule = await create('全是a', {
      keywords: [{ text: '^(a|a?)+$', match: 'regex' }],
      priority: 10000,
    });
    const attack = 'a'.repeat(26) + '!';
    expect((await ask({ text: attack })).rule?.id).not.toBe(rule.id);
    expect(await ask({ text: 'a'.repeat(26) })).toMatchObject({ source: 'rule', rule: { id: rule.id } });
    const game = await gameCaller(t, admin);
    const answer = async (said: string) => {
      const res = await game(`/api/game/v1/auto-reply/match?text=${said}`);
      expect(res.statusCode, res.body).toBe(200);
      return body<AutoReplyMatch>(res).data;
    };
    expect((await answer(attack)).rule?.id).not.toBe(rule.id);
    expect(await answer('a'.repeat(27))).toMatchObject({ source: 'rule', rule: { id: rule.id } });
    // Refused on update too; the rule keeps its keywords.
    const lookahead = await admin.put(`/api/v1/auto-replies/${rule.id}`, {
      keywords: [{ text: '(?=a)a', match: 'regex' }],
      version: rule.version,
    });
    expect(body(lookahead)).toMatchObject({
      code: 400001,
      data: { fields: { 'keywords.0.text': expect.any(String) } },
    });
    expect(body(await admin.del(`/api/v1/auto-replies/${rule.id}`)).data).toEqual({ deleted: true });
  });

  it('updates at the row version (409001 when stale), with warnings, and deletes', async () => {
    const rule = await create('更新我');
    const res = await admin.put(`/api/v1/auto-replies/${rule.id}`, {
      keywords: [{ text: '人工', match: 'contains' }],
      version: 1,
    });
    expect(body<Saved>(res).data).toMatchObject({
      version: 2,
      warnings: [{ keyword: '人工', rule_name: '人工客服' }],
    });
    const stale = await admin.put(`/api/v1/auto-replies/${rule.id}`, { priority: 3, version: 1 });
    expect(stale.statusCode).toBe(409);
    const disabled = await admin.put(`/api/v1/auto-replies/${rule.id}`, { enabled: false, version: 2 });
    expect(body<Saved>(disabled).data.warnings).toEqual([]);
    const window = await admin.put(`/api/v1/auto-replies/${rule.id}`, {
      start_at: '2099-01-01T00:00:00Z',
      end_at: '2098-01-01T00:00:00Z',
      version: 3,
    });
    expect(body(window).code).toBe(400001);
    expect(body(await admin.del(`/api/v1/auto-replies/${rule.id}`)).data).toEqual({ deleted: true });
    expect((await t.logsOf('auto_reply', rule.id)).map((l) => l.action)).toEqual([
      'delete',
      'update',
      'update',
      'create',
    ]);
  });

  it('answers the test box: the highest-priority active rule, else the no-match reply', async () => {
    const payment = await ask({ text: '我充值了还没到账' });
    expect(payment).toMatchObject({
      source: 'rule',
      rule: { name: '充值未到账', priority: 100 },
      keyword: { text: '充值' },
    });
    expect(payment.replies).toHaveLength(2);
    const hello = await ask({ text: 'Hello!' });
    expect(hello).toMatchObject({ source: 'rule', rule: { name: '问候' } });
    expect(hello.replies).toHaveLength(1);
    expect(await ask({ text: '今天有什么活动' })).toMatchObject({ source: 'no_match', rule: null });
    expect(await ask({ text: '今天有什么活动', channel_id: taptap })).toMatchObject({
      rule: { name: '渠道活动' },
    });

    await create('苹果专属', {
      platform: 'ios',
      keywords: [{ text: '人工', match: 'contains' }],
      priority: 95,
    });
    expect(await ask({ text: '转人工', platform: 'ios' })).toMatchObject({ rule: { name: '苹果专属' } });
    expect(await ask({ text: '转人工', platform: 'android' })).toMatchObject({ rule: { name: '人工客服' } });
    await create('未开始', {
      keywords: [{ text: '转人工', match: 'equal' }],
      priority: 1000,
      start_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(await ask({ text: '转人工' })).toMatchObject({ rule: { name: '人工客服' } });
    expect(body(await admin.post('/api/v1/auto-replies/test', { text: '' })).code).toBe(400001);
  });

  it('sets the on-enter and no-match replies per channel, versioned', async () => {
    const specials = body<SpecialReply[]>(await admin.get('/api/v1/auto-replies/specials')).data;
    expect(specials.map((s) => [s.kind, s.channel_id])).toEqual(
      expect.arrayContaining([
        ['no_match', null],
        ['on_enter', null],
      ]),
    );
    const created = await admin.put('/api/v1/auto-replies/specials', {
      kind: 'no_match',
      channel_id: taptap,
      replies: [text('TapTap 玩家请加群 12345')],
    });
    const special = body<SpecialReply>(created).data;
    expect(special).toMatchObject({ kind: 'no_match', channel_id: taptap, version: 1 });
    expect(await ask({ text: '随便问问', channel_id: taptap })).toMatchObject({
      source: 'no_match',
      replies: [text('TapTap 玩家请加群 12345')],
    });
    const blind = await admin.put('/api/v1/auto-replies/specials', {
      kind: 'no_match',
      channel_id: taptap,
      replies: [text('x')],
    });
    expect(body(blind).code).toBe(409001);
    const updated = await admin.put('/api/v1/auto-replies/specials', {
      kind: 'no_match',
      channel_id: taptap,
      replies: [text('y')],
      enabled: false,
      version: 1,
    });
    expect(body<SpecialReply>(updated).data).toMatchObject({ version: 2, enabled: false });
    expect(await ask({ text: '随便问问', channel_id: taptap })).toMatchObject({
      replies: [text('抱歉，没有找到相关答案，输入“人工”联系客服。')],
    });
    expect((await t.logsOf('auto_reply_special', special.id))[0]).toMatchObject({ action: 'update' });
  });

  // The rules' own permissions and CP scoping are the shared suite's (describeResource above).
  it("needs the page permission for the test box and specials, and never deletes another CP's rule", async () => {
    const cs = await t.signIn('cs_agent', 'xianxia');
    expect(body(await cs.get('/api/v1/auto-replies')).code).toBe(403001);
    const viewer = await t.staff([autoRepliesResource.permissions.see]);
    expect(body(await viewer.post('/api/v1/auto-replies/test', { text: '充值' })).code).toBe(0);
    expect(
      body(
        await viewer.put('/api/v1/auto-replies/specials', {
          kind: 'on_enter',
          channel_id: null,
          replies: [text('x')],
        }),
      ).code,
    ).toBe(403001);

    const mine = body<List>(await admin.get('/api/v1/auto-replies?page_size=1')).data.list[0]!;
    const hw = await t.signIn('ops_hw', 'dawn');
    expect(body(await hw.del(`/api/v1/auto-replies/${mine.id}`)).code).toBe(404001);
  });

  it('exports the rules with keywords and replies as JSON', async () => {
    const rows = records(
      await sheetOf(await admin.get('/api/v1/auto-replies/export?format=csv&q=%E9%97%AE%E5%80%99')),
    );
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.keywords!)).toEqual([
      { text: '^(hi|hello|你好|您好)[!！。.]*$', match: 'regex' },
    ]);
    expect(rows[0]).toMatchObject({ mode: 'random_one', enabled: 'true' });
  });
});
