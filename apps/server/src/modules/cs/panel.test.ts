import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  csNoticesResource,
  csPanelAccess,
  type CsNotice,
  type CsPanel,
  type GameApiKeyCreated,
  type GameCsPanel,
} from '@rx/contracts';
import { body, describeResource, useTestApp, type Client } from '../../../test/index.ts';
import { csNotices } from './tables.ts';

const t = useTestApp();
const tag = Date.now().toString(36);
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const notice = (zh: string, extra: Record<string, unknown> = {}) => ({
  text: { zh },
  end_at: inHours(48),
  ...extra,
});

describeResource(csNoticesResource, {
  sample: (n) => notice(`维护通知 ${n}`),
  change: { text: { zh: '已修改', en: 'Changed' } },
  invalid: { body: notice('x', { start_at: inHours(5), end_at: inHours(2) }), field: 'end_at' },
});

async function panelOf(key: GameApiKeyCreated, lang: string): Promise<GameCsPanel> {
  const res = await t.signedCall(key, 'GET', `/api/game/v1/cs/panel?lang=${lang}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<GameCsPanel>(res).data;
}

async function made(api: Client, fields: Record<string, unknown>): Promise<CsNotice> {
  const res = await api.post('/api/v1/cs-notices', fields);
  expect(res.statusCode, res.body).toBe(200);
  return body<CsNotice>(res).data;
}

async function act(api: Client, n: CsNotice, action: string): Promise<CsNotice> {
  const res = await api.post(`/api/v1/cs-notices/${n.id}/${action}`, { version: n.version, reason: '' });
  expect(res.statusCode, res.body).toBe(200);
  return body<CsNotice>(res).data;
}

describe('temporary notices', () => {
  it('serves a notice to the game only while in force and in the languages it is written in', async () => {
    const admin = t.admin;
    const key = await t.gameKey(admin, 'cs-notices');
    const draft = await made(
      admin,
      notice(`停服维护 ${tag}`, { text: { zh: `停服维护 ${tag}`, en: `Maintenance ${tag}` } }),
    );
    expect(draft).toMatchObject({ status: 'draft', languages: ['zh', 'en'], start_at: null });
    const texts = async (lang: string) => (await panelOf(key, lang)).notices.map((n) => n.text);
    // A draft is nobody's.
    expect(await texts('zh')).not.toContain(`停服维护 ${tag}`);

    const live = await act(admin, draft, 'publish');
    expect(live.status).toBe('live');
    expect(await texts('zh')).toContain(`停服维护 ${tag}`);
    expect(await texts('en-US')).toContain(`Maintenance ${tag}`);
    // Not written in Thai: a Thai player does not see it.
    expect((await panelOf(key, 'th')).notices.map((n) => n.id)).not.toContain(live.id);

    // Live, it is not edited (recalled first), nor deleted.
    const edit = await admin.put(`/api/v1/cs-notices/${live.id}`, {
      text: { zh: 'x' },
      version: live.version,
    });
    expect(body(edit).code).toBe(422001);
    expect(body(await admin.del(`/api/v1/cs-notices/${live.id}`)).code).toBe(422001);

    // Its end passes (as if the scheduler were late): the game stops seeing it at once.
    await t.database.db
      .update(csNotices)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(csNotices.id, live.id));
    expect(await texts('zh')).not.toContain(`停服维护 ${tag}`);
  });

  it('schedules a notice whose start is ahead, and recalls a live one to draft', async () => {
    const admin = t.admin;
    const key = await t.gameKey(admin, 'cs-notices-2');
    const later = await act(
      admin,
      await made(admin, notice(`稍后 ${tag}`, { start_at: inHours(2) })),
      'publish',
    );
    expect(later.status).toBe('scheduled');
    expect((await panelOf(key, 'zh')).notices.map((n) => n.id)).not.toContain(later.id);

    const now = await act(admin, await made(admin, notice(`现在 ${tag}`)), 'publish');
    expect((await panelOf(key, 'zh')).notices.map((n) => n.id)).toContain(now.id);
    const recalled = await act(admin, now, 'recall');
    expect(recalled.status).toBe('draft');
    expect((await panelOf(key, 'zh')).notices.map((n) => n.id)).not.toContain(now.id);
  });

  it('refuses an end already past and an empty text, writing nothing', async () => {
    const before = await t.rowCount(csNotices);
    const past = await t.admin.post('/api/v1/cs-notices', notice('过去', { end_at: inHours(-1) }));
    expect(body(past)).toMatchObject({ code: 400001, data: { fields: { end_at: expect.any(String) } } });
    const empty = await t.admin.post('/api/v1/cs-notices', { text: {}, end_at: inHours(1) });
    expect(body(empty).code).toBe(400001);
    const nul = await t.admin.post('/api/v1/cs-notices', notice('a\u0000b'));
    expect(body(nul).code).toBe(400001);
    expect(await t.rowCount(csNotices)).toBe(before);
  });
});

const entry = (lang: string, greeting: string) => ({
  lang,
  greeting,
  quick_questions: ['How do I top up?', 'I lost my account'],
  links: [{ title: 'Help centre', url: 'https://help.example.com/' }],
});

describe('service panel settings', () => {
  it('saves the panel per language and serves the player theirs, with the first as fallback', async () => {
    const admin = t.admin;
    const key = await t.gameKey(admin, 'cs-panel');
    const read = body<CsPanel>(await admin.get('/api/v1/cs/panel')).data;
    const saved = await admin.put('/api/v1/cs/panel', {
      languages: [entry('zh', '您好，有什么可以帮您？'), entry('en', 'Hello, how can we help?')],
      version: read.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const panel = body<CsPanel>(saved).data;
    expect(panel.languages.map((e) => e.lang)).toEqual(['zh', 'en']);

    expect(await panelOf(key, 'en')).toMatchObject({
      lang: 'en',
      greeting: 'Hello, how can we help?',
      quick_questions: ['How do I top up?', 'I lost my account'],
      links: [{ title: 'Help centre', url: 'https://help.example.com/' }],
    });
    // No Arabic entry: the first language's.
    expect(await panelOf(key, 'ar')).toMatchObject({ lang: 'zh', greeting: '您好，有什么可以帮您？' });

    // The version read before is stale now.
    const stale = await admin.put('/api/v1/cs/panel', { languages: [], version: read.version });
    expect(body(stale).code).toBe(409001);
    const logs = await t.logsOf('cs_panel', t.productId);
    expect(logs.length).toBeGreaterThan(0);
  });

  it('refuses a bad panel and changes nothing', async () => {
    const admin = t.admin;
    const read = body<CsPanel>(await admin.get('/api/v1/cs/panel')).data;
    const cases = [
      { languages: [entry('zh', 'a'), entry('zh', 'b')] },
      { languages: [{ ...entry('zh', 'a'), links: [{ title: 'x', url: 'javascript:alert(1)' }] }] },
      { languages: [{ ...entry('zh', 'a'), quick_questions: ['same', 'same'] }] },
      { languages: [entry('xx', 'a')] },
      { languages: [entry('zh', 'a\u0000')] },
    ];
    for (const change of cases) {
      const res = await admin.put('/api/v1/cs/panel', { ...change, version: read.version });
      expect(body(res).code, JSON.stringify(change)).toBe(400001);
    }
    expect(body<CsPanel>(await admin.get('/api/v1/cs/panel')).data).toEqual(read);
  });

  it('is reached by customer service and by staff with its permissions only, within their CP', async () => {
    const cs = await t.signIn('cs_agent', 'xianxia');
    expect(body(await cs.get('/api/v1/cs/panel')).code).toBe(0);
    expect(body(await cs.get('/api/v1/cs-notices')).code).toBe(0);
    const other = await t.staff(['operation/see/notice']);
    expect(body(await other.get('/api/v1/cs/panel')).code).toBe(403001);
    expect(body(await other.get('/api/v1/cs-notices')).code).toBe(403001);
    const viewer = await t.staff([csPanelAccess.permissions.see, csNoticesResource.permissions.see]);
    expect(body(await viewer.get('/api/v1/cs/panel')).code).toBe(0);
    expect(body(await viewer.get('/api/v1/cs-notices')).code).toBe(0);
    expect(body(await viewer.put('/api/v1/cs/panel', { languages: [], version: 1 })).code).toBe(403001);
    expect(body(await viewer.post('/api/v1/cs-notices', notice('x'))).code).toBe(403001);

    // Another CP's staff never see this game's notices.
    const mine = await made(t.admin, notice(`本CP ${tag}`));
    const otherCp = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    expect(body(await otherCp.get(`/api/v1/cs-notices/${mine.id}`)).code).toBe(404001);
    const list = body<{ list: CsNotice[] }>(await otherCp.get(`/api/v1/cs-notices?q=${tag}`)).data.list;
    expect(list).toEqual([]);
  });
});
