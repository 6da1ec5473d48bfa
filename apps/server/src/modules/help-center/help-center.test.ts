import { beforeAll, describe, expect, it } from 'vitest';
import { helpCategoriesResource, type GameHelp, type HelpArticle, type HelpCategory } from '@rx/contracts';
import { body, describeResource, gameCaller, records, sheetOf, useTestApp } from '../../../test/index.ts';
import { helpArticles, helpCategories } from './tables.ts';

const t = useTestApp();
const admin = t.admin;
let taptap: number;
let huawei: number;
let foreignChannel: number;
beforeAll(async () => {
  taptap = await t.channelOf('taptap');
  huawei = await t.channelOf('huawei');
  foreignChannel = await t.channelOf('taptap', 'tankwar');
});

type Categories = { list: HelpCategory[]; total: number };
type Articles = { list: HelpArticle[]; total: number };

async function category(payload: Record<string, unknown> = {}): Promise<HelpCategory> {
  const res = await admin.post('/api/v1/help-categories', {
    name: { zh: '活动说明', en: 'Events' },
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<HelpCategory>(res).data;
}

async function article(payload: Record<string, unknown>): Promise<HelpArticle> {
  const res = await admin.post('/api/v1/help-articles', {
    language: 'zh',
    title: '标题',
    body: '<p>正文</p>',
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<HelpArticle>(res).data;
}

describe('help categories', () => {
  it('creates, lists by channel, updates at the version and logs', async () => {
    const all = await category();
    const tap = await category({ channel_id: taptap, name: { zh: 'TapTap 专区' }, sort: 9 });
    expect(all).toMatchObject({ channel_id: null, enabled: true, articles: 0, version: 1 });
    const onlyAll = body<Categories>(
      await admin.get('/api/v1/help-categories?channel_id=0&page_size=50'),
    ).data;
    expect(onlyAll.list.map((c) => c.id)).toContain(all.id);
    expect(onlyAll.list.map((c) => c.id)).not.toContain(tap.id);
    const tapList = body<Categories>(await admin.get(`/api/v1/help-categories?channel_id=${taptap}`)).data;
    expect(tapList.list.map((c) => c.id)).toEqual([tap.id]);
    const searched = body<Categories>(await admin.get('/api/v1/help-categories?q=events')).data;
    expect(searched.list.map((c) => c.id)).toEqual([all.id]);
    // A demo category (not one made here) holds demo articles.
    const seeded = body<Categories>(
      await admin.get('/api/v1/help-categories?sort=sort&page_size=50'),
    ).data.list.find((c) => c.id !== all.id && c.id !== tap.id)!;
    expect(seeded.articles).toBeGreaterThan(0);

    const updated = await admin.put(`/api/v1/help-categories/${all.id}`, { sort: 3, version: 1 });
    expect(body<HelpCategory>(updated).data).toMatchObject({ sort: 3, version: 2 });
    const stale = await admin.put(`/api/v1/help-categories/${all.id}`, { sort: 4, version: 1 });
    expect(body(stale).code).toBe(409001);
    expect((await t.logsOf('help_category', all.id)).map((l) => l.action)).toEqual(['update', 'create']);
  });

  it('counts in the list the articles each category holds, as its own answer and the article list do', async () => {
    const mine = await category({ name: { zh: '计数分类' } });
    const first = await article({ category_id: mine.id, title: '计数一' });
    await article({ translation_of: first.id, language: 'en', title: 'Count one' });
    await article({ category_id: mine.id, title: '计数二' });
    const listed = body<Categories>(await admin.get('/api/v1/help-categories?page_size=100')).data.list;
    for (const c of listed) {
      const articles = body<Articles>(await admin.get(`/api/v1/help-articles?category_id=${c.id}`)).data;
      expect(c.articles, c.name.zh).toBe(articles.total);
    }
    expect(listed.find((c) => c.id === mine.id)!.articles).toBe(3);
    expect(body<HelpCategory>(await admin.get(`/api/v1/help-categories/${mine.id}`)).data.articles).toBe(3);
  });

  it('refuses another product’s channel, deletes an empty category, disables one with articles (422001)', async () => {
    const before = await t.rowCount(helpCategories);
    const foreign = await admin.post('/api/v1/help-categories', {
      name: { zh: 'x' },
      channel_id: foreignChannel,
    });
    expect(body(foreign)).toMatchObject({
      code: 400001,
      data: { fields: { channel_id: expect.any(String) } },
    });
    expect(body(await admin.post('/api/v1/help-categories', { name: { zh: '' } })).code).toBe(400001);
    expect(await t.rowCount(helpCategories)).toBe(before);

    const empty = await category();
    expect(body(await admin.del(`/api/v1/help-categories/${empty.id}`)).data).toEqual({ deleted: true });
    const used = await category();
    await article({ category_id: used.id });
    const refused = await admin.del(`/api/v1/help-categories/${used.id}`);
    expect(refused.statusCode).toBe(422);
    expect(body(refused)).toMatchObject({
      code: 422001,
      data: { disabled: true, used_by: [{ type: 'help_article', count: 1 }] },
    });
    expect(body<HelpCategory>(await admin.get(`/api/v1/help-categories/${used.id}`)).data).toMatchObject({
      enabled: false,
    });
    const move = await admin.put(`/api/v1/help-categories/${used.id}`, { channel_id: taptap, version: 2 });
    expect(body(move)).toMatchObject({ code: 400001, data: { fields: { channel_id: expect.any(String) } } });
  });
});

describe('help articles', () => {
  it('sanitises bodies, adds translations and marks them stale when the zh source changes', async () => {
    const cat = await category();
    const zh = await article({
      category_id: cat.id,
      title: '如何领取活动奖励',
      body: '<p onclick="steal()">点击<a href="javascript:alert(1)">这里</a></p><script>alert(1)</script>',
    });
    expect(zh.body).toBe('<p>点击<a>这里</a></p>');
    expect(zh).toMatchObject({ status: 'draft', stale: false, source_version: 1, channel_id: null });
    const en = await article({ translation_of: zh.id, language: 'en', title: 'Claiming event rewards' });
    expect(en).toMatchObject({ group_id: zh.group_id, category_id: cat.id, source_version: 1, stale: false });
    const again = await admin.post('/api/v1/help-articles', {
      translation_of: zh.id,
      language: 'en',
      category_id: cat.id,
      title: 'x',
      body: '',
    });
    expect(body(again)).toMatchObject({ code: 400001, data: { fields: { language: expect.any(String) } } });

    const edited = await admin.put(`/api/v1/help-articles/${zh.id}`, { body: '<p>新的正文</p>', version: 1 });
    expect(body<HelpArticle>(edited).data).toMatchObject({ source_version: 2, stale: false, version: 2 });
    const enNow = body<HelpArticle>(await admin.get(`/api/v1/help-articles/${en.id}`)).data;
    expect(enNow).toMatchObject({ stale: true, source_version: 1 });
    const staleList = body<Articles>(
      await admin.get(`/api/v1/help-articles?stale=1&group_id=${zh.group_id}`),
    ).data;
    expect(staleList.list.map((a) => a.id)).toEqual([en.id]);
    // Sorting or moving the zh article is not a content change.
    await admin.put(`/api/v1/help-articles/${zh.id}`, { sort: 4, version: 2 });
    expect(body<HelpArticle>(await admin.get(`/api/v1/help-articles/${zh.id}`)).data.source_version).toBe(2);

    const fixed = await admin.put(`/api/v1/help-articles/${en.id}`, {
      body: '<p>New body</p>',
      version: enNow.version,
    });
    expect(body<HelpArticle>(fixed).data).toMatchObject({ stale: false, source_version: 2 });
    const stale = await admin.put(`/api/v1/help-articles/${en.id}`, { title: 'x', version: enNow.version });
    expect(body(stale).code).toBe(409001);
    expect((await t.logsOf('help_article', zh.id))[0]).toMatchObject({
      action: 'update',
      username: 'admin',
    });
  });

  it('publishes and unpublishes; a published article is not deleted (422001)', async () => {
    const cat = await category();
    const a = await article({ category_id: cat.id });
    const published = body<HelpArticle>(
      await admin.post(`/api/v1/help-articles/${a.id}/publish`, { version: 1 }),
    ).data;
    expect(published).toMatchObject({ status: 'published', version: 2, published_at: expect.any(String) });
    expect(body(await admin.post(`/api/v1/help-articles/${a.id}/publish`, { version: 1 })).code).toBe(409001);
    const refused = await admin.del(`/api/v1/help-articles/${a.id}`);
    expect(refused.statusCode).toBe(422);
    expect(body(refused).code).toBe(422001);
    const draft = body<HelpArticle>(
      await admin.post(`/api/v1/help-articles/${a.id}/unpublish`, { version: 2 }),
    ).data;
    expect(draft).toMatchObject({ status: 'draft', published_at: null });
    expect(body(await admin.del(`/api/v1/help-articles/${a.id}`)).data).toEqual({ deleted: true });
    expect((await t.logsOf('help_article', a.id)).map((l) => l.action)).toEqual([
      'delete',
      'unpublish',
      'publish',
      'create',
    ]);
  });

  it('copies a group to other channels as drafts, refusing unknown channels without writing', async () => {
    const cat = await category();
    const zh = await article({ category_id: cat.id, title: '复制我' });
    await article({ translation_of: zh.id, language: 'en', title: 'Copy me' });
    await admin.post(`/api/v1/help-articles/${zh.id}/publish`, { version: 1 });
    const before = await t.rowCount(helpArticles);
    const bad = await admin.post(`/api/v1/help-articles/${zh.id}/copy`, {
      channel_ids: [taptap, foreignChannel],
    });
    expect(body(bad)).toMatchObject({ code: 400001, data: { fields: { channel_ids: expect.any(String) } } });
    expect(await t.rowCount(helpArticles)).toBe(before);

    const res = await admin.post(`/api/v1/help-articles/${zh.id}/copy`, { channel_ids: [taptap, huawei] });
    const copies = body<{ articles: HelpArticle[] }>(res).data.articles;
    expect(copies).toHaveLength(4);
    expect(new Set(copies.map((c) => c.channel_id))).toEqual(new Set([taptap, huawei]));
    expect(copies.every((c) => c.status === 'draft' && c.group_id !== zh.group_id)).toBe(true);
    const tap = body<Articles>(
      await admin.get(`/api/v1/help-articles?channel_id=${taptap}&q=${encodeURIComponent('复制')}`),
    ).data;
    expect(tap.list).toHaveLength(1);

    const tapCategory = await category({ channel_id: taptap });
    const other = await article({ category_id: tapCategory.id, channel_id: taptap });
    const mismatch = await admin.post(`/api/v1/help-articles/${other.id}/copy`, { channel_ids: [huawei] });
    expect(body(mismatch).code).toBe(400001);
    const wrongChannel = await admin.post('/api/v1/help-articles', {
      category_id: tapCategory.id,
      channel_id: huawei,
      language: 'zh',
      title: 'x',
      body: '',
    });
    expect(body(wrongChannel)).toMatchObject({
      code: 400001,
      data: { fields: { category_id: expect.any(String) } },
    });
    expect(
      body(
        await admin.post('/api/v1/help-articles', {
          category_id: cat.id,
          language: 'xx',
          title: '',
          body: '',
        }),
      ).data,
    ).toMatchObject({
      fields: { language: expect.any(String), title: expect.any(String) },
    });
  });

  it("needs the page permission per action and never shows another CP's articles", async () => {
    const cs = await t.signIn('cs_agent', 'xianxia');
    expect(body(await cs.get('/api/v1/help-articles')).code).toBe(403001);
    const viewer = await t.staff(['service/see/help_center']);
    const list = body<Articles>(await viewer.get('/api/v1/help-articles?status=published&language=zh')).data;
    expect(list.total).toBeGreaterThan(0);
    const first = list.list[0]!;
    expect(
      body(await viewer.post(`/api/v1/help-articles/${first.id}/unpublish`, { version: first.version })).code,
    ).toBe(403001);
    expect(body(await viewer.del(`/api/v1/help-categories/${first.category_id}`)).code).toBe(403001);

    const hw = await t.signIn('ops_hw', 'dawn');
    const theirs = body<Articles>(await hw.get('/api/v1/help-articles?page_size=100')).data;
    expect(theirs.list.map((a) => a.id)).not.toContain(first.id);
    expect(body(await hw.get(`/api/v1/help-articles/${first.id}`)).code).toBe(404001);
    expect(
      body(await hw.post(`/api/v1/help-articles/${first.id}/copy`, { channel_ids: [taptap] })).code,
    ).toBe(404001);
  });

  it('previews the published help centre as a player of a channel sees it', async () => {
    const preview = body<GameHelp>(
      await admin.get(`/api/v1/help-articles/preview?channel_id=${taptap}&language=en`),
    ).data;
    expect(preview.lang).toBe('en');
    expect(preview.categories.find((c) => c.name === 'Account & sign-in')!.articles[0]).toMatchObject({
      language: 'en',
      title: 'How do I link my phone number?',
    });
    const foreign = await admin.get(`/api/v1/help-articles/preview?channel_id=${foreignChannel}`);
    expect(body(foreign).code).toBe(400001);
  });

  it('serves players through the game API only sanitised bodies, whatever hides a scheme', async () => {
    const cat = await category({ name: { zh: '安全测试' } });
    const hidden = ['\u00a0', '&#160;', '&#x3000;', '\u2028', '&#8203;', '\ufeff', '&#x1680;'];
    const links = hidden.map((space, i) => `<a href="${space}javascript:alert(${i})">链接${i}</a>`);
    const a = await article({
      category_id: cat.id,
      title: '藏起来的脚本',
      body: `<p>${links.join('')}<img src="&#8239;javascript:alert(9)" onerror="alert(9)"></p>`,
    });
    expect(a.body).toBe(`<p>${hidden.map((_, i) => `<a>链接${i}</a>`).join('')}</p>`);
    await admin.post(`/api/v1/help-articles/${a.id}/publish`, { version: a.version });

    const game = await gameCaller(t, admin);
    const res = await game('/api/game/v1/help-articles?lang=zh');
    expect(res.statusCode, res.body).toBe(200);
    const served = body<GameHelp>(res)
      .data.categories.find((c) => c.id === cat.id)!
      .articles.find((x) => x.title === '藏起来的脚本')!;
    expect(served.body).toBe(a.body);
  });

  it('exports the filtered articles', async () => {
    const res = await admin.get('/api/v1/help-articles/export?format=csv&language=en&status=published');
    const rows = records(await sheetOf(res));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.language === 'en' && r.status === 'published')).toBe(true);
    expect(rows.find((r) => r.title === 'How does stamina recover?')).toMatchObject({ stale: 'true' });
    const categories = records(await sheetOf(await admin.get('/api/v1/help-categories/export?format=xlsx')));
    expect(categories.find((c) => c['name.zh'] === '账号与登录')).toMatchObject({
      'name.en': 'Account & sign-in',
    });
  });
});

// Articles are left to the tests above: each needs a category of the suite's own app to exist.
describeResource(helpCategoriesResource, {
  sample: (n) => ({ name: { zh: `通用分类${n}`, en: `Generic ${n}` } }),
  change: { sort: 7, enabled: false },
  invalid: { body: { name: { en: 'No Chinese' } }, field: 'name.zh' },
});
