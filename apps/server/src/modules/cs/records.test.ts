import { describe, expect, it } from 'vitest';
import {
  csConversationAccess,
  csRecordAccess,
  type CsConversation,
  type CsMessage,
  type GameApiKeyCreated,
} from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';

// Session records: every conversation of a game, searched by player or by what was said, read
// whole (notes included) without marking anything read, exported as a file; its own permissions.

const t = useTestApp();
const admin = t.admin;
const tag = Date.now().toString(36);
const records = csRecordAccess.permissions;
type List = { list: CsConversation[]; total: number };

async function talk(key: GameApiKeyCreated, openid: string, text: string): Promise<number> {
  const opened = await t.signedCall(key, 'POST', '/api/game/v1/cs/conversations', {
    openid,
    nickname: `N${openid}`,
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const id = body<{ id: number }>(opened).data.id;
  const said = await t.signedCall(key, 'POST', `/api/game/v1/cs/conversations/${id}/messages`, {
    openid,
    text,
  });
  expect(said.statusCode, said.body).toBe(200);
  return id;
}

describe('session records', () => {
  it('searches by player and by what was said, sorts, pages, and filters by state', async () => {
    const key = await t.gameKey(admin, 'records');
    const a = await talk(key, `ra${tag}`, `my top-up of ${tag}pearls never arrived`);
    const b = await talk(key, `rb${tag}`, 'cannot sign in');
    await admin.post(`/api/v1/cs/conversations/${b}/messages`, { text: `hello ${tag}` });
    await admin.post(`/api/v1/cs/conversations/${b}/resolve`, {});

    const said = body<List>(await admin.get(`/api/v1/cs/session-records?q=${tag}pearls`)).data;
    expect(said.list.map((c) => c.id)).toEqual([a]);
    const byPlayer = body<List>(await admin.get(`/api/v1/cs/session-records?q=rb${tag}`)).data;
    expect(byPlayer.list.map((c) => c.id)).toEqual([b]);
    const both = body<List>(await admin.get(`/api/v1/cs/session-records?q=${tag}&sort=id`)).data;
    expect(both.list.map((c) => c.id)).toEqual([a, b]);
    expect(both.total).toBe(2);
    const paged = body<List>(
      await admin.get(`/api/v1/cs/session-records?q=${tag}&sort=-id&page_size=1&page=2`),
    ).data;
    expect(paged.list.map((c) => c.id)).toEqual([a]);
    const resolved = body<List>(await admin.get(`/api/v1/cs/session-records?q=${tag}&state=resolved`)).data;
    expect(resolved.list.map((c) => c.id)).toEqual([b]);
    expect(body(await admin.get('/api/v1/cs/session-records?sort=nickname')).code).toBe(400001);
    expect(body(await admin.get('/api/v1/cs/session-records?state=gone')).code).toBe(400001);
  });

  it('reads a whole transcript with its notes, marks nothing read, and exports it', async () => {
    const key = await t.gameKey(admin, 'transcript');
    const id = await talk(key, `rt${tag}`, '=cmd|calc');
    await admin.post(`/api/v1/cs/conversations/${id}/assign`, { user_id: null });
    await admin.post(`/api/v1/cs/conversations/${id}/notes`, { text: `note ${tag}` });
    const reader = await t.staff([records.see]);
    const before = body<CsConversation>(await admin.get(`/api/v1/cs/conversations/${id}`)).data.unread;
    const res = await reader.get(`/api/v1/cs/session-records/${id}/messages`);
    expect(res.statusCode, res.body).toBe(200);
    const list = body<{ list: CsMessage[] }>(res).data.list;
    expect(list.map((m) => m.text)).toEqual(expect.arrayContaining(['=cmd|calc', `note ${tag}`]));
    expect(list.find((m) => m.text === `note ${tag}`)?.kind).toBe('note');
    expect(body<CsConversation>(await admin.get(`/api/v1/cs/conversations/${id}`)).data.unread).toBe(before);

    // The file needs the export permission; a formula-looking text is written as text.
    expect(body(await reader.get(`/api/v1/cs/session-records/${id}/transcript`)).code).toBe(403001);
    const file = await admin.get(`/api/v1/cs/session-records/${id}/transcript?format=csv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body).toContain("'=cmd|calc");
    expect(file.body).toContain(`note ${tag}`);
    const xlsx = await admin.get(`/api/v1/cs/session-records/${id}/transcript?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
  });

  it('has permissions of its own, and keeps other games and CPs apart', async () => {
    const key = await t.gameKey(admin, 'records-perm');
    const id = await talk(key, `rp${tag}`, 'hello');
    const reader = await t.staff([records.see]);
    const agent = await t.staff([csConversationAccess.permissions.see]);
    expect((await reader.get(`/api/v1/cs/session-records/${id}`)).statusCode).toBe(200);
    expect(body(await agent.get('/api/v1/cs/session-records')).code).toBe(403001);
    expect(body(await reader.get('/api/v1/cs/conversations')).code).toBe(403001);
    const tank = t.client(t.user.access_token, await t.productIdOf('tankwar'));
    expect(body(await tank.get(`/api/v1/cs/session-records/${id}`)).code).toBe(404001);
    const otherCp = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    expect(body(await otherCp.get(`/api/v1/cs/session-records/${id}/messages`)).code).toBe(404001);
  });
});
